package loadgen

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestRunOnRelay plays a short load on the echo relay: moves are delivered
// and measured, no failure, every connection open when the window starts.
// It asserts counts, not speeds.
func TestRunOnRelay(t *testing.T) {
	srv := httptest.NewServer(NewRelay())
	defer srv.Close()
	res, err := Run(context.Background(), Config{
		Target: &Echo{URL: srv.URL, Size: 1500, Client: srv.Client()},
		Games:  4, Duration: 300 * time.Millisecond, Ramp: 200 * time.Millisecond,
		Think: time.Millisecond, Client: srv.Client(),
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Moves == 0 || res.Latency.Count != res.Moves || res.Sent == 0 {
		t.Errorf("moves %d, latencies %d, sent %d", res.Moves, res.Latency.Count, res.Sent)
	}
	if res.ErrorCount() != 0 || res.Reconnects != 0 {
		t.Errorf("errors %v, reconnects %d", res.Errors, res.Reconnects)
	}
	if res.Connections != 8 || res.GamesStarted != 4 || res.MessageBytes != 1500 {
		t.Errorf("connections %d, games %d, message size %d", res.Connections, res.GamesStarted, res.MessageBytes)
	}
}

// TestMeasureReport runs a tiny plan against the relay itself as the
// "server" and checks the report's shape.
func TestMeasureReport(t *testing.T) {
	srv := httptest.NewServer(NewRelay())
	defer srv.Close()
	rep, err := Measure(context.Background(), Plan{
		Server: &Echo{URL: srv.URL, Size: 1000, Client: srv.Client()},
		Games:  []int{2}, Duration: 200 * time.Millisecond, Ramp: 50 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 1 || rep.Rows[0].Echo.MessageBytes != 1000 || rep.Rows[0].RateRatio == 0 {
		t.Fatalf("report %+v", rep.Rows)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"moves/s", "server/echo", "p99 ms"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestRunRefusesBadConfig: a run without games or time says what is wrong.
func TestRunRefusesBadConfig(t *testing.T) {
	target := &Echo{URL: "http://127.0.0.1:1", Size: 10}
	for _, cfg := range []Config{
		{Games: 1, Duration: time.Second},
		{Target: target, Games: 0, Duration: time.Second},
		{Target: target, Games: 1},
		{Target: target, Games: 1, Duration: time.Second, Ramp: -1},
	} {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("Run(%+v) did not fail", cfg)
		}
	}
}

// TestRunResigns: games resign at MaxPlies and new ones start in their
// place, without failures.
func TestRunResigns(t *testing.T) {
	srv := httptest.NewServer(NewRelay())
	defer srv.Close()
	res, err := Run(context.Background(), Config{
		Target: &Echo{URL: srv.URL, Size: 1000, Client: srv.Client()},
		Games:  3, Duration: 300 * time.Millisecond, MaxPlies: 6, Client: srv.Client(),
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.GamesEnded == 0 || res.GamesStarted <= 3 || res.ErrorCount() != 0 {
		t.Errorf("games started %d, ended %d, errors %v", res.GamesStarted, res.GamesEnded, res.Errors)
	}
}
