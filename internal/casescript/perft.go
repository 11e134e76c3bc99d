package casescript

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"timechess/notation"
	"timechess/perft"
	"timechess/rules"
)

// CountListed counts the action sequences of depth plies from p by listing
// the actions of every node with legal (the position's own Legal when nil)
// instead of counting the last ply in bulk as perft does.
func CountListed(p *rules.Position, depth int, legal func(*rules.Position) []rules.Move) uint64 {
	if depth == 0 {
		return 1
	}
	var ml []rules.Move
	if legal == nil {
		ml = p.Legal(nil)
	} else {
		ml = legal(p)
	}
	if depth == 1 {
		return uint64(len(ml))
	}
	var n uint64
	for _, m := range ml {
		p.Make(m)
		n += CountListed(p, depth-1, legal)
		p.Unmake()
	}
	return n
}

// CheckDivide checks perft.Divide of depth plies from p: the shares of the
// root actions sum to total, each is what recount gives for the position
// after its action and depth-1 plies, and p is left as it was. It returns
// every disagreement found, joined.
func CheckDivide(ctx context.Context, p *rules.Position, depth int, total uint64,
	recount func(p *rules.Position, depth int) (uint64, error)) error {
	fen := p.FEN()
	divs, err := perft.Divide(ctx, p, depth, nil)
	if err != nil {
		return err
	}
	var errs []error
	var sum uint64
	for _, d := range divs {
		sum += d.Nodes
		move := notation.Coord(p, d.Move)
		p.Make(d.Move)
		n, err := recount(p, depth-1)
		p.Unmake()
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("after %s: %v", move, err))
		case n != d.Nodes:
			errs = append(errs, fmt.Errorf("after %s: %d nodes in the divide, %d recounted", move, d.Nodes, n))
		}
	}
	if sum != total {
		errs = append(errs, fmt.Errorf("the divide of depth %d sums to %d, want %d", depth, sum, total))
	}
	if p.FEN() != fen {
		errs = append(errs, fmt.Errorf("the divide changed the position to %s", p.FEN()))
	}
	return errors.Join(errs...)
}

// PerftCheck says how RunPerft checks the cases of a perft fixture file.
type PerftCheck struct {
	// Budget is the largest count checked; a case's deeper counts are
	// skipped (0: every count).
	Budget uint64
	// Always, when set, names counts checked whatever the budget (the Chess
	// Programming Wiki suite to depth 5).
	Always func(f perft.Fixture, dc perft.DepthCount) bool
	// DivideBudget is the largest count whose Divide is checked: the deepest
	// such count of each case is divided and every share recounted by
	// listing the actions at every node (0: none).
	DivideBudget uint64
	// Confirm, when set, recounts a checked count another way (an oracle, a
	// reference generator, another engine) and says what disagrees.
	Confirm func(f perft.Fixture, p *rules.Position, dc perft.DepthCount) error
}

// RunPerft reads the perft fixture file at path (the format of
// perft.ParseFixtures) and checks each case as a subtest of t named by its
// file and line: every count within the budget, the position left as it was,
// the Divide of the deepest count within DivideBudget, and Confirm.
func RunPerft(t *testing.T, path string, c PerftCheck) {
	t.Helper()
	fixtures, err := perft.ReadFixtures(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, f := range fixtures {
		t.Run(f.Where, func(t *testing.T) {
			p, err := FixturePosition(f)
			if err != nil {
				t.Fatalf("%s (%s): %v", f.Where, f.Source, err)
			}
			before, hash := p.FEN(), p.Hash
			var divide perft.DepthCount
			checked := 0
			for _, dc := range f.Counts {
				if c.Budget != 0 && dc.Nodes > c.Budget && !(c.Always != nil && c.Always(f, dc)) {
					break
				}
				got, err := perft.Count(ctx, p, dc.Depth)
				if err != nil {
					t.Fatal(err)
				}
				if got != dc.Nodes {
					t.Errorf("%s: perft(%d) = %d, want %d (%s)", before, dc.Depth, got, dc.Nodes, f.Source)
				}
				if p.FEN() != before || p.Hash != hash {
					t.Fatalf("perft(%d) left the position changed: %s", dc.Depth, p.FEN())
				}
				if c.Confirm != nil {
					if err := c.Confirm(f, p, dc); err != nil {
						t.Errorf("%s: depth %d: %v", before, dc.Depth, err)
					}
				}
				if dc.Nodes <= c.DivideBudget {
					divide = dc
				}
				checked++
			}
			if checked == 0 {
				t.Skipf("%s: every count is beyond this run's budget of %d nodes", before, c.Budget)
			}
			if divide.Depth > 0 {
				listed := func(q *rules.Position, depth int) (uint64, error) { return CountListed(q, depth, nil), nil }
				if err := CheckDivide(ctx, p, divide.Depth, divide.Nodes, listed); err != nil {
					t.Errorf("%s: %v", before, err)
				}
			}
		})
	}
}

// FixturePosition sets up the position of a perft fixture case: its position
// text in its variant, then its moves.
func FixturePosition(f perft.Fixture) (*rules.Position, error) {
	v, err := rules.Lookup(f.Variant)
	if err != nil {
		return nil, err
	}
	p, err := NewPosition(v, f.FEN)
	if err != nil {
		return nil, err
	}
	if f.Moves != "" {
		if _, err := notation.ParseMoves(p, f.Moves); err != nil {
			return nil, err
		}
	}
	return p, nil
}
