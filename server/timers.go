package server

import (
	"context"
	"errors"
	"sync"
	"time"

	"timechess/store"
)

// timers flag this process's games when their side to move runs out of
// time. They are a shortcut: the sweep finds every other game (after a
// restart, or one that another process changed).
type timers struct {
	s       *Server
	mu      sync.Mutex
	stopped bool
	byGame  map[string]*time.Timer
}

func newTimers(s *Server) *timers { return &timers{s: s, byGame: map[string]*time.Timer{}} }

// schedule checks game id for a flag at time at (by the server's clock).
func (t *timers) schedule(id string, at time.Time) {
	wait := max(0, at.Sub(t.s.now())) + 10*time.Millisecond
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return
	}
	if old := t.byGame[id]; old != nil {
		old.Stop()
	}
	t.byGame[id] = time.AfterFunc(wait, func() {
		t.mu.Lock()
		delete(t.byGame, id)
		t.mu.Unlock()
		if err := t.s.checkFlag(t.s.ctx, id); err != nil && !isQuiet(err) {
			t.s.log.Error("flag check failed", "game", id, "err", err)
		}
	})
}

// cancel forgets game id's timer.
func (t *timers) cancel(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if old := t.byGame[id]; old != nil {
		old.Stop()
		delete(t.byGame, id)
	}
}

// stop stops every timer.
func (t *timers) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	for id, tm := range t.byGame {
		tm.Stop()
		delete(t.byGame, id)
	}
}

// isQuiet reports errors that background work expects: the server or the
// store closing, another process winning a race.
func isQuiet(err error) bool {
	var ae *apiError
	return errors.Is(err, context.Canceled) || errors.Is(err, store.ErrClosed) ||
		errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrEnded) ||
		(errors.As(err, &ae) && ae.Code == codeBusy)
}

// sweepLoop sweeps at once and then every SweepInterval.
func (s *Server) sweepLoop(ctx context.Context) {
	tick := time.NewTicker(s.cfg.SweepInterval)
	defer tick.Stop()
	for {
		if err := s.sweep(ctx); err != nil && !isQuiet(err) {
			s.log.Error("sweep failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// sweep checks every ongoing game: it flags those whose side to move has run
// out of time, sets a timer for the others with a running clock, and queues
// those where the engine is to move.
func (s *Server) sweep(ctx context.Context) error {
	f := store.GameFilter{Status: store.Ongoing, Limit: 1000}
	for {
		games, err := s.store.ListGames(ctx, f)
		if err != nil {
			return err
		}
		now := s.now()
		for _, g := range games {
			if flagged(g, now) {
				if err := s.checkFlag(ctx, g.ID); err != nil && !isQuiet(err) {
					return err
				}
				continue
			}
			s.afterChange(g)
		}
		if len(games) < f.Limit {
			return nil
		}
		f.After = &games[len(games)-1]
	}
}
