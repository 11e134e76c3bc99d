package loadgen

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkLiveGames plays 50 concurrent games for 3 s on an in-process
// server over a fresh SQLite file, then on the echo relay, and reports the
// server's moves per second, its median and 99th percentile latencies, and
// its rate as a fraction of the relay's.
func BenchmarkLiveGames(b *testing.B) {
	ctx := context.Background()
	url, stop, err := StartServer(ctx, filepath.Join(b.TempDir(), "games.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		if err := stop(); err != nil {
			b.Error(err)
		}
	}()
	var rep *Report
	for b.Loop() {
		rep, err = Measure(ctx, Plan{
			Server:   &API{URL: url, Label: "timechess sqlite", InitialMs: 600000, Client: NewHTTPClient()},
			Games:    []int{50},
			Duration: 3 * time.Second, Ramp: time.Second,
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	row := rep.Rows[0]
	if n := row.Server.ErrorCount(); n > 0 {
		b.Errorf("%d failures: %v", n, row.Server.Errors)
	}
	b.ReportMetric(row.Server.MovesPerSecond, "moves/s")
	b.ReportMetric(row.Server.Latency.P50, "p50-ms")
	b.ReportMetric(row.Server.Latency.P99, "p99-ms")
	b.ReportMetric(row.RateRatio, "echo-ratio")
}
