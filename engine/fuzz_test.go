package engine

import (
	"context"
	"testing"

	"timechess/rules"
)

// FuzzMateInOne sets up arbitrary positions of any variant and checks the
// engine against the plain proof search: SolveMate's keys of a mate in one
// are exactly the moves that mate, and a shallow search returns a legal
// move (or none exactly when the game is over).
func FuzzMateInOne(f *testing.F) {
	f.Add(uint8(0), "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")
	f.Add(uint8(0), "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	f.Add(uint8(0), "7k/8/8/8/8/8/8/KQ6 w - - 99 80")
	f.Add(uint8(1), "4k5/7Qp1/p9/2G7/10/K9/10/10 w - - 0 10")
	f.Add(uint8(2), "R2K3k/6pp/8/2nn4/8/8/8/8 w - - 0 10")
	f.Add(uint8(2), "7k/6pp/8/8/8/8/8/K7 w - - 0 10 book=R@10")
	f.Add(uint8(3), "rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1")
	f.Add(uint8(4), "4k5/10/4K5/10/10/10/10/T9 w - - 0 1")
	names := []string{"chess", "chess10x8", "gifford", "timethief", "timethief-restore"}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		v, err := rules.Lookup(names[int(which)%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.NewPosition(v, text)
		if err != nil {
			return
		}
		moves := p.Legal(nil)
		if len(moves) > 150 {
			return // keep each input quick
		}
		m, err := SolveMate(context.Background(), p, 1, true)
		if err != nil {
			t.Fatal(err)
		}
		mates := 0
		for _, mv := range moves {
			if provesMate(p, mv, p.Side, 1) {
				mates++
				found := false
				for _, k := range m.Keys {
					found = found || k == mv
				}
				if !found {
					t.Errorf("%s: SolveMate missed the mate %+v", text, mv)
				}
			}
		}
		if mates != len(m.Keys) {
			t.Errorf("%s: SolveMate found %d keys, the proof search %d", text, len(m.Keys), mates)
		}
		res := New(Options{HashMB: 1}).Search(context.Background(), p, Limits{Depth: 2}, nil)
		if len(moves) == 0 != res.Best.IsNull() || (len(moves) > 0 && !legal(p, res.Best)) {
			t.Errorf("%s: search result %+v with %d legal moves", text, res.Best, len(moves))
		}
	})
}
