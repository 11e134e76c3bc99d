package notation_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"timechess/notation"
	"timechess/rules"
	_ "timechess/variant/all"
)

// testCase is one line of a testdata file:
//
//	op | variant | position | text | want | source
//
// op is parse (want: the coordinate form of the move read, or
// "error <kind>: <message>"), san or coord (want: that notation of the move
// the text names), or moves (text: a move list for ParseMoves; want: the
// position text after it, or "error: <message>"). position is a position
// text, or "start" for the variant's start position. source says where the
// case comes from.
type testCase struct {
	where                              string
	op, variant, fen, text, want, from string
}

func loadCases(t testing.TB) []testCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata files: %v", err)
	}
	var cases []testCase
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			f := strings.Split(text, "|")
			if len(f) != 6 {
				t.Fatalf("%s:%d: want 6 fields separated by |, got %d", name, line, len(f))
			}
			for i := range f {
				f[i] = strings.TrimSpace(f[i])
			}
			if f[5] == "" {
				t.Fatalf("%s:%d: the case does not say where it comes from", name, line)
			}
			where := fmt.Sprintf("%s:%d", filepath.Base(name), line)
			cases = append(cases, testCase{where, f[0], f[1], f[2], f[3], f[4], f[5]})
		}
	}
	return cases
}

// position sets up the case's position.
func (c testCase) position(t testing.TB) *rules.Position {
	t.Helper()
	v, err := rules.Lookup(c.variant)
	if err != nil {
		t.Fatal(err)
	}
	text := c.fen
	if text == "start" {
		text = v.Spec().Start
	}
	p, err := rules.NewPosition(v, text)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	return p
}

// errorText writes an error as the testdata does: "error <kind>: <message>".
func errorText(err error) string {
	var ne *notation.Error
	if errors.As(err, &ne) {
		return fmt.Sprintf("error %s: %s", ne.Kind, ne.Error())
	}
	return "error: " + err.Error()
}

func TestCases(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(c.where, func(t *testing.T) {
			p := c.position(t)
			before := p.FEN()
			got := c.run(t, p)
			if got != c.want {
				t.Errorf("%s %q in %s\n got: %s\nwant: %s\n(source: %s)", c.op, c.text, c.fen, got, c.want, c.from)
			}
			if c.op != "moves" || strings.HasPrefix(c.want, "error") {
				if after := p.FEN(); after != before {
					t.Errorf("position changed: %s -> %s", before, after)
				}
			}
		})
	}
}

// run performs the case's operation and returns its result as text.
func (c testCase) run(t *testing.T, p *rules.Position) string {
	switch c.op {
	case "parse", "san", "coord":
		m, err := notation.Parse(p, c.text)
		switch {
		case err != nil:
			return errorText(err)
		case c.op == "san":
			return notation.SAN(p, m)
		}
		return notation.Coord(p, m)
	case "moves":
		moves, err := notation.ParseMoves(p, c.text)
		if err != nil {
			var me *notation.MoveError
			if !errors.As(err, &me) {
				t.Errorf("ParseMoves error %v is not a *MoveError", err)
			}
			return "error: " + err.Error()
		}
		if p.Ply() != len(moves) {
			t.Errorf("ParseMoves returned %d moves but played %d", len(moves), p.Ply())
		}
		return p.FEN()
	}
	t.Fatalf("unknown op %q", c.op)
	return ""
}
