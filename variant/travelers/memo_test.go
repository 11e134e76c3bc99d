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
	needProvers(t, Survey|Memo)
	rng := rand.New(rand.NewPCG(*seed, 17))
	plies := 4
	if *deep {
		plies = 12
	}
	recalled, filledIn, asked := 0, 0, 0
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
				r, f, a := compareMemo(t, p)
				recalled, filledIn, asked = recalled+r, filledIn+f, asked+a
				p.Unmake()
			}
			p.Make(legal[rng.IntN(len(legal))])
		}
	}
	t.Logf("%d of %d answers recalled, %d of them with men added", recalled, asked, filledIn)
	if recalled == 0 || filledIn == 0 {
		t.Error("no answer was recalled, or none with men added: the test proves nothing")
	}
}

// compareMemo compares the memo's answers in p with fresh surveys and
// returns how many of them were recalled, how many of those were answers
// for fewer enemy men (recall's filled squares), and how many were asked.
func compareMemo(t *testing.T, p *rules.Position) (recalled, filledIn, asked int) {
	t.Helper()
	n := probe(p)
	defer n.release()
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
			var a answer
			switch ok, filled := memoOf(p).recall(&k, p.Occupied(), &a); {
			case ok:
				recalled++
			case !filled.IsZero() && n.fillable(p, &k, filled):
				recalled++
				filledIn++
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
	return recalled, filledIn, asked
}
