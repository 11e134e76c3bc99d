package engine

import (
	"time"

	"timechess/rules"
)

// Time management. A fixed move time is used whole, less the move overhead
// (at most a tenth of it). With clocks, the time the next moves to go (30
// when unknown) may use is the time left plus their increments, less the
// overhead of each; the soft budget is an even share of it, and no new
// iteration starts once most of that is spent. The hard budget, four soft
// budgets but never more than 60% of the time left less the overhead, stops
// the search wherever it is: the clock keeps a reserve that absorbs a
// machine's latency, and with an increment it settles at a second or two
// rather than running down to the last moves.
const (
	defaultMovesToGo = 30
	// DefaultOverhead is the move overhead the front ends (UCI's Move
	// Overhead, XBoard, matches) use unless told otherwise: the time kept
	// back per move for the answer to reach the clock through pipes,
	// process switches and a loaded machine.
	DefaultOverhead = 50 * time.Millisecond
)

// budget returns the soft and hard time budgets of a search (0: none).
func budget(l Limits, side rules.Color) (soft, hard time.Duration) {
	if l.Infinite {
		return 0, 0
	}
	over := max(l.Overhead, 0)
	if l.MoveTime > 0 {
		t := max(l.MoveTime-min(over, l.MoveTime/10), time.Millisecond)
		return t, t
	}
	left, inc := l.WTime, l.WInc
	if side == rules.Black {
		left, inc = l.BTime, l.BInc
	}
	if left <= 0 {
		return 0, 0
	}
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	n := time.Duration(mtg)
	pool := max(left+inc*(n-1)-over*(n+1), left/10)
	soft = pool / n
	floor := max(left/10, time.Millisecond)
	hard = max(min(4*soft, left*6/10-over), floor)
	return max(min(soft, hard), time.Millisecond), hard
}

// searchClock is the main thread's view of the time: when the search
// began, its budgets, and the clock it reads (time.Now but in tests).
type searchClock struct {
	now        func() time.Time
	start      time.Time
	soft, hard time.Duration
}

// elapsed is the time since the search began.
func (c *searchClock) elapsed() time.Duration { return c.now().Sub(c.start) }

// expired reports whether the hard budget is spent.
func (c *searchClock) expired() bool {
	return c.hard > 0 && c.elapsed() >= c.hard
}

// enough reports whether the main thread should start no new iteration:
// more than the share of the soft budget that leaves room for one more is
// spent. unstable stretches the budget when the best move just changed.
func (c *searchClock) enough(unstable bool) bool {
	if c.soft == 0 {
		return false
	}
	limit := c.soft * 6 / 10
	if unstable {
		limit = limit * 3 / 2
	}
	return c.elapsed() > limit
}
