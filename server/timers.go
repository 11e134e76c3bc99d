package server

import (
	"context"
	"errors"
	"sync"
	"time"

	"timechess/store"
)

// timers flag this process's games when their side to move runs out of
// time, and abort them when nobody played in time (Expiry). They are a
// shortcut: the sweep finds every other game (after a restart, or one that
// another process changed).
type timers struct {
	s       *Server
	mu      sync.Mutex
	stopped bool
	byGame  map[string]*time.Timer
}

func newTimers(s *Server) *timers { return &timers{s: s, byGame: map[string]*time.Timer{}} }

// schedule checks game id for a flag or an expiry at time at (by the
// server's clock).
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
		if err := t.s.checkTime(t.s.ctx, id); err != nil && !isQuiet(err) {
			t.s.log.Error("time check failed", "game", id, "err", err)
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

// sweep checks every ongoing and waiting game: it flags those whose side to
// move has run out of time, aborts those nobody played in time (Expiry),
// sets a timer for the others with a clock or an expiry to come, and queues
// those where the engine is to move. Then it removes the seeks nobody took
// in time.
func (s *Server) sweep(ctx context.Context) error {
	for _, status := range []store.Status{store.Ongoing, store.Waiting} {
		if err := s.sweepGames(ctx, status); err != nil {
			return err
		}
	}
	return s.expireSeeks(ctx, s.now())
}

// sweepGames is the sweep of the games with status.
func (s *Server) sweepGames(ctx context.Context, status store.Status) error {
	f := store.GameFilter{Status: status, Limit: 1000}
	for {
		games, err := s.store.ListGames(ctx, f)
		if err != nil {
			return err
		}
		now := s.now()
		for _, g := range games {
			if _, due := s.expired(g, now); due || flagged(g, now) {
				if err := s.checkTime(ctx, g.ID); err != nil && !isQuiet(err) {
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
