package notation_test

import (
	"errors"
	"testing"

	"timechess/notation"
)

// addSeeds adds every move text of the testdata files, in every start.
func addSeeds(f *testing.F) {
	for _, c := range loadCases(f) {
		for i := range playoutStarts {
			f.Add(uint8(i), c.text)
		}
	}
	for _, text := range []string{"O-O-O", "0-0", "e1h1", "P e2-e4; e5-", "K e1-g1; R h1-f1",
		"p e7-e8; q-e8", "Ra10", "R12a5", "a16", "exd", "1. e4 e5", "@-e4", ";;", "x", "-", "(Q)"} {
		f.Add(uint8(0), text)
	}
}

// FuzzParse checks that Parse never panics, returns only legal moves,
// refuses with an *Error and leaves the position unchanged.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, start uint8, text string) {
		p := startPosition(t, int(start))
		fen := p.FEN()
		m, err := notation.Parse(p, text)
		if p.FEN() != fen {
			t.Fatalf("Parse(%q) changed the position", text)
		}
		if err != nil {
			var ne *notation.Error
			if !errors.As(err, &ne) || ne.Text != text {
				t.Fatalf("Parse(%q): error %v is not an *Error about the text", text, err)
			}
			return
		}
		for _, l := range p.Legal(nil) {
			if l == m {
				return
			}
		}
		t.Fatalf("Parse(%q) = %v, not a legal move of %s", text, m, fen)
	})
}

// FuzzParseMoves checks that ParseMoves never panics, plays exactly the
// moves it returns, and restores the position when it refuses a move.
func FuzzParseMoves(f *testing.F) {
	addSeeds(f)
	f.Add(uint8(0), "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6")
	f.Add(uint8(0), "P e2-e4 p e7-e5 ; N g1-f3")
	f.Fuzz(func(t *testing.T, start uint8, text string) {
		p := startPosition(t, int(start))
		fen := p.FEN()
		moves, err := notation.ParseMoves(p, text)
		if err != nil {
			var me *notation.MoveError
			if !errors.As(err, &me) || me.Index < 1 {
				t.Fatalf("ParseMoves(%q): error %v is not a *MoveError", text, err)
			}
			if p.FEN() != fen || p.Ply() != 0 {
				t.Fatalf("ParseMoves(%q) failed but left %s", text, p.FEN())
			}
			return
		}
		if p.Ply() != len(moves) {
			t.Fatalf("ParseMoves(%q) returned %d moves but played %d", text, len(moves), p.Ply())
		}
		for range moves {
			p.Unmake()
		}
		if p.FEN() != fen {
			t.Fatalf("ParseMoves(%q): taking the moves back gives %s", text, p.FEN())
		}
	})
}
