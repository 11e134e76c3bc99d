package travelers

import (
	"context"
	"strings"
	"testing"

	"timechess/perft"
	"timechess/rules"
	_ "timechess/variant/chess" // the orthodox reference
)

// benchPositions are the positions of the speed measurements: the start
// position, and a constructed opening position where each side has two
// traveling men (a knight and a pawn, each with its resonator) and a
// traveled knight.
var benchPositions = []struct{ name, fen string }{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"two-traveling", "rnbqkb1r/pppppppp/2n*2n'2/3p*4/4P*3/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 0 5"},
}

// benchPosition sets up a benchmark position with the variant's rules; for
// chess the men's marks are taken off.
func benchPosition(b *testing.B, fen, variant string) *rules.Position {
	b.Helper()
	v, err := rules.Lookup(variant)
	if err != nil {
		b.Fatal(err)
	}
	if variant == "chess" {
		fen = strings.NewReplacer("*", "", "'", "").Replace(fen)
	}
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkPerft counts perft to depth 2 with the travelers rules and with
// FIDE chess on the same boards (the men's marks taken off) and reports
// nodes per second. BenchmarkPerft3 measures depth 3.
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPositions {
		for _, variant := range []string{"travelers", "chess"} {
			b.Run(bp.name+"/"+variant, func(b *testing.B) {
				p := benchPosition(b, bp.fen, variant)
				var nodes uint64
				for b.Loop() {
					n, err := perft.Count(context.Background(), p, 2)
					if err != nil {
						b.Fatal(err)
					}
					nodes += n
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// BenchmarkSurvey times one full survey (supports and resonances with
// witnesses) and one resonance survey of the side to move.
func BenchmarkSurvey(b *testing.B) {
	for _, bp := range benchPositions {
		p, err := rules.NewPosition(Travelers, bp.fen)
		if err != nil {
			b.Fatal(err)
		}
		var s survey
		b.Run(bp.name+"/full", func(b *testing.B) {
			for b.Loop() {
				s.run(p, p.Side, fullSurvey)
			}
		})
		b.Run(bp.name+"/resonance", func(b *testing.B) {
			for b.Loop() {
				s.run(p, p.Side, resonanceSurvey)
			}
		})
	}
}

// BenchmarkPerft3 measures perft to depth 3: for travelers below every 40th
// root action (depth 3 from the start position holds some 10^9 nodes), for
// chess in full, and reports nodes per second.
func BenchmarkPerft3(b *testing.B) {
	for _, bp := range benchPositions {
		for _, variant := range []string{"travelers", "chess"} {
			b.Run(bp.name+"/"+variant, func(b *testing.B) {
				p := benchPosition(b, bp.fen, variant)
				step := 1
				if variant == "travelers" {
					step = 40
				}
				root := p.Legal(nil)
				var nodes uint64
				for b.Loop() {
					for i := 0; i < len(root); i += step {
						p.Make(root[i])
						n, err := perft.Count(context.Background(), p, 2)
						p.Unmake()
						if err != nil {
							b.Fatal(err)
						}
						nodes += n
					}
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}
