package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"

	"timechess/engine"
	"timechess/game"
	"timechess/rules"
)

// baseline is a player that does not search: the greedy player takes the
// move that leaves it the most material at once (a mate above all), the
// random player any legal move; both choose at random among equals, with a
// generator seeded by the spec's seed and the game's round, so that a match
// is the same when replayed.
type baseline struct {
	spec   *Spec
	greedy bool
	rng    *rand.Rand
}

// newBaseline makes a greedy or random player.
func newBaseline(s *Spec) *baseline {
	return &baseline{spec: s, greedy: s.Kind == KindGreedy, rng: rand.New(rand.NewPCG(s.Seed, 0))}
}

// Name is the kind with the spec's settings.
func (b *baseline) Name() string { return b.spec.displayName(b.spec.Kind) }

// NewGame reseeds the generator for the game's round.
func (b *baseline) NewGame(_ context.Context, g *game.Game, _ Control) error {
	round, _ := g.Tags.Get("Round")
	n, _ := strconv.ParseUint(round, 10, 64) // no round: 0
	b.rng = rand.New(rand.NewPCG(b.spec.Seed, n))
	return nil
}

// Move picks among the best moves by material (greedy) or among all.
func (b *baseline) Move(_ context.Context, g *game.Game, _ *Clock) (Reply, error) {
	p := g.Position().Copy()
	legal := p.Legal(nil)
	if len(legal) == 0 {
		return Reply{}, errors.New("no legal move")
	}
	if !b.greedy {
		return Reply{Move: legal[b.rng.IntN(len(legal))]}, nil
	}
	var best []rules.Move
	bestValue := -engine.Infinity
	me := p.Side
	for _, m := range legal {
		p.Make(m)
		v := materialBalance(p, me)
		if st := p.Status(); st.Result == rules.WinFor(me) {
			v = engine.MateIn(1)
		}
		p.Unmake()
		switch {
		case v > bestValue:
			best, bestValue = append(best[:0], m), v
		case v == bestValue:
			best = append(best, m)
		}
	}
	score := bestValue
	if !score.IsMate() {
		score -= materialBalance(p, me) // the material won by the move
	}
	return Reply{Move: best[b.rng.IntN(len(best))], Score: score, Scored: true, Depth: 1}, nil
}

// Close does nothing.
func (b *baseline) Close() error { return nil }

// pieceValues are the greedy player's values of the kinds, in centipawns
// (the royal King counts nothing: it is never lost, the game is).
var pieceValues = [...]engine.Score{
	rules.Pawn: 100, rules.Knight: 300, rules.Bishop: 300, rules.Rook: 500, rules.Queen: 900,
	rules.Guard: 300, rules.TimeThief: 900, rules.Dwarf: 300, rules.Spirit: 300, rules.Witch: 600,
}

// materialBalance is the material of side c minus its opponent's: the men
// on the board and those in transit (Gifford), so that sending a man ahead
// in time costs nothing.
func materialBalance(p *rules.Position, c rules.Color) engine.Score {
	var v engine.Score
	for _, side := range [2]rules.Color{c, c.Other()} {
		var sum engine.Score
		for k := rules.Pawn; int(k) < len(pieceValues); k++ {
			sum += pieceValues[k] * engine.Score(p.Pieces(side, k).Count())
		}
		for _, b := range p.Bookings[side][:p.NBookings[side]] {
			sum += pieceValues[b.Piece.Kind()]
		}
		if side == c {
			v += sum
		} else {
			v -= sum
		}
	}
	return v
}
