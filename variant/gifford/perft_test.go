package gifford_test

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/perft"
	"timechess/rules"
	"timechess/variant/gifford"
)

// perftCase is a line of testdata/perft.txt.
type perftCase struct {
	name, fen, moves string
	counts           []uint64
}

// loadPerft reads testdata/perft.txt.
func loadPerft(t testing.TB) []perftCase {
	t.Helper()
	rows, err := casescript.LoadTable(filepath.Join("testdata", "perft.txt"), "name", "start", "moves", "counts")
	if err != nil {
		t.Fatal(err)
	}
	var out []perftCase
	for _, r := range rows {
		c := perftCase{name: r.Fields[0], fen: r.Fields[1], moves: r.Fields[2]}
		for _, field := range strings.Fields(r.Fields[3]) {
			v, err := strconv.ParseUint(field, 10, 64)
			if err != nil {
				t.Fatalf("%s: count %q: %v", r.Where, field, err)
			}
			c.counts = append(c.counts, v)
		}
		out = append(out, c)
	}
	return out
}

// position sets the case's position up by playing its moves.
func (c perftCase) position(t testing.TB) (*rules.Position, *refLine) {
	t.Helper()
	p, err := casescript.NewPosition(gifford.Gifford, c.fen)
	if err != nil {
		t.Fatal(err)
	}
	line := newRefLine(p)
	moves, err := notation.ParseMoves(p, c.moves)
	if err != nil {
		t.Fatal(err)
	}
	for range moves {
		p.Unmake()
	}
	for _, m := range moves {
		before := p.State
		p.Make(m)
		line.played(m, &before, p)
	}
	return p, line
}

// perftBudget is the most nodes a count may reach in the normal run; -deep
// counts every depth of perft.txt.
const perftBudget = 1_000_000

// TestPerft checks the counts of perft.txt, and at the deepest depth the
// budget allows that they agree with a Divide (each root turn's count made
// and counted after it) and with a count that lists every turn at the last
// ply instead of counting them in bulk (rules.Counter).
func TestPerft(t *testing.T) {
	for _, c := range loadPerft(t) {
		t.Run(c.name, func(t *testing.T) {
			p, _ := c.position(t)
			fen := p.FEN()
			deepest := 0
			for i, want := range c.counts {
				if want > perftBudget && !*deep {
					break
				}
				got, err := perft.Count(context.Background(), p, i+1)
				if err != nil || got != want {
					t.Errorf("%s: perft(%d) = %d (%v), want %d", fen, i+1, got, err, want)
				}
				deepest = i + 1
			}
			if deepest == 0 {
				t.Fatalf("%s: no count within the budget", fen)
			}
			listed := func(q *rules.Position, depth int) (uint64, error) { return casescript.CountListed(q, depth, nil), nil }
			if err := casescript.CheckDivide(context.Background(), p, deepest, c.counts[deepest-1], listed); err != nil {
				t.Errorf("%s: %v", fen, err)
			}
		})
	}
}

// TestPerftReference recounts the first depths of perft.txt (two, all three
// with -deep) with the reference generator, which keeps the line of
// history itself.
func TestPerftReference(t *testing.T) {
	depth := 2
	if *deep {
		depth = 3
	}
	for _, c := range loadPerft(t) {
		t.Run(c.name, func(t *testing.T) {
			p, line := c.position(t)
			for d := 1; d <= depth && d <= len(c.counts); d++ {
				if got := refPerft(p, line, d); got != c.counts[d-1] {
					t.Errorf("%s: the reference counts %d at depth %d, want %d", p.FEN(), got, d, c.counts[d-1])
				}
			}
		})
	}
}

// refPerft counts with the reference generator.
func refPerft(p *rules.Position, line *refLine, depth int) uint64 {
	legal := refLegal(p, line)
	if depth == 1 {
		return uint64(len(legal))
	}
	var n uint64
	for _, m := range legal {
		child := &refLine{states: slices.Clone(line.states), live: slices.Clone(line.live), plies: line.plies}
		before := p.State
		p.Make(m)
		child.played(m, &before, p)
		n += refPerft(p, child, depth-1)
		p.Unmake()
	}
	return n
}
