package server

import "net/http"

// sockets caps the WebSocket connections open at once: in all, and from one
// client address (addrKey), so that one client cannot take every connection.
type sockets struct{ caps }

func newSockets(max, perAddr int) *sockets { return &sockets{newCaps(max, perAddr)} }

// take counts a new connection from addr, or refuses it: 429 when addr has
// its share open already, 503 when the server has as many as it takes.
func (k *sockets) take(addr string) error {
	switch k.caps.take(addrKey(addr)) {
	case http.StatusTooManyRequests:
		return fail(http.StatusTooManyRequests, codeRateLimited, "too many WebSocket connections from your address (at most %d); close some", k.perAddr)
	case http.StatusServiceUnavailable:
		return fail(http.StatusServiceUnavailable, codeBusy, "the server has as many WebSocket connections as it takes (%d); retry later", k.max)
	}
	return nil
}

// release forgets a connection of addr that take counted.
func (k *sockets) release(addr string) { k.caps.release(addrKey(addr)) }
