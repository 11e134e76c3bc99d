package engine

import (
	"testing"
)

// TestScoreString checks the UCI forms of scores.
func TestScoreString(t *testing.T) {
	for _, c := range []struct {
		s    Score
		want string
		mate int
	}{
		{35, "cp 35", 0},
		{-120, "cp -120", 0},
		{MateIn(1), "mate 1", 1},
		{MateIn(5), "mate 3", 3},
		{MatedIn(2), "mate -1", -1},
		{MatedIn(4), "mate -2", -2},
		{maxEval, "cp 29744", 0},
	} {
		if got := c.s.String(); got != c.want || c.s.Mate() != c.mate {
			t.Errorf("Score(%d): %q, mate %d; want %q, %d", c.s, got, c.s.Mate(), c.want, c.mate)
		}
	}
}

// TestTableScores checks that mate scores keep their distance from the
// root through the table, whatever the ply they are stored and read at.
func TestTableScores(t *testing.T) {
	for _, s := range []Score{0, 250, -250, MateIn(7), MatedIn(6)} {
		for _, ply := range []int{0, 3, 10} {
			if got := fromTT(toTT(s, ply), ply); got != s {
				t.Errorf("score %v at ply %d comes back as %v", s, ply, got)
			}
		}
	}
	// A mate 3 plies below a node stored at ply 4 is a mate 5 plies below a
	// root that reaches the same node at ply 2.
	if got := fromTT(toTT(MateIn(7), 4), 2); got != MateIn(5) {
		t.Errorf("transposed mate: %v, want %v", got, MateIn(5))
	}
}
