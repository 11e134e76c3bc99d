package gifford_test

import (
	"context"
	"testing"
	"time"

	"timechess/perft"
	"timechess/rules"
	_ "timechess/variant/chess"
)

// benchCases are the positions BenchmarkPerft counts: a case of perft.epd (by id)
// for gifford, and the same board for chess without time travel. The
// three-Kings position cannot be a chess position (chess has one King a
// side): chess counts its board without the two Kings that came from the
// future, and without the booking. Chess counts one ply deeper, so that both
// counts take a comparable time and the ratio of their speeds is not at the
// mercy of a short measurement.
var benchCases = []struct {
	name, chess string
	depth       int
}{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3},
	{"three-kings", "r1bqkb1r/pppp1ppp/2n2n2/4p3/8/8/PPP1PPPP/RNBQKBNR w KQkq - 1 4", 3},
}

// BenchmarkPerft counts each position with gifford and with chess, and
// reports both speeds and their ratio (the goal is gifford at half the speed
// of chess or better, ratio >= 0.5).
func BenchmarkPerft(b *testing.B) {
	cases := map[string]perft.Fixture{}
	for _, c := range loadPerft(b) {
		cases[c.ID] = c
	}
	chess, err := rules.Lookup("chess")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range benchCases {
		b.Run(bc.name, func(b *testing.B) {
			g, _ := perftPosition(b, cases[bc.name])
			c, err := rules.NewPosition(chess, bc.chess)
			if err != nil {
				b.Fatal(err)
			}
			var nodes [2]uint64
			var spent [2]time.Duration
			for b.Loop() {
				for i, p := range []*rules.Position{g, c} {
					start := time.Now()
					n, err := perft.Count(context.Background(), p, bc.depth+i)
					if err != nil {
						b.Fatal(err)
					}
					spent[i] += time.Since(start)
					nodes[i] += n
				}
			}
			giffordNPS := float64(nodes[0]) / spent[0].Seconds()
			chessNPS := float64(nodes[1]) / spent[1].Seconds()
			b.ReportMetric(giffordNPS, "gifford-nodes/s")
			b.ReportMetric(chessNPS, "chess-nodes/s")
			b.ReportMetric(giffordNPS/chessNPS, "ratio")
		})
	}
}
