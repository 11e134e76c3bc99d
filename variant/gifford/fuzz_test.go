package gifford_test

import (
	"errors"
	"slices"
	"testing"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/rules"
	"timechess/variant/gifford"
)

// fuzzPositions are the positions FuzzParseAction reads texts in, each set
// up from a text and a move list so that backward travels have a history:
// sends and travels to name; an arrival due; several Kings.
var fuzzPositions = []struct{ fen, moves string }{
	{"start", ""},
	{"start", "1. e4 e5 2. Nf3 Nc6 3. d3 d6 4. Bf1//9 a6"},
	{"start", "1. e4 e5 2. Nf3 Nc6 3. Bf1//4 Nf6"},
	{"start", "1. d2//5 Nc6 2. e4 Nf6 3. Qg4 Nd4 4. e5 Nf3+ 5. Qxf3 Ng4 6. Ke1//2@a4 e5 3. Nf3 Nf6 4. Nc3"},
	{"7k/8/8/4b3/8/8/1q6/K1K1K3 w - - 0 1", ""},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 book=K@1", ""},
}

// fuzzPosition sets up fuzzPositions[i mod n].
func fuzzPosition(t *testing.T, i uint8) *rules.Position {
	s := fuzzPositions[int(i)%len(fuzzPositions)]
	p, err := casescript.NewPosition(gifford.Gifford, s.fen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := notation.ParseMoves(p, s.moves); err != nil {
		t.Fatal(err)
	}
	return p
}

// FuzzParseAction checks that the variant's parser, and Parse through it,
// never panic, leave the position unchanged, return only legal turns whose
// SAN reads back as them, leave text they do not handle to the orthodox
// parser without an error, and refuse with a *notation.Error.
func FuzzParseAction(f *testing.F) {
	for i := range fuzzPositions {
		for _, text := range []string{"Bf1//9", "d2//5", "f1//9", "Bf1// to 9", "Bf1//", "//9", "Bf1//99999999999",
			"B@c4", "@c4", "[B]c4", "[Bw]c4", "[Bx]c4", "K@e1", "P@a1", "B@z9",
			"Ke1//2@a4", "K//2@a4", "e1//2@a4", "K // to 2 K a4 // FTF", "K e3 // to 1 K d3 // FTF", "K//@", "Ka4//3@h3",
			"e4", "Nf3", "O-O", ""} {
			f.Add(uint8(i), text)
		}
	}
	f.Fuzz(func(t *testing.T, start uint8, text string) {
		p := fuzzPosition(t, start)
		fen, hash := p.FEN(), p.Hash
		m, handled, err := gifford.Gifford.ParseAction(p, text)
		switch {
		case !handled && (err != nil || m != rules.NullMove):
			t.Fatalf("ParseAction(%q) leaves the text to the orthodox parser but returns %v, %v", text, m, err)
		case handled && err == nil:
			if !slices.Contains(p.Legal(nil), m) {
				t.Fatalf("ParseAction(%q) = %+v, not a legal turn", text, m)
			}
			if back, err := notation.Parse(p, notation.SAN(p, m)); err != nil || back != m {
				t.Fatalf("ParseAction(%q) = %+v, whose SAN reads back as %+v, %v", text, m, back, err)
			}
		case err != nil:
			var ne *notation.Error
			if !errors.As(err, &ne) || ne.Text != text || ne.Reason == "" {
				t.Fatalf("ParseAction(%q) refuses with %v, not a *notation.Error about the text", text, err)
			}
		}
		if pm, err := notation.Parse(p, text); err == nil && !slices.Contains(p.Legal(nil), pm) {
			t.Fatalf("Parse(%q) = %+v, not a legal turn", text, pm)
		}
		if p.FEN() != fen || p.Hash != hash {
			t.Fatalf("reading %q changed the position to %s", text, p.FEN())
		}
	})
}

// FuzzPositionText checks that reading a position text never panics; that a
// text read is written back the same and reads again to the same text and
// hash (the computed one); and that every legal turn can be made and taken
// back; and that a finished game says why.
func FuzzPositionText(f *testing.F) {
	for _, text := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 book=P@5,Bl@9,n@12 travels=1,0",
		"r1bqkbnr/pppppppp/2n5/8/K7/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2 book=P@5 travels=1,0",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 book=K@1",
		"4k3/8/8/8/8/8/8/8 w - - 0 1 book=K@3",
		"7k/8/8/4b3/8/8/1q6/K1K1K3 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 book=P@5,N@5",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 book=B@5",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 travels=3,0",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 book=",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 book=P@",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 travels=1,0 travels=0,1",
		"2k3/6/6/6/2P3/2K3 w - - 0 1 book=p@2,bd@3",
		"4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1 book=P@1",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := rules.NewPosition(gifford.Gifford, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an empty error", text)
			}
			return
		}
		fen := p.FEN()
		if h := p.ComputeHash(); h != p.Hash {
			t.Fatalf("%q: hash %x, computed %x", text, p.Hash, h)
		}
		q, err := rules.NewPosition(gifford.Gifford, fen)
		if err != nil {
			if castlingTextBug(p) {
				return
			}
			t.Fatalf("%q is written as %q, which does not read back: %v", text, fen, err)
		}
		if q.FEN() != fen || q.Hash != p.Hash {
			t.Fatalf("%q is written as %q, which reads back as %q", text, fen, q.FEN())
		}
		before := p.State
		for _, m := range p.Legal(nil) {
			p.Make(m)
			if h := p.ComputeHash(); h != p.Hash {
				t.Fatalf("%s after %s: hash %x, computed %x", fen, notation.Coord(q, m), p.Hash, h)
			}
			p.Unmake()
			if p.State != before {
				t.Fatalf("%s: making and taking back %s gives %s", fen, notation.Coord(q, m), p.FEN())
			}
		}
		if st := p.Status(); st.Over() && st.Reason == "" {
			t.Fatalf("%s: the game is over (%s) without a reason", fen, st.Result)
		}
	})
}
