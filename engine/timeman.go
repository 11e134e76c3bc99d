package engine

import (
	"time"

	"timechess/rules"
)

// Time management. A fixed move time is used whole, less a small safety
// margin. With clocks, the soft budget is an even share of the time left
// over the moves to go (30 when unknown) plus most of the increment: no new
// iteration starts once most of it is spent. The hard budget, four soft
// budgets but never more than most of the time left, stops the search
// wherever it is.
const (
	defaultMovesToGo = 30
	// overhead is kept back for the protocol's answer to reach the clock.
	overhead = 20 * time.Millisecond
)

// budget returns the soft and hard time budgets of a search (0: none).
func budget(l Limits, side rules.Color) (soft, hard time.Duration) {
	if l.Infinite {
		return 0, 0
	}
	if l.MoveTime > 0 {
		t := max(l.MoveTime-min(overhead, l.MoveTime/10), time.Millisecond)
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
	usable := max(left-overhead, left/4)
	soft = min(left/time.Duration(mtg)+inc*3/4, usable)
	hard = min(4*soft, usable*8/10)
	if mtg == 1 {
		hard = usable * 9 / 10
	}
	return max(min(soft, hard), time.Millisecond), max(hard, time.Millisecond)
}

// searchClock is the main thread's view of the time.
type searchClock struct {
	start time.Time
	soft  time.Duration
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
	return time.Since(c.start) > limit
}
