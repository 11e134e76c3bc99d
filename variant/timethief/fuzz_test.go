package timethief

import (
	"errors"
	"strings"
	"testing"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/rules"
)

// fuzzPositions are the positions FuzzParseAction reads move texts in: each
// has TT-captures or Spirit moves to name.
var fuzzPositions = []struct{ variant, fen string }{
	{"timethief", "9k/2T2r4/10/10/2T2T4/10/10/K9 b - - 0 1"}, // after Rh7: three Time Thieves take back on f7
	{"timethief", "9k/2T4r2/10/10/2T2T4/10/10/K9 w - - 1 2 last=f7h7 prev=9k/2T2r4/10/10/2T2T4/10/10/K9,b,-,-,0,1"},
	{"timethief", "9k/10/4t~5/10/2T7/4S5/10/K9 w - - 0 1"},
	{"timethief-restore", "10/k8P/10/5T4/10/10/10/4n5 w - - 0 2 last=f3e1 prev=10/k8P/10/5T4/10/5n4/10/4K5,b,-,-,0,1"},
	{"timethief", "9k/10/4R~5/2B7/10/10/3P~6/K9 w - - 0 1"},
	{"timethief-restore", "rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1"},
}

// fuzzPosition sets up fuzzPositions[i mod n].
func fuzzPosition(t *testing.T, i uint8) *rules.Position {
	s := fuzzPositions[int(i)%len(fuzzPositions)]
	v, err := rules.Lookup(s.variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.NewPosition(v, s.fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// FuzzParseAction checks that the variant's parser and Parse through it
// never panic, leave the position unchanged, return only legal actions,
// leave text they do not handle to the orthodox parser without an error,
// and refuse with a *notation.Error about the text as given.
func FuzzParseAction(f *testing.F) {
	for i := range fuzzPositions {
		for _, text := range []string{"Txf7", "Tcxf7", "T4xf7", "Tc4xf7", "TTxf7", "c4xf7", "TTg1", "Tx", "T",
			"TTx", "xf7", "Txz99", "e6g5s", "Pd2-b1", "d2-b1", "Sg5", "Txe6", "Txe3", "T10xf7", "TTTg1"} {
			f.Add(uint8(i), text)
		}
	}
	f.Fuzz(func(t *testing.T, start uint8, text string) {
		p := fuzzPosition(t, start)
		v := p.Variant().(*Variant)
		fen := p.FEN()
		m, handled, err := v.ParseAction(p, text)
		switch {
		case !handled && (err != nil || m != rules.NullMove):
			t.Fatalf("ParseAction(%q) leaves the text to the orthodox parser but returns %v, %v", text, m, err)
		case handled && err == nil && !isLegal(p, m):
			t.Fatalf("ParseAction(%q) = %+v, not a legal action", text, m)
		case err != nil:
			var ne *notation.Error
			if !errors.As(err, &ne) || ne.Text != text {
				t.Fatalf("ParseAction(%q): %v is not a *notation.Error about the text", text, err)
			}
		}
		if got, err := notation.Parse(p, text); err == nil && !isLegal(p, got) {
			t.Fatalf("Parse(%q) = %+v, not a legal action", text, got)
		}
		if p.FEN() != fen {
			t.Fatalf("reading %q changed the position to %s", text, p.FEN())
		}
	})
}

// isLegal reports whether m is a legal action in p.
func isLegal(p *rules.Position, m rules.Move) bool {
	for _, l := range p.Legal(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// FuzzPositionText checks that reading a position text of either variant
// never panics, refuses with a non-empty error, and gives a position whose
// text reads back to the same text, hash and legal actions, and in which
// every legal action can be made (keeping the hash right and the text
// readable) and taken back.
func FuzzPositionText(f *testing.F) {
	cases, err := casescript.Load("testdata")
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		for _, s := range c.Steps {
			if s.Op == "position" {
				f.Add(false, s.Args)
				f.Add(true, s.Args)
			}
		}
	}
	for _, s := range playStarts {
		f.Add(false, s.fen)
	}
	f.Add(false, "9k/10/10/10/2T7/10/5r4/K9 w - - 1 2 last=f7f2 prev=9k/5r4/10/10/2T7/10/10/K9,b,KQ,-,0,1")
	f.Add(true, "4k5/10/10/10/10/10/10/4K5 w - - 0 1 last=e1e1 prev=,,,")
	f.Add(true, "k9/10/10/10/10/10/10/K8T b - - 0 1 last=j1xa8 prev=k9/10/10/10/10/10/10/K8T,w,-,-,0,1")
	f.Fuzz(func(t *testing.T, restore bool, text string) {
		v := Basic
		if restore {
			v = Restore
		}
		p, err := rules.NewPosition(v, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", text)
			}
			return
		}
		fen := p.FEN()
		q, err := rules.NewPosition(v, fen)
		if err != nil {
			t.Fatalf("%q gives the text %q, which does not read back: %v", text, fen, err)
		}
		legal := p.Legal(nil)
		if q.FEN() != fen || q.Hash != p.Hash || p.Hash != p.ComputeHash() {
			t.Fatalf("%q gives %q, which reads back as %q", text, fen, q.FEN())
		}
		if d := moveSetDiff(p, legal, q.Legal(nil)); d != "" {
			t.Fatalf("%q: the re-read position has other legal actions: %s", fen, d)
		}
		before := p.State
		for _, m := range legal {
			p.Make(m)
			after := p.FEN()
			if p.Hash != p.ComputeHash() {
				t.Fatalf("%q after %s: hash %x, computed %x", fen, notation.Coord(q, m), p.Hash, p.ComputeHash())
			}
			if _, err := rules.NewPosition(v, after); err != nil && !strings.Contains(err.Error(), "10000") {
				t.Fatalf("%q after %s gives %q, which does not read back: %v", fen, notation.Coord(q, m), after, err)
			}
			p.Unmake()
			if p.State != before {
				t.Fatalf("%q: making and taking back %s gives %s", fen, notation.Coord(q, m), p.FEN())
			}
		}
	})
}
