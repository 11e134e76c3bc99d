package rules_test

import (
	"testing"

	"timechess/rules"
)

// TestPawnsPromoteOnTheLastRank checks ruling C1 on short boards, where a
// pawn's double step from its second rank can reach the last rank: no legal
// move may leave a pawn on its last rank, and every pawn move onto it offers
// each promotion kind.
func TestPawnsPromoteOnTheLastRank(t *testing.T) {
	tests := []struct{ name, fen string }{
		{"white double step on 4 ranks", "k3/4/1P2/K3 w - - 0 1"},
		{"black double step on 4 ranks", "k3/2p1/4/K3 b - - 0 1"},
		{"single step on 3 ranks", "3k/1P2/K3 w - - 0 1"},
		{"white double step on 5 ranks", "k3/4/4/1P2/K3 w - - 0 1"},
		{"capture onto the last rank", "kr2/P3/4/K3 w - - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, "chess", tc.fen)
			last := p.Geometry().H - 1
			if p.Side == rules.Black {
				last = 0
			}
			promotions := map[[2]rules.Square]int{}
			for _, m := range p.Legal(nil) {
				if m.Piece != rules.Pawn || m.To.Rank() != last {
					continue
				}
				if m.Promo == rules.NoKind {
					t.Errorf("%s: pawn move %s-%s (kind %d) reaches the last rank without promoting", tc.fen, m.From, m.To, m.Kind)
				}
				promotions[[2]rules.Square{m.From, m.To}]++
			}
			for ft, n := range promotions {
				if n != len(p.Variant().Spec().Promotions) {
					t.Errorf("%s: %s-%s offers %d promotions", tc.fen, ft[0], ft[1], n)
				}
			}
		})
	}
}

// TestHalfmoveClock checks the fifty-move counter: pawn moves (promotions
// included) and captures restart it, other moves count on.
func TestHalfmoveClock(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int
	}{
		{"k7/4P3/8/8/8/8/8/K7 w - - 30 40", "e7e8", 0},
		{"k7/8/8/8/8/8/4P3/K7 w - - 30 40", "e2e4", 0},
		{"k7/8/8/8/8/8/8/K6R w - - 30 40", "h1h2", 31},
		{"k6r/8/8/8/8/8/8/K6R w - - 30 40", "h1h8", 0},
	}
	for _, tc := range tests {
		p := mustPosition(t, "chess", tc.fen)
		play(t, p, tc.move)
		if p.Halfmove != tc.want {
			t.Errorf("%s after %s: halfmove clock %d, want %d", tc.fen, tc.move, p.Halfmove, tc.want)
		}
	}
}
