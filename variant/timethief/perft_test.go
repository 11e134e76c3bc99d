package timethief

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"timechess/internal/casescript"
	"timechess/perft"
	"timechess/rules"
	_ "timechess/variant/chess"
)

// perftFile holds the Time Thief perft fixtures (format: perft.ParseFixtures).
var perftFile = filepath.Join("testdata", "perft.epd")

// TestPerft checks the counts of perft.epd within the run's budget; each
// count of a Time Thief variant is also recounted by listing the generic
// generator's actions at every node and, to depth 3 from the start and 2
// elsewhere, by the reference generator; the Divide of each count of depth 2
// or more within 300,000 nodes is recounted from each child read back from
// its position text.
func TestPerft(t *testing.T) {
	budget := uint64(1_000_000)
	if testing.Short() {
		budget = 20_000
	}
	ctx := context.Background()
	casescript.RunPerft(t, perftFile, casescript.PerftCheck{
		Budget: budget,
		Confirm: func(f perft.Fixture, p *rules.Position, dc perft.DepthCount) error {
			v, ok := p.Variant().(*Variant)
			if !ok {
				return nil
			}
			if n := casescript.CountListed(p, dc.Depth, func(q *rules.Position) []rules.Move { return genericLegal(v, q) }); n != dc.Nodes {
				return fmt.Errorf("the generic generator counts %d", n)
			}
			refDepth := 2
			if f.FEN == "start" {
				refDepth = 3
			}
			if dc.Depth <= refDepth {
				if n := casescript.CountListed(p, dc.Depth, func(q *rules.Position) []rules.Move { return refLegal(v, q) }); n != dc.Nodes {
					return fmt.Errorf("the reference generator counts %d", n)
				}
			}
			if dc.Nodes > 300_000 || dc.Depth < 2 {
				return nil
			}
			reread := func(q *rules.Position, depth int) (uint64, error) {
				child, err := rules.NewPosition(v, q.FEN())
				if err != nil {
					return 0, err
				}
				return perft.Count(ctx, child, depth)
			}
			return casescript.CheckDivide(ctx, p, dc.Depth, dc.Nodes, reread)
		},
	})
}

// BenchmarkPerftTimeThief runs perft(4) of timethief from its start
// position and of chess10x8 from the same position without the Time
// Thieves (perft.epd's start and tt10x8), and reports the median nodes per second of both over the
// benchmark's iterations and their ratio (the cost of the Time Thief rules).
func BenchmarkPerftTimeThief(b *testing.B) {
	const depth = 4
	ctx := context.Background()
	fixtures, err := perft.ReadFixtures(perftFile)
	if err != nil {
		b.Fatal(err)
	}
	byID := map[string]perft.Fixture{}
	for _, f := range fixtures {
		byID[f.ID] = f
	}
	tt, err := casescript.FixturePosition(byID["start"])
	if err != nil {
		b.Fatal(err)
	}
	orth, err := casescript.FixturePosition(byID["tt10x8"])
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
