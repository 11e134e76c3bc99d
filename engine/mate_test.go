package engine

import (
	"bufio"
	"context"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"timechess/notation"
	"timechess/rules"
	_ "timechess/variant/all"
)

// mateCase is one line of testdata/mates.txt.
type mateCase struct {
	line    int
	source  string
	variant string
	fen     string
	moves   string
	n       int
	keys    []string // SAN, sorted; empty when there is no mate
}

// readMateCases reads testdata/mates.txt.
func readMateCases(t *testing.T) []mateCase {
	t.Helper()
	f, err := os.Open("testdata/mates.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []mateCase
	var comment []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "":
			comment = nil
			continue
		case strings.HasPrefix(text, "#"):
			comment = append(comment, strings.TrimSpace(strings.TrimPrefix(text, "#")))
			continue
		}
		fields := strings.Split(text, "|")
		if len(fields) != 5 {
			t.Fatalf("mates.txt:%d: %d fields, want 5", n, len(fields))
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		k, err := strconv.Atoi(fields[3])
		if err != nil {
			t.Fatalf("mates.txt:%d: bad N: %v", n, err)
		}
		c := mateCase{line: n, source: strings.Join(comment, " "), variant: fields[0], fen: fields[1], moves: fields[2], n: k}
		if fields[4] != "-" {
			c.keys = strings.Fields(fields[4])
			sort.Strings(c.keys)
		}
		if c.source == "" {
			t.Fatalf("mates.txt:%d: the case does not say where it comes from", n)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// position sets the case up.
func (c mateCase) position(t *testing.T) *rules.Position {
	t.Helper()
	v, err := rules.Lookup(c.variant)
	if err != nil {
		t.Fatalf("mates.txt:%d: %v", c.line, err)
	}
	fen := c.fen
	if fen == "" {
		fen = v.Spec().Start
	}
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		t.Fatalf("mates.txt:%d: %v", c.line, err)
	}
	if _, err := notation.ParseMoves(p, c.moves); err != nil {
		t.Fatalf("mates.txt:%d: %v", c.line, err)
	}
	return p
}

// wins is the proof search: whether the attacker, to move in p, wins within
// k moves against every defence. It is deliberately plain: every legal move
// of both sides, the game's own verdict (p.Status) at every node, no table,
// no pruning; only the order of the attacker's moves (checks first) is
// there to find a win sooner.
func wins(p *rules.Position, attacker rules.Color, k int) bool {
	if p.Status().Over() || k == 0 {
		return false
	}
	moves := p.Legal(nil)
	sort.SliceStable(moves, func(i, j int) bool { return givesCheck(p, moves[i]) && !givesCheck(p, moves[j]) })
	for _, m := range moves {
		if provesMate(p, m, attacker, k) {
			return true
		}
	}
	return false
}

// provesMate reports whether the attacker's move m in p wins within k moves
// (m included) against every defence.
func provesMate(p *rules.Position, m rules.Move, attacker rules.Color, k int) bool {
	p.Make(m)
	defer p.Unmake()
	if st := p.Status(); st.Over() {
		return st.Result == rules.WinFor(attacker)
	}
	for _, d := range p.Legal(nil) {
		p.Make(d)
		ok := wins(p, attacker, k-1)
		p.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// givesCheck reports whether m checks.
func givesCheck(p *rules.Position, m rules.Move) bool {
	p.Make(m)
	defer p.Unmake()
	return p.InCheck()
}

// sanList returns the SAN of moves in p, sorted.
func sanList(p *rules.Position, moves []rules.Move) []string {
	out := []string{}
	for _, m := range moves {
		out = append(out, notation.SAN(p, m))
	}
	sort.Strings(out)
	return out
}

// TestSolveMate solves every problem of testdata/mates.txt, compares the
// keys with the published ones and proves each key by the plain search.
func TestSolveMate(t *testing.T) {
	for _, c := range readMateCases(t) {
		t.Run(strconv.Itoa(c.line), func(t *testing.T) {
			p := c.position(t)
			fen := p.FEN()
			start := time.Now()
			all, err := SolveMate(context.Background(), p, c.n, true)
			if err != nil {
				t.Fatal(err)
			}
			elapsed := time.Since(start)
			t.Logf("%s: %d keys, %d nodes, %v", c.source, len(all.Keys), all.Nodes, elapsed)
			if p.FEN() != fen {
				t.Fatalf("SolveMate changed the position to %s", p.FEN())
			}
			got := sanList(p, all.Keys)
			if strings.Join(got, " ") != strings.Join(c.keys, " ") {
				t.Errorf("mates.txt:%d: keys %v, want %v", c.line, got, c.keys)
			}
			for _, k := range all.Keys {
				if !provesMate(p, k, p.Side, c.n) {
					t.Errorf("mates.txt:%d: key %s does not force mate in %d", c.line, notation.SAN(p, k), c.n)
				}
			}
			if len(c.keys) == 0 && c.n <= 2 && wins(p, p.Side, c.n) {
				t.Errorf("mates.txt:%d: no mate reported, but there is one", c.line)
			}
			one, err := SolveMate(context.Background(), p, c.n, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(one.Keys) != min(len(c.keys), 1) {
				t.Fatalf("mates.txt:%d: first key %v, want one of %v", c.line, sanList(p, one.Keys), c.keys)
			}
			if len(one.Keys) == 1 {
				checkLine(t, p, one)
			}
		})
	}
}

// checkLine plays the main line of a mate and checks that it ends the game
// with the attacker's win after In moves.
func checkLine(t *testing.T, p *rules.Position, m Mate) {
	t.Helper()
	q := p.Copy()
	attacker := q.Side
	if m.Line[0] != m.Keys[0] || len(m.Line) != 2*m.In-1 {
		t.Fatalf("line %v does not start with the key or has not %d moves", m.Line, 2*m.In-1)
	}
	for _, mv := range m.Line {
		if !legal(q, mv) {
			t.Fatalf("line move %v is not legal in %s", mv, q.FEN())
		}
		q.Make(mv)
	}
	if st := q.Status(); st.Result != rules.WinFor(attacker) {
		t.Errorf("the line ends in %s: %v", q.FEN(), st)
	}
}

// legal reports whether m is a legal action in p.
func legal(p *rules.Position, m rules.Move) bool {
	for _, l := range p.Legal(nil) {
		if l == m {
			return true
		}
	}
	return false
}
