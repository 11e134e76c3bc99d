package server

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// holdUntilCanceled is an analysis that runs until it is cut short.
func holdUntilCanceled(ctx context.Context) (map[string]any, error) {
	<-ctx.Done()
	return map[string]any{}, nil
}

// fillAnalysisQueue takes every analysis worker and queue place with jobs of
// other addresses that run until canceled; the function it returns cancels
// them.
func fillAnalysisQueue(t *testing.T, q *analysisQueue) func() {
	t.Helper()
	var jobs []*analysisJob
	for i := range q.workers + maxAnalysisQueue {
		j, _, _, err := q.submit(fmt.Sprintf("192.0.2.%d", i+1), "analyze", time.Second, holdUntilCanceled)
		if err != nil {
			t.Fatalf("filling the queue, job %d: %v", i, err)
		}
		jobs = append(jobs, j)
		if i < q.workers {
			waitState(t, q, j, jobRunning)
		}
	}
	return func() {
		for _, j := range jobs {
			q.cancelJob(j)
			<-j.done
		}
	}
}

// waitState waits (at most 10 s) until j is in state.
func waitState(t *testing.T, q *analysisQueue, j *analysisJob, state string) {
	t.Helper()
	for range 1000 {
		q.mu.Lock()
		now := j.state
		q.mu.Unlock()
		if now == state {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("job %s never became %s", j.id, state)
}

// TestAnalysisQueue: a POST that cannot start at once answers 202 with its
// place in the queue, the job reports its place and then its answer; one job
// per address; DELETE takes a job out; malformed and unknown ids are refused
// clearly.
func TestAnalysisQueue(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	q := ts.srv.engines.analysis
	first, _, _, err := q.submit("192.0.2.1", "analyze", time.Second, holdUntilCanceled)
	if err != nil {
		t.Fatal(err)
	}
	waitState(t, q, first, jobRunning)
	second, startsNow, _, err := q.submit("192.0.2.2", "analyze", time.Second, holdUntilCanceled)
	if err != nil || startsNow {
		t.Fatalf("second job: starts now %v, %v", startsNow, err)
	}

	var queued struct {
		Job           string
		Status        string
		QueuePosition int `json:"queue_position"`
		QueueLength   int `json:"queue_length"`
	}
	res := ts.call("POST", "/api/v1/analyze", "", map[string]any{"moves": []string{"e4"}, "movetime_ms": 50}, http.StatusAccepted, &queued)
	if queued.Status != jobQueued || queued.QueuePosition != 2 || queued.QueueLength != 2 || res.header.Get("Location") != "/api/v1/analysis/"+queued.Job {
		t.Errorf("queued analysis: %s (Location %q)", res.body, res.header.Get("Location"))
	}
	// One job per address.
	again := ts.do("POST", "/api/v1/solve", "", map[string]any{"mate": 1})
	if again.status != http.StatusTooManyRequests || again.errorCode() != codeRateLimited || again.header.Get("Retry-After") == "" {
		t.Errorf("a second job of one address: %d %s", again.status, again.body)
	}

	q.cancelJob(second) // the queue moves up
	ts.call("GET", "/api/v1/analysis/"+queued.Job, "", nil, http.StatusOK, &queued)
	if queued.Status != jobQueued || queued.QueuePosition != 1 {
		t.Errorf("after the job ahead left: %+v", queued)
	}
	q.cancelJob(first)
	var done struct {
		Status string
		Result struct {
			Depth int
			Lines []analysisLine
		}
	}
	for range 500 {
		ts.call("GET", "/api/v1/analysis/"+queued.Job, "", nil, http.StatusOK, &done)
		if done.Status != jobQueued && done.Status != jobRunning {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if done.Status != jobDone || done.Result.Depth < 1 || len(done.Result.Lines) != 1 {
		t.Errorf("finished job: %+v", done)
	}
	var canceled struct {
		Status string
		Error  apiError
	}
	ts.call("GET", "/api/v1/analysis/"+second.id, "", nil, http.StatusOK, &canceled)
	if canceled.Status != jobCanceled || canceled.Error.Code != codeCanceled {
		t.Errorf("canceled job: %+v", canceled)
	}

	// A job runs at once: the POST answers it.
	var now struct{ Found bool }
	ts.call("POST", "/api/v1/solve", "", map[string]any{"fen": "6k1/5ppp/8/8/8/8/5PPP/R2R2K1 w - - 0 1", "mate": 1}, http.StatusOK, &now)
	if !now.Found {
		t.Errorf("solve at once: %+v", now)
	}

	// A waiting job is taken out by DELETE.
	first, _, _, _ = q.submit("192.0.2.1", "analyze", time.Second, holdUntilCanceled)
	waitState(t, q, first, jobRunning)
	ts.call("POST", "/api/v1/analyze", "", map[string]any{"movetime_ms": 50}, http.StatusAccepted, &queued)
	ts.call("DELETE", "/api/v1/analysis/"+queued.Job, "", nil, http.StatusNoContent, nil)
	ts.call("GET", "/api/v1/analysis/"+queued.Job, "", nil, http.StatusOK, &canceled)
	if canceled.Status != jobCanceled {
		t.Errorf("deleted job: %+v", canceled)
	}
	q.cancelJob(first)

	if res := ts.do("GET", "/api/v1/analysis/nope", "", nil); res.status != http.StatusBadRequest || res.errorCode() != codeInvalid {
		t.Errorf("malformed id: %d %s", res.status, res.body)
	}
	if res := ts.do("GET", "/api/v1/analysis/AAAAAAAAAAAAAAAAAAAAAAAAAA", "", nil); res.status != http.StatusNotFound {
		t.Errorf("unknown id: %d %s", res.status, res.body)
	}
}

// TestAnalysisYields: when a live game's search starts and the CPUs are
// taken by analyses, the newest analysis is cut short and says so, and no
// analysis starts until the CPUs have room.
func TestAnalysisYields(t *testing.T) {
	ts := startTuned(t, backends()[0].fresh(t), nil, func(c *Config) { c.AnalysisWorkers = 2 })
	q := ts.srv.engines.analysis
	q.mu.Lock()
	q.cpus = 2
	q.mu.Unlock()
	older, _, _, _ := q.submit("192.0.2.1", "analyze", time.Second, holdUntilCanceled)
	waitState(t, q, older, jobRunning)
	newer, _, _, _ := q.submit("192.0.2.2", "analyze", time.Second, holdUntilCanceled)
	waitState(t, q, newer, jobRunning)

	ts.srv.engines.busy.Add(1) // a live game's search starts
	q.yield()
	<-newer.done
	if newer.state != jobDone || newer.result["shortened"] != true {
		t.Errorf("the newer analysis: %s %v", newer.state, newer.result)
	}
	third, startsNow, _, _ := q.submit("192.0.2.3", "analyze", time.Second, holdUntilCanceled)
	if startsNow {
		t.Errorf("an analysis starts while the game search and an analysis take both CPUs")
	}
	ts.srv.engines.busy.Add(-1)
	q.dispatch()
	waitState(t, q, third, jobRunning)
	if got := ts.srv.metrics.analysisShortened.Load(); got != 1 {
		t.Errorf("shortened metric %d, want 1", got)
	}
	q.cancelJob(older)
	q.cancelJob(third)
	<-older.done
	<-third.done
}
