package perft_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"timechess/internal/fsf"
	"timechess/perft"
	"timechess/rules"
	_ "timechess/variant/all"
)

var deep = flag.Bool("perft.deep", false,
	"check every depth listed in testdata/*.epd, billions of nodes: go test ./perft -run TestPerftSuites -timeout 0 -perft.deep")

// Node budgets: a listed depth is checked when its count is at most this.
const (
	normalBudget = 5_000_000
	shortBudget  = 200_000
	divideBudget = 100_000 // for the Divide consistency check
)

// cpwFile is the Chess Programming Wiki suite, which the normal run checks to
// cpwDepth whatever the counts (half a billion nodes, some 20 s): the
// yardstick of FIDE move generation.
const (
	cpwFile  = "orthodox.epd"
	cpwDepth = 5
)

// checks reports whether the run checks count dc of case c.
func checks(c epdCase, dc depthCount) bool {
	if dc.nodes <= budget() {
		return true
	}
	return !testing.Short() && strings.Contains(c.where, cpwFile) && dc.depth <= cpwDepth
}

// budget returns the largest count the current run checks.
func budget() uint64 {
	switch {
	case *deep:
		return ^uint64(0)
	case testing.Short():
		return shortBudget
	}
	return normalBudget
}

// epdCase is one line of a perft suite: a position and its counts by depth.
type epdCase struct {
	where   string // file:line
	variant string
	fen     string
	counts  []depthCount // by increasing depth
}

// depthCount is one "Dn count" field.
type depthCount struct {
	depth int
	nodes uint64
}

// readEPD reads a perft suite: "variant ; FEN ;D1 n ;D2 n ..." per line, "#"
// comments and blank lines ignored.
func readEPD(path string) ([]epdCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []epdCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", filepath.Base(path), n)
		fields := strings.Split(line, ";")
		if len(fields) < 3 {
			return nil, fmt.Errorf("%s: want \"variant ; FEN ; Dn count ...\", got %q", where, line)
		}
		c := epdCase{where: where, variant: strings.TrimSpace(fields[0]), fen: strings.TrimSpace(fields[1])}
		for _, fd := range fields[2:] {
			var d depthCount
			if _, err := fmt.Sscanf(strings.TrimSpace(fd), "D%d %d", &d.depth, &d.nodes); err != nil || d.depth < 1 {
				return nil, fmt.Errorf("%s: field %q is not \"Dn count\"", where, fd)
			}
			if len(c.counts) > 0 && d.depth <= c.counts[len(c.counts)-1].depth {
				return nil, fmt.Errorf("%s: depths must increase (%q)", where, fd)
			}
			c.counts = append(c.counts, d)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// suite reads every testdata/*.epd file.
func suite(t testing.TB) []epdCase {
	t.Helper()
	files, err := filepath.Glob("testdata/*.epd")
	if err != nil || len(files) == 0 {
		t.Fatalf("no perft suites in testdata (%v)", err)
	}
	var all []epdCase
	for _, f := range files {
		cases, err := readEPD(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, cases...)
	}
	return all
}

// position sets up a case's position.
func (c epdCase) position(t testing.TB) *rules.Position {
	t.Helper()
	v, err := rules.Lookup(c.variant)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	p, err := rules.NewPosition(v, c.fen)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	return p
}

// TestPerftSuites checks the counts of testdata/*.epd within the run's node
// budget. Counts of the variants timechess defines for Fairy-Stockfish
// (chess10x8) are not published anywhere: they are asked of Fairy-Stockfish
// again in the same run whenever it is installed.
func TestPerftSuites(t *testing.T) {
	limit := budget()
	engine := startOracleIfAny(t)
	ctx := context.Background()
	checked := 0
	for _, c := range suite(t) {
		t.Run(c.where, func(t *testing.T) {
			p := c.position(t)
			before, hash := p.FEN(), p.Hash
			for _, dc := range c.counts {
				if !checks(c, dc) {
					break
				}
				got, err := perft.Count(ctx, p, dc.depth)
				if err != nil {
					t.Fatal(err)
				}
				if got != dc.nodes {
					t.Errorf("%s perft %d = %d, want %d", c.fen, dc.depth, got, dc.nodes)
				}
				if p.FEN() != before || p.Hash != hash {
					t.Fatalf("perft %d left the position changed: %s", dc.depth, p.FEN())
				}
				checked++
				if engine != nil && slices.Contains(fsf.CustomVariants, c.variant) {
					confirmByOracle(t, engine, p, dc)
				}
			}
		})
	}
	t.Logf("%d counts checked (budget %d nodes each; %s to depth %d)", checked, limit, cpwFile, cpwDepth)
}

// startOracleIfAny starts Fairy-Stockfish, or logs why the chess10x8 counts
// are checked against the file only.
func startOracleIfAny(t *testing.T) *fsf.Engine {
	path, err := fsf.Find()
	if err != nil {
		t.Logf("chess10x8 counts are checked against testdata only: %v", err)
		return nil
	}
	e, err := fsf.Start(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// confirmByOracle asks Fairy-Stockfish for a listed count.
func confirmByOracle(t *testing.T, e *fsf.Engine, p *rules.Position, dc depthCount) {
	t.Helper()
	res, err := e.Perft(context.Background(), p.Variant().Spec().Name, p.FEN(), dc.depth)
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes != dc.nodes {
		t.Errorf("Fairy-Stockfish perft %d = %d, but testdata lists %d", dc.depth, res.Nodes, dc.nodes)
	}
}

// TestDivideIsConsistent checks Divide against Count and Legal on every
// suite position: the root moves are the legal moves in order, each share
// is the count after making that move, and the shares add up to the count.
func TestDivideIsConsistent(t *testing.T) {
	ctx := context.Background()
	for _, c := range suite(t) {
		t.Run(c.where, func(t *testing.T) {
			p := c.position(t)
			depth := 1
			for _, dc := range c.counts {
				if dc.nodes <= divideBudget {
					depth = dc.depth
				}
			}
			calls := 0
			divs, err := perft.Divide(ctx, p, depth, func(done, total int) {
				calls++
				if done != calls || total != len(p.Legal(nil)) {
					t.Errorf("progress(%d, %d) on call %d", done, total, calls)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			legal := p.Legal(nil)
			if calls != len(legal) || len(divs) != len(legal) {
				t.Fatalf("%d divisions and %d progress calls for %d legal moves", len(divs), calls, len(legal))
			}
			var sum uint64
			for i, d := range divs {
				if d.Move != legal[i] {
					t.Errorf("division %d is %+v, legal move %d is %+v", i, d.Move, i, legal[i])
				}
				p.Make(d.Move)
				n, err := perft.Count(ctx, p, depth-1)
				p.Unmake()
				if err != nil {
					t.Fatal(err)
				}
				if n != d.Nodes {
					t.Errorf("move %+v: divide says %d, perft %d after it says %d", d.Move, d.Nodes, depth-1, n)
				}
				sum += d.Nodes
			}
			total, err := perft.Count(ctx, p, depth)
			if err != nil {
				t.Fatal(err)
			}
			if sum != total {
				t.Errorf("divide %d sums to %d, perft says %d", depth, sum, total)
			}
		})
	}
}

func TestDepthZeroAndCancellation(t *testing.T) {
	p := epdCase{where: "start", variant: "chess", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}.position(t)
	if n, err := perft.Count(context.Background(), p, 0); n != 1 || err != nil {
		t.Errorf("Count(depth 0) = %d, %v; want 1, nil", n, err)
	}
	if d, err := perft.Divide(context.Background(), p, 0, nil); len(d) != 0 || err != nil {
		t.Errorf("Divide(depth 0) = %v, %v; want nothing", d, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	before := p.FEN()
	if _, err := perft.Count(ctx, p, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("Count with a cancelled context: error %v, want context.Canceled", err)
	}
	if _, err := perft.Divide(ctx, p, 5, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Divide with a cancelled context: error %v, want context.Canceled", err)
	}
	if p.FEN() != before {
		t.Errorf("a cancelled perft left %s", p.FEN())
	}
}

// TestReadEPDRejectsBadLines keeps the suite reader honest about its format.
func TestReadEPDRejectsBadLines(t *testing.T) {
	for _, line := range []string{
		"chess ; 8/8/8/8/8/8/8/K6k w - - 0 1",
		"chess ; 8/8/8/8/8/8/8/K6k w - - 0 1 ;3 4",
		"chess ; 8/8/8/8/8/8/8/K6k w - - 0 1 ;D0 1",
		"chess ; 8/8/8/8/8/8/8/K6k w - - 0 1 ;D2 3 ;D1 3",
	} {
		path := filepath.Join(t.TempDir(), "bad.epd")
		if err := os.WriteFile(path, []byte("# comment\n"+line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readEPD(path); err == nil || !strings.Contains(err.Error(), "bad.epd:2") {
			t.Errorf("readEPD(%q): error %v, want one naming bad.epd:2", line, err)
		}
	}
}
