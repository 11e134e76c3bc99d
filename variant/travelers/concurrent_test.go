package travelers

import (
	"math/rand/v2"
	"sync"
	"testing"

	"timechess/rules"
)

// TestConcurrentGames plays several games at once, each on its own
// goroutine with its own position, as the server's games and the engine's
// threads do, and checks every legal list against the one computed for the
// same game alone beforehand: an answer never depends on what another
// goroutine asked. Run it with -race (.ci/run does).
func TestConcurrentGames(t *testing.T) {
	const games = 4
	plies := 6
	if testing.Short() {
		plies = 3
	}
	type game struct {
		start string
		moves []rules.Move
		want  [][]rules.Move // the legal actions before each move, and at the end
	}
	var all []game
	for i := range games {
		bp := benchPositions[i%len(benchPositions)]
		p, err := rules.NewPosition(Travelers, bp.fen)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(*seed, uint64(i)))
		g := game{start: bp.fen}
		for range plies {
			legal := p.Legal(nil)
			g.want = append(g.want, legal)
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			g.moves = append(g.moves, m)
			p.Make(m)
		}
		if len(g.want) == len(g.moves) {
			g.want = append(g.want, p.Legal(nil))
		}
		all = append(all, g)
	}
	var wg sync.WaitGroup
	for round := range 2 {
		for i, g := range all {
			wg.Go(func() {
				p, err := rules.NewPosition(Travelers, g.start)
				if err != nil {
					t.Error(err)
					return
				}
				for ply, want := range g.want {
					if got := p.Legal(nil); !sameMoves(got, want) {
						t.Errorf("round %d, game %d, ply %d: %s", round, i, ply, moveDiff(p, got, want))
						return
					}
					if n := p.CountLegal(); n != len(want) {
						t.Errorf("round %d, game %d, ply %d: count %d, want %d", round, i, ply, n, len(want))
					}
					if ply < len(g.moves) {
						p.Make(g.moves[ply])
					}
				}
			})
		}
	}
	wg.Wait()
}
