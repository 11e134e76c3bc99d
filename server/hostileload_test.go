package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"timechess/store"
)

// hostileRequest is one line of testdata/hostile-load.txt.
type hostileRequest struct {
	name         string
	weight       int
	bound        time.Duration
	method, path string
	body         string
}

// readHostileLoad reads testdata/hostile-load.txt.
func readHostileLoad(tb testing.TB) []hostileRequest {
	tb.Helper()
	var out []hostileRequest
	eachLine(tb, "testdata/hostile-load.txt", 6, func(n int, fields []string) {
		if len(fields) < 5 {
			tb.Fatalf("hostile-load.txt:%d: want NAME WEIGHT BOUND METHOD PATH [BODY]", n)
		}
		weight, err := strconv.Atoi(fields[1])
		if err != nil || weight < 1 {
			tb.Fatalf("hostile-load.txt:%d: weight %q", n, fields[1])
		}
		bound, err := time.ParseDuration(fields[2])
		if err != nil {
			tb.Fatalf("hostile-load.txt:%d: bound %q", n, fields[2])
		}
		req := hostileRequest{name: fields[0], weight: weight, bound: bound, method: fields[3], path: fields[4]}
		if len(fields) == 6 {
			req.body = expandRepeats(fields[5])
		}
		out = append(out, req)
	})
	return out
}

// hostileReport is what a run of the hostile load counted and measured.
type hostileReport struct {
	sent, answered, late, noAnswer int
	// byStatus counts the answers by status; byName the requests by name.
	byStatus map[int]int
	// failures holds a few examples of what went wrong: late answers, 5xx
	// other than 503, 503 without a reason, no answer.
	failures []string
	panics   int
	// quiet and loaded are the normal game's move latencies before and
	// while the hostile load runs; moveErrors its moves that failed.
	quiet, loaded []time.Duration
	moveErrors    []string
	duration      time.Duration
}

// serverErrors counts the 5xx answers other than 503 (which, with its
// reason, is a documented refusal: the server or the engine is busy).
func (r *hostileReport) serverErrors() int {
	n := 0
	for status, count := range r.byStatus {
		if status >= 500 && status != http.StatusServiceUnavailable {
			n += count
		}
	}
	return n
}

// summary is the report in one line per figure, as the test and the
// benchmark print it.
func (r *hostileReport) summary() string {
	var b strings.Builder
	statuses := make([]int, 0, len(r.byStatus))
	for s := range r.byStatus {
		statuses = append(statuses, s)
	}
	slices.Sort(statuses)
	fmt.Fprintf(&b, "hostile requests in %v: %d sent, %d answered within bound, %d late, %d without answer, %d 5xx (503 apart), %d panics\n",
		r.duration.Round(time.Millisecond), r.sent, r.answered-r.late, r.late, r.noAnswer, r.serverErrors(), r.panics)
	b.WriteString("answers by status:")
	for _, s := range statuses {
		fmt.Fprintf(&b, " %d:%d", s, r.byStatus[s])
	}
	fmt.Fprintf(&b, "\nnormal game, move latency quiet: p50 %v p99 %v max %v (%d moves)\n",
		percentile(r.quiet, 50), percentile(r.quiet, 99), percentile(r.quiet, 100), len(r.quiet))
	fmt.Fprintf(&b, "normal game, move latency under hostile load: p50 %v p99 %v max %v (%d moves, %d failed; goal p99 < 50ms)",
		percentile(r.loaded, 50), percentile(r.loaded, 99), percentile(r.loaded, 100), len(r.loaded), len(r.moveErrors))
	return b.String()
}

// percentile returns the p-th percentile (nearest rank) of ds.
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[min(len(s)-1, max(0, i-1))].Round(10 * time.Microsecond)
}

// clientFrom is an HTTP client whose connections leave from the loopback
// address ip (Linux routes all of 127.0.0.0/8 to the loopback interface), so
// that a test can be two client addresses at once.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64}}
}

// lockedBuffer is a log sink that goroutines share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// hostileLoad is one run: a server on a fresh database of b, served on a
// real listener (so that its connection limits apply), the hostile
// requests sent from 127.0.0.1 by workers goroutines for d, and a normal
// game played from 127.0.0.2 before and during the load.
type hostileLoad struct {
	tb      testing.TB
	base    string
	load    []hostileRequest
	workers int
	d       time.Duration
}

// normalGame is the normal game's moves: both sides' knights go out and
// back, then each side moves a pawn, so that no position repeats; 84 plies,
// then another game.
func normalGame() []string {
	white := strings.Fields("a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 g3 g4 h3 h4")
	black := strings.Fields("a6 a5 b6 b5 c6 c5 d6 d5 e6 e5 g6 g5 h6 h5")
	var moves []string
	for i := range white {
		moves = append(moves, "Nf3", "Nf6", "Ng1", "Ng8", white[i], black[i])
	}
	return moves
}

// runHostileLoad runs the hostile load against a server on dsn.
func runHostileLoad(tb testing.TB, dsn string, workers int, d time.Duration) *hostileReport {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	defer st.Close()
	var logs lockedBuffer
	srv, err := New(ctx, Config{Store: st, SweepInterval: -1, EngineHashMB: 4,
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
		UI:     http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "the UI") })})
	if err != nil {
		tb.Fatalf("new server: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			tb.Errorf("serve: %v", err)
		}
	}()
	h := &hostileLoad{tb: tb, base: "http://" + ln.Addr().String(), load: readHostileLoad(tb), workers: workers, d: d}
	rep := &hostileReport{byStatus: map[int]int{}}
	player := clientFrom("127.0.0.2")
	rep.quiet = h.playNormal(player, time.Now().Add(2*time.Second), &rep.moveErrors)

	hostile := clientFrom("127.0.0.1")
	ownGame := h.ownGame(hostile)
	began := time.Now()
	stop := began.Add(d)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := range workers {
		wg.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(w), 34))
			for time.Now().Before(stop) {
				req := h.pick(rnd)
				status, took, err := h.send(hostile, req, ownGame)
				mu.Lock()
				rep.record(req, status, took, err)
				mu.Unlock()
			}
		})
	}
	rep.loaded = h.playNormal(player, stop, &rep.moveErrors)
	wg.Wait()
	rep.duration = time.Since(began)
	rep.panics = strings.Count(logs.String(), "panic")
	return rep
}

// record counts one hostile request's outcome.
func (r *hostileReport) record(req hostileRequest, status int, took time.Duration, err error) {
	r.sent++
	example := func(format string, args ...any) {
		if len(r.failures) < 10 {
			r.failures = append(r.failures, req.name+": "+fmt.Sprintf(format, args...))
		}
	}
	if err != nil {
		r.noAnswer++
		example("no answer after %v: %v", took.Round(time.Millisecond), err)
		return
	}
	r.answered++
	r.byStatus[status]++
	if took > req.bound {
		r.late++
		example("answered %d after %v (bound %v)", status, took.Round(time.Millisecond), req.bound)
	}
	if status >= 500 && status != http.StatusServiceUnavailable {
		example("answered %d", status)
	}
}

// pick chooses a request by the weights.
func (h *hostileLoad) pick(rnd *rand.Rand) hostileRequest {
	total := 0
	for _, r := range h.load {
		total += r.weight
	}
	n := rnd.IntN(total)
	for _, r := range h.load {
		if n -= r.weight; n < 0 {
			return r
		}
	}
	return h.load[len(h.load)-1]
}

// send sends req and reads its whole answer; a 503 must say why. The
// client waits up to twice the bound, so that a late answer is counted as
// late rather than as none.
func (h *hostileLoad) send(c *http.Client, req hostileRequest, gameID string) (int, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*req.bound)
	defer cancel()
	var body io.Reader
	if req.body != "" {
		body = strings.NewReader(req.body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.method, h.base+strings.ReplaceAll(req.path, "{id}", gameID), body)
	if err != nil {
		h.tb.Fatal(err)
	}
	began := time.Now()
	res, err := c.Do(hr)
	if err != nil {
		return 0, time.Since(began), err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	took := time.Since(began)
	if err != nil {
		return 0, took, err
	}
	if res.StatusCode == http.StatusServiceUnavailable || res.StatusCode == http.StatusTooManyRequests {
		var e struct {
			Error struct{ Code, Message string }
		}
		if json.Unmarshal(data, &e) != nil || e.Error.Message == "" {
			return 0, took, fmt.Errorf("%d without a reason: %.200q", res.StatusCode, data)
		}
	}
	return res.StatusCode, took, nil
}

// ownGame creates the hostile address's game for the paths with {id}.
func (h *hostileLoad) ownGame(c *http.Client) string {
	var s seated
	h.post(c, "/api/v1/games", "", map[string]any{"variant": "chess", "opponent": "friend", "color": "white", "time_control": map[string]any{}}, &s)
	return s.Game.ID
}

// post sends a JSON request that must succeed and decodes its answer.
func (h *hostileLoad) post(c *http.Client, path, token string, body, out any) error {
	data, err := json.Marshal(body)
	if err != nil {
		h.tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.base+path, bytes.NewReader(data))
	if err != nil {
		h.tb.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: %d %.300s", path, res.StatusCode, answer)
	}
	if out != nil {
		return json.Unmarshal(answer, out)
	}
	return nil
}

// playNormal plays normal games (an open game, joined by the second
// player) until stop, a move every 50 ms, and returns each move's time from
// sending to the answer. A move that fails is noted in errs. A game lasts
// about 4 s, so the player stays within the limit on creating games.
func (h *hostileLoad) playNormal(c *http.Client, stop time.Time, errs *[]string) []time.Duration {
	var took []time.Duration
	for time.Now().Before(stop) {
		var created, joined seated
		if err := h.post(c, "/api/v1/games", "", map[string]any{"variant": "chess", "opponent": "open", "color": "white", "time_control": map[string]any{}}, &created); err != nil {
			*errs = append(*errs, "create: "+err.Error())
			return took
		}
		id := created.Game.ID
		if err := h.post(c, "/api/v1/games/"+id+"/join", "", nil, &joined); err != nil {
			*errs = append(*errs, "join: "+err.Error())
			return took
		}
		tokens := [2]string{created.Token, joined.Token}
		for ply, mv := range normalGame() {
			if !time.Now().Before(stop) {
				break
			}
			began := time.Now()
			err := h.post(c, "/api/v1/games/"+id+"/moves", tokens[ply%2], map[string]any{"ply": ply, "move": mv}, nil)
			took = append(took, time.Since(began))
			if err != nil {
				*errs = append(*errs, fmt.Sprintf("game %s ply %d %s: %v", id, ply, mv, err))
				if errors.Is(err, context.DeadlineExceeded) {
					return took
				}
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return took
}

// TestHostileLoad is the hostile-request suite of issue 34, on every
// database: the requests of testdata/hostile-load.txt, sent by 16 workers
// from one address for 8 s, each answered within its bound (a result or a
// refusal that says why), no 5xx but 503 with its reason, no panic; and a
// normal game played from another address meanwhile, whose every move
// succeeds. The move latency, quiet and under the load, is reported (the goal,
// p99 under 50 ms, is BenchmarkHostileLoad's to measure, not a pass mark).
func TestHostileLoad(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector slows every computation tenfold: the bounds are for the real server")
	}
	forEachBackend(t, func(t *testing.T, b backend) {
		rep := runHostileLoad(t, b.fresh(t), 16, 8*time.Second)
		t.Log(rep.summary())
		if rep.late > 0 || rep.noAnswer > 0 || rep.serverErrors() > 0 || rep.panics > 0 || len(rep.moveErrors) > 0 {
			t.Errorf("the hostile load was not answered as it must be:\n%s\nexamples:\n  %s\nthe normal game's failed moves:\n  %s",
				rep.summary(), strings.Join(rep.failures, "\n  "), strings.Join(rep.moveErrors, "\n  "))
		}
		if len(rep.loaded) < 20 {
			t.Errorf("the normal game made only %d moves in %v under the load", len(rep.loaded), rep.duration)
		}
	})
}

// BenchmarkHostileLoad measures the normal game's move latency while the
// hostile load runs, on SQLite: p50 and p99 in ms, quiet and loaded, and
// their ratio. One iteration is one 8 s run (-benchtime 1x).
func BenchmarkHostileLoad(b *testing.B) {
	for b.Loop() {
		rep := runHostileLoad(b, filepath.Join(b.TempDir(), "timechess.db"), 16, 8*time.Second)
		b.Log(rep.summary())
		ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
		b.ReportMetric(ms(percentile(rep.loaded, 50)), "p50-ms")
		b.ReportMetric(ms(percentile(rep.loaded, 99)), "p99-ms")
		b.ReportMetric(ms(percentile(rep.quiet, 99)), "quiet-p99-ms")
		if q := percentile(rep.quiet, 99); q > 0 {
			b.ReportMetric(float64(percentile(rep.loaded, 99))/float64(q), "p99-ratio")
		}
		b.ReportMetric(float64(rep.sent), "hostile-requests")
		b.ReportMetric(float64(rep.serverErrors()+rep.late+rep.noAnswer), "failures")
	}
}
