package engine

import (
	"context"
	"testing"

	"timechess/rules"
)

// benchPositions are the positions of BenchmarkSearch, each searched to a
// fixed depth: the start position, Kiwipete (the Chess Programming Wiki's
// perft position 2), a Queen's Gambit middlegame, Fine's position 70 (the
// king-and-pawn ending of Lasker - Reichhelm 1901, a classic test of the
// transposition table), plus a chess10x8 middlegame (the one of
// `timechess bench`). docs/engine.md compares the rates with
// Fairy-Stockfish's at the same depths.
var benchPositions = []struct {
	name, variant, fen string
	depth              int
}{
	{"start", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 9},
	{"kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 7},
	{"middlegame", "chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8", 8},
	{"fine70", "chess", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1", 22},
	{"10x8", "chess10x8", "2rgqr1k2/pp2bgpppp/2np1n4/2p1p1b3/2B1P1B3/2NP1N1P2/PPPG1GP1PP/2RQ1RK3 w - - 3 12", 6},
}

// BenchmarkSearch searches each position to its depth on one thread with a
// fresh engine and reports the nodes per second.
func BenchmarkSearch(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			v, err := rules.Lookup(bp.variant)
			if err != nil {
				b.Fatal(err)
			}
			p, err := rules.NewPosition(v, bp.fen)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			for b.Loop() {
				e := New(Options{HashMB: 16})
				nodes += e.Search(context.Background(), p, Limits{Depth: bp.depth}, nil).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
