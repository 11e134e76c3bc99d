package match

import (
	"os"
	"strings"
	"testing"

	"timechess/notation"
)

func TestReadOpenings(t *testing.T) {
	tests := []struct {
		file, variant string
		want          []string // each opening: its source, start position and moves in coordinates
		err           string
	}{
		{file: "chess.epd", variant: "chess", want: []string{
			"line 2 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
			"line 3 rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
			"line 5 r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		}},
		{file: "chess.pgn", variant: "chess", want: []string{
			"game 1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2e4 e7e5 g1f3 b8c6 f1c4",
			"game 2 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 d2d4 d7d5 c2c4",
		}},
		{file: "timethief.pgn", variant: "timethief", want: []string{
			"game 1 rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1 e2e4 e7e5",
		}},
		{file: "chess.pgn", variant: "timethief", err: "game 1 is chess, the match plays timethief"},
		{file: "bad.txt", variant: "chess", err: `line 3: "not a position at all" is not a chess position`},
		{file: "mate.txt", variant: "chess", err: "line 2: the game is already over (0-1 checkmate)"},
	}
	for _, tc := range tests {
		t.Run(tc.file+"-"+tc.variant, func(t *testing.T) {
			f, err := os.Open("testdata/openings/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := ReadOpenings(f, lookup(t, tc.variant))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, o := range got {
				s := o.Source + " " + o.FEN
				p := mustPosition(t, tc.variant, o.FEN)
				for _, m := range o.Moves {
					s += " " + notation.Coord(p, m)
					p.Make(m)
				}
				lines = append(lines, s)
			}
			if strings.Join(lines, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestReadOpeningsRefusesEmptyInput(t *testing.T) {
	for _, in := range []string{"", "# only a comment\n\n", "\n\n"} {
		if _, err := ReadOpenings(strings.NewReader(in), lookup(t, "chess")); err == nil {
			t.Errorf("ReadOpenings(%q) accepted it", in)
		}
	}
}

// FuzzReadOpenings: any input gives openings or an error, and every opening
// read is a game in progress whose moves are legal.
func FuzzReadOpenings(f *testing.F) {
	for _, name := range []string{"chess.epd", "chess.pgn", "mate.txt"} {
		data, err := os.ReadFile("testdata/openings/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("8/8/8/8/8/8/8/K6k w - - 0 1\n")
	f.Add("[Variant \"gifford\"]\n1. e4 *")
	f.Fuzz(func(t *testing.T, text string) {
		v := lookup(t, "chess")
		openings, err := ReadOpenings(strings.NewReader(text), v)
		if err != nil {
			return
		}
		for _, o := range openings {
			p := mustPosition(t, "chess", o.FEN)
			for _, m := range o.Moves {
				if _, err := notation.Parse(p, notation.Coord(p, m)); err != nil {
					t.Fatalf("opening %s: move not legal: %v", o.Source, err)
				}
				p.Make(m)
			}
			if p.Status().Over() {
				t.Fatalf("opening %s ends the game", o.Source)
			}
		}
	})
}

// TestBalancedOpenings reads the openings of the strength matches logged in
// docs/engine.md: 50 main lines of common openings (named in their Event
// tags), each a game in progress.
func TestBalancedOpenings(t *testing.T) {
	f, err := os.Open("testdata/openings/balanced.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	openings, err := ReadOpenings(f, lookup(t, "chess"))
	if err != nil {
		t.Fatal(err)
	}
	if len(openings) != 50 {
		t.Fatalf("%d openings, want 50", len(openings))
	}
	for _, o := range openings {
		if n := len(o.Moves); n < 6 || n > 10 {
			t.Errorf("opening %s has %d plies, want 6 to 10", o.Source, n)
		}
	}
}
