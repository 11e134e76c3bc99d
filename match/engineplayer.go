package match

import (
	"context"
	"errors"

	"timechess/engine"
	"timechess/game"
)

// enginePlayer is timechess's own engine, searching in this process.
type enginePlayer struct {
	spec    *Spec
	e       *engine.Engine
	control Control
}

// newEnginePlayer makes an engine with the spec's options.
func newEnginePlayer(s *Spec) *enginePlayer {
	return &enginePlayer{spec: s, e: engine.New(s.Engine)}
}

// Name is "timechess" with the spec's settings.
func (p *enginePlayer) Name() string { return p.spec.displayName("timechess") }

// NewGame forgets what earlier games taught the engine.
func (p *enginePlayer) NewGame(_ context.Context, _ *game.Game, control Control) error {
	p.e.NewGame()
	p.control = control
	return nil
}

// Move searches the live position within the limits and the clock.
func (p *enginePlayer) Move(ctx context.Context, g *game.Game, clock *Clock) (Reply, error) {
	lim := ownLimit(p.spec, p.control)
	limits := engine.Limits{Depth: lim.Depth, Nodes: lim.Nodes, MoveTime: lim.MoveTime, Overhead: p.spec.Overhead}
	if clock != nil {
		limits.WTime, limits.BTime = clock.Left[0], clock.Left[1]
		limits.WInc, limits.BInc = clock.Inc, clock.Inc
		limits.MovesToGo = clock.MovesToGo
	}
	res := p.e.Search(ctx, g.Position(), limits, nil)
	if res.Best.IsNull() {
		return Reply{}, errors.New("the engine found no move")
	}
	return Reply{Move: res.Best, Score: res.Score, Scored: true, Depth: res.Depth}, nil
}

// Close does nothing: the engine holds no outside resource.
func (p *enginePlayer) Close() error { return nil }

// ownLimit is the limit a player searches with: its spec's own, else the
// match's.
func ownLimit(s *Spec, c Control) Limit {
	if !s.Limit.IsZero() {
		return s.Limit
	}
	return c.Limit
}
