package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a chess clock: Moves moves in Base (0 moves: the whole
// game), then Base again for the next Moves moves, plus Inc after every move.
type TimeControl struct {
	Moves int
	Base  time.Duration
	Inc   time.Duration
}

// ParseTimeControl reads a time control written MOVES/TIME+INC, where
// MOVES/ and +INC are optional, TIME is seconds ("10", "0.5") or
// minutes:seconds ("1:30"), and INC is seconds: "40/10+0.1" (40 moves in
// 10 s, 0.1 s more per move), "60+1" (a minute for the game, 1 s per move),
// "40/1:30".
func ParseTimeControl(text string) (TimeControl, error) {
	var tc TimeControl
	bad := func(format string, args ...any) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %q: %s (write MOVES/TIME+INC, e.g. 40/10+0.1 or 60+1)", text, fmt.Sprintf(format, args...))
	}
	rest := strings.TrimSpace(text)
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n < 1 || n > 1000 {
			return bad("the number of moves %q is not a whole number from 1 to 1000", moves)
		}
		tc.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = clockTime(base, true); err != nil {
		return bad("time %q: %v", base, err)
	}
	if tc.Base <= 0 {
		return bad("the time must be above 0")
	}
	if hasInc {
		if tc.Inc, err = clockTime(inc, false); err != nil {
			return bad("increment %q: %v", inc, err)
		}
	}
	return tc, nil
}

// maxClock bounds the times of a time control (a day).
const maxClock = 24 * time.Hour

// clockTime reads seconds ("2.5") or, when minutes is set, minutes:seconds.
func clockTime(s string, minutes bool) (time.Duration, error) {
	var total float64
	if m, sec, ok := strings.Cut(s, ":"); ok && minutes {
		n, err := strconv.Atoi(m)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("minutes %q are not a whole number", m)
		}
		total, s = float64(n)*60, sec
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	total += x
	if total > maxClock.Seconds() {
		return 0, fmt.Errorf("more than %v", maxClock)
	}
	return time.Duration(total * float64(time.Second)).Round(time.Millisecond), nil
}

// String writes the time control as ParseTimeControl reads it (and as the
// PGN TimeControl tag of cutechess-style records): "40/10+0.1".
func (tc TimeControl) String() string {
	s := strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
	}
	return s
}

// clocks runs the two clocks of one game.
type clocks struct {
	tc    TimeControl
	left  [2]time.Duration
	moves [2]int // moves each side has made on the clock
}

// newClocks starts both clocks at the time control's base time.
func newClocks(tc TimeControl) *clocks {
	return &clocks{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

// state is what the side c is told before its move.
func (c *clocks) state(side int) *Clock {
	st := &Clock{Left: c.left, Inc: c.tc.Inc}
	if c.tc.Moves > 0 {
		st.MovesToGo = c.tc.Moves - c.moves[side]%c.tc.Moves
	}
	return st
}

// spend charges side for a move that took used and reports whether its
// flag fell (more than margin beyond the time it had).
func (c *clocks) spend(side int, used, margin time.Duration) (fell bool) {
	c.left[side] -= used
	if c.left[side] < -margin {
		return true
	}
	c.left[side] = max(c.left[side], 0) + c.tc.Inc
	c.moves[side]++
	if c.tc.Moves > 0 && c.moves[side]%c.tc.Moves == 0 {
		c.left[side] += c.tc.Base
	}
	return false
}
