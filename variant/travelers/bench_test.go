package travelers

import (
	"context"
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
// traveled knight.
var benchPositions = []struct{ name, fen string }{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"two-traveling", "rnbqkb1r/pppppppp/2n*2n'2/3p*4/4P*3/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 0 5"},
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
// FIDE chess on the same boards (the men's marks taken off) and reports
// nodes per second; the travelers runs also report their speed as a
// fraction of chess's, measured right after them (x-chess). BenchmarkPerft3
// measures depth 3.
func BenchmarkPerft(b *testing.B) { benchPerft(b, 2, 1) }

// BenchmarkPerft3 measures perft to depth 3: for travelers below every 40th
// root action (depth 3 from the start position holds some 10^9 nodes), for
// chess in full.
func BenchmarkPerft3(b *testing.B) { benchPerft(b, 3, 40) }

// benchPerft measures perft to depth on every benchmark position, for
// travelers below every step-th root action only. Every travelers perft
// starts with an empty memo (memo.go), as a single perft run would.
func benchPerft(b *testing.B, depth, step int) {
	for _, bp := range benchPositions {
		for _, variant := range []string{"travelers", "chess"} {
			b.Run(bp.name+"/"+variant, func(b *testing.B) {
				p := benchPosition(b, bp.fen, variant)
				every := 1
				if variant == "travelers" {
					every = step
				}
				var nodes uint64
				for b.Loop() {
					forgetResonances()
					nodes += perftBelow(b, p, depth, every)
				}
				rate := float64(nodes) / b.Elapsed().Seconds()
				b.ReportMetric(rate, "nodes/s")
				if variant == "travelers" {
					b.ReportMetric(rate/chessRate(b, bp.fen, depth), "x-chess")
				}
			})
		}
	}
}

// BenchmarkSample counts perft 3 with the travelers rules below a fixed
// sample of root actions of each benchmark position (every 40th from the
// two-traveling position, every 200th from the start): a fixed amount of
// work, for instruction counts that compare two builds to a tenth of a per
// cent, where times on a shared machine spread by some 15% (one thread and
// no preemption signals, which callgrind would stumble on):
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
				forgetResonances()
				nodes += perftBelow(b, p, 3, step)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// perftBelow counts perft to depth below every step-th root action of p
// (all of them: perft to depth).
func perftBelow(b *testing.B, p *rules.Position, depth, step int) uint64 {
	root := p.Legal(nil)
	var nodes uint64
	for i := 0; i < len(root); i += step {
		p.Make(root[i])
		n, err := perft.Count(context.Background(), p, depth-1)
		p.Unmake()
		if err != nil {
			b.Fatal(err)
		}
		nodes += n
	}
	return nodes
}

// chessRate returns the nodes per second of chess perft to depth on the
// board of fen (the men's marks taken off), measured for half a second.
func chessRate(b *testing.B, fen string, depth int) float64 {
	p := benchPosition(b, fen, "chess")
	start := time.Now()
	var nodes uint64
	for time.Since(start) < time.Second/2 {
		nodes += perftBelow(b, p, depth, 1)
	}
	return float64(nodes) / time.Since(start).Seconds()
}

// forgetResonances empties the memo of resonance answers.
func forgetResonances() {
	memo.Lock()
	defer memo.Unlock()
	clear(memo.slots[:])
	clear(memo.next[:])
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
			n := nodes.Get().(*node)
			defer nodes.Put(n)
			for b.Loop() {
				n.resonators(p, p.Side, p.Geometry().Mask)
			}
		})
	}
}
