package server

import (
	"net/http"
	"sync"
)

// caps counts what is open at once, per client address and in all, against
// a cap of each (0 or less: no cap): the WebSocket connections (sockets.go)
// and every connection (listener.go).
type caps struct {
	max, perAddr int

	mu     sync.Mutex
	total  int
	byAddr map[string]int
}

func newCaps(max, perAddr int) caps {
	return caps{max: max, perAddr: perAddr, byAddr: map[string]int{}}
}

// take counts one more for addr, or says which cap it would pass:
// http.StatusTooManyRequests for addr's, StatusServiceUnavailable for the
// one in all; 0 once counted.
func (c *caps) take(addr string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.perAddr > 0 && c.byAddr[addr] >= c.perAddr:
		return http.StatusTooManyRequests
	case c.max > 0 && c.total >= c.max:
		return http.StatusServiceUnavailable
	}
	c.total++
	c.byAddr[addr]++
	return 0
}

// release forgets one that take counted for addr.
func (c *caps) release(addr string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total--
	if c.byAddr[addr]--; c.byAddr[addr] <= 0 {
		delete(c.byAddr, addr)
	}
}

// crowded reports whether addr holds more than half its share.
func (c *caps) crowded(addr string) bool {
	if c.perAddr <= 0 {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byAddr[addr] > c.perAddr/2
}
