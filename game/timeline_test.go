package game_test

import (
	"slices"
	"testing"

	"timechess/game"
	"timechess/rules"
	_ "timechess/variant/timethief"
)

// rewind is a test variant shaped like Gifford's backward travel: besides
// the chess moves, the side to move may take the game back to the start of
// its previous move, and that travel counts as that earlier move (the other
// side moves next). It does not check the Kings; the test plays quiet moves.
type rewind struct{ rules.Orthodox }

var rewindVariant = rewind{rules.Orthodox{S: &rules.Spec{
	Name:               "test-rewind",
	Title:              "Chess with a rewind (test only)",
	Start:              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Kinds:              []rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King},
	Promotions:         []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight},
	CastleKingFromEdge: 2, CastleRookFromEdge: 3,
}}}

func (v rewind) Legal(p *rules.Position, ml []rules.Move) []rules.Move {
	ml = v.Orthodox.Legal(p, ml)
	if p.Ply() >= 2 {
		king := p.Pieces(p.Side, rules.King).LSB()
		ml = append(ml, rules.Move{Kind: rules.BackTravel, Piece: rules.King, From: king, To: king, Via: rules.NoSquare, Num: int16(p.Fullmove - 1)})
	}
	return ml
}

func (v rewind) Make(p *rules.Position, m rules.Move) {
	if m.Kind != rules.BackTravel {
		v.Orthodox.Make(p, m)
		return
	}
	q := p.Copy()
	q.Unmake()
	q.Unmake()
	back := q.State
	p.SaveState(m)
	p.State = back
	if p.Side == rules.Black {
		p.Fullmove++
	}
	p.Side = p.Side.Other()
	p.EP = rules.NoSquare
	p.Hash = p.ComputeHash()
}

func init() { rules.Register(rewindVariant) }

func TestTimelines(t *testing.T) {
	g, err := game.New(rewindVariant, "")
	if err != nil {
		t.Fatal(err)
	}
	if tl := g.Timelines(); len(tl) != 1 || len(tl[0].Plies) != 0 || tl[0].Abandoned {
		t.Errorf("timelines of an empty game: %+v", tl)
	}
	play := func(text string) {
		t.Helper()
		if err := g.Play(text); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []string{"Nf3", "Nf6", "Nc3", "Nc6"} {
		play(m)
	}
	travel := slices.IndexFunc(g.Position().Legal(nil), func(m rules.Move) bool { return m.Kind == rules.BackTravel })
	if err := g.PlayMove(g.Position().Legal(nil)[travel]); err != nil {
		t.Fatal(err)
	}
	// The travel is White's move 2 again: the board is as after 1... Nf6
	// with Black to move.
	if got, want := g.Position().Placement(), "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R"; got != want {
		t.Errorf("after the travel the board is %s, want %s", got, want)
	}
	play("e6")
	play("e4")
	want := []game.Timeline{{Plies: []int{0, 1, 2, 3}, Abandoned: true}, {Plies: []int{0, 1, 4, 5, 6}}}
	if got := g.Timelines(); !slices.EqualFunc(got, want, func(a, b game.Timeline) bool {
		return a.Abandoned == b.Abandoned && slices.Equal(a.Plies, b.Plies)
	}) {
		t.Errorf("timelines %+v, want %+v", got, want)
	}
	replayed, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if replayed.FEN() != g.Position().FEN() {
		t.Errorf("replay gives %s, live is %s", replayed.FEN(), g.Position().FEN())
	}
	for range 3 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := g.Position().FEN(), "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3"; got != want {
		t.Errorf("after undoing the travel: %s, want %s", got, want)
	}
}

// TestTimeThiefTimelines: a TT-capture takes back the opponent's last move
// (docs/rules/timethief.md), so it starts a timeline that shares the plies
// before the move it took back, whichever side plays it; the line that
// ends with the taken-back move is abandoned.
func TestTimeThiefTimelines(t *testing.T) {
	for _, c := range []struct {
		moves []string
		want  []game.Timeline
		note  string
	}{
		{[]string{"f4", "a5", "Txa7", "e5"}, []game.Timeline{{Plies: []int{0, 1}, Abandoned: true}, {Plies: []int{0, 2, 3}}},
			"timeline 2 branches from timeline 1 by taking back Black's move 1, where timeline 1 ends"},
		{[]string{"e3", "f5", "a3", "Txa2", "b3"}, []game.Timeline{{Plies: []int{0, 1, 2}, Abandoned: true}, {Plies: []int{0, 1, 3, 4}}},
			"timeline 2 branches from timeline 1 by taking back White's move 2, where timeline 1 ends"},
	} {
		v, err := rules.Lookup("timethief")
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.New(v, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range c.moves {
			if err := g.Play(m); err != nil {
				t.Fatalf("%v: %s: %v", c.moves, m, err)
			}
		}
		if got := g.Timelines(); !slices.EqualFunc(got, c.want, func(a, b game.Timeline) bool {
			return a.Abandoned == b.Abandoned && slices.Equal(a.Plies, b.Plies)
		}) {
			t.Errorf("%v: timelines %+v, want %+v", c.moves, got, c.want)
		}
		if b := g.Branches(); len(b) != 1 || !b[0].Revert || b[0].Note() != c.note {
			t.Errorf("%v: branches %+v, want one revert noted %q", c.moves, b, c.note)
		}
	}
}
