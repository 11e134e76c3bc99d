package perft_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"timechess/internal/casescript"
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

// suiteFiles lists testdata/*.epd, the perft fixture files (format: perft.ParseFixtures).
func suiteFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.epd")
	if err != nil || len(files) == 0 {
		t.Fatalf("no perft suites in testdata (%v)", err)
	}
	return files
}

// suite reads every case of testdata/*.epd.
func suite(t testing.TB) []perft.Fixture {
	t.Helper()
	var all []perft.Fixture
	for _, f := range suiteFiles(t) {
		cases, err := perft.ReadFixtures(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, cases...)
	}
	return all
}

// position sets up a case's position.
func position(t testing.TB, c perft.Fixture) *rules.Position {
	t.Helper()
	p, err := casescript.FixturePosition(c)
	if err != nil {
		t.Fatalf("%s: %v", c.Where, err)
	}
	return p
}

// TestPerftSuites checks the counts of testdata/*.epd within the run's node
// budget (the Chess Programming Wiki suite to cpwDepth whatever the counts).
// Counts of the variants timechess defines for Fairy-Stockfish (chess10x8)
// are not published anywhere: they are asked of Fairy-Stockfish again in the
// same run whenever it is installed.
func TestPerftSuites(t *testing.T) {
	engine := startOracleIfAny(t)
	check := casescript.PerftCheck{
		Budget: budget(),
		Always: func(f perft.Fixture, dc perft.DepthCount) bool {
			return !testing.Short() && strings.HasPrefix(f.Where, cpwFile+":") && dc.Depth <= cpwDepth
		},
	}
	if engine != nil {
		check.Confirm = func(f perft.Fixture, p *rules.Position, dc perft.DepthCount) error {
			if !slices.Contains(fsf.CustomVariants, f.Variant) {
				return nil
			}
			return confirmByOracle(engine, p, dc)
		}
	}
	for _, file := range suiteFiles(t) {
		casescript.RunPerft(t, file, check)
	}
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
func confirmByOracle(e *fsf.Engine, p *rules.Position, dc perft.DepthCount) error {
	res, err := e.Perft(context.Background(), p.Variant().Spec().Name, p.FEN(), dc.Depth)
	if err != nil {
		return err
	}
	if res.Nodes != dc.Nodes {
		return fmt.Errorf("Fairy-Stockfish perft %d = %d, but testdata lists %d", dc.Depth, res.Nodes, dc.Nodes)
	}
	return nil
}

// TestDivideIsConsistent checks Divide against Count and Legal on every
// suite position: the root moves are the legal moves in order, each share
// is the count after making that move, and the shares add up to the count.
func TestDivideIsConsistent(t *testing.T) {
	ctx := context.Background()
	for _, c := range suite(t) {
		t.Run(c.Where, func(t *testing.T) {
			p := position(t, c)
			depth := 1
			for _, dc := range c.Counts {
				if dc.Nodes <= divideBudget {
					depth = dc.Depth
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
	p := position(t, perft.Fixture{Where: "start", Variant: "chess", FEN: "start"})
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
