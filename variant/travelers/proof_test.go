package travelers

import (
	"math/rand/v2"
	"slices"
	"testing"

	"timechess/rules"
)

// TestProvenAgainstSurvey holds the resonators that the lines of the
// position before the opponent's explosion prove (provenResonators) against
// a fresh resonance survey of the opponent, in random games and below the
// benchmark positions: every man proven must resonate. It also counts the
// resonators the proofs miss, so that a test that proves nothing (no man
// ever proven) fails.
func TestProvenAgainstSurvey(t *testing.T) {
	needProvers(t, Survey|Proofs)
	rng := rand.New(rand.NewPCG(*seed, 29))
	step, plies := explosionWalk()
	var s survey
	proven, actual, positions := 0, 0, 0
	check := func(p *rules.Position) []rules.Move {
		c := p.Side.Other()
		if got := provenResonators(p, c); !got.IsZero() || exploded(p) != (rules.Bitboard{}) {
			s.runFor(p, c, resonanceSurvey, p.Geometry().Mask)
			var want rules.Bitboard
			for i, r := range s.res {
				if !r.IsZero() {
					want.Set(s.origin[i])
				}
			}
			if extra := got.AndNot(want); !extra.IsZero() {
				t.Fatalf("%s: %v proven to resonate for %v, but they do not (resonators %v)", p.FEN(), extra.Squares(), c, want.Squares())
			}
			proven, actual, positions = proven+got.Count(), actual+want.Count(), positions+1
		}
		return p.Legal(nil)
	}
	// Black's pawn on e4 supports a knight on d1 only by taking en passant
	// (exd3 e.p., d2, d1=N): after Black's knight explodes on d1, its
	// traveled man moving to b2, that line is gone and the knight on e3
	// alone resonates with him.
	p, err := rules.NewPosition(Travelers, "7k/8/8/8/3Pp3/4n3/8/7K b - d3 0 1")
	if err != nil {
		t.Fatal(err)
	}
	d1, b2 := rules.SquareAt(3, 0), rules.SquareAt(1, 1)
	if !slices.ContainsFunc(p.Legal(nil), func(m rules.Move) bool {
		if m.Kind != rules.Explosion || m.Piece != rules.Knight || m.From != d1 || m.To != b2 {
			return false
		}
		p.Make(m)
		defer p.Unmake()
		check(p)
		return true
	}) {
		t.Fatalf("%s: no explosion of a knight on d1 to b2", p.FEN())
	}
	inRandomGames(t, rng, 2*len(playStarts), plies, check)
	inBenchTrees(t, step, func(p *rules.Position) { check(p) })
	t.Logf("%d positions after an explosion: %d of %d resonators proven", positions, proven, actual)
	if proven == 0 {
		t.Fatal("no resonator proven: the test proves nothing")
	}
}
