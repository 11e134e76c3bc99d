package travelers

import (
	"math"
	"testing"

	"timechess/rules"
)

// TestMatcher checks the matching on small cases whose answer Hall's
// condition gives by hand, and that a matching found gives each traveling
// man a distinct candidate of his own, also across the epoch's wrap.
func TestMatcher(t *testing.T) {
	sq := func(s string) rules.Square { return square8(t, s) }
	cases := []struct {
		name  string
		cands [][]string
		ok    bool
	}{
		{"one man, one candidate", [][]string{{"a1"}}, true},
		{"a man without candidates", [][]string{{"a1"}, {}}, false},
		{"two men share their only candidate", [][]string{{"a1"}, {"a1"}}, false},
		{"the first must give way", [][]string{{"a1", "b1"}, {"a1"}}, true},
		{"a chain of two moves", [][]string{{"a1", "b1"}, {"b1", "c1"}, {"a1"}}, true},
		{"three men, two candidates", [][]string{{"a1", "b1"}, {"a1", "b1"}, {"b1", "a1"}}, false},
		{"three of four men on two candidates", [][]string{{"c1", "d1"}, {"a1", "b1"}, {"a1", "b1"}, {"a1", "b1"}}, false},
	}
	var mt matcher
	for _, wrap := range []bool{false, true} {
		for _, c := range cases {
			if wrap {
				mt.epoch = math.MaxUint32
			}
			mt.reset(len(c.cands))
			for j, cs := range c.cands {
				for _, s := range cs {
					mt.add(j, sq(s))
				}
			}
			if got := mt.solve(); got != c.ok {
				t.Errorf("%s (wrap %v): solve() = %v, want %v", c.name, wrap, got, c.ok)
				continue
			}
			if !c.ok {
				continue
			}
			var used rules.Bitboard
			for j := range c.cands {
				r := mt.chosen[j]
				if !mt.cands[j].Has(r) || used.Has(r) {
					t.Errorf("%s (wrap %v): man %d given %v", c.name, wrap, j, r)
				}
				used.Set(r)
			}
		}
	}
}

// square8 parses the name of a square of an 8x8 board.
func square8(t *testing.T, name string) rules.Square {
	t.Helper()
	q, err := rules.ParseSquare(name, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
