package gifford_test

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

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
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 4 {
			t.Fatalf("perft.txt:%d: want name | start | moves | counts", n)
		}
		c := perftCase{name: strings.TrimSpace(parts[0]), fen: strings.TrimSpace(parts[1]), moves: strings.TrimSpace(parts[2])}
		for _, field := range strings.Fields(parts[3]) {
			v, err := strconv.ParseUint(field, 10, 64)
			if err != nil {
				t.Fatalf("perft.txt:%d: count %q: %v", n, field, err)
			}
			c.counts = append(c.counts, v)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// position sets the case's position up by playing its moves.
func (c perftCase) position(t testing.TB) (*rules.Position, *refLine) {
	t.Helper()
	fen := c.fen
	if fen == "start" {
		fen = gifford.Gifford.Spec().Start
	}
	p, err := rules.NewPosition(gifford.Gifford, fen)
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
			divs, err := perft.Divide(context.Background(), p, deepest, nil)
			if err != nil {
				t.Fatal(err)
			}
			var sum uint64
			for _, d := range divs {
				sum += d.Nodes
				p.Make(d.Move)
				if n := listedCount(p, deepest-1); n != d.Nodes {
					t.Errorf("%s: after %s, %d nodes listed, %d in the divide", fen, notation.Coord(p, d.Move), n, d.Nodes)
				}
				p.Unmake()
			}
			if sum != c.counts[deepest-1] || p.FEN() != fen {
				t.Errorf("%s: the divide of depth %d sums to %d, want %d", fen, deepest, sum, c.counts[deepest-1])
			}
		})
	}
}

// listedCount counts the turn sequences of length depth from p by listing
// the turns at every ply.
func listedCount(p *rules.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.Legal(nil) {
		p.Make(m)
		n += listedCount(p, depth-1)
		p.Unmake()
	}
	return n
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
