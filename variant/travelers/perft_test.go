package travelers

import (
	"fmt"
	"path/filepath"
	"testing"

	"timechess/internal/casescript"
	"timechess/perft"
	"timechess/rules"
)

// perftFile holds the Travelers perft fixtures (format: perft.ParseFixtures).
var perftFile = filepath.Join("testdata", "perft.epd")

// TestPerft checks the counts of perft.epd within the run's budget (every
// depth with -deep), recounts depth 1 by the plain rules (a fifth of a
// second from the start; none with -short, depth 2 too with -deep), and
// divides the deepest count within the divide budget, recounting each share
// by listing the actions at every node. Run by the plain rules alone
// (-provers=none), it counts up to 40,000 nodes: depth 1 from the start,
// depth 2 from the two-traveling position.
func TestPerft(t *testing.T) {
	check := casescript.PerftCheck{Budget: 1_000_000, DivideBudget: 50_000}
	refDepth := 1
	switch {
	case plainRun():
		check, refDepth = casescript.PerftCheck{Budget: 40_000, DivideBudget: 1_000}, 0
	case *deep:
		check, refDepth = casescript.PerftCheck{DivideBudget: 1_000_000}, 2
	case testing.Short():
		check, refDepth = casescript.PerftCheck{Budget: 50_000, DivideBudget: 1_000}, 0
	}
	check.Confirm = func(_ perft.Fixture, p *rules.Position, dc perft.DepthCount) error {
		if dc.Depth > refDepth {
			return nil
		}
		if n := casescript.CountListed(p, dc.Depth, func(p *rules.Position) []rules.Move { return plainLegal(p, nil) }); n != dc.Nodes {
			return fmt.Errorf("the plain rules count %d", n)
		}
		return nil
	}
	casescript.RunPerft(t, perftFile, check)
}
