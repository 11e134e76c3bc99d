package server

import (
	"context"

	"timechess/store"
)

// The rematch actions of an ended game (POST /games/{id}/actions).
const (
	actRematch        = "rematch"
	actAcceptRematch  = "accept-rematch"
	actDeclineRematch = "decline-rematch"
)

// isRematchAction reports whether name is one of the rematch actions, the
// only actions an ended game takes.
func isRematchAction(name string) bool {
	return name == actRematch || name == actAcceptRematch || name == actDeclineRematch
}

// rematch does a rematch action for side in r's ended game. Against the
// engine, rematch makes the new game at once; against a person it offers
// one, which the other accepts (or offers too) or declines. Once the
// rematch is made, rematch and accept-rematch answer with the game, whose
// rematch names the new one.
func (s *Server) rematch(ctx context.Context, r *replay, side store.Side, name string) ([]byte, error) {
	g, id := r.g, r.id
	opp := other(side)
	switch {
	case g.Status != store.Ended:
		return nil, invalid("game %s is not over yet: a rematch can be offered once it has ended", id)
	case g.RematchGame != "" && name == actDeclineRematch:
		return nil, invalid("the rematch of game %s was already made (game %s); there is no offer left to decline", id, g.RematchGame)
	case g.RematchGame != "":
		return r.describeFor(side)
	case seatless(g.Seat(opp)):
		return nil, invalid("a rematch needs two players, and nobody took the %s seat of game %s; start a new game instead", opp, id)
	}
	st := g.State
	switch name {
	case actRematch:
		if engineLevel(g.Seat(opp)) > 0 || g.Rematch == opp {
			return s.makeRematch(ctx, r, side)
		}
		if g.Rematch == side {
			return r.describeFor(side)
		}
		st.Rematch = side
	case actAcceptRematch, actDeclineRematch:
		if g.Rematch != opp {
			return nil, invalid("there is no rematch offer of %s to answer in game %s", opp, id)
		}
		if name == actAcceptRematch {
			return s.makeRematch(ctx, r, side)
		}
		st.Rematch = store.NoSide
	}
	return s.setState(ctx, r, st, side)
}

// seatless reports whether nobody ever sat on seat: it is open, or its
// invitation was never taken.
func seatless(seat store.Seat) bool {
	return seat.Token.IsZero() && seat.Owner == "" && seat.Engine == ""
}

// makeRematch makes the rematch of r's ended game: the same variant, start
// position and time control, the colours swapped, each player keeping
// their seat token (so both browsers hold their seats in the new game) and
// the engine its level.
func (s *Server) makeRematch(ctx context.Context, r *replay, side store.Side) ([]byte, error) {
	g := r.g
	keep := func(seat store.Seat) store.Seat {
		return store.Seat{Token: seat.Token, Owner: seat.Owner, Engine: seat.Engine}
	}
	spec := store.GameSpec{Variant: g.Variant, Start: g.Start, TimeControl: g.TimeControl,
		White: keep(g.Black), Black: keep(g.White)}
	st := store.State{Status: store.Ongoing, Result: store.NoResult, Clocks: initialClocks(g.TimeControl)}
	ended, next, err := s.store.Rematch(ctx, r.id, g.Version, spec, st)
	if err != nil {
		return nil, err
	}
	r.g = ended
	s.afterChange(ended)
	s.afterChange(next)
	return r.describeFor(side)
}
