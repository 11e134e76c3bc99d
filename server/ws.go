package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"timechess/store"
)

// The WebSocket limits.
const (
	wsReadLimit    = 64 << 10         // bytes of one client message
	wsQueue        = 64               // messages waiting for a slow client before it is dropped
	wsWriteTimeout = 10 * time.Second // to write one message
	wsPingEvery    = 30 * time.Second // keepalive
	// wsFlood is how many messages in a row a connection may send over its
	// rate before it is closed (1008): a client that floods.
	wsFlood = 100
	// wsDrainTimeout bounds the writing of the messages still queued (the
	// acks of moves stored) when the server shuts down.
	wsDrainTimeout = time.Second
)

// wsMessageRate limits the messages of one connection.
var wsMessageRate = Rate{PerSecond: 50, Burst: 100}

// wsClient is one WebSocket connection: a reader that handles the client's
// requests and a writer that drains a bounded queue.
//
// The connection is ended by close, never by cancelling a Read or Write:
// the WebSocket library drops a connection whose Read or Write context
// ends, without its closing code, so reads use no deadline and writes a
// timeout of their own.
type wsClient struct {
	conn    *websocket.Conn
	addr    string
	out     chan []byte
	ctx     context.Context // the connection's life: ends when it closes
	cancel  context.CancelFunc
	written chan struct{} // closed when writeLoop has ended
	unwatch func() bool   // stops the watch of the server's shutdown
	closing sync.Once
	s       *Server
	limit   *limiter // the connection's message rate
	refused int      // messages refused in a row for the rate

	mu      sync.Mutex
	token   string
	side    store.Side
	dropped bool

	// showing orders what the socket is shown of its game (show): sent is
	// the version it holds, hasLegal whether it holds that version's legal
	// list.
	showing  sync.Mutex
	sent     *gameParts
	hasLegal bool
}

// wsAcceptOptions offer permessage-deflate for messages of 8 KiB and more,
// without context takeover (nothing kept per connection between messages):
// a travelers seat to move gets hundreds of explosions in its legal list,
// about 15 KB of JSON that compresses to a third, while the usual message
// (an update of 1-5 KB) stays plain and costs no deflate time per
// receiver. Clients that do not ask for the extension (the load
// generator, most bots) get plain messages.
var wsAcceptOptions = &websocket.AcceptOptions{CompressionMode: websocket.CompressionNoContextTakeover, CompressionThreshold: 8 << 10}

// accept upgrades the request, within the caps on connections. It returns
// a nil client when the request was refused: with the error to answer, or
// with nil when the WebSocket library has answered (it refuses upgrades
// from another origin than the request's host with 403).
func (s *Server) accept(w http.ResponseWriter, r *http.Request) (*wsClient, context.Context, error) {
	addr := clientAddr(r)
	if err := s.sockets.take(addr); err != nil {
		s.metrics.wsRefused.Add(1)
		return nil, nil, err
	}
	if err := s.begin(&s.conns); err != nil {
		s.sockets.release(addr)
		return nil, nil, err
	}
	conn, err := websocket.Accept(w, r, wsAcceptOptions)
	if err != nil {
		s.sockets.release(addr)
		s.conns.Done()
		return nil, nil, nil // Accept has answered
	}
	conn.SetReadLimit(wsReadLimit)
	ctx, cancel := context.WithCancel(s.ctx)
	c := &wsClient{conn: conn, addr: addr, out: make(chan []byte, wsQueue), ctx: ctx, cancel: cancel,
		written: make(chan struct{}), s: s, limit: newLimiter(wsMessageRate, time.Now)}
	s.metrics.wsOpen.Add(1)
	s.metrics.wsTotal.Add(1)
	go c.writeLoop()
	c.unwatch = context.AfterFunc(s.ctx, func() { c.close(websocket.StatusGoingAway, "server shutting down") })
	return c, ctx, nil
}

// close ends the connection with code, once: it stops the writer (and the
// requests in progress), writes what is still queued when the server shuts
// down (the acks of the last moves stored among it), and makes the closing
// handshake, which ends the reader's Read. Later calls wait for the first.
func (c *wsClient) close(code websocket.StatusCode, reason string) {
	c.closing.Do(func() {
		c.cancel()
		<-c.written
		if code == websocket.StatusGoingAway {
			c.drain()
		}
		c.conn.Close(code, reason)
	})
}

// finish ends the connection once its reader is done (the client closed
// it, or close did) and forgets it.
func (c *wsClient) finish() {
	c.unwatch()
	c.close(websocket.StatusNormalClosure, "")
	c.s.metrics.wsOpen.Add(-1)
	c.s.sockets.release(c.addr)
	c.s.conns.Done()
}

// drop closes the connection of a slow or flooding client (1008).
func (c *wsClient) drop() {
	c.mu.Lock()
	first := !c.dropped && c.ctx.Err() == nil
	c.dropped = true
	c.mu.Unlock()
	if first {
		c.s.metrics.wsDropped.Add(1)
		go c.close(websocket.StatusPolicyViolation, "too slow or too many messages")
	}
}

// enqueue queues msg; a client whose queue is full is dropped.
func (c *wsClient) enqueue(msg []byte) {
	select {
	case c.out <- msg:
	default:
		c.drop()
	}
}

// showMode is how show brings a socket to a version of its game.
type showMode int

const (
	// showNext shows a change: an update, unless the socket holds that
	// version or a later one already (the whole game if it holds none).
	showNext showMode = iota
	// showHello answers a hello: an update with you and the seat's legal
	// list, whatever the socket holds.
	showHello
	// showWhole sends the whole game (for resync).
	showWhole
)

// show queues what brings the socket to p (docs/api.md, "WebSocket"): the
// whole game when it holds none yet (or mode is showWhole), else the
// update from the version it holds, with the legal list when its seat is
// to move and does not hold that list. updates, when not nil, shares the
// encoded updates among the sockets of one change. A socket is never
// brought back: p older than what it holds shows that instead (or
// nothing, for showNext).
func (c *wsClient) show(p *gameParts, mode showMode, updates updateCache) {
	c.mu.Lock()
	side := c.side
	c.mu.Unlock()
	c.showing.Lock()
	defer c.showing.Unlock()
	base := c.sent
	if base != nil && p.version <= base.version {
		if mode == showNext {
			return
		}
		p = base
	}
	toMove := p.legalFor(side) != nil
	var msg []byte
	switch {
	case base == nil || mode == showWhole:
		msg = p.gameMessage(side)
	case mode == showHello:
		msg = p.updateMessage(base, toMove, side)
	default:
		msg = updates.get(p, base, toMove && (!c.hasLegal || !bytes.Equal(p.position, base.position)))
	}
	c.sent, c.hasLegal = p, toMove
	c.enqueue(msg)
}

// send queues a message encoded as JSON.
func (c *wsClient) send(v any) {
	msg, err := json.Marshal(v)
	if err != nil {
		return
	}
	c.enqueue(msg)
}

// sendError queues the error answer of request id.
func (c *wsClient) sendError(id string, err error) {
	ae := asAPIError(err)
	if ae.Code == codeInternal {
		c.s.log.Error("websocket request failed", "err", err)
	}
	c.send(map[string]any{"type": "error", "id": id, "error": ae})
}

// writeLoop writes the queued messages and keeps the connection alive,
// until close stops it or a write fails.
func (c *wsClient) writeLoop() {
	defer close(c.written)
	ping := time.NewTicker(wsPingEvery)
	defer ping.Stop()
	for {
		var err error
		select {
		case <-c.ctx.Done():
			return
		case msg := <-c.out:
			err = c.write(msg)
		case <-ping.C:
			wctx, cancel := context.WithTimeout(context.Background(), wsWriteTimeout)
			err = c.conn.Ping(wctx)
			cancel()
		}
		if err != nil {
			c.cancel() // the library has dropped the connection: the reader ends too
			return
		}
	}
}

// write writes one message within wsWriteTimeout.
func (c *wsClient) write(msg []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), wsWriteTimeout)
	defer cancel()
	return c.conn.Write(ctx, websocket.MessageText, msg)
}

// drain writes the queued messages, for at most wsDrainTimeout.
func (c *wsClient) drain() {
	deadline := time.Now().Add(wsDrainTimeout)
	for time.Now().Before(deadline) {
		select {
		case msg := <-c.out:
			if c.write(msg) != nil {
				return
			}
		default:
			return
		}
	}
}

// next reads the client's next request within the connection's message
// rate. A message over the rate is answered with an error, and a client
// that sends wsFlood of them in a row is dropped; a malformed message is
// answered with an error. It returns false when the connection is over.
func (c *wsClient) next() (wsRequest, bool) {
	for {
		_, data, err := c.conn.Read(context.Background()) // see wsClient
		if err != nil || c.ctx.Err() != nil {
			return wsRequest{}, false
		}
		if ok, wait := c.limit.allow(""); !ok {
			if c.refused++; c.refused >= wsFlood {
				c.drop()
				continue // until close ends the Read
			}
			if c.refused == 1 {
				c.sendError("", fail(http.StatusTooManyRequests, codeRateLimited, "too many messages; slow down for %v", wait.Round(time.Millisecond)))
			}
			continue
		}
		c.refused = 0
		var req wsRequest
		if err := decodeBytes(data, &req); err != nil {
			c.sendError("", err)
			continue
		}
		return req, true
	}
}

// wsRequest is a client message of the game socket.
type wsRequest struct {
	Type   string `json:"type"`
	ID     string `json:"id"`
	Token  string `json:"token"`
	Ply    *int   `json:"ply"`
	Move   string `json:"move"`
	Action string `json:"action"`
}

// handleGameWS serves GET /api/v1/games/{id}/ws.
func (s *Server) handleGameWS(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if _, err := s.store.Game(r.Context(), id); err != nil {
		return err
	}
	c, ctx, err := s.accept(w, r)
	if c == nil {
		return err
	}
	defer c.finish()
	h, err := s.hubs.join(id, c)
	if err != nil {
		c.sendError("", err)
		return nil
	}
	defer s.hubs.leave(h, c)
	if p, _, err := s.snapshot(ctx, id, 0, true); err != nil {
		c.sendError("", err)
	} else {
		c.show(p, showNext, nil) // the whole game, unless the hub was first
	}
	for {
		req, ok := c.next()
		if !ok {
			return nil
		}
		c.handle(ctx, id, req)
	}
}

// handle answers one request of the game socket.
func (c *wsClient) handle(ctx context.Context, id string, req wsRequest) {
	s := c.s
	c.mu.Lock()
	token := c.token
	c.mu.Unlock()
	switch req.Type {
	case "ping":
		c.send(map[string]string{"type": "pong", "id": req.ID})
	case "hello":
		p, g, err := s.snapshot(ctx, id, 0, true)
		if err != nil {
			c.sendError(req.ID, err)
			return
		}
		side, err := byToken(req.Token)(g)
		if err != nil {
			c.sendError(req.ID, err)
			return
		}
		c.mu.Lock()
		c.token, c.side = req.Token, side
		c.mu.Unlock()
		c.show(p, showHello, nil)
	case "resync":
		p, _, err := s.snapshot(ctx, id, 0, false)
		if err != nil {
			c.sendError(req.ID, err)
			return
		}
		c.show(p, showWhole, nil)
	case "move", "action":
		if token == "" {
			c.sendError(req.ID, fail(http.StatusUnauthorized, codeBadToken, "send hello with the seat's token first"))
			return
		}
		if ok, wait := s.tokenLimit.allow(tokenKey(token)); !ok {
			c.sendError(req.ID, fail(http.StatusTooManyRequests, codeRateLimited, "too many moves; retry in %v", wait.Round(time.Millisecond)))
			return
		}
		// The change and its answer are one piece of work: Close waits for
		// both, so the answer is queued before the connection is drained.
		if err := s.begin(&s.work); err != nil {
			c.sendError(req.ID, err)
			return
		}
		defer s.work.Done()
		if req.Type == "action" {
			if _, err := s.action(ctx, id, byToken(token), req.Action); err != nil {
				c.sendError(req.ID, err)
				return
			}
			c.send(map[string]any{"type": "ack", "id": req.ID})
			return
		}
		if req.Ply == nil {
			c.sendError(req.ID, badRequest("a move message needs ply (the number of moves the client has seen)"))
			return
		}
		_, ply, err := s.move(ctx, id, byToken(token), *req.Ply, req.Move)
		if err != nil {
			c.sendError(req.ID, err)
			return
		}
		c.send(map[string]any{"type": "ack", "id": req.ID, "ply": ply})
	default:
		c.sendError(req.ID, badRequest("unknown message type %q (want hello, move, action, resync or ping)", req.Type))
	}
}

// tokenKey is the rate limiter's key of a token: its hash, so that no token
// is kept in clear.
func tokenKey(token string) string {
	h := store.HashToken(token)
	return string(h[:])
}
