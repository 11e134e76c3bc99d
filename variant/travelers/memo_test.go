package travelers

import (
	"math/rand/v2"
	"testing"

	"timechess/rules"
)

// TestMemoAgainstSurvey checks the remembered resonance answers against
// fresh surveys in the positions of random games and in all their children,
// where siblings recall each other's answers about the men the last action
// left alone: every colour, all traveling men and each one alone, and each
// untraveled man asked about alone.
func TestMemoAgainstSurvey(t *testing.T) {
	rng := rand.New(rand.NewPCG(*seed, 17))
	plies := 4
	if *deep {
		plies = 12
	}
	recalled, asked := 0, 0
	for _, s := range playStarts {
		p, err := rules.NewPosition(Travelers, s.fen)
		if err != nil {
			t.Fatalf("%s (%s): %v", s.fen, s.from, err)
		}
		for range plies {
			legal := p.Legal(nil)
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				p.Make(m)
				r, a := compareMemo(t, p)
				recalled, asked = recalled+r, asked+a
				p.Unmake()
			}
			p.Make(legal[rng.IntN(len(legal))])
		}
	}
	t.Logf("%d of %d answers recalled", recalled, asked)
	if recalled == 0 {
		t.Error("no answer was recalled: the test proves nothing")
	}
}

// compareMemo compares the memo's answers in p with fresh surveys and
// returns how many of them were recalled and how many were asked.
func compareMemo(t *testing.T, p *rules.Position) (recalled, asked int) {
	t.Helper()
	n := nodes.Get().(*node)
	defer nodes.Put(n)
	var s survey
	var mt matcher
	for c := rules.White; c <= rules.Black; c++ {
		ts := traveling(&p.State, c)
		if ts.IsZero() {
			continue
		}
		targets := []rules.Bitboard{p.Geometry().Mask}
		for _, sq := range ts.Squares() {
			targets = append(targets, rules.SquareBB(sq))
		}
		for _, tg := range targets {
			k := keyOf(p, c, tg)
			if _, _, ok := recall(&k, p.Occupied()); ok {
				recalled++
			}
			asked++
			found, matched := n.resonators(p, c, tg)
			s.runFor(p, c, resonanceSurvey, tg)
			var want rules.Bitboard
			for i, r := range s.res {
				if !r.IsZero() {
					want.Set(s.origin[i])
				}
			}
			if found != want || matched != s.correct(&mt) {
				t.Errorf("%s, %s, targets %v: memo %v %v, survey %v %v", p.FEN(), c, tg.Squares(), found.Squares(), matched, want.Squares(), s.correct(&mt))
			}
			if tg != p.Geometry().Mask {
				continue
			}
			// Each untraveled man asked about alone (node.takeable).
			untraveled := p.ByColor[c].AndNot(p.Flagged(rules.Traveling)).AndNot(p.Flagged(rules.Traveled))
			for _, v := range untraveled.Squares() {
				if got := n.resonates(p, c, v); got != want.Has(v) {
					t.Errorf("%s, %s, man on %v alone: resonates %v, survey of all %v", p.FEN(), c, v, got, want.Has(v))
				}
			}
		}
	}
	return recalled, asked
}
