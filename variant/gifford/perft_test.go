package gifford_test

import (
	"path/filepath"
	"slices"
	"testing"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/perft"
	"timechess/rules"
	"timechess/variant/gifford"
)

// perftFile holds the Gifford perft fixtures (format: perft.ParseFixtures).
var perftFile = filepath.Join("testdata", "perft.epd")

// loadPerft reads testdata/perft.epd.
func loadPerft(t testing.TB) []perft.Fixture {
	t.Helper()
	fixtures, err := perft.ReadFixtures(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	return fixtures
}

// perftPosition sets a fixture's position up by playing its moves, keeping
// the line of history the reference generator reads.
func perftPosition(t testing.TB, c perft.Fixture) (*rules.Position, *refLine) {
	t.Helper()
	p, err := casescript.NewPosition(gifford.Gifford, c.FEN)
	if err != nil {
		t.Fatal(err)
	}
	line := newRefLine(p)
	moves, err := notation.ParseMoves(p, c.Moves)
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
// counts every depth of perft.epd.
const perftBudget = 1_000_000

// TestPerft checks the counts of perft.epd, and at the deepest depth the
// budget allows that they agree with a Divide (each root turn's count made
// and counted after it) and with a count that lists every turn at the last
// ply instead of counting them in bulk.
func TestPerft(t *testing.T) {
	check := casescript.PerftCheck{Budget: perftBudget, DivideBudget: perftBudget}
	if *deep {
		check = casescript.PerftCheck{DivideBudget: ^uint64(0)}
	}
	casescript.RunPerft(t, perftFile, check)
}

// TestPerftReference recounts the first depths of perft.epd (two, all three
// with -deep) with the reference generator, which keeps the line of
// history itself.
func TestPerftReference(t *testing.T) {
	depth := 2
	if *deep {
		depth = 3
	}
	for _, c := range loadPerft(t) {
		t.Run(c.Where, func(t *testing.T) {
			p, line := perftPosition(t, c)
			for _, dc := range c.Counts {
				if dc.Depth > depth {
					break
				}
				if got := refPerft(p, line, dc.Depth); got != dc.Nodes {
					t.Errorf("%s: the reference counts %d at depth %d, want %d", p.FEN(), got, dc.Depth, dc.Nodes)
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
