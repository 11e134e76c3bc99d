package timethief

import (
	"context"
	"slices"
	"testing"
	"time"

	"timechess/internal/casescript"
	"timechess/perft"
	"timechess/rules"
	_ "timechess/variant/chess"
)

// perftPositions are the positions the perft checks start from, with where
// they come from. Some carry history (last=/prev=), so that TT-captures
// happen at the root.
var perftPositions = []struct{ variant, fen, from string }{
	{"timethief", "rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1", "the start position (T1)"},
	{"timethief-restore", "rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1", "the start position (T1)"},
	{"timethief", "4k5/2r4b2/10/3T2T3/10/2t2t4/3R4B1/4K5 w - - 0 1", "constructed: an open board, two Time Thieves a side"},
	{"timethief-restore", "r4k3r/pp1wt1pp1p/2s1d4S/3R~6/4S5/2D3W3/PP3P1PP1/R4KT2R w KQkq - 0 1",
		"constructed: every fairy man, a possessed rook, castling rights"},
	{"timethief", "9k/10/10/10/2T7/10/5r4/K9 w - - 1 2 last=f7f2 prev=9k/5r4/10/10/2T7/10/10/K9,b,-,-,0,1",
		"the seed's rook taken back on f7, with its history"},
	{"timethief-restore", "k8r/10/10/10/10/7b2/8Nq/r2N4TK w - - 0 1", "the seed's 'whatever move he can do is losing'"},
}

// TestPerftSelfConsistency checks, from every perft position, that perft's
// bulk count agrees with listing the generic generator's actions at every
// node, and that each root action's share (perft.Divide) is what perft
// counts from the position read back from the text after that action.
func TestPerftSelfConsistency(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	ctx := context.Background()
	for _, c := range perftPositions {
		v, err := rules.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.NewPosition(v, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.from, err)
		}
		total, err := perft.Count(ctx, p, depth)
		if err != nil {
			t.Fatal(err)
		}
		tv := v.(*Variant)
		if n := casescript.CountListed(p, depth, func(q *rules.Position) []rules.Move { return genericLegal(tv, q) }); n != total {
			t.Errorf("%s, %s: perft(%d) %d, generic generator %d", c.variant, c.from, depth, total, n)
		}
		reread := func(q *rules.Position, depth int) (uint64, error) {
			child, err := rules.NewPosition(v, q.FEN())
			if err != nil {
				return 0, err
			}
			return perft.Count(ctx, child, depth)
		}
		if err := casescript.CheckDivide(ctx, p, depth, total, reread); err != nil {
			t.Errorf("%s, %s: %v", c.variant, c.from, err)
		}
	}
}

// TestPerftStart pins the perft counts of the start position, and those of
// chess10x8 from it without the Time Thieves (the benchmark's reference).
// No other engine plays these rules: the counts were computed here and
// agree with the reference of reference_test.go (depth 4 for both
// variants); the test checks depth 3 against it. The two rule sets part at
// depth 4, where a side may leave its King attacked under the restoration
// rules.
func TestPerftStart(t *testing.T) {
	want := map[string][]uint64{ // by depth from 1
		"timethief":         {24, 576, 15600, 420913},
		"timethief-restore": {24, 576, 15600, 421526},
		"chess10x8":         {25, 625, 17048, 463573},
	}
	depths := 4
	if testing.Short() {
		depths = 3
	}
	for _, name := range []string{"timethief", "timethief-restore", "chess10x8"} {
		v, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		start := v.Spec().Start
		if name == "chess10x8" {
			start = tt10x8
		}
		p, err := rules.NewPosition(v, start)
		if err != nil {
			t.Fatal(err)
		}
		for d := 1; d <= depths; d++ {
			n, err := perft.Count(context.Background(), p, d)
			if err != nil {
				t.Fatal(err)
			}
			if n != want[name][d-1] {
				t.Errorf("%s perft(%d) = %d, want %d", name, d, n, want[name][d-1])
			}
		}
	}
	for _, v := range variants {
		p, err := rules.NewPosition(v, v.S.Start)
		if err != nil {
			t.Fatal(err)
		}
		if n := casescript.CountListed(p, 3, func(q *rules.Position) []rules.Move { return refLegal(v, q) }); n != want[v.S.Name][2] {
			t.Errorf("%s: reference perft(3) = %d, want %d", v.S.Name, n, want[v.S.Name][2])
		}
	}
}

// tt10x8 is the Time Thief start position without the Time Thieves, for
// chess10x8: the orthodox reference the benchmark compares with.
const tt10x8 = "rnbgqk1bnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQK1BNR w KQkq - 0 1"

// BenchmarkPerftTimeThief runs perft(4) of timethief from its start
// position and of chess10x8 from the same position without the Time
// Thieves, and reports the median nodes per second of both over the
// benchmark's iterations and their ratio (the cost of the Time Thief rules).
func BenchmarkPerftTimeThief(b *testing.B) {
	const depth = 4
	ctx := context.Background()
	c10x8, err := rules.Lookup("chess10x8")
	if err != nil {
		b.Fatal(err)
	}
	tt, err := rules.NewPosition(Basic, Basic.S.Start)
	if err != nil {
		b.Fatal(err)
	}
	orth, err := rules.NewPosition(c10x8, tt10x8)
	if err != nil {
		b.Fatal(err)
	}
	rate := func(p *rules.Position) float64 {
		start := time.Now()
		n, err := perft.Count(ctx, p, depth)
		if err != nil {
			b.Fatal(err)
		}
		return float64(n) / time.Since(start).Seconds()
	}
	var ttRates, orthRates []float64
	for b.Loop() {
		ttRates = append(ttRates, rate(tt))
		orthRates = append(orthRates, rate(orth))
	}
	ttMedian, orthMedian := median(ttRates), median(orthRates)
	b.ReportMetric(ttMedian, "timethief-nodes/s")
	b.ReportMetric(orthMedian, "chess10x8-nodes/s")
	b.ReportMetric(ttMedian/orthMedian, "ratio")
}

// median returns the middle value of xs (the mean of the two middle ones
// for an even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
