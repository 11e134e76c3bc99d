package uci

import (
	"strings"
	"testing"
	"time"

	"timechess/notation"
	"timechess/rules"
	_ "timechess/variant/chess"
)

// TestLateClock: a clock at or below zero (a GUI's late report) is read as
// one millisecond left, neither as no clock nor as an error; positive
// clocks are read as given. (The transcripts cannot show what the engine
// then plays: with 1 ms whether depth 1 finishes depends on the machine.)
func TestLateClock(t *testing.T) {
	v, err := rules.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.NewPosition(v, v.Spec().Start)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args         string
		wtime, btime time.Duration
	}{
		{"wtime -100 btime 1000", time.Millisecond, time.Second},
		{"wtime 0 btime -1", time.Millisecond, time.Millisecond},
		{"wtime 60000 btime 59999", time.Minute, 59999 * time.Millisecond},
	} {
		l, _, errs := readGo(p, strings.Fields(c.args), notation.Coord)
		if len(errs) > 0 || l.WTime != c.wtime || l.BTime != c.btime {
			t.Errorf("go %s: wtime %v btime %v, errors %v; want %v and %v", c.args, l.WTime, l.BTime, errs, c.wtime, c.btime)
		}
	}
}
