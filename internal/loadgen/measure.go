package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// Plan is a series of load runs on one server, each followed by the same
// run on the echo relay, so the two are measured on the same machine state.
type Plan struct {
	// Server is the target under test.
	Server Target
	// Games lists the numbers of concurrent games, one pair of runs each.
	Games                 []int
	Duration, Ramp, Think time.Duration
	MaxPlies              int
	Seed                  uint64
	Record                *Recorder
	// Log gets a line as each run starts, nil for none.
	Log io.Writer
}

// Report is the outcome of a Plan.
type Report struct {
	DurationSeconds float64 `json:"duration_s"`
	RampSeconds     float64 `json:"ramp_s"`
	ThinkMs         float64 `json:"think_ms"`
	MaxPlies        int     `json:"max_plies"`
	Rows            []Row   `json:"rows"`
}

// Row compares the server with the echo relay at one number of games.
type Row struct {
	Games  int     `json:"games"`
	Server *Result `json:"server"`
	Echo   *Result `json:"echo"`
	// RateRatio is the server's moves per second over the relay's.
	RateRatio float64 `json:"rate_ratio"`
	// P99Ratio is the server's 99th percentile latency over the relay's.
	P99Ratio float64 `json:"p99_ratio"`
	// LoadBefore and LoadAfter are the system's load averages (1, 5 and 15
	// minutes) before the server's run and after the relay's.
	LoadBefore string `json:"load_before"`
	LoadAfter  string `json:"load_after"`
}

// defaultMessageSize is the echo messages' size when the server's run
// received no "game" or "update" message to take it from.
const defaultMessageSize = 2048

// Measure runs the plan: for each number of games, the server, then the
// echo relay with messages as large as the server's "game" and "update"
// messages were on average.
func Measure(ctx context.Context, plan Plan) (*Report, error) {
	if len(plan.Games) == 0 {
		return nil, errors.New("load plan: no numbers of games")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("echo relay: %w", err)
	}
	relay := &http.Server{Handler: NewRelay()}
	go func() { _ = relay.Serve(ln) }()
	defer relay.Close()

	client := NewHTTPClient()
	rep := &Report{DurationSeconds: plan.Duration.Seconds(), RampSeconds: plan.Ramp.Seconds(), ThinkMs: ms(plan.Think), MaxPlies: plan.MaxPlies}
	for _, n := range plan.Games {
		row := Row{Games: n, LoadBefore: loadAverage()}
		cfg := Config{
			Target: plan.Server, Games: n, Duration: plan.Duration, Ramp: plan.Ramp, Think: plan.Think,
			MaxPlies: plan.MaxPlies, Seed: plan.Seed, Record: plan.Record, Client: client,
		}
		logf(plan.Log, "%d games on %s for %v after a %v ramp-up", n, cfg.Target.Name(), plan.Duration, plan.Ramp)
		if row.Server, err = Run(ctx, cfg); err != nil {
			return nil, err
		}
		size := row.Server.MessageBytes
		if size == 0 {
			size = defaultMessageSize
		}
		cfg.Target = &Echo{URL: "http://" + ln.Addr().String(), Size: int(size), Client: client}
		cfg.Record = nil
		logf(plan.Log, "%d games on the echo relay, %d-byte messages", n, size)
		if row.Echo, err = Run(ctx, cfg); err != nil {
			return nil, err
		}
		row.LoadAfter = loadAverage()
		row.RateRatio = ratio(row.Server.MovesPerSecond, row.Echo.MovesPerSecond)
		row.P99Ratio = ratio(row.Server.Latency.P99, row.Echo.Latency.P99)
		rep.Rows = append(rep.Rows, row)
	}
	return rep, nil
}

// ratio returns a/b, or 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// logf writes one line to w unless it is nil.
func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}

// loadAverage returns the system's 1, 5 and 15 minute load averages
// (Linux's /proc/loadavg), or "?" where they cannot be read.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
