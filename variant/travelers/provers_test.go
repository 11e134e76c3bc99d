package travelers

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"timechess/internal/casescript"
	"timechess/perft"
	"timechess/rules"
)

// proversFlag selects the provers the registered variant decides with for
// the whole run: the suite runs with all of them (the default), with none
// (`-provers=none`: every question by the plain rules), or without some
// (`-provers=all-witnesses-memo`). .ci/run runs it all on and all off.
var proversFlag = flag.String("provers", "all", `the provers of the run: "all", "none", or "all-NAME-NAME..." (names: `+AllProvers.String()+`)`)

// TestMain sets the registered variant's provers from -provers before any
// test runs.
func TestMain(m *testing.M) {
	flag.Parse()
	ps, err := parseProvers(*proversFlag)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	Travelers.off = AllProvers &^ ps
	os.Exit(m.Run())
}

// parseProvers reads a -provers value.
func parseProvers(s string) (Provers, error) {
	if s == "none" {
		return 0, nil
	}
	names := strings.Split(s, "-")
	if names[0] != "all" {
		return 0, fmt.Errorf(`-provers=%s: want "all", "none" or "all-NAME-NAME..."`, s)
	}
	ps := AllProvers
	for _, name := range names[1:] {
		pr, ok := proverNamed(name)
		if !ok {
			return 0, fmt.Errorf("-provers=%s: no prover %q (there are %s)", s, name, AllProvers)
		}
		ps &^= pr
	}
	return ps, nil
}

// proverNamed returns the prover of a name.
func proverNamed(name string) (Provers, bool) {
	for _, pr := range EachProver() {
		if pr.String() == name {
			return pr, true
		}
	}
	return 0, false
}

// needProvers skips a test about the provers ps when the run has switched
// one of them off.
func needProvers(t *testing.T, ps Provers) {
	t.Helper()
	if missing := ps &^ Travelers.Provers(); missing != 0 {
		t.Skipf("the run has switched off %s, which this test is about", missing)
	}
}

// plainRun reports whether the run decides by the plain rules alone, whose
// questions cost far more: the tests then ask fewer of them.
func plainRun() bool { return Travelers.plain() }

// TestEachProverOff runs, with each prover switched off in turn, the
// scripted cases (the rulings and the seed games), random games compared
// with every prover on (which TestLegalAgainstOracle and the rest of the
// suite hold to the plain rules; the plain rules themselves would take
// seconds a position in the opening), and the perft counts of perft.epd up
// to 40,000 nodes (the two-traveling position's depth 2 among them): every
// prover may fall silent and the answers stay the same.
func TestEachProverOff(t *testing.T) {
	needProvers(t, AllProvers) // the run with all on switches each off
	fixtures, err := perft.ReadFixtures(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range EachProver() {
		if pr == Survey {
			continue // without it no prover works: -provers=none runs the suite so
		}
		v := WithProvers(AllProvers &^ pr)
		t.Run("without "+pr.String(), func(t *testing.T) {
			casescript.Suite{Variant: v, Directives: travelersDirectives()}.Run(t, "testdata")
			rng := rand.New(rand.NewPCG(*seed, uint64(pr)))
			inRandomGamesOf(t, v, rng, playStarts, sized(len(playStarts), 2, 4*len(playStarts)), 6, func(p *rules.Position) []rules.Move {
				return compareWithAll(t, p)
			})
			for _, f := range fixtures {
				p, err := casescript.NewPosition(v, f.FEN)
				if err != nil {
					t.Fatalf("%s: %v", f.Where, err)
				}
				for _, dc := range f.Counts {
					if dc.Nodes > 40_000 {
						break
					}
					if n, err := perft.Count(context.Background(), p, dc.Depth); err != nil || n != dc.Nodes {
						t.Errorf("%s (%s) depth %d: %d nodes (%v), want %d", f.Where, f.ID, dc.Depth, n, err, dc.Nodes)
					}
				}
			}
		})
	}
}

// compareWithAll checks p's legal actions against those of the same
// position with every prover on, and returns them.
func compareWithAll(t *testing.T, p *rules.Position) []rules.Move {
	t.Helper()
	q, err := rules.NewPosition(WithProvers(AllProvers), p.FEN())
	if err != nil {
		t.Fatalf("%s: %v", p.FEN(), err)
	}
	got, want := p.Legal(nil), q.Legal(nil)
	if d := moveDiff(p, got, want); d != "" {
		t.Errorf("%s: legal actions differ from those with every prover: %s", p.FEN(), d)
	}
	return got
}
