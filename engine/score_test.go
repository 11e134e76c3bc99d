package engine

import (
	"testing"
	"time"

	"timechess/rules"
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

// TestBudget checks the time budgets of some clock settings.
func TestBudget(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, c := range []struct {
		name       string
		l          Limits
		side       rules.Color
		soft, hard time.Duration
	}{
		{"infinite", Limits{Infinite: true, MoveTime: ms(100)}, rules.White, 0, 0},
		{"depth only", Limits{Depth: 5}, rules.White, 0, 0},
		{"move time", Limits{MoveTime: ms(1000)}, rules.White, ms(980), ms(980)},
		{"short move time", Limits{MoveTime: ms(50)}, rules.White, ms(45), ms(45)},
		{"sudden death", Limits{WTime: ms(60000), BTime: ms(1000)}, rules.White, ms(2000), ms(8000)},
		{"black's clock", Limits{WTime: ms(60000), BTime: ms(30000), BInc: ms(1000)}, rules.Black, ms(1750), ms(7000)},
		{"one to go", Limits{WTime: ms(10000), MovesToGo: 1}, rules.White, ms(8982), ms(8982)},
	} {
		soft, hard := budget(c.l, c.side)
		if soft != c.soft || hard != c.hard {
			t.Errorf("%s: budget %v/%v, want %v/%v", c.name, soft, hard, c.soft, c.hard)
		}
	}
}
