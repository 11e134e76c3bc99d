package server

import (
	"strings"
	"time"

	"timechess/store"
)

// Clocks: a live game's clock and a correspondence game's deadline both start
// with the third ply, once each side has moved (until then either side may
// abort). The side to move then has Clocks[side] - (now - TurnStart) left.

// clocksStartAt is the ply count from which the clock of the side to move runs.
const clocksStartAt = 2

// turnOf returns the side to move in g: the start position's, every move
// passing the turn.
func turnOf(g store.Game) store.Side {
	first := store.White
	if f := strings.Fields(g.Start); len(f) > 1 && f[1] == "b" {
		first = store.Black
	}
	if g.Ply%2 == 0 {
		return first
	}
	return other(first)
}

// other returns the opponent of side.
func other(side store.Side) store.Side {
	if side == store.White {
		return store.Black
	}
	return store.White
}

// left returns the time side has at TurnStart.
func left(c store.Clocks, side store.Side) time.Duration {
	if side == store.Black {
		return c.Black
	}
	return c.White
}

// setLeft sets the time side has.
func setLeft(c *store.Clocks, side store.Side, d time.Duration) {
	if side == store.Black {
		c.Black = d
	} else {
		c.White = d
	}
}

// running reports whether a clock runs in g, for the side to move.
func running(g store.Game) bool {
	return g.Status == store.Ongoing && !g.Clocks.TurnStart.IsZero() &&
		(g.TimeControl.Live() || g.TimeControl.Correspondence())
}

// deadline returns when the side to move in g runs out of time, and whether
// a clock runs at all.
func deadline(g store.Game) (time.Time, bool) {
	if !running(g) {
		return time.Time{}, false
	}
	return g.Clocks.TurnStart.Add(left(g.Clocks, turnOf(g))), true
}

// flagged reports whether the side to move in g has run out of time at now.
func flagged(g store.Game, now time.Time) bool {
	d, ok := deadline(g)
	return ok && !now.Before(d)
}

// initialClocks are the clocks of a new game.
func initialClocks(tc store.TimeControl) store.Clocks {
	per := tc.Initial
	if tc.Correspondence() {
		per = time.Duration(tc.Days) * 24 * time.Hour
	}
	return store.Clocks{White: per, Black: per}
}

// afterMove returns the clocks after the side to move in g moves at now
// (making ply g.Ply+1), and the mover's time left after the move.
func afterMove(g store.Game, now time.Time) (store.Clocks, time.Duration) {
	c, tc, mover := g.Clocks, g.TimeControl, turnOf(g)
	rem := left(c, mover)
	if running(g) {
		rem -= now.Sub(c.TurnStart)
	}
	switch {
	case tc.Live():
		setLeft(&c, mover, rem+tc.Increment)
	case tc.Correspondence():
		c = initialClocks(tc)
	default:
		return store.Clocks{}, 0
	}
	c.TurnStart = time.Time{}
	if g.Ply+1 >= clocksStartAt {
		c.TurnStart = now
	}
	return c, max(0, rem)
}

// restartTurn charges the side to move for the time since its turn started
// and starts a new turn at now with ply moves (after a takeback).
func restartTurn(g store.Game, ply int, now time.Time) store.Clocks {
	c := g.Clocks
	if running(g) {
		side := turnOf(g)
		setLeft(&c, side, max(0, left(c, side)-now.Sub(c.TurnStart)))
	}
	if g.TimeControl.Correspondence() {
		c = initialClocks(g.TimeControl)
	}
	c.TurnStart = time.Time{}
	if ply >= clocksStartAt && (g.TimeControl.Live() || g.TimeControl.Correspondence()) {
		c.TurnStart = now
	}
	return c
}
