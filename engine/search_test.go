package engine

import (
	"context"
	"strconv"
	"testing"
	"time"

	"timechess/notation"
	"timechess/rules"
)

// newPosition sets up a position of the named variant ("" text: the start).
func newPosition(t testing.TB, variant, text, moves string) *rules.Position {
	t.Helper()
	v, err := rules.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	if text == "" {
		text = v.Spec().Start
	}
	p, err := rules.NewPosition(v, text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := notation.ParseMoves(p, moves); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkLegalLine fails unless line is a sequence of legal actions from p.
func checkLegalLine(t *testing.T, p *rules.Position, line []rules.Move) {
	t.Helper()
	q := p.Copy()
	for i, m := range line {
		if !legal(q, m) {
			t.Fatalf("move %d of the line, %+v, is not legal in %s", i+1, m, q.FEN())
		}
		q.Make(m)
	}
}

// TestSearchFindsMates searches every problem of testdata/mates.txt that
// has a mate in one or two: the search must score the mate with its
// distance and play one of the keys.
func TestSearchFindsMates(t *testing.T) {
	for _, c := range readMateCases(t) {
		if c.n > 2 || len(c.keys) == 0 {
			continue
		}
		t.Run(strconv.Itoa(c.line), func(t *testing.T) {
			searchMate(t, c, c.position(t))
		})
	}
}

// searchMate searches the problem c set up in p: the search must score the
// mate with its distance and play one of the keys.
func searchMate(t *testing.T, c mateCase, p *rules.Position) {
	t.Helper()
	res := New(Options{}).Search(context.Background(), p, Limits{Depth: 2*c.n + 1}, nil)
	if got := res.Score.Mate(); got < 1 || got > c.n {
		t.Errorf("mates.txt:%d: score %v, want a mate in at most %d", c.line, res.Score, c.n)
	}
	san := notation.SAN(p, res.Best)
	found := false
	for _, k := range c.keys {
		found = found || k == san
	}
	if !found {
		t.Errorf("mates.txt:%d: best move %s, want one of %v", c.line, san, c.keys)
	}
	checkLegalLine(t, p, res.PV)
}

// stagedChess is FIDE chess offering its captures apart (rules.Capturer),
// so that the staged search, which travelers uses, runs on problems whose
// answers are known.
type stagedChess struct{ rules.Variant }

// Captures appends the legal captures and promotions.
func (v stagedChess) Captures(p *rules.Position, ml []rules.Move) []rules.Move {
	for _, m := range p.Legal(nil) {
		if m.Kind == rules.EnPassant || m.Promo != rules.NoKind || p.At(m.To) != rules.NoPiece {
			ml = append(ml, m)
		}
	}
	return ml
}

// Defeated is false: chess is lost only by checkmate.
func (stagedChess) Defeated(*rules.Position) bool { return false }

// TestStagedSearchFindsMates searches the chess problems of
// testdata/mates.txt with the captures generated first (rules.Capturer):
// their keys are as often quiet moves as not, so the search must complete a
// node's actions when the captures do not settle it, and in quiescence it
// must still see mates.
func TestStagedSearchFindsMates(t *testing.T) {
	for _, c := range readMateCases(t) {
		if c.variant != "chess" || c.n > 2 || len(c.keys) == 0 {
			continue
		}
		t.Run(strconv.Itoa(c.line), func(t *testing.T) {
			p := c.position(t)
			q, err := rules.NewPosition(stagedChess{p.Variant()}, p.FEN())
			if err != nil {
				t.Fatal(err)
			}
			searchMate(t, c, q)
		})
	}
}

// TestSearchEveryVariant searches a few positions of every variant with
// time travel in them and checks that the moves and lines are legal.
func TestSearchEveryVariant(t *testing.T) {
	cases := []struct {
		variant, text, moves string
		depth                int
	}{
		{"chess", "", "", 3},
		{"chess10x8", "", "", 3},
		{"timethief", "", "g4 g5 Tg3", 3},
		{"timethief-restore", "", "g4 g5 Tg3 Tg6", 3},
		{"gifford", "", "e4 e5 Nf3 Nc6 Bf1//4", 3},
		{"gifford", "", "e4 e5 Nf3 Nc6 Bc4 Nf6", 3},
		// Hundreds of explosions a move, but the search tries the captures
		// first (rules.Capturer).
		{"travelers", "", "e4 e5", 2},
		{"travelers", "rnbqkb1r/pppppppp/2n*2n'2/3p*4/4P*3/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 0 5", "", 2},
	}
	for _, c := range cases {
		t.Run(c.variant, func(t *testing.T) {
			p := newPosition(t, c.variant, c.text, c.moves)
			var infos int
			res := New(Options{}).Search(context.Background(), p, Limits{Depth: c.depth, MultiPV: 2}, func(i Info) {
				infos++
				checkLegalLine(t, p, i.PV)
			})
			if res.Best.IsNull() || res.Depth != c.depth || infos != 2*c.depth {
				t.Fatalf("result %+v after %d reports", res, infos)
			}
			checkLegalLine(t, p, res.PV)
		})
	}
}

// TestTableCollisions gives every position the same transposition key, so
// that each probe finds the entry of some other position: the moves the
// search plays and reports must still be legal.
func TestTableCollisions(t *testing.T) {
	for _, c := range []struct{ variant, text, moves string }{
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
		{"gifford", "", "e4 e5 Qh5 Nc6"},
		{"timethief", "", "g4 g5 Tg3 Nc6"},
	} {
		p := newPosition(t, c.variant, c.text, c.moves)
		pr := *profileFor(p.Variant())
		pr.key = func(*rules.Position) uint64 { return 0x5eed }
		e := New(Options{HashMB: 1})
		for depth := 1; depth <= 4; depth++ {
			res := e.search(context.Background(), p, &pr, Limits{Depth: depth, MultiPV: 3}, func(i Info) { checkLegalLine(t, p, i.PV) })
			checkLegalLine(t, p, res.PV)
			if !legal(p, res.Best) {
				t.Fatalf("%s: best move %+v is not legal", c.variant, res.Best)
			}
		}
	}
}

// TestMultiPV checks that the lines of a multi-PV search start with
// different moves and come best first.
func TestMultiPV(t *testing.T) {
	p := newPosition(t, "chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "")
	res := New(Options{}).Search(context.Background(), p, Limits{Depth: 4, MultiPV: 4}, nil)
	if len(res.Lines) != 4 {
		t.Fatalf("%d lines, want 4", len(res.Lines))
	}
	seen := map[rules.Move]bool{}
	for i, l := range res.Lines {
		checkLegalLine(t, p, l.PV)
		if seen[l.PV[0]] {
			t.Errorf("line %d repeats the first move %s", i+1, notation.SAN(p, l.PV[0]))
		}
		seen[l.PV[0]] = true
		if i > 0 && l.Score > res.Lines[i-1].Score {
			t.Errorf("line %d scores %v, above line %d's %v", i+1, l.Score, i, res.Lines[i-1].Score)
		}
	}
	if res.Lines[0].PV[0] != res.Best || res.Lines[0].Score != res.Score {
		t.Errorf("the first line %v is not the result's %v", res.Lines[0], res.Best)
	}
}

// TestCancel starts an infinite search and cancels it: Search must return
// (a generous bound, to catch a search that ignores its context) with a
// legal move.
func TestCancel(t *testing.T) {
	p := newPosition(t, "chess", "", "")
	for _, threads := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan Result, 1)
		go func() { done <- New(Options{Threads: threads}).Search(ctx, p, Limits{Infinite: true}, nil) }()
		time.Sleep(50 * time.Millisecond)
		cancel()
		select {
		case res := <-done:
			if !legal(p, res.Best) {
				t.Errorf("%d threads: best move %+v is not legal", threads, res.Best)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%d threads: the search did not stop after its context ended", threads)
		}
	}
}

// TestLimits checks the node limit, a search restricted to some root moves,
// and the result of a root with no legal move.
func TestLimits(t *testing.T) {
	p := newPosition(t, "chess", "", "")
	res := New(Options{}).Search(context.Background(), p, Limits{Nodes: 5000}, nil)
	if res.Nodes < 5000 || res.Nodes > 5000+2*(pollMask+1) {
		t.Errorf("node limit 5000: searched %d", res.Nodes)
	}
	a3, _ := notation.Parse(p, "a3")
	h3, _ := notation.Parse(p, "h3")
	res = New(Options{}).Search(context.Background(), p, Limits{Depth: 3, Moves: []rules.Move{a3, h3}}, nil)
	if res.Best != a3 && res.Best != h3 {
		t.Errorf("searching a3 and h3 only: best move %s", notation.SAN(p, res.Best))
	}
	mated := newPosition(t, "chess", "", "f3 e5 g4 Qh4#")
	res = New(Options{}).Search(context.Background(), mated, Limits{Depth: 3}, nil)
	if !res.Best.IsNull() || res.Score != MatedIn(0) {
		t.Errorf("checkmated root: %+v", res)
	}
}

// TestFiftyMoveRule: with the half-move clock at 99, every move but a mate
// or a capture ends the game drawn, so a queen up scores nothing.
func TestFiftyMoveRule(t *testing.T) {
	p := newPosition(t, "chess", "7k/8/8/8/8/8/8/KQ6 w - - 99 80", "")
	res := New(Options{}).Search(context.Background(), p, Limits{Depth: 4}, nil)
	if res.Score != 0 {
		t.Errorf("score %v, want a draw", res.Score)
	}
}

// TestRepetition plays the knights out and back: the repeated states count
// as draws inside the search at once and before its root at the third
// occurrence.
func TestRepetition(t *testing.T) {
	pr := profileFor(newPosition(t, "chess", "", "").Variant())
	cases := []struct {
		moves string
		ply   int // how many of the moves the search made
		want  bool
	}{
		{"Nf3 Nf6 Ng1 Ng8", 4, true},  // the start, repeated inside the search
		{"Nf3 Nf6 Ng1 Ng8", 3, false}, // repeated once before the root
		{"Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", 0, true},
		{"Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", 1, false},
		{"e4 Nf6 Nf3 Ng8 Ng1", 5, true},       // the state after e4, inside the search
		{"Nf3 Nf6 Rg1 Rg8 Rh1 Rh8", 6, false}, // the board of the start, without castling
	}
	for _, c := range cases {
		p := newPosition(t, "chess", "", c.moves)
		if got := repeats(p, c.ply, pr); got != c.want {
			t.Errorf("%s with %d plies searched: repeats %v, want %v", c.moves, c.ply, got, c.want)
		}
	}
}

// TestThreads runs a two-thread search to a fixed depth, in chess and in
// travelers, whose threads compute legal actions each in its own working
// memory (rules.Position.Memory; run with -race).
func TestThreads(t *testing.T) {
	for _, c := range []struct {
		variant, text string
		depth         int
	}{
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
		{"travelers", "rnbqkb1r/pppppppp/2n*2n'2/3p*4/4P*3/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 0 5", 2},
	} {
		p := newPosition(t, c.variant, c.text, "")
		res := New(Options{Threads: 2}).Search(context.Background(), p, Limits{Depth: c.depth}, nil)
		if res.Depth != c.depth {
			t.Errorf("%s: depth %d, want %d", c.variant, res.Depth, c.depth)
		}
		checkLegalLine(t, p, res.PV)
	}
}

// TestConcurrentEngines runs separate engines, one of them with two
// threads, at the same time (run with -race).
func TestConcurrentEngines(t *testing.T) {
	positions := []*rules.Position{
		newPosition(t, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""),
		newPosition(t, "gifford", "", "e4 e5 Nf3 Nc6 Bf1//4"),
		newPosition(t, "timethief", "", "g4 g5 Tg3"),
	}
	done := make(chan Result, len(positions))
	for i, p := range positions {
		go func() { done <- New(Options{Threads: 1 + i%2}).Search(context.Background(), p, Limits{Depth: 4}, nil) }()
	}
	for range positions {
		if res := <-done; res.Depth != 4 {
			t.Errorf("a search ended at depth %d", res.Depth)
		}
	}
}
