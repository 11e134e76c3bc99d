package notation_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// variantStarts returns the start position of every registered variant.
func variantStarts(t testing.TB) []*rules.Position {
	t.Helper()
	var out []*rules.Position
	for _, name := range slices.Sorted(slices.Values(rules.Names())) {
		v, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.NewPosition(v, v.Spec().Start)
		if err != nil {
			t.Fatalf("%s start: %v", name, err)
		}
		out = append(out, p)
	}
	return out
}

// TestSANsMatchesSAN plays seeded random games of every registered variant
// (variant/all) and the round-trip starts, and checks in every position
// reached that SANs writes every legal move, and every other one, as SAN
// does one by one, leaving the position unchanged.
func TestSANsMatchesSAN(t *testing.T) {
	games, plies := 4, 80
	if testing.Short() {
		games = 1
	}
	starts := variantStarts(t)
	for i := range playoutStarts {
		starts = append(starts, startPosition(t, i))
	}
	rng := rand.New(rand.NewPCG(20260801, 11))
	positions := 0
	for _, start := range starts {
		for g := 0; g < games; g++ {
			p := start.Copy()
			for ply := 0; ply < plies; ply++ {
				legal := p.Legal(nil)
				if len(legal) == 0 {
					break
				}
				where := fmt.Sprintf("%s game %d ply %d (%s)", p.Variant().Spec().Name, g, ply, p.FEN())
				checkSANs(t, where, p, legal)
				var every2nd []rules.Move
				for j := 1; j < len(legal); j += 2 {
					every2nd = append(every2nd, legal[j])
				}
				checkSANs(t, where+", every other move", p, every2nd)
				positions++
				p.Make(legal[rng.IntN(len(legal))])
			}
		}
	}
	t.Logf("compared SANs with SAN in %d positions", positions)
}

func checkSANs(t *testing.T, where string, p *rules.Position, moves []rules.Move) {
	t.Helper()
	fen, hash := p.FEN(), p.Hash
	got := notation.SANs(p, moves)
	if p.FEN() != fen || p.Hash != hash {
		t.Fatalf("%s: SANs changed the position to %s", where, p.FEN())
	}
	if len(got) != len(moves) {
		t.Fatalf("%s: SANs gave %d texts for %d moves", where, len(got), len(moves))
	}
	for i, m := range moves {
		if want := notation.SAN(p, m); got[i] != want {
			t.Fatalf("%s: SANs writes %v as %q, SAN as %q", where, m, got[i], want)
		}
	}
}

// benchPositions are positions rich in legal moves, as a live game's view
// names them all: the middlegame of Kiwipete and the chess10x8 start.
var benchPositions = []struct{ name, variant, fen string }{
	{"kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"chess-start", "chess", "start"},
	{"gifford-start", "gifford", "start"},
}

// BenchmarkSANs names every legal move of a position at once with SANs and
// one by one with SAN (go test -bench SAN ./notation); the ratio is SAN's
// time over SANs'.
func BenchmarkSANs(b *testing.B) {
	for _, bp := range benchPositions {
		p := testCase{where: bp.name, variant: bp.variant, fen: bp.fen}.position(b)
		legal := p.Legal(nil)
		b.Run(bp.name+"/SANs", func(b *testing.B) {
			for b.Loop() {
				notation.SANs(p, legal)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(legal)), "ns/move")
		})
		b.Run(bp.name+"/SAN", func(b *testing.B) {
			for b.Loop() {
				for _, m := range legal {
					notation.SAN(p, m)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(legal)), "ns/move")
		})
	}
}
