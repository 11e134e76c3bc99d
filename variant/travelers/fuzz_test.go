package travelers

import (
	"strings"
	"testing"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/rules"
)

// fuzzStarts are the positions move texts are read in.
var fuzzStarts = []string{
	Travelers.S.Start,
	"4Q*2k/4P3/8/8/8/8/8/K7 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/3P*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
}

// fuzzCases reads the scripted cases, whose texts seed the fuzzers.
func fuzzCases(f *testing.F) []casescript.Case {
	cases, err := casescript.Load("testdata")
	if err != nil {
		f.Fatal(err)
	}
	return cases
}

// addMoveSeeds adds the move texts of the testdata cases and some odd ones.
func addMoveSeeds(f *testing.F) {
	for _, c := range fuzzCases(f) {
		for _, s := range c.Steps {
			switch s.Op {
			case "play", "legal", "illegal", "game":
				for _, text := range strings.Fields(s.Args) {
					for i := range fuzzStarts {
						f.Add(uint8(i), text)
					}
				}
			}
		}
	}
	for _, text := range []string{"/", "//", "N/", "Nf6/", "/e8", "f6//", "e8/Q", "e7//e8=X", "Z@f6e8",
		"N@f6e8", "P@h3h4q", "Nf6/xe8", "Qd4/g7", "e7/d8=Q", "e7//e8(Q)", "K@e2e3", "a1//a1", "p16/p16"} {
		f.Add(uint8(0), text)
	}
}

// FuzzParse reads arbitrary text as a move: it is refused with an error or
// names a legal action whose coordinate form and SAN read back as it.
func FuzzParse(f *testing.F) {
	addMoveSeeds(f)
	var positions []*rules.Position
	for _, fen := range fuzzStarts {
		p, err := rules.NewPosition(Travelers, fen)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, p)
	}
	f.Fuzz(func(t *testing.T, start uint8, text string) {
		p := positions[int(start)%len(positions)]
		fen := p.FEN()
		m, err := notation.Parse(p, text)
		if p.FEN() != fen {
			t.Fatalf("Parse(%q) changed the position", text)
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty error", text)
			}
			return
		}
		for _, again := range []string{notation.Coord(p, m), notation.SAN(p, m)} {
			if got, err := notation.Parse(p, again); err != nil || got != m {
				t.Fatalf("Parse(%q) = %v; its text %q reads as %v, %v", text, m, again, got, err)
			}
		}
	})
}

// FuzzPositionText reads arbitrary position texts: each is refused with an
// error or reads back from its own text to the same text and hash.
func FuzzPositionText(f *testing.F) {
	for _, c := range fuzzCases(f) {
		for _, s := range c.Steps {
			if s.Op == "position" && s.Args != "start" {
				f.Add(s.Args)
			}
			if s.Op == "refuse" {
				fen, _, _ := strings.Cut(s.Args, "=>")
				f.Add(strings.TrimSpace(fen))
			}
		}
	}
	for _, text := range []string{Travelers.S.Start, "8/8/8/8/8/8/8/8 w - - 0 1", "K*k*/2 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 lost=wb", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 lost=x",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 annihilated=d5", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 lost=w lost=w",
		"N*'7/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/R'3K3 w Q - 0 1"} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := rules.NewPosition(Travelers, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", text)
			}
			return
		}
		fen := p.FEN()
		q, err := rules.NewPosition(Travelers, fen)
		if err != nil {
			t.Fatalf("%q gives %q, which is refused: %v", text, fen, err)
		}
		if q.FEN() != fen || q.Hash != p.Hash || p.Hash != p.ComputeHash() {
			t.Fatalf("%q gives %q, which reads back as %q", text, fen, q.FEN())
		}
	})
}
