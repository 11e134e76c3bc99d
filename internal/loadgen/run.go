package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Config is one load run: Games games on Target, started evenly over Ramp,
// then measured for Duration. The measured window begins when every seat is
// connected, or at the latest one more Ramp after the ramp-up.
type Config struct {
	Target   Target
	Games    int
	Duration time.Duration
	Ramp     time.Duration
	// Think is the mean pause of a player before each move (uniform between
	// half and one and a half of it); 0 moves at once, which measures the
	// most the target can take.
	Think time.Duration
	// MaxPlies, if above 0, is the length at which the side to move resigns,
	// so that games keep the size of real ones and new games start.
	MaxPlies int
	// Seed makes the players' choices repeatable.
	Seed uint64
	// Record, if not nil, gets every move the server acknowledged.
	Record *Recorder
	// Client makes the HTTP requests and WebSocket handshakes; nil means
	// NewHTTPClient.
	Client *http.Client
}

// Result is what a run measured. Moves, their rate and the latencies count
// the moves sent and delivered within the measured window; the other counts
// cover the whole run.
type Result struct {
	Target         string  `json:"target"`
	Games          int     `json:"games"`
	WindowSeconds  float64 `json:"window_s"`
	Moves          int64   `json:"moves"`
	MovesPerSecond float64 `json:"moves_per_s"`
	// Latency is from a move's send to its arrival at the opponent.
	Latency Summary `json:"latency"`
	// MessageBytes is the mean size of the "game" and "update" messages received.
	MessageBytes int64 `json:"message_bytes"`
	Sent         int64 `json:"sent"`
	Acknowledged int64 `json:"acknowledged"`
	GamesStarted int64 `json:"games_started"`
	GamesEnded   int64 `json:"games_ended"`
	// CPUSeconds is the CPU time this process (the clients, and the server
	// when it runs in-process) used during the window, 0 when unknown; on a
	// shared machine it tells how much of it the run got.
	CPUSeconds float64 `json:"cpu_s"`
	// Connections is the number of open connections when the window began.
	Connections int64             `json:"connections"`
	Reconnects  int64             `json:"reconnects"`
	Errors      map[string]Errors `json:"errors,omitempty"`
}

// Errors counts one kind of failure and keeps the first one's text.
type Errors struct {
	Count int64  `json:"count"`
	First string `json:"first"`
}

// ErrorCount returns the number of failures of every kind.
func (r *Result) ErrorCount() int64 {
	var n int64
	for _, e := range r.Errors {
		n += e.Count
	}
	return n
}

// run is the shared state of a running load.
type run struct {
	cfg    Config
	client *http.Client
	// epoch is when the run began; the measured window is from windowStart
	// to windowEnd after it (both the largest Duration until it is set).
	epoch                  time.Time
	windowStart, windowEnd atomic.Int64

	latency                 Histogram
	sentInWindow            atomic.Int64
	messages, messageBytes  atomic.Int64
	acked, started, ended   atomic.Int64
	connections, reconnects atomic.Int64
	errMu                   sync.Mutex
	errs                    map[string]Errors
}

// Run plays the load and returns what it measured. It returns early with
// ctx's error when ctx is done.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	switch {
	case cfg.Target == nil:
		return nil, errors.New("load run: no target")
	case cfg.Games < 1:
		return nil, fmt.Errorf("load run: %d games: want at least 1", cfg.Games)
	case cfg.Duration <= 0:
		return nil, fmt.Errorf("load run: duration %v: want more than 0", cfg.Duration)
	case cfg.Ramp < 0 || cfg.Think < 0 || cfg.MaxPlies < 0:
		return nil, fmt.Errorf("load run: ramp-up %v, think time %v and longest game %d must not be negative", cfg.Ramp, cfg.Think, cfg.MaxPlies)
	}
	r := &run{cfg: cfg, client: cfg.Client, errs: map[string]Errors{}}
	if r.client == nil {
		r.client = NewHTTPClient()
	}
	loadCtx, stop := context.WithCancel(ctx)
	defer stop()
	r.epoch = time.Now()
	r.windowStart.Store(math.MaxInt64)
	r.windowEnd.Store(math.MaxInt64)

	var slots sync.WaitGroup
	for i := range cfg.Games {
		delay := cfg.Ramp * time.Duration(i) / time.Duration(cfg.Games)
		slots.Go(func() {
			if Sleep(loadCtx, delay) {
				r.slot(loadCtx, uint64(i))
			}
		})
	}
	Sleep(ctx, cfg.Ramp)
	for wait := cfg.Ramp; wait > 0 && r.connections.Load() < 2*int64(cfg.Games); wait -= pollEvery {
		Sleep(ctx, pollEvery)
	}
	start := time.Since(r.epoch)
	r.windowEnd.Store(int64(start + cfg.Duration))
	r.windowStart.Store(int64(start))
	connections := r.connections.Load()
	cpuStart, cpuKnown := processCPU()
	Sleep(ctx, cfg.Duration)
	cpuEnd, _ := processCPU()
	stop()
	slots.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cfg.Record != nil {
		if err := cfg.Record.Flush(); err != nil {
			return nil, err
		}
	}
	res := &Result{
		Target:         cfg.Target.Name(),
		Games:          cfg.Games,
		WindowSeconds:  cfg.Duration.Seconds(),
		Moves:          r.latency.Count(),
		MovesPerSecond: float64(r.latency.Count()) / cfg.Duration.Seconds(),
		Latency:        r.latency.Summary(),
		Sent:           r.sentInWindow.Load(),
		Acknowledged:   r.acked.Load(),
		GamesStarted:   r.started.Load(),
		GamesEnded:     r.ended.Load(),
		Connections:    connections,
		CPUSeconds:     (cpuEnd - cpuStart).Seconds(),
		Reconnects:     r.reconnects.Load(),
		Errors:         r.errs,
	}
	if !cpuKnown {
		res.CPUSeconds = 0
	}
	if n := r.messages.Load(); n > 0 {
		res.MessageBytes = r.messageBytes.Load() / n
	}
	return res, nil
}

// slot keeps one game going: when a game ends it starts another.
func (r *run) slot(ctx context.Context, index uint64) {
	rng := rand.New(rand.NewPCG(r.cfg.Seed, index))
	pause := 50 * time.Millisecond
	for ctx.Err() == nil {
		g, err := r.cfg.Target.NewGame(ctx)
		if err != nil {
			r.fail(ctx, "create game", err)
			Sleep(ctx, pause)
			pause = min(2*pause, time.Second)
			continue
		}
		r.started.Add(1)
		live := &liveGame{id: g.ID}
		var seats sync.WaitGroup
		for side, seat := range g.Seats {
			p := &player{run: r, game: live, side: side, seat: seat, rng: rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))}
			seats.Go(func() { _ = p.play(ctx) })
		}
		seats.Wait()
		if ctx.Err() == nil {
			r.ended.Add(1)
		}
	}
}

// pollEvery is how often a run looks whether every seat is connected.
const pollEvery = 10 * time.Millisecond

// inWindow reports whether t is within the measured window.
func (r *run) inWindow(t time.Time) bool {
	d := int64(t.Sub(r.epoch))
	return d >= r.windowStart.Load() && d < r.windowEnd.Load()
}

// delivered records a move sent at sentAt that reached the opponent at at.
func (r *run) delivered(sentAt, at time.Time) {
	if r.inWindow(sentAt) && r.inWindow(at) {
		r.latency.Record(at.Sub(sentAt))
	}
}

// sent counts a move sent at at.
func (r *run) sent(at time.Time) {
	if r.inWindow(at) {
		r.sentInWindow.Add(1)
	}
}

// received counts a "game" or "update" message of size bytes received at at.
func (r *run) received(size int, at time.Time) {
	if r.inWindow(at) {
		r.messages.Add(1)
		r.messageBytes.Add(int64(size))
	}
}

// acknowledged counts and records a move the server stored.
func (r *run) acknowledged(game string, ply int, move string) {
	r.acked.Add(1)
	if r.cfg.Record != nil {
		r.cfg.Record.Add(game, ply, move)
	}
}

// fail counts a failure of a kind, unless it is only the run stopping.
func (r *run) fail(ctx context.Context, kind string, err error) {
	if ctx.Err() != nil {
		return
	}
	r.errMu.Lock()
	defer r.errMu.Unlock()
	e := r.errs[kind]
	if e.Count == 0 {
		e.First = err.Error()
	}
	e.Count++
	r.errs[kind] = e
}

// Recorder writes every move a server acknowledged, one line each:
// the game id, the ply and the move in coordinate form, separated by tabs.
// It is safe for concurrent use.
type Recorder struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
	err error
}

// NewRecorder returns a Recorder writing to w.
func NewRecorder(w io.Writer) *Recorder { return &Recorder{w: w} }

// Add records one acknowledged move.
func (rec *Recorder) Add(game string, ply int, move string) {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	rec.buf = fmt.Appendf(rec.buf, "%s\t%d\t%s\n", game, ply, move)
	if len(rec.buf) >= 64<<10 {
		rec.flush()
	}
}

// Flush writes what is buffered and returns the first write error.
func (rec *Recorder) Flush() error {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	rec.flush()
	return rec.err
}

// flush writes the buffer; rec.mu is held.
func (rec *Recorder) flush() {
	if rec.err == nil && len(rec.buf) > 0 {
		_, rec.err = rec.w.Write(rec.buf)
	}
	rec.buf = rec.buf[:0]
}
