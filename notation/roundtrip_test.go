package notation_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// playoutStarts are the positions the round-trip playouts start from.
var playoutStarts = []struct{ variant, fen, from string }{
	{"chess", "start", "the standard start"},
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "Kiwipete (Chess Programming Wiki, Perft Results, position 2)"},
	{"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "Perft Results, position 3 (en passant, rook endings)"},
	{"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", "Perft Results, position 4 (promotions)"},
	{"chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "a Chess960 perft position (Shredder-FEN rights)"},
	{"chess", "1rk2r2/pppppppp/8/8/8/8/PPPPPPPP/1RK2R2 w KQkq - 0 1", "constructed Chess960 set-up: the King does not move castling queenside"},
	{"chess10x8", "start", "the chess10x8 start (rulings T1 castling, Guards)"},
	{"chess", "rnbqkbnrrn/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKBNRRN w - - 0 1", "constructed 10x10 set-up (two-digit rank 10)"},
	{"chess", "rnbqkbnrrnbqqbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQQBNR w - - 0 1", "constructed 16x16 set-up"},
	{"chess", "1r5k/P1P5/8/8/8/8/5p1p/K5R1 w - - 0 1", "constructed: promotions with and without capture for both sides"},
	{"chess", "r2k1K/6 b q - 0 1", "constructed 6x2 board where the King castles to the square next to it, as a plain step would (found by fuzzing timethief's position text)"},
}

func startPosition(t testing.TB, i int) *rules.Position {
	t.Helper()
	s := playoutStarts[i%len(playoutStarts)]
	return testCase{where: s.from, variant: s.variant, fen: s.fen}.position(t)
}

// TestRoundTrip plays random games with a fixed seed from every start and
// checks, in every position reached, that the SAN, the coordinate form and
// a Game Courier form of every legal move read back as that move, that no
// two moves share a text, that the mate mark agrees with Status, and that
// formatting and reading leave the position unchanged.
func TestRoundTrip(t *testing.T) {
	games, plies := 3, 60
	if testing.Short() {
		games = 1
	}
	rng := rand.New(rand.NewPCG(20240601, 7))
	positions := 0
	seen := map[string]int{}
	for i, s := range playoutStarts {
		for g := 0; g < games; g++ {
			p := startPosition(t, i)
			for ply := 0; ply < plies; ply++ {
				legal := p.Legal(nil)
				if len(legal) == 0 {
					break
				}
				checkAllMoves(t, fmt.Sprintf("%s, game %d, ply %d", s.from, g, ply), p, legal, seen)
				positions++
				p.Make(legal[rng.IntN(len(legal))])
			}
		}
	}
	t.Logf("checked every legal move of %d positions: %v", positions, seen)
	// The full run must have met every notation feature.
	for _, feature := range []string{"castling", "en passant", "promotion", "disambiguation", "check", "mate", "two-digit rank"} {
		if seen[feature] == 0 && !testing.Short() {
			t.Errorf("the playouts met no %s; change the seed or the starts", feature)
		}
	}
}

func checkAllMoves(t *testing.T, where string, p *rules.Position, legal []rules.Move, features map[string]int) {
	t.Helper()
	fen, hash := p.FEN(), p.Hash
	seen := map[string]rules.Move{}
	for _, m := range legal {
		san, coord, gc := notation.SAN(p, m), notation.Coord(p, m), gameCourier(p, m)
		for feature, has := range map[string]bool{
			"castling":   m.Kind == rules.Castle,
			"en passant": m.Kind == rules.EnPassant,
			"promotion":  m.Promo != rules.NoKind,
			"disambiguation": m.Piece != rules.Pawn && m.Kind != rules.Castle &&
				len(strings.TrimRight(san, "+#")) > 1+strings.Count(san, "x")+len(m.To.String()),
			"check":          strings.HasSuffix(san, "+"),
			"mate":           strings.HasSuffix(san, "#"),
			"two-digit rank": m.To.Rank() >= 9,
		} {
			if has {
				features[feature]++
			}
		}
		for _, text := range []string{san, coord, gc} {
			got, err := notation.Parse(p, text)
			if err != nil || got != m {
				t.Fatalf("%s (%s): %q reads as %v, %v; want %v", where, fen, text, got, err, m)
			}
		}
		for _, text := range []string{san, coord} {
			if other, dup := seen[text]; dup {
				t.Fatalf("%s (%s): %v and %v are both written %q", where, fen, other, m, text)
			}
			seen[text] = m
		}
		p.Make(m)
		mated := p.Status().Reason == "checkmate"
		p.Unmake()
		if mated != strings.HasSuffix(san, "#") {
			t.Fatalf("%s (%s): %s: mate mark disagrees with Status (mate %v)", where, fen, san, mated)
		}
	}
	if p.FEN() != fen || p.Hash != hash {
		t.Fatalf("%s: formatting and reading changed the position: %s -> %s", where, fen, p.FEN())
	}
}

// gameCourier writes m in Game Courier's full notation, as a Game Courier
// player would: the label in the mover's case, the promotion, the rook's
// part of a castling and the removal of a pawn taken en passant.
func gameCourier(p *rules.Position, m rules.Move) string {
	label := func(k rules.Kind) string {
		if p.Side == rules.Black {
			return strings.ToLower(string(k.Letter()))
		}
		return string(k.Letter())
	}
	s := fmt.Sprintf("%s %s-%s", label(m.Piece), m.From, m.To)
	switch {
	case m.Promo != rules.NoKind:
		s += fmt.Sprintf("; %s-%s", label(m.Promo), m.To)
	case m.Kind == rules.EnPassant:
		s += fmt.Sprintf("; %s-", rules.SquareAt(m.To.File(), m.From.Rank()))
	case m.Kind == rules.Castle:
		q := p.Copy()
		q.Make(m)
		for _, sq := range q.Pieces(p.Side, rules.Rook).Squares() {
			if p.At(sq).Kind() != rules.Rook || p.At(sq).Color() != p.Side || sq == m.Via {
				s += fmt.Sprintf("; %s %s-%s", label(rules.Rook), m.Via, sq)
			}
		}
	}
	return s
}
