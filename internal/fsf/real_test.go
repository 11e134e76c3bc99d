package fsf_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"timechess/internal/fsf"
	"timechess/variant/chess"
)

// startReal starts the installed Fairy-Stockfish, or skips the test.
func startReal(t *testing.T) *fsf.Engine {
	t.Helper()
	path, err := fsf.Find()
	if err != nil {
		t.Skipf("skipping: %v", err)
	}
	e, err := fsf.Start(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	})
	return e
}

// divideOf maps each move of a perft answer to its count.
func divideOf(p fsf.Perft) map[string]uint64 {
	m := map[string]uint64{}
	for _, d := range p.Divide {
		m[d.Move] = d.Nodes
	}
	return m
}

func TestRealEngineCounts(t *testing.T) {
	e := startReal(t)
	ctx := context.Background()
	tests := []struct {
		name, variant, chess960, fen string
		depth                        int
		nodes                        uint64
		moves                        map[string]uint64 // some expected divide entries
	}{
		// The start position's counts are on the Chess Programming Wiki's "Perft Results" page.
		{"start", "chess", "false", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 2, 400,
			map[string]uint64{"e2e4": 20, "g1f3": 20}},
		// Kiwipete (same page); in UCI_Chess960 mode castling is king-takes-rook.
		{"kiwipete 960 mode", "chess", "true", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1, 48,
			map[string]uint64{"e1h1": 1, "e1a1": 1}},
		{"kiwipete", "chess", "false", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1, 48,
			map[string]uint64{"e1g1": 1, "e1c1": 1}},
		// chess10x8: 20 pawn moves and 4 knight moves; a Guard promotion is written with g.
		{"chess10x8 start", "chess10x8", "false", chess.Chess10x8.S.Start, 1, 24, map[string]uint64{"i1h3": 1}},
		{"chess10x8 promotion", "chess10x8", "false", "4k5/1P8/10/10/10/10/10/4K5 w - - 0 1", 1, 10,
			map[string]uint64{"b7b8g": 1, "b7b8q": 1}},
		{"chess10x8 castling", "chess10x8", "false", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", 1, 28,
			map[string]uint64{"f1i1": 1, "f1c1": 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := e.SetOption(ctx, "UCI_Chess960", tc.chess960); err != nil {
				t.Fatal(err)
			}
			got, err := e.Perft(ctx, tc.variant, tc.fen, tc.depth)
			if err != nil {
				t.Fatal(err)
			}
			if got.Nodes != tc.nodes {
				t.Errorf("nodes = %d, want %d", got.Nodes, tc.nodes)
			}
			div := divideOf(got)
			for m, n := range tc.moves {
				if div[m] != n {
					t.Errorf("divide[%s] = %d, want %d (divide %v)", m, div[m], n, got.Divide)
				}
			}
		})
	}
}

func TestRealEngineTimeoutStopsIt(t *testing.T) {
	e := startReal(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := e.Perft(ctx, "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 9)
	if err == nil || !strings.Contains(err.Error(), "did not answer in time") {
		t.Fatalf("error = %v, want a timeout", err)
	}
}

func TestVariantDefinitionsAreOffered(t *testing.T) {
	e := startReal(t)
	if !strings.HasPrefix(e.Name(), "Fairy-Stockfish") {
		t.Errorf("engine name %q", e.Name())
	}
	for _, v := range append([]string{"chess"}, fsf.CustomVariants...) {
		if !e.HasVariant(v) {
			t.Errorf("the engine does not offer %s", v)
		}
	}
}
