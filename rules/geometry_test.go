package rules

import (
	"math/rand/v2"
	"testing"
)

// TestIsBetweenAgainstBetween checks Between (a table) against the two
// rays that meet between the squares, and IsBetween and Aligned, square by
// square, against the bitboards of Between and Line, on a full 16x16 board
// and on a narrow one.
func TestIsBetweenAgainstBetween(t *testing.T) {
	for _, size := range [][2]int{{16, 16}, {3, 7}} {
		g := MustGeometry(size[0], size[1])
		squares := g.Mask.Squares()
		for _, a := range squares {
			for _, b := range squares {
				if a != b && Aligned(a, b) != !g.Line(a, b).IsZero() {
					t.Fatalf("%dx%d: Aligned(%v, %v) = %v", size[0], size[1], a, b, Aligned(a, b))
				}
				between := g.Between(a, b)
				var want Bitboard
				if d, ok := direction(a, b); ok {
					want = g.Rays[d][a].And(g.Rays[d^4][b])
				}
				if between != want {
					t.Fatalf("%dx%d: Between(%v, %v) = %v, want %v", size[0], size[1], a, b, between.Squares(), want.Squares())
				}
				for _, c := range squares {
					if IsBetween(a, b, c) != between.Has(c) {
						t.Fatalf("%dx%d: IsBetween(%v, %v, %v) = %v", size[0], size[1], a, b, c, IsBetween(a, b, c))
					}
				}
			}
		}
	}
}

// TestRayThroughAgainstAttacks checks RayThrough against the queen's
// attacks cut to the ray, for every pair of squares of a 16x16 and a 3x7
// board and random blockers, and Diagonal against the directions' steps.
func TestRayThroughAgainstAttacks(t *testing.T) {
	for d, st := range dirSteps {
		if want := st[0] != 0 && st[1] != 0; Direction(d).Diagonal() != want {
			t.Errorf("Direction(%d).Diagonal() = %v, want %v", d, !want, want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 9))
	for _, size := range [][2]int{{16, 16}, {3, 7}} {
		g := MustGeometry(size[0], size[1])
		squares := g.Mask.Squares()
		for range 8 {
			var occ Bitboard
			for _, s := range squares {
				if rng.IntN(4) == 0 {
					occ.Set(s)
				}
			}
			for _, s := range squares {
				for _, a := range squares {
					want := Bitboard{}
					if d, ok := direction(s, a); ok && s != a {
						want = g.QueenAttacks(s, occ).And(g.Rays[d][s])
					}
					if got := g.RayThrough(s, a, occ); got != want {
						t.Fatalf("%dx%d: RayThrough(%v, %v) = %v, want %v", size[0], size[1], s, a, got.Squares(), want.Squares())
					}
				}
			}
		}
	}
}
