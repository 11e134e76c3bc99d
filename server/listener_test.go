package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// serving is a Server of a testServer served by Serve on a loopback
// listener, as `timechess serve` does, so that the caps on connections
// apply.
type serving struct {
	addr string
	stop func()
}

// serve starts ts.srv.Serve on 127.0.0.1; stop ends it (and closes the
// Server).
func serve(t *testing.T, ts *testServer) serving {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- ts.srv.Serve(ctx, ln) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-served; err != nil {
				t.Errorf("serve: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return serving{addr: ln.Addr().String(), stop: stop}
}

// dialFrom opens a connection to addr from the loopback address from
// (Linux routes all of 127.0.0.0/8 to loopback).
func dialFrom(from, addr string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	return d.Dial("tcp", addr)
}

// idleConn opens a connection from the address from, asks GET /healthz on
// it and returns it, kept alive, with the status of the answer: 200 when
// the connection was taken, or the 429 or 503 (and the body) of a refusal,
// after which the connection is closed.
func idleConn(from, addr string) (net.Conn, int, string, error) {
	c, err := dialFrom(from, addr)
	if err != nil {
		return nil, 0, "", err
	}
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"); err != nil {
		c.Close()
		return nil, 0, "", err
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		c.Close()
		return nil, 0, "", err
	}
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	res.Body.Close()
	c.SetDeadline(time.Time{})
	if res.StatusCode != http.StatusOK {
		if res.Header.Get("Retry-After") == "" {
			err = fmt.Errorf("%d without Retry-After", res.StatusCode)
		}
		c.Close()
		return nil, res.StatusCode, string(body), err
	}
	return c, res.StatusCode, string(body), nil
}

// TestConnLimitsCount: the caps on connections, in all and per address.
func TestConnLimitsCount(t *testing.T) {
	k := newConnLimits(3, 2, time.Second, newMetrics())
	checkCaps(t, func(addr string) int {
		status, reason := k.take(addr)
		if status != 0 && !strings.Contains(reason, "retry in") {
			t.Errorf("take %s: the reason %q does not say when to retry", addr, reason)
		}
		return status
	}, k.release)
	if k.total != 3 || len(k.byAddr) != 2 || k.metrics.connOpen.Load() != 3 {
		t.Errorf("at the end: %d connections from %v, gauge %d", k.total, k.byAddr, k.metrics.connOpen.Load())
	}
	if !k.crowded("a") || k.crowded("c") && k.byAddr["c"] <= 1 {
		t.Errorf("crowded: a holds %d of 2, c %d", k.byAddr["a"], k.byAddr["c"])
	}
	if status, _ := newConnLimits(-1, -1, time.Second, newMetrics()).take("x"); status != 0 {
		t.Errorf("no cap refused a connection: %d", status)
	}
}

// TestRefuseBounded: a refused connection is answered and closed, and
// when maxRefusing refusals are in progress the next is closed unanswered.
func TestRefuseBounded(t *testing.T) {
	k := newConnLimits(1, 1, 5*time.Second, newMetrics())
	server, client := net.Pipe()
	k.refuse(server, http.StatusTooManyRequests, "too many")
	client.SetDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(client), nil)
	if err != nil || res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "5" || !res.Close {
		t.Fatalf("the refusal: %v %v", res, err)
	}
	if body, _ := io.ReadAll(res.Body); string(body) != "too many\n" {
		t.Errorf("body %q", body)
	}
	client.Close()
	for range maxRefusing {
		k.refusing <- struct{}{}
	}
	server, client = net.Pipe()
	k.refuse(server, http.StatusServiceUnavailable, "full")
	client.SetDeadline(time.Now().Add(10 * time.Second))
	if n, err := client.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("with %d refusals in progress: read %d, %v; want EOF at once", maxRefusing, n, err)
	}
	if a, f := k.metrics.connRefusedAddr.Load(), k.metrics.connRefusedFull.Load(); a != 1 || f != 1 {
		t.Errorf("refusals counted: %d by address, %d full; want 1 and 1", a, f)
	}
}

// TestConnCaps: over its address's share a connection gets a plain 429,
// over the server's a 503, each with Retry-After and a one-line reason,
// and is closed; a closed connection frees its place; WebSockets count
// among the connections; the metrics report it all.
func TestConnCaps(t *testing.T) {
	leaks := checkLeaks(t)
	ts := startTuned(t, backends()[0].fresh(t), nil, func(cfg *Config) {
		cfg.MaxConns, cfg.MaxConnsPerAddr = 6, 4
	})
	s, _, _ := ts.friendGame(nil)
	sv := serve(t, ts)
	var open []net.Conn
	take := func(from string, want int, reason string) {
		t.Helper()
		c, status, body, err := idleConn(from, sv.addr)
		if err != nil || status != want || !strings.Contains(body, reason) {
			t.Fatalf("a connection from %s: %d %q %v, want %d %q", from, status, body, err, want, reason)
		}
		if c != nil {
			open = append(open, c)
		}
	}
	for range 4 {
		take("127.0.0.1", http.StatusOK, "ok")
	}
	take("127.0.0.1", http.StatusTooManyRequests, "too many connections from your address (at most 4")
	take("127.0.0.2", http.StatusOK, "ok")

	// A WebSocket is a connection too.
	ws := rawWebSocket(t, "127.0.0.3", sv.addr, "/api/v1/games/"+s.Game.ID+"/ws")
	take("127.0.0.4", http.StatusServiceUnavailable, "the server has as many connections as it takes (6)")
	ws.Close()
	deadline := time.Now().Add(10 * time.Second)
	for ts.srv.metrics.connOpen.Load() != 5 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	take("127.0.0.4", http.StatusOK, "ok")
	open[0].Close()
	for ts.srv.metrics.connOpen.Load() != 5 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	take("127.0.0.1", http.StatusOK, "ok")

	m := ts.srv.metrics
	if m.connRefusedAddr.Load() != 1 || m.connRefusedFull.Load() != 1 || m.connOpen.Load() != 6 || m.connTotal.Load() != 8 {
		t.Errorf("metrics: refused %d by address, %d full; %d open, %d accepted; want 1, 1, 6, 8",
			m.connRefusedAddr.Load(), m.connRefusedFull.Load(), m.connOpen.Load(), m.connTotal.Load())
	}
	for _, c := range open[1:] {
		c.Close()
	}
	sv.stop()
	if n := m.connOpen.Load(); n != 0 {
		t.Errorf("%d connections counted after the shutdown", n)
	}
	ts.close()
	leaks()
}

// rawWebSocket opens a WebSocket on path from the loopback address from,
// as far as the upgrade: a connection the server holds until it is closed.
func rawWebSocket(t *testing.T, from, addr, path string) net.Conn {
	t.Helper()
	c, err := dialFrom(from, addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", path)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if res, err := http.ReadResponse(bufio.NewReader(c), nil); err != nil || res.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("WebSocket upgrade: %v %v", res, err)
	}
	return c
}

// TestCrowdedIdle: the idle connections of an address that holds more than
// half its share are closed after CrowdedIdle, those of another address
// after Idle.
func TestCrowdedIdle(t *testing.T) {
	leaks := checkLeaks(t)
	ts := startTuned(t, backends()[0].fresh(t), nil, func(cfg *Config) {
		cfg.MaxConnsPerAddr = 4
		cfg.Timeouts = Timeouts{Idle: time.Minute, CrowdedIdle: 100 * time.Millisecond}
	})
	sv := serve(t, ts)
	var crowd []net.Conn
	for range 3 {
		c, status, _, err := idleConn("127.0.0.1", sv.addr)
		if err != nil || status != http.StatusOK {
			t.Fatalf("%d %v", status, err)
		}
		crowd = append(crowd, c)
	}
	calm, status, _, err := idleConn("127.0.0.2", sv.addr)
	if err != nil || status != http.StatusOK {
		t.Fatalf("%d %v", status, err)
	}
	// The third connection of 127.0.0.1 went idle with its address crowded:
	// the server closes it.
	crowd[2].SetReadDeadline(time.Now().Add(30 * time.Second))
	if n, err := crowd[2].Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("the crowded address's idle connection: read %d, %v; want EOF", n, err)
	}
	// 127.0.0.2's connection, alone, is still served.
	calm.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(calm, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
	if res, err := http.ReadResponse(bufio.NewReader(calm), nil); err != nil || res.StatusCode != http.StatusOK {
		t.Errorf("the calm address's idle connection: %v %v", res, err)
	}
	for _, c := range append(crowd, calm) {
		c.Close()
	}
	sv.stop()
	ts.close()
	leaks()
}

// TestDescriptorBound measures what one address can do to the server's
// descriptors and memory: 127.0.0.1 opens idle keep-alive connections, up
// to and past its share (the default caps), while 127.0.0.2 plays a game
// over HTTP. The moves must all succeed and the server must hold no more
// connections than the caps allow; the descriptors and memory the server
// holds and the moves' latency are logged.
func TestDescriptorBound(t *testing.T) {
	if testing.Short() {
		t.Skip("opens thousands of connections")
	}
	ts := startTuned(t, backends()[0].fresh(t), nil, nil)
	s, white, black := ts.friendGame(nil)
	sv := serve(t, ts)
	perAddr, maxConns := ts.srv.cfg.MaxConnsPerAddr, ts.srv.cfg.MaxConns
	// The flood goes on while the game is played: at least 2000
	// connections, at most 20000.
	const minAttempts, maxAttempts = 2000, 20000

	fds0 := openFiles(t)

	// The flood: attempts connections from 127.0.0.1, 8 at a time, each
	// kept open when it was taken.
	var (
		mu       sync.Mutex
		held     []net.Conn
		statuses = map[int]int{}
		failures []error
	)
	flood := make(chan int)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range flood {
				c, status, _, err := idleConn("127.0.0.1", sv.addr)
				mu.Lock()
				statuses[status]++
				if c != nil {
					held = append(held, c)
				}
				if err != nil && len(failures) < 5 {
					failures = append(failures, err)
				}
				mu.Unlock()
			}
		})
	}
	// The game, from 127.0.0.2, while the flood runs.
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
		return d.DialContext(ctx, network, addr)
	}}}
	defer client.CloseIdleConnections()
	moves := strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5")
	played := make(chan []time.Duration, 1)
	gameOver := make(chan struct{})
	go func() {
		defer close(gameOver)
		var took []time.Duration
		defer func() { played <- took }()
		for ply, mv := range moves {
			token := white
			if ply%2 == 1 {
				token = black
			}
			body, _ := json.Marshal(map[string]any{"ply": ply, "move": mv})
			req, _ := http.NewRequest("POST", "http://"+sv.addr+"/api/v1/games/"+s.Game.ID+"/moves", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+token)
			began := time.Now()
			res, err := client.Do(req)
			if err != nil {
				t.Errorf("move %d %s: %v", ply, mv, err)
				return
			}
			data, _ := io.ReadAll(res.Body)
			res.Body.Close()
			took = append(took, time.Since(began))
			if res.StatusCode != http.StatusOK {
				t.Errorf("move %d %s: %d %s", ply, mv, res.StatusCode, data)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	attempts := 0
	for over := false; attempts < maxAttempts && !(over && attempts >= minAttempts); attempts++ {
		select {
		case <-gameOver:
			over = true
		default:
		}
		flood <- attempts
	}
	close(flood)
	wg.Wait()
	took := <-played

	open := ts.srv.metrics.connOpen.Load()
	fds := openFiles(t)
	// The test's own client ends of the connections are in this process too.
	serverFDs := fds - fds0 - len(held)
	t.Logf("%d connections from 127.0.0.1: %v (status: count; 0 is a failure); the server holds %d connections (caps: %d per address, %d in all)",
		attempts, statuses, open, perAddr, maxConns)
	t.Logf("server descriptors: %d more than before the flood (%d in the process, %d of them the test's client ends)",
		serverFDs, fds, len(held))
	if len(took) > 0 {
		slices.Sort(took)
		t.Logf("127.0.0.2's %d moves during the flood: p50 %v, p99 %v, max %v", len(took),
			took[len(took)/2], took[(len(took)*99)/100], took[len(took)-1])
	}
	if len(took) != len(moves) {
		t.Errorf("%d of %d moves made", len(took), len(moves))
	}
	if len(failures) > 0 {
		t.Errorf("connections failed other than by a refusal: %v", failures)
	}
	// 127.0.0.1 holds its share, or more over time when the server closes
	// its idle connections (after CrowdedIdle) while the flood goes on.
	if taken := statuses[http.StatusOK]; taken < perAddr || taken+statuses[http.StatusTooManyRequests] != attempts {
		t.Errorf("%d connections taken, %d refused with 429, of %d; want at least %d taken and the rest refused",
			taken, statuses[http.StatusTooManyRequests], attempts, perAddr)
	}
	if open > int64(perAddr)+1 {
		t.Errorf("the server holds %d connections, more than 127.0.0.1's share and 127.0.0.2's", open)
	}
	// The server's descriptors: the connections it holds (127.0.0.1's
	// share and 127.0.0.2's keep-alive), the refusals still lingering, and
	// a few of its own (the store's files, the epoll).
	if limit := perAddr + maxRefusing + 16; serverFDs > limit {
		t.Errorf("the server holds %d descriptors more than before, want at most %d", serverFDs, limit)
	}
	for _, c := range held {
		c.Close()
	}

	// Many addresses: 16 more take their share each, to measure what a
	// connection costs the server and so what the total cap bounds.
	deadline := time.Now().Add(10 * time.Second)
	for ts.srv.metrics.connOpen.Load() > 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	runtime.GC()
	fds0, mem0, open0 := openFiles(t), liveMemory(), ts.srv.metrics.connOpen.Load()
	held = held[:0]
	for a := range 16 {
		for range perAddr {
			c, status, body, err := idleConn(fmt.Sprintf("127.0.1.%d", a+1), sv.addr)
			if err != nil || status != http.StatusOK {
				t.Fatalf("127.0.1.%d: %d %s %v", a+1, status, body, err)
			}
			held = append(held, c)
		}
	}
	runtime.GC()
	added := ts.srv.metrics.connOpen.Load() - open0
	perConn := float64(liveMemory()-mem0) / float64(added)
	t.Logf("16 addresses x %d idle connections: the server holds %d more, %d more descriptors, %.1f KiB of memory per connection: %.1f MiB for one address's share, %.0f MiB at the cap of %d",
		perAddr, added, openFiles(t)-fds0-len(held), perConn/1024, perConn*float64(perAddr)/(1<<20), perConn*float64(maxConns)/(1<<20), maxConns)
	for _, c := range held {
		c.Close()
	}
}

// openFiles counts the process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(entries)
}

// liveMemory is the memory the Go runtime holds for the heap and the
// goroutine stacks in use.
func liveMemory() int64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}
