package server

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"timechess/engine"
	"timechess/notation"
	"timechess/store"
)

// enginePool runs the engine's searches: the replies of engine seats, queued
// per game, and the analysis requests. slots caps the searches running at
// once; each search has its own table of hashMB MiB.
type enginePool struct {
	s      *Server
	slots  chan struct{}
	hashMB int

	mu     sync.Mutex
	queued map[string]bool
	queue  chan string
}

// engineQueue bounds the games waiting for an engine reply; beyond it a game
// waits for the next sweep.
const engineQueue = 4096

func newEnginePool(s *Server, workers, hashMB int) *enginePool {
	p := &enginePool{s: s, slots: make(chan struct{}, workers), hashMB: hashMB,
		queued: map[string]bool{}, queue: make(chan string, engineQueue)}
	for range workers {
		s.goBackground(p.work)
	}
	return p
}

// levelLimits are the search limits of the engine's levels 1 to 8: a depth
// cap for the weak levels and a time per move that grows with the level.
var levelLimits = [...]engine.Limits{
	1: {Depth: 1, MoveTime: 50 * time.Millisecond},
	2: {Depth: 2, MoveTime: 100 * time.Millisecond},
	3: {Depth: 3, MoveTime: 200 * time.Millisecond},
	4: {Depth: 4, MoveTime: 300 * time.Millisecond},
	5: {Depth: 6, MoveTime: 500 * time.Millisecond},
	6: {MoveTime: 800 * time.Millisecond},
	7: {MoveTime: 1200 * time.Millisecond},
	8: {MoveTime: 2000 * time.Millisecond},
}

// maxLevel is the strongest engine level.
const maxLevel = len(levelLimits) - 1

// enqueue asks for the engine's reply in game id; a game already queued is
// not queued twice.
func (p *enginePool) enqueue(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.queued[id] {
		return
	}
	select {
	case p.queue <- id:
		p.queued[id] = true
	default: // full: the sweep will queue it again
	}
}

// work is one worker: it plays the engine's moves of queued games.
func (p *enginePool) work(ctx context.Context) {
	var eng *engine.Engine
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-p.queue:
			p.mu.Lock()
			delete(p.queued, id)
			p.mu.Unlock()
			if eng == nil {
				eng = engine.New(engine.Options{Threads: 1, HashMB: p.hashMB})
			}
			if err := p.reply(ctx, eng, id); err != nil && !isQuiet(err) && !errors.Is(err, store.ErrNotFound) {
				p.s.log.Error("engine reply failed", "game", id, "err", err)
			}
		}
	}
}

// acquire takes a search slot, waiting for one unless wait is false.
func (p *enginePool) acquire(ctx context.Context, wait bool) error {
	if !wait {
		select {
		case p.slots <- struct{}{}:
		default:
			p.s.metrics.engineBusy.Add(1)
			return fail(http.StatusServiceUnavailable, codeBusy, "the engine is busy; retry in a moment")
		}
	} else {
		select {
		case p.slots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	p.s.metrics.engineActive.Add(1)
	return nil
}

func (p *enginePool) release() {
	p.s.metrics.engineActive.Add(-1)
	p.s.metrics.engineJobs.Add(1)
	<-p.slots
}

// reply searches and plays the engine's move in game id, if the engine is
// to move there. Another process doing the same loses on the ply.
func (p *enginePool) reply(ctx context.Context, eng *engine.Engine, id string) error {
	r, err := p.s.open(ctx, id)
	if err != nil {
		return err
	}
	g := r.g
	if !engineToMove(g) || r.play.Position().Status().Over() {
		r.mu.Unlock()
		return nil
	}
	side := turnOf(g)
	pos := r.play.Position().Copy()
	r.mu.Unlock()

	limits := levelLimits[min(maxLevel, engineLevel(g.Seat(side)))]
	if g.TimeControl.Live() {
		budget := left(g.Clocks, side)
		if running(g) {
			budget -= p.s.now().Sub(g.Clocks.TurnStart)
		}
		limits.MoveTime = max(10*time.Millisecond, min(limits.MoveTime, budget/30+g.TimeControl.Increment/2))
	}
	if err := p.acquire(ctx, true); err != nil {
		return err
	}
	eng.NewGame()
	res := eng.Search(ctx, pos, limits, nil)
	p.release()
	if res.Best.IsNull() {
		return ctx.Err()
	}
	_, _, err = p.s.move(ctx, id, byEngine(side), g.Ply, notation.Coord(pos, res.Best))
	return err
}
