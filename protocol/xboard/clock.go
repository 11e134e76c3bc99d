package xboard

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"timechess/engine"
	"timechess/rules"
)

// clock is the time control of the game and the clocks as XBoard reports
// them.
type clock struct {
	// level: moves per session (0: the whole game), the base time of a
	// session, the increment per move.
	mps       int
	base, inc time.Duration
	moveTime  time.Duration // st: a fixed time per move, in place of level
	depth     int           // sd: a depth limit, on top of the time
	// timed is set once level or time came: without it only sd limits the
	// search (or XBoard's default 40 moves in 5 minutes, without sd).
	timed        bool
	mine, theirs time.Duration // the engine's and the opponent's clocks
}

// XBoard's default time control.
const (
	defaultMPS  = 40
	defaultBase = 5 * time.Minute
)

// newClock returns XBoard's default time control.
func newClock() clock {
	return clock{mps: defaultMPS, base: defaultBase, mine: defaultBase, theirs: defaultBase}
}

// reset sets the clocks back to the session's base time and drops the depth
// limit, as new asks.
func (c *clock) reset() {
	c.mine, c.theirs, c.depth = c.base, c.base, 0
}

// limits returns the search limits of a move of the side to move in p;
// startFullmove is the move number the game began with.
func (c *clock) limits(p *rules.Position, startFullmove int) engine.Limits {
	l := engine.Limits{Depth: c.depth, Overhead: engine.DefaultOverhead}
	switch {
	case c.moveTime > 0:
		l.MoveTime = c.moveTime
		return l
	case !c.timed && c.depth > 0:
		return l
	}
	mine, theirs := max(c.mine, time.Millisecond), max(c.theirs, time.Millisecond)
	l.WTime, l.BTime, l.WInc, l.BInc = mine, theirs, c.inc, c.inc
	if p.Side == rules.Black {
		l.WTime, l.BTime = theirs, mine
	}
	if c.mps > 0 {
		l.MovesToGo = c.mps - max(p.Fullmove-startFullmove, 0)%c.mps
	}
	return l
}

// level runs "level MPS BASE INC": BASE in minutes or minutes:seconds, INC
// in seconds (fractions allowed).
func (h *handler) level(args string) bool {
	f := strings.Fields(args)
	if len(f) != 3 {
		h.errorf("expected level MPS BASE INC", "level "+args)
		return false
	}
	mps, err1 := strconv.Atoi(f[0])
	base, err2 := minutes(f[1])
	inc, err3 := seconds(f[2])
	if err1 != nil || mps < 0 || err2 != nil || err3 != nil {
		h.errorf("expected level MPS BASE INC, as level 40 5 0 or level 0 2:30 1.5", "level "+args)
		return false
	}
	h.clock.mps, h.clock.base, h.clock.inc, h.clock.moveTime, h.clock.timed = mps, base, inc, 0, true
	h.clock.mine, h.clock.theirs = base, base
	return false
}

// st runs "st SECONDS": a fixed time per move.
func (h *handler) st(args string) bool {
	d, err := seconds(args)
	if err != nil || d <= 0 {
		h.errorf("expected st SECONDS", "st "+args)
		return false
	}
	h.clock.moveTime = d
	return false
}

// sd runs "sd DEPTH".
func (h *handler) sd(args string) bool {
	n, err := strconv.Atoi(args)
	if err != nil || n < 1 {
		h.errorf("expected sd DEPTH, at least 1", "sd "+args)
		return false
	}
	h.clock.depth = min(n, engine.MaxDepth)
	return false
}

// clockTime runs "time N" and "otim N": a clock in centiseconds; a clock
// below zero (a late report) counts as 1 ms left.
func (h *handler) clockTime(clock *time.Duration, name, args string) bool {
	n, err := strconv.ParseInt(args, 10, 64)
	if err != nil {
		h.errorf("expected "+name+" CENTISECONDS", name+" "+args)
		return false
	}
	*clock = max(time.Duration(n)*10*time.Millisecond, time.Millisecond)
	h.clock.timed = true
	return false
}

// minutes reads a time given as minutes or minutes:seconds.
func minutes(s string) (time.Duration, error) {
	m, sec, hasSec := strings.Cut(s, ":")
	n, err := strconv.Atoi(m)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a number of minutes", s)
	}
	d := time.Duration(n) * time.Minute
	if hasSec {
		k, err := strconv.Atoi(sec)
		if err != nil || k < 0 || k > 59 {
			return 0, fmt.Errorf("%q is not minutes:seconds", s)
		}
		d += time.Duration(k) * time.Second
	}
	return d, nil
}

// seconds reads a number of seconds, fractions allowed.
func seconds(s string) (time.Duration, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < 0 || x > 1e6 {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	return time.Duration(x * float64(time.Second)), nil
}
