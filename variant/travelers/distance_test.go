package travelers

import (
	"math/rand/v2"
	"testing"

	"timechess/rules"
)

// boundCases are positions where a pawn must capture to reach its traveling
// man (random positions seldom have one), each with the bound it has.
var boundCases = []struct {
	text     string
	from, to string
	bound    int
}{
	// c2xd3, d3-d4: the capture needs the enemy man on d3.
	{"4k3/8/8/8/3P*4/3p4/2P5/4K3 w - - 0 1", "c2", "d4", 2},
	// Without it the c-pawn never leaves its file.
	{"4k3/8/8/8/3P*4/8/2P5/4K3 w - - 0 1", "c2", "d4", unreachable},
	// a2xb3, b3xc4, c4-c5: two captures on the men standing there.
	{"4k3/8/8/2P*5/2p5/1p6/P7/4K3 w - - 0 1", "a2", "c5", 3},
	// With no man on c4 the a-pawn gets to the b-file only.
	{"4k3/8/8/2P*5/8/1p6/P7/4K3 w - - 0 1", "a2", "c5", unreachable},
	// b2xc3, c3xd4 would take an own man: the last move is a step.
	{"4k3/8/8/8/3P*4/2p5/1P6/4K3 w - - 0 1", "b2", "d4", unreachable},
}

// TestBoundsAgainstOracle checks that lowerBound never exceeds the moves a
// man needs: on the positions of boundCases (with their bounds) and on
// random positions, every resonance the oracle finds within d moves (d =
// 1, 2, 3) has a bound of at most d, for the side to move (with its en
// passant capture) and for the other side.
func TestBoundsAgainstOracle(t *testing.T) {
	needProvers(t, Survey)
	var b hboard
	tight := 0
	check := func(p *rules.Position, text string) {
		for c := rules.White; c <= rules.Black; c++ {
			b.init(p, c)
			for d := 1; d <= 3; d++ {
				for o, ts := range refLines(p, c, d).res {
					for _, sq := range ts.Squares() {
						got := b.lowerBound(p.Board[o].Kind(), o, sq, p.Board[sq].Kind())
						if got > d {
							t.Errorf("%s, %s: the man on %v reaches the traveling man on %v in %d moves, bound %d", text, c, o, sq, d, got)
						}
						if got == d {
							tight++
						}
					}
				}
			}
		}
	}
	for _, bc := range boundCases {
		p, err := rules.NewPosition(Travelers, bc.text)
		if err != nil {
			t.Fatalf("%s: %v", bc.text, err)
		}
		check(p, bc.text)
		from, err1 := rules.ParseSquare(bc.from, 8, 8)
		to, err2 := rules.ParseSquare(bc.to, 8, 8)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: squares %s, %s: %v %v", bc.text, bc.from, bc.to, err1, err2)
		}
		b.init(p, p.Side)
		if got := b.lowerBound(rules.Pawn, from, to, rules.Pawn); got != bc.bound {
			t.Errorf("%s: bound from %s to %s %d, want %d", bc.text, bc.from, bc.to, got, bc.bound)
		}
	}
	randomSetups(rand.New(rand.NewPCG(*seed, 23)), sized(30, 10, 1500), check)
	if tight == 0 {
		t.Error("no bound was tight: the positions test nothing")
	}
}

// TestPawnsWithin2 checks that pawnsWithin2 holds every square from which
// pawnBound allows two moves or fewer, on boards of several sizes for both
// sides, with enemy men on every square (captures everywhere: the bounds
// at their lowest).
func TestPawnsWithin2(t *testing.T) {
	needProvers(t, Survey)
	for _, size := range [][2]int{{8, 8}, {3, 4}, {10, 7}, {16, 16}} {
		g := rules.MustGeometry(size[0], size[1])
		for c := rules.White; c <= rules.Black; c++ {
			b := hboard{g: g, side: c, fwd: 16, second: 1, last: g.H - 1, enemy: g.Mask, ep: rules.NoSquare}
			if c == rules.Black {
				b.fwd, b.second, b.last = -16, g.H-2, 0
			}
			b.promoSet = 1<<rules.Knight | 1<<rules.Queen
			checked := 0
			for _, to := range g.Mask.Squares() {
				for _, want := range []rules.Kind{rules.Pawn, rules.Knight, rules.Queen} {
					zone := b.pawnsWithin2(goal{sq: to, kind: want})
					for _, from := range g.Mask.Squares() {
						if from.Rank() == b.last || b.pawnBound(from, to, want) > 2 {
							continue
						}
						checked++
						if !zone.Has(from) {
							t.Fatalf("%dx%d, %s: a pawn on %v reaches %v as %v in %d moves, outside pawnsWithin2",
								size[0], size[1], c, from, to, want, b.pawnBound(from, to, want))
						}
					}
				}
			}
			if checked == 0 {
				t.Errorf("%dx%d, %s: no pawn within two moves: the test checks nothing", size[0], size[1], c)
			}
		}
	}
}

// TestPromotesWithin3 checks promotesWithin3 against pawnBound to the
// pawn's square of the last rank as a piece, on boards of several sizes for
// both sides.
func TestPromotesWithin3(t *testing.T) {
	needProvers(t, Survey)
	for _, size := range [][2]int{{8, 8}, {3, 4}, {10, 7}, {16, 16}, {5, 2}} {
		g := rules.MustGeometry(size[0], size[1])
		for c := rules.White; c <= rules.Black; c++ {
			b := hboard{g: g, side: c, fwd: 16, second: 1, last: g.H - 1, enemy: g.Mask, ep: rules.NoSquare}
			if c == rules.Black {
				b.fwd, b.second, b.last = -16, g.H-2, 0
			}
			b.promoSet = 1 << rules.Queen
			yes, no := 0, 0
			for _, from := range g.Mask.Squares() {
				if from.Rank() == b.last {
					continue
				}
				want := b.pawnBound(from, rules.SquareAt(from.File(), b.last), rules.Queen) <= 3
				if got := b.promotesWithin3(from); got != want {
					t.Errorf("%dx%d, %s: a pawn on %v: promotesWithin3 %v, pawnBound says %v", size[0], size[1], c, from, got, want)
				}
				if want {
					yes++
				} else {
					no++
				}
			}
			if yes == 0 || no == 0 && g.H > 5 {
				t.Errorf("%dx%d, %s: %d pawns promote within three moves, %d do not: the test checks too little", size[0], size[1], c, yes, no)
			}
		}
	}
}
