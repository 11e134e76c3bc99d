package rules_test

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"timechess/rules"
)

// tableRow is one line of a "variant | text | expectation" table.
type tableRow struct {
	where                  string // file:line
	variant, text, outcome string
}

// readTable reads a testdata table; "#" lines are comments.
func readTable(t testing.TB, path string) []tableRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []tableRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "|")
		if len(cols) != 3 {
			t.Fatalf("%s:%d: want \"variant | text | expectation\", got %q", path, n, line)
		}
		rows = append(rows, tableRow{fmt.Sprintf("%s:%d", path, n),
			strings.TrimSpace(cols[0]), strings.TrimSpace(cols[1]), strings.TrimSpace(cols[2])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestFENErrors(t *testing.T) {
	for _, row := range readTable(t, "testdata/fen_errors.txt") {
		v, err := rules.Lookup(row.variant)
		if err != nil {
			t.Fatalf("%s: %v", row.where, err)
		}
		p, err := rules.NewPosition(v, row.text)
		switch {
		case err == nil:
			t.Errorf("%s: %q was accepted as %s", row.where, row.text, p.FEN())
		case !strings.Contains(err.Error(), row.outcome):
			t.Errorf("%s: %q: error %q does not say %q", row.where, row.text, err, row.outcome)
		}
	}
}

func TestFENCanonicalText(t *testing.T) {
	for _, row := range readTable(t, "testdata/fen_valid.txt") {
		p := mustPosition(t, row.variant, row.text)
		if got := p.FEN(); got != row.outcome {
			t.Errorf("%s: %q is written %q, want %q", row.where, row.text, got, row.outcome)
		}
		if got := mustPosition(t, row.variant, row.outcome).FEN(); got != row.outcome {
			t.Errorf("%s: the canonical %q is written %q", row.where, row.outcome, got)
		}
	}
}

// TestEveryBoardSize sets up a White King on a1 and a Black King in the far
// corner on every board from 1x1 to 16x16: the boards too small to keep the
// Kings apart are refused, the others read, write, and play King moves.
func TestEveryBoardSize(t *testing.T) {
	for w := 1; w <= rules.MaxFiles; w++ {
		for h := 1; h <= rules.MaxRanks; h++ {
			text := cornerKings(w, h) + " w - - 0 1"
			p, err := rules.NewPosition(mustVariant(t, "chess"), text)
			if w <= 2 && h <= 2 {
				if err == nil {
					t.Errorf("%dx%d: %q accepted with touching Kings", w, h, text)
				}
				continue
			}
			if err != nil {
				t.Errorf("%dx%d: %q: %v", w, h, text, err)
				continue
			}
			if g := p.Geometry(); g.W != w || g.H != h {
				t.Errorf("%q: geometry %dx%d, want %dx%d", text, g.W, g.H, w, h)
			}
			if p.FEN() != text {
				t.Errorf("%dx%d: %q is written %q", w, h, text, p.FEN())
			}
			top := rules.SquareAt(w-1, h-1)
			if p.At(top) != rules.MakePiece(rules.Black, rules.King, 0) {
				t.Errorf("%dx%d: no black King on %s", w, h, top)
			}
			if s, err := rules.ParseSquare(top.String(), w, h); err != nil || s != top {
				t.Errorf("%dx%d: square %s reads back as %v, %v", w, h, top, s, err)
			}
			want := 0 // King moves from a1 that do not touch the black King
			for _, s := range []rules.Square{rules.SquareAt(1, 0), rules.SquareAt(0, 1), rules.SquareAt(1, 1)} {
				if s.File() < w && s.Rank() < h && (w-1-s.File() > 1 || h-1-s.Rank() > 1) {
					want++
				}
			}
			if got := len(p.Legal(nil)); got != want {
				t.Errorf("%dx%d: %d legal moves, want %d", w, h, got, want)
			}
		}
	}
}

// cornerKings writes the placement of a w x h board with a White King on a1
// and a Black King on the last square.
func cornerKings(w, h int) string {
	run := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	rows := make([]string, h)
	for i := range rows {
		rows[i] = strconv.Itoa(w)
	}
	if h == 1 {
		if w == 1 {
			return "K"
		}
		return "K" + run(w-2) + "k"
	}
	rows[0] = run(w-1) + "k"
	rows[h-1] = "K" + run(w-1)
	return strings.Join(rows, "/")
}

// mustVariant looks a registered variant up.
func mustVariant(t testing.TB, name string) rules.Variant {
	t.Helper()
	v, err := rules.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
