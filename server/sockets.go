package server

import (
	"net/http"
	"sync"
)

// sockets caps the WebSocket connections open at once: in all, and from one
// client address (addrKey), so that one client cannot take every connection.
type sockets struct {
	max, perAddr int // 0 or less: no cap

	mu     sync.Mutex
	total  int
	byAddr map[string]int
}

func newSockets(max, perAddr int) *sockets {
	return &sockets{max: max, perAddr: perAddr, byAddr: map[string]int{}}
}

// take counts a new connection from addr, or refuses it: 429 when addr has
// its share open already, 503 when the server has as many as it takes.
func (k *sockets) take(addr string) error {
	addr = addrKey(addr)
	k.mu.Lock()
	defer k.mu.Unlock()
	switch {
	case k.perAddr > 0 && k.byAddr[addr] >= k.perAddr:
		return fail(http.StatusTooManyRequests, codeRateLimited, "too many WebSocket connections from your address (at most %d); close some", k.perAddr)
	case k.max > 0 && k.total >= k.max:
		return fail(http.StatusServiceUnavailable, codeBusy, "the server has as many WebSocket connections as it takes (%d); retry later", k.max)
	}
	k.total++
	k.byAddr[addr]++
	return nil
}

// release forgets a connection of addr that take counted.
func (k *sockets) release(addr string) {
	addr = addrKey(addr)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.total--
	if k.byAddr[addr]--; k.byAddr[addr] <= 0 {
		delete(k.byAddr, addr)
	}
}
