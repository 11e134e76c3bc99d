package travelers

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"timechess/game"
	"timechess/notation"
	"timechess/perft"
	"timechess/rules"
)

// startPosition is a position tests start from, and where it comes from.
type startPosition struct{ fen, from string }

// playStarts are the positions the random games start from, each with where
// it comes from.
var playStarts = []startPosition{
	{Travelers.S.Start, "the start position (R1)"},
	{benchPositions[1].fen, "constructed: two traveling men a side, traveled knights"},
	{"rn2k2r/pppp1ppp/2n*1b3/3p*4/3P*4/2N'1BQ2/PPPP1PPP/R3K2R w KQk - 0 9", "constructed: castling rights, traveling men in the centre"},
	{"4k3/3p4/8/3p*P3/8/8/8/4K3 b - - 0 1", "constructed: an annihilation that en passant can undo (R5)"},
	{"k7/6P1/8/8/8/8/1p6/7K w - - 0 1", "constructed: promotions by explosion and annihilation"},
	{"4k1/6/6/6/6/1N2K1 w - - 0 1", "constructed: a 6x6 board (C1)"},
}

// sparseStarts are the starts of playStarts with few men, where the plain
// rules answer in milliseconds (in the opening positions they take a fifth
// of a second for each list of legal actions, and checkPosition asks one
// per action).
func sparseStarts() []startPosition { return playStarts[3:] }

// TestRandomGames plays random games from every start (a fixed seed; more
// with -deep) and checks every position on the way (checkPosition), then
// takes every action back, retracing the states.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(20261121, 1))
	games, plies := 1, 6
	if *deep {
		games, plies = 10, 20
	}
	starts := playStarts
	if plainRun() {
		starts = sparseStarts()
	}
	positions, actions := 0, 0
	defer func() { t.Logf("checked %d positions with %d actions", positions, actions) }()
	for _, s := range starts {
		for range games {
			p, err := rules.NewPosition(Travelers, s.fen)
			if err != nil {
				t.Fatalf("%s (%s): %v", s.fen, s.from, err)
			}
			states := []rules.State{p.State}
			for range plies {
				legal := checkPosition(t, p)
				positions++
				actions += len(legal)
				if len(legal) == 0 {
					break
				}
				p.Make(legal[rng.IntN(len(legal))])
				states = append(states, p.State)
			}
			for i := len(states) - 1; i > 0; i-- {
				p.Unmake()
				if p.State != states[i-1] {
					t.Fatalf("%s: taking back action %d gives %s", s.from, i, p.FEN())
				}
			}
		}
	}
}

// checkPosition checks one position and returns its legal actions:
//   - the incremental hash is the computed one;
//   - the position text reads back to the same text and hash (an en passant
//     square left by an annihilation included);
//   - Count agrees with Legal, and Captures and Defeated with both
//     (checkCaptures);
//   - each action can be made and taken back to the exact state, keeping
//     the hash right;
//   - the coordinate forms of all actions differ; those of the normal
//     moves, the annihilations and a sample of the explosions read back as
//     the action, and so do their SAN texts.
func checkPosition(t *testing.T, p *rules.Position) []rules.Move {
	fen := p.FEN()
	if h := p.ComputeHash(); h != p.Hash {
		t.Fatalf("%s: incremental hash %x, computed %x", fen, p.Hash, h)
	}
	q, err := rules.NewPosition(Travelers, fen)
	switch {
	case err != nil:
		t.Fatalf("the text %q does not read back: %v", fen, err)
	case err == nil && (q.FEN() != fen || q.Hash != p.Hash):
		t.Fatalf("text %q reads back as %q, hash %x (want %x)", fen, q.FEN(), q.Hash, p.Hash)
	}
	legal := p.Legal(nil)
	if n := Travelers.Count(p); n != len(legal) {
		t.Fatalf("%s: Count %d, %d legal actions", fen, n, len(legal))
	}
	checkCaptures(t, p, legal)
	before, ply := p.State, p.Ply()
	coords := map[string]rules.Move{}
	for i, m := range legal {
		coord := notation.Coord(p, m)
		if other, dup := coords[coord]; dup {
			t.Fatalf("%s: %v and %v are both written %q", fen, other, m, coord)
		}
		coords[coord] = m
		p.Make(m)
		if h := p.ComputeHash(); h != p.Hash {
			t.Fatalf("%s after %s: incremental hash %x, computed %x", fen, coord, p.Hash, h)
		}
		p.Unmake()
		if p.State != before || p.Ply() != ply {
			t.Fatalf("%s: making and taking back %s gives %s", fen, coord, p.FEN())
		}
		if m.Kind == rules.Explosion && i%23 != 0 {
			continue // reading every coordinate text would cost a scan of all actions each
		}
		texts := []string{coord, notation.SAN(p, m)}
		for _, text := range texts {
			if got, err := notation.Parse(p, text); err != nil || got != m {
				t.Fatalf("%s: %q reads as %v, %v; want %v", fen, text, got, err, m)
			}
		}
	}
	return legal
}

// TestPerftConsistency checks that perft's bulk count at the last ply
// agrees with counting the leaves one by one, and that the divided counts
// add up, from every start.
func TestPerftConsistency(t *testing.T) {
	for i, s := range playStarts {
		if i < 2 && !*deep {
			continue // the opening positions take seconds
		}
		p, err := rules.NewPosition(Travelers, s.fen)
		if err != nil {
			t.Fatalf("%s: %v", s.from, err)
		}
		if plainRun() && p.CountLegal() > 60 {
			continue // by the plain rules, minutes
		}
		total, err := perft.Count(context.Background(), p, 2)
		if err != nil {
			t.Fatal(err)
		}
		var sum, leaves uint64
		div, err := perft.Divide(context.Background(), p, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range div {
			sum += d.Nodes
			p.Make(d.Move)
			leaves += uint64(len(p.Legal(nil)))
			p.Unmake()
		}
		if sum != total || leaves != total {
			t.Errorf("%s: perft 2 = %d, divided %d, leaf by leaf %d", s.from, total, sum, leaves)
		}
	}
}

// seedGames are the seed's four illustrative games (R10) and their ends.
var seedGames = []struct{ moves, result string }{
	{"Nf6/e8 gf", "0-1 (grammatical incorrectness)"},
	{"e4 d6 Bb5/e8 d4/d3 Bxd3 Qe6/c4 Bxc4", "1-0 (checkmate)"},
	{"e4 e5 d4/e5 c5 b4/c5 Nc6 Bb5/c6 dxc Qh5/f7 Qxd4", "0-1 (grammatical incorrectness)"},
	{"e4 e5 Nf3/e5 Nc6/e5 d4/e5 b8//c6 d2//d4 Bb4/e1 Qd6 cxd6 a3 dxe5 axb4", "1-0 (grammatical incorrectness)"},
}

// TestReplay checks ruling C3 on the seed's games: replaying a game record
// from its start reproduces the live position, and the game ends as the
// seed says.
func TestReplay(t *testing.T) {
	for _, c := range seedGames {
		g, err := game.New(Travelers, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range strings.Fields(c.moves) {
			if err := g.Play(text); err != nil {
				t.Fatalf("%s: %s: %v", c.moves, text, err)
			}
		}
		q, err := g.Replay()
		if err != nil {
			t.Fatalf("%s: %v", c.moves, err)
		}
		if q.State != g.Position().State {
			t.Errorf("%s: replay gives %s, live %s", c.moves, q.FEN(), g.Position().FEN())
		}
		if got := game.Describe(g.Status()); got != c.result {
			t.Errorf("%s: ends %s, want %s", c.moves, got, c.result)
		}
	}
}

// checkCaptures checks rules.Capturer against the legal actions of p:
// Captures gives exactly those that take, promote or annihilate, and
// Defeated holds exactly when the side to move has lost by incorrectness.
func checkCaptures(t *testing.T, p *rules.Position, legal []rules.Move) {
	t.Helper()
	var want []rules.Move
	for _, m := range legal {
		if m.Kind == rules.Annihilation || m.Kind != rules.Explosion && capturesOrPromotes(p, m) {
			want = append(want, m)
		}
	}
	got := Travelers.Captures(p, nil)
	if !sameMoves(got, want) {
		t.Fatalf("%s: Captures gives %d actions %v, the legal captures are %d %v", p.FEN(), len(got), got, len(want), want)
	}
	lost := p.Status().Reason == "grammatical incorrectness"
	if d := Travelers.Defeated(p); d != lost {
		t.Fatalf("%s: Defeated %v, status %v", p.FEN(), d, p.Status())
	}
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []rules.Move) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[rules.Move]int{}
	for _, m := range a {
		seen[m]++
	}
	for _, m := range b {
		if seen[m] == 0 {
			return false
		}
		seen[m]--
	}
	return true
}
