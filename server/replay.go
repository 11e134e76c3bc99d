package server

import (
	"context"
	"fmt"
	"time"

	"timechess/game"
	"timechess/notation"
	"timechess/rules"
	"timechess/store"
)

// open returns the game's replay, locked and in step with the store. The
// caller unlocks it.
func (s *Server) open(ctx context.Context, id string) (*replay, error) {
	r := s.cache.get(id)
	if err := s.refresh(ctx, r, nil); err != nil {
		r.mu.Unlock()
		return nil, err
	}
	return r, nil
}

// refresh brings r in step with the store. When known is not nil it is the
// game as a store write just returned it (so no read is needed when r is one
// move behind it); otherwise the game is read. Moves are read only from
// r's last move on, which is checked to be still the same, so that a move
// costs one replayed ply; a takeback (or any surprise) replays the game
// anew from a consistent read.
func (s *Server) refresh(ctx context.Context, r *replay, known *store.Game) error {
	g := known
	if g == nil {
		stored, err := s.store.Game(ctx, r.id)
		if err != nil {
			r.play = nil
			return err
		}
		g = &stored
	}
	if r.play != nil && r.g.Version == g.Version {
		return nil
	}
	if r.play != nil && g.Ply >= r.g.Ply && g.Version > r.g.Version {
		from := max(0, r.g.Ply-1)
		moves, err := s.store.Moves(ctx, r.id, from)
		if err != nil {
			return err
		}
		if r.extend(moves, g.Ply) {
			r.g = *g
			return nil
		}
	}
	return s.reload(ctx, r)
}

// extend plays the moves read after ply len(r.moves)-1 (the first of them
// must repeat r's last move) up to ply upto, and reports whether they fit.
func (r *replay) extend(moves []store.Move, upto int) bool {
	if n := len(r.moves); n > 0 {
		if len(moves) == 0 || moves[0].Ply != n || moves[0].Action != r.moves[n-1].Coord || !moves[0].At.Equal(r.moves[n-1].At) {
			return false
		}
		moves = moves[1:]
	}
	for _, m := range moves {
		if m.Ply > upto {
			break
		}
		if m.Ply != len(r.moves)+1 {
			return false
		}
		if err := r.playStored(m); err != nil {
			return false
		}
	}
	return len(r.moves) == upto
}

// reload replays the whole game from one consistent read, as the server's
// own work (gate.bounded), with a bound of computeBound per stored ply. The
// Positions kept of plies after the start are dropped: the moves may differ
// now (the start position never does).
func (s *Server) reload(ctx context.Context, r *replay) error {
	r.play, r.moves, r.built, r.wire, r.head = nil, nil, perVersion{}, nil, nil
	r.forgetViews(0)
	g, moves, err := s.store.Load(ctx, r.id)
	if err != nil {
		return err
	}
	v, err := rules.Lookup(g.Variant)
	if err != nil {
		return fmt.Errorf("game %s: %w", g.ID, err)
	}
	var replayErr error
	bound := computeBound * time.Duration(1+len(moves))
	err = r.gate.bounded(ctx, "replaying this game", bound, func(b *rules.Budget) {
		play, err := game.NewBound(v, g.Start, b)
		if err != nil {
			replayErr = fmt.Errorf("game %s: start position: %w", g.ID, err)
			return
		}
		defer play.Position().Bind(nil)
		r.play, r.g, r.moves = play, g, make([]moveView, 0, len(moves))
		for _, m := range moves {
			if err := r.playStored(m); err != nil {
				replayErr = fmt.Errorf("game %s: replaying ply %d: %w", g.ID, m.Ply, err)
				return
			}
		}
	})
	if err == nil {
		err = replayErr
	}
	if err != nil {
		r.play = nil
		return err
	}
	return nil
}

// playStored plays a stored move.
func (r *replay) playStored(m store.Move) error {
	return r.ownWork("this move", func() error {
		mv, err := notation.Parse(r.play.Position(), m.Action)
		if err != nil {
			return err
		}
		return r.play1(mv, m)
	})
}

// apply plays the legal move mv, stored as m, and logs it. A move that
// takes longer than computeBound to play is refused (too_complex) and r is
// left to be replayed from the store.
func (r *replay) apply(mv rules.Move, m store.Move) error {
	return r.ownWork("this move", func() error { return r.play1(mv, m) })
}

// play1 is apply's work.
func (r *replay) play1(mv rules.Move, m store.Move) error {
	p := r.play.Position()
	san, number, side := notation.SAN(p, mv), p.Fullmove, p.Side.String()
	if err := r.play.PlayMove(mv); err != nil {
		return fmt.Errorf("playing %s: %w", m.Action, err)
	}
	r.moves = append(r.moves, moveView{Ply: m.Ply, Number: number, Side: side, Coord: m.Action, SAN: san, ClockMs: m.Clock.Milliseconds(), At: m.At})
	return nil
}

// ownWork calls f, which plays on r's game, under a budget of computeBound
// (gate.bounded) unless the game's position has one already (reload's).
// When the budget stops f, the game is dropped (r.play = nil): the next
// read replays it from the store.
func (r *replay) ownWork(what string, f func() error) error {
	p := r.play.Position()
	if p.Budget() != nil {
		return f()
	}
	var ferr error
	err := r.gate.bounded(context.Background(), what, computeBound, func(b *rules.Budget) {
		p.Bind(b)
		defer p.Bind(nil)
		ferr = f()
	})
	if err != nil {
		r.play = nil
		return err
	}
	return ferr
}

// undo takes back the last move played by apply.
func (r *replay) undo() {
	if err := r.play.Undo(); err != nil {
		r.play = nil // reload on next use
		return
	}
	r.moves = r.moves[:len(r.moves)-1]
	r.forgetViews(len(r.moves))
}
