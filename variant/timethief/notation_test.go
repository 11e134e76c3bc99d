package timethief

import (
	"math/rand/v2"
	"testing"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/rules"
)

// TestNotationPlayouts plays fixed-seed random games of both variants from
// every start and checks the SAN and coordinate forms of every legal action
// of every position reached (casescript.CheckNotation).
func TestNotationPlayouts(t *testing.T) {
	games, plies := 2, 30
	if testing.Short() {
		games, plies = 1, 12
	}
	rng := rand.New(rand.NewPCG(3, 11))
	positions := 0
	for _, v := range variants {
		for _, s := range playStarts {
			for range games {
				p, err := rules.NewPosition(v, s.fen)
				if err != nil {
					t.Fatalf("%s: %v", s.from, err)
				}
				for range plies {
					legal := p.Legal(nil)
					if len(legal) == 0 {
						break
					}
					if err := casescript.CheckNotation(p, legal, legal); err != nil {
						t.Fatalf("%s, %s: %v", v.S.Name, s.from, err)
					}
					positions++
					p.Make(legal[rng.IntN(len(legal))])
				}
			}
		}
	}
	t.Logf("checked the notation of every legal action of %d positions", positions)
}

// TestPossessedPawnStepSAN: a pawn's straight step and a possessed pawn's
// Knight jump to the same square. SAN writes the step "b6" and the jump
// "d5-b6"; Parse must read "b6" as the step, not as ambiguous.
func TestPossessedPawnStepSAN(t *testing.T) {
	p, err := rules.NewPosition(Basic, "9k/10/10/1P1P~6/10/10/10/K9 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Legal(nil) {
		san := notation.SAN(p, m)
		if got, err := notation.Parse(p, san); err != nil || got != m {
			t.Errorf("%s: %q reads back as %v, %v", notation.Coord(p, m), san, got, err)
		}
	}
}
