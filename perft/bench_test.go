package perft_test

import (
	"context"
	"testing"

	"timechess/internal/perfbench"
	"timechess/perft"
	"timechess/rules"
)

// BenchmarkPerft counts the positions of `timechess bench` (the start
// position, Kiwipete and a chess10x8 middlegame) one ply shallower than the
// bench does, and reports the speed in nodes per second.
func BenchmarkPerft(b *testing.B) {
	for _, c := range perfbench.Cases {
		b.Run(c.Name, func(b *testing.B) {
			v, err := rules.Lookup(c.Variant)
			if err != nil {
				b.Fatal(err)
			}
			p, err := rules.NewPosition(v, c.FEN)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			for b.Loop() {
				n, err := perft.Count(context.Background(), p, c.Depth-1)
				if err != nil {
					b.Fatal(err)
				}
				nodes += n
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
