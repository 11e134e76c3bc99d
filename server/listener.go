package server

import (
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// connLimits caps the TCP connections Serve holds open at once (HTTP and
// WebSocket alike: a WebSocket is an HTTP connection that was upgraded), in
// all and per client address (addrKey), so that no client can take every file
// descriptor. A connection over a cap is answered, before its request is
// read, with a plain 429 (its address holds its share) or 503 (the server
// is full) and closed, without ever holding up the accepting of others.
//
// An address that holds more than half its share has its idle keep-alive
// connections closed sooner (Timeouts.CrowdedIdle instead of Idle).
type connLimits struct {
	caps
	crowdedIdle time.Duration // the idle timeout of a crowded address
	metrics     *metrics

	refusing chan struct{} // the refusals being written, at most maxRefusing
}

// maxRefusing bounds the refused connections held open at once while their
// 429 or 503 is written and what the client sent is drained (at most
// refuseLinger each); beyond it a refused connection is closed unanswered.
const maxRefusing = 64

// refuseLinger is how long a refused connection may stay open: the client
// gets this long to read the answer before the connection is closed, so
// that closing with its request unread does not reset the answer away.
const refuseLinger = 250 * time.Millisecond

func newConnLimits(max, perAddr int, crowdedIdle time.Duration, m *metrics) *connLimits {
	return &connLimits{caps: newCaps(max, perAddr), crowdedIdle: crowdedIdle, metrics: m,
		refusing: make(chan struct{}, maxRefusing)}
}

// defaultMaxConns is the default cap on connections: half the descriptor
// limit, at most 10000 (about 190 MiB of idle connections). The other
// half stays for the store, the logs, the refusals in progress and
// whatever else the process opens.
func defaultMaxConns() int { return min(10000, descriptorLimit()/2) }

// take counts a new connection from addr, or returns the status and the
// one-line reason of its refusal.
func (k *connLimits) take(addr string) (int, string) {
	switch k.caps.take(addr) {
	case http.StatusTooManyRequests:
		return http.StatusTooManyRequests, fmt.Sprintf("too many connections from your address (at most %d open at once); close some, or retry in %v", k.perAddr, k.crowdedIdle)
	case http.StatusServiceUnavailable:
		return http.StatusServiceUnavailable, fmt.Sprintf("the server has as many connections as it takes (%d); retry in %v", k.max, k.crowdedIdle)
	}
	k.metrics.connOpen.Add(1)
	return 0, ""
}

// release forgets a connection of addr that take counted.
func (k *connLimits) release(addr string) {
	k.caps.release(addr)
	k.metrics.connOpen.Add(-1)
}

// refuse answers a connection over a cap with status and reason, then
// closes it. The answer is written and the client's request drained in a
// goroutine of its own, for at most refuseLinger; when maxRefusing are in
// progress already, the connection is closed at once.
func (k *connLimits) refuse(c net.Conn, status int, reason string) {
	if status == http.StatusTooManyRequests {
		k.metrics.connRefusedAddr.Add(1)
	} else {
		k.metrics.connRefusedFull.Add(1)
	}
	select {
	case k.refusing <- struct{}{}:
	default:
		c.Close()
		return
	}
	go func() {
		defer func() { <-k.refusing }()
		defer c.Close()
		c.SetDeadline(time.Now().Add(refuseLinger))
		body := reason + "\n"
		fmt.Fprintf(c, "HTTP/1.1 %d %s\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: %d\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s",
			status, http.StatusText(status), max(1, int(k.crowdedIdle/time.Second)), len(body), body)
		if tc, ok := c.(interface{ CloseWrite() error }); ok {
			tc.CloseWrite()
		}
		var buf [512]byte
		for {
			if _, err := c.Read(buf[:]); err != nil {
				return
			}
		}
	}()
}

// listener wraps ln so that its connections are counted and capped.
func (k *connLimits) listener(ln net.Listener) net.Listener {
	return &limitedListener{Listener: ln, k: k}
}

// limitedListener is a net.Listener whose Accept refuses the connections
// over the caps of k.
type limitedListener struct {
	net.Listener
	k *connLimits
}

// Accept returns the next connection within the caps; the ones over them
// are refused on the way.
func (l *limitedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := c.RemoteAddr().String()
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
		addr = addrKey(addr)
		if status, reason := l.k.take(addr); status != 0 {
			l.k.refuse(c, status, reason)
			continue
		}
		l.k.metrics.connTotal.Add(1)
		return &limitedConn{Conn: c, addr: addr, k: l.k}, nil
	}
}

// limitedConn is a connection that take counted; Close releases it.
type limitedConn struct {
	net.Conn
	addr    string
	k       *connLimits
	idle    atomic.Bool // between requests on a keep-alive connection
	release sync.Once
}

// Close closes the connection and releases its place, once.
func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.release.Do(func() { c.k.release(c.addr) })
	return err
}

// Read reads from the connection; the first bytes of the next request end
// the connection's idleness.
func (c *limitedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.idle.Store(false)
	}
	return n, err
}

// SetReadDeadline sets the read deadline, brought forward to crowdedIdle
// from now while the connection is idle and its address crowded: the HTTP
// server sets the idle timeout of a keep-alive connection this way.
func (c *limitedConn) SetReadDeadline(t time.Time) error {
	if c.idle.Load() && c.k.crowdedIdle > 0 && c.k.crowded(c.addr) {
		if soon := time.Now().Add(c.k.crowdedIdle); t.IsZero() || t.After(soon) {
			t = soon
		}
	}
	return c.Conn.SetReadDeadline(t)
}

// trackIdle is the HTTP server's ConnState hook: it marks the connections
// that wait between requests, whose idle timeout SetReadDeadline shortens.
func trackIdle(c net.Conn, state http.ConnState) {
	if lc, ok := c.(*limitedConn); ok {
		lc.idle.Store(state == http.StateIdle)
	}
}
