package server

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"

	"timechess/store"
)

// lobby fans the open seek list out to the lobby's WebSocket clients: one
// subscription to store.LobbyTopic per process, one encoding per change.
type lobby struct {
	s       *Server
	mu      sync.Mutex
	clients map[*wsClient]struct{}
}

func newLobby(s *Server) (*lobby, error) {
	events, err := s.store.Subscribe(s.ctx, store.LobbyTopic)
	if err != nil {
		return nil, err
	}
	l := &lobby{s: s, clients: map[*wsClient]struct{}{}}
	s.goBackground(func(ctx context.Context) {
		for range events {
			msg, err := l.message(ctx)
			if err != nil {
				if !isQuiet(err) {
					s.log.Error("lobby feed", "err", err)
				}
				continue
			}
			l.mu.Lock()
			for c := range l.clients {
				c.enqueue(msg)
			}
			l.mu.Unlock()
		}
	})
	return l, nil
}

// message is the seeks message with the open seeks now.
func (l *lobby) message(ctx context.Context) ([]byte, error) {
	out, err := l.s.openSeeks(ctx)
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{"type": "seeks", "seeks": out})
}

func (s *Server) handleLobbyWS(w http.ResponseWriter, r *http.Request) error {
	c, ctx, err := s.accept(w, r)
	if c == nil {
		return err
	}
	defer c.finish()
	l := s.lobby
	l.mu.Lock()
	l.clients[c] = struct{}{}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.clients, c)
		l.mu.Unlock()
	}()
	if msg, err := l.message(ctx); err == nil {
		c.enqueue(msg)
	}
	for {
		req, ok := c.next()
		if !ok {
			return nil
		}
		if req.Type != "ping" {
			c.sendError(req.ID, badRequest("the lobby socket takes ping only, not %q", req.Type))
			continue
		}
		c.send(map[string]string{"type": "pong", "id": req.ID})
	}
}
