package engine

import (
	"strings"
	"testing"

	"timechess/rules"
)

// mirror returns the position text of p with the colours swapped: the
// board turned upside down, each man changing colour, the other side to
// move. Castling rights and the en passant square are left out: the test
// positions have none.
func mirror(p *rules.Position) string {
	g := p.Geometry()
	var ranks []string
	for r := 0; r < g.H; r++ { // White's first rank becomes Black's
		var b strings.Builder
		empty := 0
		for f := 0; f < g.W; f++ {
			pc := p.At(rules.SquareAt(f, r))
			if pc == rules.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(itoa(empty))
				empty = 0
			}
			b.WriteString(rules.MakePiece(pc.Color().Other(), pc.Kind(), pc.Flags()).String())
		}
		if empty > 0 {
			b.WriteString(itoa(empty))
		}
		ranks = append(ranks, b.String())
	}
	side := "b"
	if p.Side == rules.Black {
		side = "w"
	}
	return strings.Join(ranks, "/") + " " + side + " - - 0 1"
}

// itoa writes a small number.
func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// TestEvaluationSymmetry checks that the evaluation does not depend on the
// colour: a position and its mirror image score the same for the side to
// move, on every board size and with the fairy men.
func TestEvaluationSymmetry(t *testing.T) {
	for _, c := range []struct{ variant, text string }{
		{"chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 8"},
		{"chess", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"},
		{"chess", "6k1/2q2ppp/p7/1p6/3Q4/1P4P1/P4P1P/6K1 b - - 0 30"},
		{"chess10x8", "2rgqr1k2/pp2bgpppp/2np1n4/2p1p1b3/2B1P1B3/2NP1N1P2/PPPG1GP1PP/2RQ1RK3 w - - 3 12"},
		{"timethief", "r1bgqktbnr/pp1pwppppp/2n7/2p2D4/4P5/2S7/PPPP1PPPPP/RNBGQKTB~NR w - - 0 5"},
		{"chess", "5k5/11/11/3p7/11/4P6/11/11/11/11/5K5 w - - 0 1"},
	} {
		p := newPosition(t, c.variant, c.text, "")
		q := newPosition(t, c.variant, mirror(p), "")
		pr := profileFor(p.Variant())
		var ev evaluation
		a, b := ev.within(p, pr, -Infinity, Infinity), ev.within(q, pr, -Infinity, Infinity)
		if a != b {
			t.Errorf("%s: %v, mirrored %s: %v", c.text, a, mirror(p), b)
		}
	}
}

// TestEvaluationSense checks a few orderings any evaluation must respect.
func TestEvaluationSense(t *testing.T) {
	score := func(variant, text string) Score {
		p := newPosition(t, variant, text, "")
		var ev evaluation
		return ev.within(p, profileFor(p.Variant()), -Infinity, Infinity)
	}
	for _, c := range []struct{ what, better, worse, variant string }{
		{"a queen up", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "chess"},
		{"a passed pawn further on", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/P7/8/8/4K3 w - - 0 1", "chess"},
		{"a knight in the centre", "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "chess"},
		{"a man in transit against none", "4k3/8/8/8/8/8/8/4K3 w - - 0 10 book=R@12", "4k3/8/8/8/8/8/8/4K3 w - - 0 10", "gifford"},
		{"the enemy King frozen by a Time Thief", "4k5/10/10/10/10/10/10/4T4K w - - 0 1", "4k5/10/10/10/10/10/10/3T5K w - - 0 1", "timethief"},
	} {
		if b, w := score(c.variant, c.better), score(c.variant, c.worse); b <= w {
			t.Errorf("%s: %v is not above %v", c.what, b, w)
		}
	}
}
