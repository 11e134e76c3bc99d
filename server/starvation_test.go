package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestEngineNotStarvedByAnalysis plays the engine at 30+0 against a scripted
// client twice, alone and while other clients keep the analysis queue full
// with 10 s analyses: the engine never loses on time, and its reply times
// are reported for both.
func TestEngineNotStarvedByAnalysis(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two live games in real time")
	}
	ts := startTuned(t, backends()[0].fresh(t), nil, func(c *Config) { c.NoRateLimits = true })
	const replies = 20

	alone := playEngine(t, ts, replies)

	ctx, stop := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	var refused sync.Map
	clients := ts.srv.engines.analysis.workers + maxAnalysisQueue + 2
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := keepAnalyzing(ctx, ts.http.URL, net.IPv4(127, 0, 0, byte(2+i)))
			refused.Store(i, n)
		}()
	}
	// The load is on once the queue is full.
	for deadline := time.Now().Add(20 * time.Second); ts.srv.metrics.analysisQueued.Load() < maxAnalysisQueue; {
		if time.Now().After(deadline) {
			stop()
			wg.Wait()
			t.Fatalf("the analysis clients did not fill the queue: %d waiting", ts.srv.metrics.analysisQueued.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}
	repliesBefore, waitBefore := ts.srv.metrics.engineReplies.Load(), ts.srv.metrics.engineReplyWait.Load()
	loaded := playEngine(t, ts, replies)
	queued := ts.srv.metrics.analysisQueued.Load()
	stop()
	wg.Wait()
	total503 := 0
	refused.Range(func(_, n any) bool { total503 += n.(int); return true })
	if total503 == 0 || queued < maxAnalysisQueue-1 {
		t.Errorf("the analysis load was not on: %d refusals, %d waiting at the end", total503, queued)
	}
	meanWait := time.Duration(ts.srv.metrics.engineReplyWait.Load()-waitBefore) / time.Duration(max(1, ts.srv.metrics.engineReplies.Load()-repliesBefore))

	ma, mxa := medianMax(alone)
	ml, mxl := medianMax(loaded)
	t.Logf("engine replies at 30+0, level 5, %d moves: alone median %v max %v; with %d analysis clients (%d refusals) median %v max %v; ratio median %.2f max %.2f; mean wait in the reply queue under load %v",
		replies, ma, mxa, clients, total503, ml, mxl, float64(ml)/float64(ma), float64(mxl)/float64(mxa), meanWait)
}

// medianMax is the median and the largest of ds.
func medianMax(ds []time.Duration) (time.Duration, time.Duration) {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)-1]
}

// playEngine plays White's first legal move against the engine at level 5
// on a 30+0 clock until the engine has replied n times (in new games when
// one ends), failing if the engine loses on time; it returns the time of
// each reply, from the client's move to the engine's move seen.
func playEngine(t *testing.T, ts *testServer, n int) []time.Duration {
	t.Helper()
	var times []time.Duration
	for len(times) < n {
		var s seated
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "engine", "level": 5,
			"time_control": map[string]any{"initial_ms": 30000}}, http.StatusCreated, &s)
		g := s.Game
		for g.Status != "ended" && len(times) < n {
			if len(g.Position.Moves) == 0 {
				t.Fatalf("game %s: no legal move and not over", g.ID)
			}
			g = ts.play(g.ID, s.Token, g.Ply, g.Position.Moves[0].Coord)
			if g.Status == "ended" {
				break
			}
			moved := time.Now()
			for deadline := moved.Add(40 * time.Second); g.Ply%2 == 1 && g.Status != "ended"; {
				if time.Now().After(deadline) {
					t.Fatalf("game %s: no engine reply in 40 s", g.ID)
				}
				time.Sleep(5 * time.Millisecond)
				g = ts.game(g.ID, s.Token)
			}
			if g.Status == "ended" && g.Reason == "time" {
				t.Fatalf("game %s: the engine lost on time after %d replies (black %d ms left)", g.ID, len(times), g.Clocks.BlackMs)
			}
			if g.Ply%2 == 0 {
				times = append(times, time.Since(moved))
			}
		}
	}
	return times
}

// keepAnalyzing asks for 10 s analyses from local address ip until ctx
// ends, waiting in the queue as the API says; it returns how many times the
// queue was full.
func keepAnalyzing(ctx context.Context, base string, ip net.IP) int {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	defer client.CloseIdleConnections()
	send := func(method, path string, body any) (int, map[string]any) {
		var rd *bytes.Reader
		if body != nil {
			data, _ := json.Marshal(body)
			rd = bytes.NewReader(data)
		} else {
			rd = bytes.NewReader(nil)
		}
		req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
		if err != nil {
			return 0, nil
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, nil
		}
		defer res.Body.Close()
		var out map[string]any
		json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}
	pause := func(d time.Duration) bool {
		select {
		case <-ctx.Done():
			return false
		case <-time.After(d):
			return true
		}
	}
	full := 0
	for ctx.Err() == nil {
		code, out := send("POST", "/api/v1/analyze", map[string]any{"moves": []string{"e4", "c5"}, "movetime_ms": 10000, "multipv": 3})
		switch code {
		case http.StatusAccepted:
			job := fmt.Sprint(out["job"])
			for ctx.Err() == nil {
				if code, out = send("GET", "/api/v1/analysis/"+job, nil); code != http.StatusOK || (out["status"] != jobQueued && out["status"] != jobRunning) {
					break
				}
				pause(500 * time.Millisecond)
			}
		case http.StatusServiceUnavailable:
			full++
			pause(200 * time.Millisecond)
		default:
			pause(200 * time.Millisecond)
		}
	}
	return full
}
