package server

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"
)

// The bounds of the analysis queue.
const (
	// maxAnalysisQueue is how many analyses may wait; beyond it POST answers
	// 503 busy.
	maxAnalysisQueue = 16
	// analysisAbandoned drops a waiting job that nobody has asked about for
	// this long (the browser asks every second).
	analysisAbandoned = 30 * time.Second
	// analysisKept is how long a finished job's answer can be fetched, and
	// maxAnalysisKept how many answers are kept at most.
	analysisKept    = 2 * time.Minute
	maxAnalysisKept = 256
)

// The states of an analysis job.
const (
	jobQueued   = "queued"
	jobRunning  = "running"
	jobDone     = "done"
	jobFailed   = "failed"
	jobCanceled = "canceled"
)

// codeCanceled is the error code of a job taken out of the queue before it
// ran (by its client, or for want of a client asking for it).
const codeCanceled = "canceled"

// errShortened is why an analysis stops early: a live game needed its CPU,
// or its client canceled it.
var errShortened = errors.New("analysis shortened")

// analysisJob is one analysis or mate search, from the POST that asks for it
// to the answer that is kept for a while after it.
type analysisJob struct {
	id, addr, kind string
	cost           time.Duration // the longest it may run
	run            func(ctx context.Context) (map[string]any, error)
	held           bool // a request waits for it (never abandoned)
	done           chan struct{}

	// Guarded by analysisQueue.mu.
	state              string
	seen               time.Time // the last time its client asked
	submitted, started time.Time
	finished           time.Time
	shortened          bool
	cancel             context.CancelCauseFunc
	result             map[string]any
	err                error
}

// analysisQueue runs the analyses and mate searches: a bounded FIFO queue,
// one job per client address, and workers of their own, so that they never
// take a worker of the engine's seats. A job starts only while the game
// searches and the analyses together leave a CPU free, and when a live game's
// search starts on a machine that has no CPU left, the newest analysis is
// cut short (it answers with what it found).
type analysisQueue struct {
	s       *Server
	pool    *enginePool
	workers int
	cpus    int // the CPUs Go may use

	mu       sync.Mutex
	waiting  []*analysisJob // first in, first out
	running  []*analysisJob
	finished []*analysisJob // oldest first
	jobs     map[string]*analysisJob
	byAddr   map[string]*analysisJob // the waiting or running job of an address
	changed  chan struct{}           // closed when a worker may start a job
}

func newAnalysisQueue(s *Server, pool *enginePool, workers int) *analysisQueue {
	q := &analysisQueue{s: s, pool: pool, workers: max(1, workers), cpus: runtime.GOMAXPROCS(0),
		jobs: map[string]*analysisJob{}, byAddr: map[string]*analysisJob{}, changed: make(chan struct{})}
	for range q.workers {
		s.goBackground(q.work)
	}
	return q
}

// dispatch wakes the workers: a job may start now.
func (q *analysisQueue) dispatch() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.broadcast()
}

// broadcast wakes the workers; q.mu is held.
func (q *analysisQueue) broadcast() {
	close(q.changed)
	q.changed = make(chan struct{})
	q.s.metrics.analysisQueued.Store(int64(len(q.waiting)))
}

// canStart reports whether a worker may start a job now; q.mu is held.
func (q *analysisQueue) canStart() bool {
	return len(q.running) < q.workers && int(q.pool.busy.Load())+len(q.running) < q.cpus
}

// submit queues a job of addr, or refuses it (429 when addr has a job
// waiting or running, 503 when the queue is full, with the seconds to wait
// before retrying). It reports whether the job starts at once: a request
// then waits for it, and it is never abandoned.
func (q *analysisQueue) submit(addr, kind string, cost time.Duration, run func(ctx context.Context) (map[string]any, error)) (j *analysisJob, startsNow bool, retry int, err error) {
	now := time.Now()
	q.mu.Lock()
	defer q.mu.Unlock()
	q.prune(now)
	if j := q.byAddr[addr]; j != nil {
		return nil, false, seconds(j.cost), fail(http.StatusTooManyRequests, codeRateLimited,
			"you have an analysis %s already (job %s); wait for its answer (GET /api/v1/analysis/%s) or cancel it (DELETE) first", j.state, j.id, j.id)
	}
	if len(q.waiting) >= maxAnalysisQueue {
		q.s.metrics.engineBusy.Add(1)
		var total time.Duration
		for _, j := range q.waiting {
			total += j.cost
		}
		retry = seconds(total / time.Duration(q.workers))
		return nil, false, retry, fail(http.StatusServiceUnavailable, codeBusy,
			"the analysis queue is full (%d waiting, at most %d); retry in about %d s", len(q.waiting), maxAnalysisQueue, retry)
	}
	startsNow = len(q.waiting) == 0 && q.canStart()
	j = &analysisJob{id: rand.Text(), addr: addr, kind: kind, cost: cost, run: run, held: startsNow, done: make(chan struct{}),
		state: jobQueued, seen: now, submitted: now}
	q.waiting = append(q.waiting, j)
	q.jobs[j.id] = j
	q.byAddr[addr] = j
	q.broadcast()
	return j, startsNow, 0, nil
}

// seconds is d in whole seconds, rounded up, at least 1.
func seconds(d time.Duration) int { return max(1, int((d+time.Second-1)/time.Second)) }

// prune drops the waiting jobs nobody asks about any more and the answers
// kept too long; q.mu is held.
func (q *analysisQueue) prune(now time.Time) {
	q.waiting = slices.DeleteFunc(q.waiting, func(j *analysisJob) bool {
		if j.held || now.Sub(j.seen) < analysisAbandoned {
			return false
		}
		q.end(j, jobCanceled, nil, fail(http.StatusGone, codeCanceled, "dropped from the queue: nobody asked for the answer for %v", analysisAbandoned), now)
		return true
	})
	n := 0
	for n < len(q.finished) && (len(q.finished)-n > maxAnalysisKept || now.Sub(q.finished[n].finished) > analysisKept) {
		delete(q.jobs, q.finished[n].id)
		n++
	}
	q.finished = slices.Delete(q.finished, 0, n)
}

// end records j's outcome; q.mu is held and j is in neither q.waiting nor
// q.running.
func (q *analysisQueue) end(j *analysisJob, state string, result map[string]any, err error, now time.Time) {
	j.state, j.result, j.err, j.finished = state, result, err, now
	if q.byAddr[j.addr] == j {
		delete(q.byAddr, j.addr)
	}
	q.finished = append(q.finished, j)
	close(j.done)
}

// take waits for a job that may start and marks it running; nil when ctx
// ends.
func (q *analysisQueue) take(ctx context.Context) (*analysisJob, context.Context) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		q.prune(time.Now())
		if len(q.waiting) > 0 && q.canStart() {
			j := q.waiting[0]
			q.waiting = slices.Delete(q.waiting, 0, 1)
			q.running = append(q.running, j)
			j.state, j.started = jobRunning, time.Now()
			q.s.metrics.analysisStarted.Add(1)
			q.s.metrics.analysisWait.Add(uint64(j.started.Sub(j.submitted)))
			jctx, cancel := context.WithCancelCause(ctx)
			j.cancel = cancel
			q.broadcast()
			return j, jctx
		}
		changed := q.changed
		q.mu.Unlock()
		select {
		case <-ctx.Done():
			q.mu.Lock()
			return nil, nil
		case <-changed:
		}
		q.mu.Lock()
	}
}

// work is one worker: it runs the jobs in their order.
func (q *analysisQueue) work(ctx context.Context) {
	for {
		j, jctx := q.take(ctx)
		if j == nil {
			return
		}
		q.s.metrics.engineActive.Add(1)
		result, err := q.runHolding(jctx, j)
		q.s.metrics.engineActive.Add(-1)
		q.s.metrics.engineJobs.Add(1)
		shortened := errors.Is(context.Cause(jctx), errShortened)
		j.cancel(nil)
		state := jobDone
		if err != nil {
			state = jobFailed
		} else if shortened {
			result["shortened"] = true
		}
		q.mu.Lock()
		q.running = slices.DeleteFunc(q.running, func(x *analysisJob) bool { return x == j })
		q.end(j, state, result, err, time.Now())
		q.broadcast()
		q.mu.Unlock()
	}
}

// runHolding runs j while it holds its address's computing turn (see
// computeGate.hold): the address's other computations wait for it.
func (q *analysisQueue) runHolding(ctx context.Context, j *analysisJob) (map[string]any, error) {
	release, err := q.s.compute.hold(ctx, j.addr)
	if err != nil {
		return nil, err
	}
	defer release()
	return j.run(ctx)
}

// yield cuts short the newest analyses while the game searches and the
// analyses running want more than the CPUs.
func (q *analysisQueue) yield() {
	q.mu.Lock()
	defer q.mu.Unlock()
	want := int(q.pool.busy.Load())
	for _, j := range q.running {
		if !j.shortened {
			want++
		}
	}
	for i := len(q.running) - 1; i >= 0 && want > q.cpus; i-- {
		if j := q.running[i]; !j.shortened {
			j.shortened = true
			j.cancel(errShortened)
			q.s.metrics.analysisShortened.Add(1)
			want--
		}
	}
}

// cancelJob takes a waiting job out of the queue, or cuts a running one
// short; a finished job stays as it is.
func (q *analysisQueue) cancelJob(j *analysisJob) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch j.state {
	case jobQueued:
		q.waiting = slices.DeleteFunc(q.waiting, func(x *analysisJob) bool { return x == j })
		q.end(j, jobCanceled, nil, fail(http.StatusGone, codeCanceled, "canceled by its client"), time.Now())
		q.broadcast()
	case jobRunning:
		if !j.shortened {
			j.shortened = true
			j.cancel(errShortened)
		}
	}
}

// lookup finds job id for its client, who asks about it now.
func (q *analysisQueue) lookup(id string) (*analysisJob, error) {
	if len(id) != 26 || !isBase32(id) {
		return nil, invalid("%.40q is not an analysis job id: ids are 26 letters and digits, as POST /api/v1/analyze or /solve answered", id)
	}
	now := time.Now()
	q.mu.Lock()
	defer q.mu.Unlock()
	q.prune(now)
	j := q.jobs[id]
	if j == nil {
		return nil, fail(http.StatusNotFound, codeNotFound,
			"no analysis job %s: answers are kept for %v after they are ready; post the analysis again", id, analysisKept)
	}
	j.seen = now
	return j, nil
}

// isBase32 reports whether s is made of rand.Text's letters and digits.
func isBase32(s string) bool {
	for _, c := range []byte(s) {
		if (c < 'A' || c > 'Z') && (c < '2' || c > '7') {
			return false
		}
	}
	return true
}

// view is what GET /api/v1/analysis/{job} answers about j.
func (q *analysisQueue) view(j *analysisJob) map[string]any {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := map[string]any{"job": j.id, "kind": j.kind, "status": j.state, "queue_length": len(q.waiting)}
	switch j.state {
	case jobQueued:
		out["queue_position"] = slices.Index(q.waiting, j) + 1
	case jobDone:
		out["result"] = j.result
	case jobFailed, jobCanceled:
		out["error"] = asAPIError(j.err)
	}
	return out
}

// serve answers a POST of an analysis or mate search: the answer itself
// (200) when the job starts at once, else 202 with the job and its place in
// the queue.
func (q *analysisQueue) serve(w http.ResponseWriter, r *http.Request, kind string, cost time.Duration, run func(ctx context.Context) (map[string]any, error)) error {
	j, startsNow, retry, err := q.submit(clientAddr(r), kind, cost, run)
	if err != nil {
		w.Header().Set("Retry-After", strconv.Itoa(retry))
		return err
	}
	if !startsNow {
		w.Header().Set("Location", "/api/v1/analysis/"+j.id)
		writeJSON(w, http.StatusAccepted, q.view(j))
		return nil
	}
	select {
	case <-j.done:
	case <-r.Context().Done():
		q.cancelJob(j)
		return nil // the client is gone
	case <-q.s.ctx.Done():
		return fail(http.StatusServiceUnavailable, codeBusy, "the server is shutting down")
	}
	if j.err != nil {
		return j.err
	}
	writeJSON(w, http.StatusOK, j.result)
	return nil
}

func (s *Server) handleAnalysisJob(w http.ResponseWriter, r *http.Request) error {
	q := s.engines.analysis
	j, err := q.lookup(r.PathValue("job"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, q.view(j))
	return nil
}

func (s *Server) handleCancelAnalysis(w http.ResponseWriter, r *http.Request) error {
	q := s.engines.analysis
	j, err := q.lookup(r.PathValue("job"))
	if err != nil {
		return err
	}
	q.cancelJob(j)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
