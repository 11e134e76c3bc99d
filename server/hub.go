package server

import (
	"context"
	"encoding/json"
	"sync"

	"timechess/store"
)

// hubs holds one hub per game that has WebSocket clients in this process.
type hubs struct {
	s  *Server
	mu sync.Mutex
	m  map[string]*hub
}

// hub follows one game's change feed and fans each new version of the game
// out to the game's clients in this process: its parts built once, each
// update encoded once per version the clients hold (wire.go).
type hub struct {
	id      string
	clients map[*wsClient]struct{} // guarded by hubs.mu
	cancel  context.CancelFunc
}

func newHubs(s *Server) *hubs { return &hubs{s: s, m: map[string]*hub{}} }

// join adds c to game id's hub, starting the hub when it is the first.
func (hs *hubs) join(id string, c *wsClient) (*hub, error) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	h := hs.m[id]
	if h == nil {
		ctx, cancel := context.WithCancel(hs.s.ctx)
		events, err := hs.s.store.Subscribe(ctx, id)
		if err != nil {
			cancel()
			return nil, err
		}
		h = &hub{id: id, clients: map[*wsClient]struct{}{}, cancel: cancel}
		hs.m[id] = h
		hs.s.goBackground(func(context.Context) { hs.run(ctx, h, events) })
	}
	h.clients[c] = struct{}{}
	return h, nil
}

// leave removes c from its hub, stopping the hub when it was the last.
func (hs *hubs) leave(h *hub, c *wsClient) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	delete(h.clients, c)
	if len(h.clients) == 0 && hs.m[h.id] == h {
		delete(hs.m, h.id)
		h.cancel()
	}
}

// members returns h's clients now.
func (hs *hubs) members(h *hub) []*wsClient {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	out := make([]*wsClient, 0, len(h.clients))
	for c := range h.clients {
		out = append(out, c)
	}
	return out
}

// run turns the feed's events into messages until the hub stops.
func (hs *hubs) run(ctx context.Context, h *hub, events <-chan store.Event) {
	lastComment := -1
	for ev := range events {
		switch ev.Kind {
		case store.EventComment:
			if lastComment < 0 {
				lastComment = ev.Seq - 1
			}
			comments, err := hs.s.store.Comments(ctx, h.id, lastComment)
			if err != nil {
				hs.logFailure(h, err)
				continue
			}
			for _, cm := range comments {
				lastComment = cm.Seq
				msg, err := json.Marshal(map[string]any{"type": "comment", "comment": commentOf(cm)})
				if err != nil {
					continue
				}
				for _, c := range hs.members(h) {
					c.enqueue(msg)
				}
			}
		default:
			p, _, err := hs.s.snapshot(ctx, h.id, ev.Version, ev.Kind == store.EventResync)
			if err != nil {
				hs.logFailure(h, err)
				continue
			}
			updates := updateCache{}
			for _, c := range hs.members(h) {
				c.show(p, showNext, updates)
			}
		}
	}
}

func (hs *hubs) logFailure(h *hub, err error) {
	if !isQuiet(err) {
		hs.s.log.Error("game feed", "game", h.id, "err", err)
	}
}

// snapshot returns the WebSocket's parts of game id at version at least
// atLeast, from the cache when it has it, with the stored game they show;
// reread forces a read of the store.
func (s *Server) snapshot(ctx context.Context, id string, atLeast int64, reread bool) (*gameParts, store.Game, error) {
	r := s.cache.get(id)
	defer r.mu.Unlock()
	if reread || r.play == nil || r.g.Version < atLeast {
		if err := s.refresh(ctx, r, nil); err != nil {
			return nil, store.Game{}, err
		}
	}
	p, err := r.parts()
	return p, r.g, err
}
