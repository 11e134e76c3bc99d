package travelers

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"timechess/perft"
	"timechess/rules"
	_ "timechess/variant/chess" // the orthodox reference
)

// benchPositions are the positions of the speed measurements: the start
// position, and a constructed opening position where each side has two
// traveling men (a knight and a pawn, each with its resonator) and a
// traveled knight. Perft 3 counts below every step3-th root action: from
// the start a sample (the whole count holds some 3.7 * 10^8 nodes), from
// the two-traveling position all of them (4,380,622 nodes: testdata/perft.epd),
// whose ratio to chess spreads by a few per cent where that of a sample of
// three root actions spread from 0.06 to 0.15.
var benchPositions = []struct {
	name, fen string
	step3     int
}{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 40},
	{"two-traveling", "rnbqkb1r/pppppppp/2n*2n'2/3p*4/4P*3/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 0 5", 1},
}

// benchPosition sets up a benchmark position with the variant's rules; for
// chess the men's marks are taken off.
func benchPosition(b *testing.B, fen, variant string) *rules.Position {
	b.Helper()
	v, err := rules.Lookup(variant)
	if err != nil {
		b.Fatal(err)
	}
	if variant == "chess" {
		fen = strings.NewReplacer("*", "", "'", "").Replace(fen)
	}
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkPerft counts perft to depth 2 with the travelers rules and with
// FIDE chess on the same boards (the men's marks taken off) and reports both
// speeds in nodes per second and travelers' as a fraction of chess's
// (x-chess). BenchmarkPerft3 measures depth 3.
func BenchmarkPerft(b *testing.B) { benchPerft(b, 2, false) }

// BenchmarkPerft3 measures perft to depth 3: for travelers below every
// step3-th root action of each position (benchPositions), for chess in
// full.
func BenchmarkPerft3(b *testing.B) { benchPerft(b, 3, true) }

// benchPerft measures perft to depth on every benchmark position, for
// travelers below every step3-th root action only when sampled. Every
// travelers perft runs on a copy of the position, whose working memory
// (session.go) starts empty, as a single perft run's would: counting the
// same position over and over would otherwise find the legal actions of the
// positions of depth one already known. The two variants take turns: after the count below each root
// action, chess perft to depth runs over and over for as long as that count
// took, so that both meet the same load on a shared machine and their ratio
// (x-chess) keeps steady where each speed alone spreads by some 15%.
func benchPerft(b *testing.B, depth int, sampled bool) {
	for _, bp := range benchPositions {
		step := 1
		if sampled {
			step = bp.step3
		}
		b.Run(bp.name, func(b *testing.B) {
			tp := benchPosition(b, bp.fen, "travelers")
			cp := benchPosition(b, bp.fen, "chess")
			var tNodes, cNodes uint64
			var tTime, cTime time.Duration
			for b.Loop() {
				tq := tp.Copy()
				root := rootActions(tq)
				for i := 0; i < len(root); i += step {
					start := time.Now()
					tNodes += countAfter(b, tq, root[i], depth-1)
					took := time.Since(start)
					tTime += took
					start = time.Now()
					for time.Since(start) < took {
						cNodes += perftBelow(b, cp, depth, 1)
					}
					cTime += time.Since(start)
				}
			}
			rate, chess := float64(tNodes)/tTime.Seconds(), float64(cNodes)/cTime.Seconds()
			b.ReportMetric(rate, "nodes/s")
			b.ReportMetric(chess, "chess-nodes/s")
			b.ReportMetric(rate/chess, "x-chess")
		})
	}
}

// BenchmarkSample counts perft 3 with the travelers rules below a fixed
// sample of root actions of each benchmark position (every 40th from the
// two-traveling position, every 200th from the start, in the order of
// rootActions): a fixed amount of work, for instruction counts that compare
// two builds to a tenth of a per cent, where times on a shared machine
// spread by some 15% (one thread and no preemption signals, which callgrind
// would stumble on):
//
//	go test -c -o travelers.test ./variant/travelers
//	GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
//		./travelers.test -test.run XXX -test.bench Sample/two-traveling -test.benchtime 1x
func BenchmarkSample(b *testing.B) {
	for _, bp := range benchPositions {
		step := 40
		if bp.name == "start" {
			step = 200
		}
		b.Run(bp.name, func(b *testing.B) {
			p := benchPosition(b, bp.fen, "travelers")
			var nodes uint64
			for b.Loop() {
				nodes += perftBelow(b, p.Copy(), 3, step) // a fresh working memory each time
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// perftBelow counts perft to depth below every step-th root action of p
// (all of them: perft to depth).
func perftBelow(b *testing.B, p *rules.Position, depth, step int) uint64 {
	root := rootActions(p)
	var nodes uint64
	for i := 0; i < len(root); i += step {
		nodes += countAfter(b, p, root[i], depth-1)
	}
	return nodes
}

// rootActions returns the legal actions of p in an order of their own (by
// kind, squares, type and promotion), so that a sample of every step-th
// stays the same when the order of Legal changes.
func rootActions(p *rules.Position) []rules.Move {
	root := p.Legal(nil)
	slices.SortFunc(root, func(a, b rules.Move) int {
		return cmp.Or(int(a.Kind)-int(b.Kind), int(a.From)-int(b.From), int(a.To)-int(b.To),
			int(a.Via)-int(b.Via), int(a.Piece)-int(b.Piece), int(a.Promo)-int(b.Promo))
	})
	return root
}

// countAfter counts perft to depth after action m of p.
func countAfter(b *testing.B, p *rules.Position, m rules.Move, depth int) uint64 {
	p.Make(m)
	defer p.Unmake()
	n, err := perft.Count(context.Background(), p, depth)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkSurvey times one full survey (supports and resonances with
// witnesses) and one resonance survey of the side to move (a reachability
// query), and one resonance query answered from the memo.
func BenchmarkSurvey(b *testing.B) {
	for _, bp := range benchPositions {
		p, err := rules.NewPosition(Travelers, bp.fen)
		if err != nil {
			b.Fatal(err)
		}
		var s survey
		b.Run(bp.name+"/full", func(b *testing.B) {
			for b.Loop() {
				s.run(p, p.Side, fullSurvey)
			}
		})
		b.Run(bp.name+"/resonance", func(b *testing.B) {
			for b.Loop() {
				s.run(p, p.Side, resonanceSurvey)
			}
		})
		b.Run(bp.name+"/recalled", func(b *testing.B) {
			n := probe(p)
			defer n.release()
			for b.Loop() {
				n.resonators(p, p.Side, p.Geometry().Mask)
			}
		})
	}
}

// BenchmarkLegal times Legal on positions one action below each benchmark
// position (every 20th child), each asked on a fresh copy whose working
// memory (session.go) starts empty, as a server request's position does,
// and reports the time per position.
func BenchmarkLegal(b *testing.B) {
	for _, bp := range benchPositions {
		p := benchPosition(b, bp.fen, "travelers")
		var children []*rules.Position
		for i, m := range p.Legal(nil) {
			if i%20 == 0 {
				p.Make(m)
				children = append(children, p.Copy())
				p.Unmake()
			}
		}
		b.Run(bp.name, func(b *testing.B) {
			asked := 0
			for b.Loop() {
				for _, c := range children {
					c.Copy().Legal(nil)
					asked++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(asked), "ns/position")
		})
	}
}

// BenchmarkProvers measures what the provers gain (provers.go): perft 3
// below every 20th root action of the two-traveling position and every
// 100th of the start with all provers but one, and perft 2 below the same
// root actions (the legal actions of each child) with none, by the plain
// rules. Each set takes turns with all of them on the same counts, as
// benchPerft takes turns with chess, and reports its speed as a fraction of
// theirs (x-all): below 1 what the prover switched off gains, for none what
// all of them gain together.
func BenchmarkProvers(b *testing.B) {
	sets := []Provers{0}
	for _, pr := range EachProver() {
		if pr != Survey { // without it, none: the plain rules
			sets = append(sets, AllProvers&^pr)
		}
	}
	for _, bp := range benchPositions {
		step := 20
		if bp.name == "start" {
			step = 100
		}
		for _, ps := range sets {
			name, depth := "none", 2
			if ps != 0 {
				name, depth = "without-"+(AllProvers&^ps).String(), 3
			}
			b.Run(bp.name+"/"+name, func(b *testing.B) {
				sp, err := rules.NewPosition(WithProvers(ps), bp.fen)
				if err != nil {
					b.Fatal(err)
				}
				ap, err := rules.NewPosition(WithProvers(AllProvers), bp.fen)
				if err != nil {
					b.Fatal(err)
				}
				var nodes uint64
				var setTime, allTime time.Duration
				for b.Loop() {
					start := time.Now()
					nodes += perftBelow(b, sp.Copy(), depth, step)
					setTime += time.Since(start)
					start = time.Now()
					perftBelow(b, ap.Copy(), depth, step)
					allTime += time.Since(start)
				}
				b.ReportMetric(float64(nodes)/setTime.Seconds(), "nodes/s")
				b.ReportMetric(allTime.Seconds()/setTime.Seconds(), "x-all")
			})
		}
	}
}
