package perft_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"timechess/internal/fsf"
	"timechess/notation"
	"timechess/perft"
	"timechess/rules"
)

var (
	oracleSeed = flag.Uint64("oracle.seed", 20240611, "seed of the random positions of the differential test against Fairy-Stockfish")
	oracleN    = flag.Int("oracle.n", 0, "number of random positions of the differential test (0: 420, or 60 with -short)")
)

// oracleDepth is the perft depth compared in every random position.
const oracleDepth = 3

// oracleRoot is where random play starts: a position and the most plies
// played from it.
type oracleRoot struct {
	variant, fen string
	maxPlies     int
	weight       int // share of the random positions, out of the weights' sum
}

// oracleRoots are the start positions, the middlegames of the Chess
// Programming Wiki's perft suite (Kiwipete and positions 4 to 6), a 10x8
// middlegame, and (fen "") random Chess960 set-ups.
var oracleRoots = []oracleRoot{
	{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 80, 6},
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 40, 3},
	{"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 40, 1},
	{"chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 40, 1},
	{"chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 40, 1},
	{"chess", "", 60, 4},
	{"chess10x8", "rnbgqkgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1", 80, 6},
	{"chess10x8", "r4k3r/pppg1gpppp/10/10/10/10/PPPG1GPPPP/R4K3R w KQkq - 0 1", 40, 2},
	{"chess10x8", "2rgqr1k2/pp2bgpppp/2np1n4/2p1p1b3/2B1P1B3/2NP1N1P2/PPPG1GP1PP/2RQ1RK3 w - - 3 12", 40, 2},
}

// TestAgainstFairyStockfish compares perft 3, move by move, with
// Fairy-Stockfish in random positions reached by random play. The positions
// follow from the seed, which is logged.
func TestAgainstFairyStockfish(t *testing.T) {
	path, err := fsf.Find()
	if err != nil {
		t.Skipf("skipping the differential test: %v", err)
	}
	engine, err := fsf.Start(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer engine.Close()
	n := *oracleN
	if n == 0 {
		n = 420
		if testing.Short() {
			n = 60
		}
	}
	t.Logf("seed %d, %d positions (reproduce with -oracle.seed=%d -oracle.n=%d)", *oracleSeed, n, *oracleSeed, n)
	rng := rand.New(rand.NewPCG(*oracleSeed, 0))
	start := time.Now()
	var nodes uint64
	failures := 0
	for i := 0; i < n && failures < 5; i++ {
		p := randomPosition(t, rng, pickRoot(rng))
		ours, err := coordDivide(p)
		if err != nil {
			t.Fatalf("position %d (%s %s): %v", i, p.Variant().Spec().Name, p.FEN(), err)
		}
		theirs, err := oracleDivide(engine, p)
		if err != nil {
			t.Fatalf("position %d (%s %s): %v", i, p.Variant().Spec().Name, p.FEN(), err)
		}
		if diff := divideDiff(ours, theirs); diff != "" {
			failures++
			t.Errorf("position %d: %s %q (UCI_Chess960 %v): perft %d differs (ours - Fairy-Stockfish):\n%s",
				i, p.Variant().Spec().Name, p.FEN(), p.Setup().Chess960, oracleDepth, diff)
		}
		for _, c := range ours {
			nodes += c
		}
	}
	t.Logf("%d leaf nodes compared in %v", nodes, time.Since(start).Round(time.Millisecond))
}

// pickRoot draws a root by weight.
func pickRoot(rng *rand.Rand) oracleRoot {
	total := 0
	for _, r := range oracleRoots {
		total += r.weight
	}
	x := rng.IntN(total)
	for _, r := range oracleRoots {
		if x < r.weight {
			return r
		}
		x -= r.weight
	}
	panic("unreachable: weights do not add up")
}

// randomPosition plays a random number of random legal moves from the root.
func randomPosition(t *testing.T, rng *rand.Rand, root oracleRoot) *rules.Position {
	t.Helper()
	fen := root.fen
	if fen == "" {
		fen = chess960Start(rng)
	}
	v, err := rules.Lookup(root.variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	var buf []rules.Move
	for plies := rng.IntN(root.maxPlies + 1); plies > 0; plies-- {
		buf = p.Legal(buf)
		if len(buf) == 0 {
			break
		}
		p.Make(buf[rng.IntN(len(buf))])
	}
	// A fresh position from the text, as Fairy-Stockfish gets it.
	q, err := rules.NewPosition(v, p.FEN())
	if err != nil {
		t.Fatalf("the text %q of a position reached by play does not parse: %v", p.FEN(), err)
	}
	return q
}

// chess960Start returns a random Chess960 start position: bishops on squares
// of both colours, the King between the rooks, the rest anywhere.
func chess960Start(rng *rand.Rand) string {
	var rank [8]byte
	rank[2*rng.IntN(4)] = 'b'
	rank[2*rng.IntN(4)+1] = 'b'
	put := func(c byte, nth int) { // on the nth empty square
		for i := range rank {
			if rank[i] == 0 {
				if nth == 0 {
					rank[i] = c
					return
				}
				nth--
			}
		}
	}
	put('q', rng.IntN(6))
	put('n', rng.IntN(5))
	put('n', rng.IntN(4))
	put('r', 0)
	put('k', 0)
	put('r', 0)
	black := string(rank[:])
	return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + strings.ToUpper(black) + " w KQkq - 0 1"
}

// coordDivide is timechess's divide keyed by coordinate notation.
func coordDivide(p *rules.Position) (map[string]uint64, error) {
	divs, err := perft.Divide(context.Background(), p, oracleDepth, nil)
	if err != nil {
		return nil, err
	}
	out := map[string]uint64{}
	for _, d := range divs {
		m := notation.Coord(p, d.Move)
		if _, dup := out[m]; dup {
			return nil, fmt.Errorf("two root moves are both written %s", m)
		}
		out[m] = d.Nodes
	}
	return out, nil
}

// oracleDivide is Fairy-Stockfish's divide of the same position.
func oracleDivide(e *fsf.Engine, p *rules.Position) (map[string]uint64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := e.SetOption(ctx, "UCI_Chess960", strconv.FormatBool(p.Setup().Chess960)); err != nil {
		return nil, err
	}
	res, err := e.Perft(ctx, p.Variant().Spec().Name, p.FEN(), oracleDepth)
	if err != nil {
		return nil, err
	}
	out := map[string]uint64{}
	for _, d := range res.Divide {
		out[d.Move] = d.Nodes
	}
	return out, nil
}

// divideDiff lists the root moves whose counts differ, one per line, or "".
func divideDiff(ours, theirs map[string]uint64) string {
	var lines []string
	for m, n := range ours {
		if o, ok := theirs[m]; !ok {
			lines = append(lines, fmt.Sprintf("  %s: %d, Fairy-Stockfish has no such move", m, n))
		} else if o != n {
			lines = append(lines, fmt.Sprintf("  %s: %d, Fairy-Stockfish %d", m, n, o))
		}
	}
	for m, o := range theirs {
		if _, ok := ours[m]; !ok {
			lines = append(lines, fmt.Sprintf("  %s: missing, Fairy-Stockfish %d", m, o))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
