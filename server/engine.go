package server

import (
	"container/heap"
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"timechess/engine"
	"timechess/notation"
	"timechess/store"
)

// enginePool plays the engine's seats: the games where the engine is to move
// wait in a queue ordered by urgency (live games first, the one whose flag
// falls soonest at the head; then correspondence and untimed games in the
// order they came), and each of its workers searches one reply at a time
// with its own table of hashMB MiB. Analysis and mate solving run apart, in
// the analysis queue, so they never hold a worker a game needs.
type enginePool struct {
	s        *Server
	hashMB   int
	analysis *analysisQueue
	busy     atomic.Int64 // game searches running now

	mu     sync.Mutex
	queued map[string]bool
	queue  replyQueue
	seq    uint64
	wake   chan struct{} // a token when the queue may have work for a worker
}

// engineQueue bounds the games waiting for an engine reply; beyond it a game
// waits for the next sweep.
const engineQueue = 4096

func newEnginePool(s *Server, workers, hashMB int) *enginePool {
	p := &enginePool{s: s, hashMB: hashMB, queued: map[string]bool{}, wake: make(chan struct{}, 1)}
	p.analysis = newAnalysisQueue(s, p, s.cfg.AnalysisWorkers)
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

// moveLimits are the limits of the engine's search in g starting at now: its
// level's, and on a live clock at most a thirtieth of the time left at now
// (the wait in the queue is spent) plus half the increment.
func moveLimits(g store.Game, now time.Time) engine.Limits {
	side := turnOf(g)
	limits := levelLimits[min(maxLevel, engineLevel(g.Seat(side)))]
	if g.TimeControl.Live() {
		budget := left(g.Clocks, side)
		if running(g) {
			budget -= now.Sub(g.Clocks.TurnStart)
		}
		limits.MoveTime = max(10*time.Millisecond, min(limits.MoveTime, budget/30+g.TimeControl.Increment/2))
	}
	return limits
}

// replyWait is a game waiting for the engine's reply.
type replyWait struct {
	id       string
	live     bool      // a live clock: before every game without one
	due      time.Time // live: when the engine's flag falls
	seq      uint64    // the order of arrival, among equals
	enqueued time.Time // by the wall clock, for the wait metric
}

// replyQueue is a heap of the games waiting for a reply, the most urgent
// first.
type replyQueue []replyWait

func (q replyQueue) Len() int { return len(q) }
func (q replyQueue) Less(i, j int) bool {
	a, b := q[i], q[j]
	switch {
	case a.live != b.live:
		return a.live
	case a.live && !a.due.Equal(b.due):
		return a.due.Before(b.due)
	}
	return a.seq < b.seq
}
func (q replyQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *replyQueue) Push(x any)   { *q = append(*q, x.(replyWait)) }
func (q *replyQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// enqueue asks for the engine's reply in game g; a game already queued is
// not queued twice.
func (p *enginePool) enqueue(g store.Game) {
	w := replyWait{id: g.ID, live: g.TimeControl.Live(), enqueued: time.Now()}
	if w.live {
		w.due = p.s.now().Add(left(g.Clocks, turnOf(g)))
		if d, ok := deadline(g); ok {
			w.due = d
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.queued[g.ID] || len(p.queue) >= engineQueue { // full: the sweep will queue it again
		return
	}
	p.seq++
	w.seq = p.seq
	heap.Push(&p.queue, w)
	p.queued[g.ID] = true
	p.signal()
}

// signal wakes a waiting worker; p.mu is held.
func (p *enginePool) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// next takes the most urgent waiting game, if any.
func (p *enginePool) next() (replyWait, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.queue) == 0 {
		return replyWait{}, false
	}
	w := heap.Pop(&p.queue).(replyWait)
	delete(p.queued, w.id)
	if len(p.queue) > 0 {
		p.signal() // another worker may take the next one
	}
	return w, true
}

// work is one worker: it plays the engine's moves of queued games.
func (p *enginePool) work(ctx context.Context) {
	var eng *engine.Engine
	for {
		w, ok := p.next()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-p.wake:
				continue
			}
		}
		p.s.metrics.engineReplies.Add(1)
		p.s.metrics.engineReplyWait.Add(uint64(time.Since(w.enqueued)))
		if eng == nil {
			eng = engine.New(engine.Options{Threads: 1, HashMB: p.hashMB})
		}
		if err := p.reply(ctx, eng, w.id); err != nil && !isQuiet(err) && !errors.Is(err, store.ErrNotFound) {
			p.s.log.Error("engine reply failed", "game", w.id, "err", err)
		}
		if ctx.Err() != nil {
			return
		}
	}
}

// reply searches and plays the engine's move in game id, if the engine is
// to move there. Another process doing the same loses on the ply. On a live
// clock the move time is a share of the time left now, the wait in the
// queue already spent, and analyses running on the CPUs the search needs
// yield them.
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

	limits := moveLimits(g, p.s.now())
	live := g.TimeControl.Live()
	p.busy.Add(1)
	if live {
		p.analysis.yield()
	}
	p.s.metrics.engineActive.Add(1)
	eng.NewGame()
	res := eng.Search(ctx, pos, limits, nil)
	p.s.metrics.engineActive.Add(-1)
	p.s.metrics.engineJobs.Add(1)
	p.busy.Add(-1)
	p.analysis.dispatch()
	if res.Best.IsNull() {
		return ctx.Err()
	}
	if answered, err := p.answerDraw(ctx, id, side, g.Ply, res.Score); answered || err != nil {
		return err // a declined offer queues the game again: the engine moves then
	}
	_, _, err = p.s.move(ctx, id, byEngine(side), g.Ply, notation.Coord(pos, res.Best))
	return err
}

// Draw offers to the engine: it accepts at its move when its search scores
// the position at drawAcceptScore or worse for it, or within
// drawLevelScore of level from ply drawLevelPly on; it declines otherwise.
const (
	drawAcceptScore engine.Score = -100 // a pawn down
	drawLevelScore  engine.Score = 15
	drawLevelPly                 = 80 // move 40
)

// acceptsDraw is the engine's answer to a draw offer, scored score for it
// at ply (docs/engine.md).
func acceptsDraw(score engine.Score, ply int) bool {
	return score <= drawAcceptScore || (ply >= drawLevelPly && !score.IsMate() && max(score, -score) <= drawLevelScore)
}

// answerDraw answers the opponent's draw offer in game id, if one stands
// while the engine (side) is to move at ply, by the score of its search,
// and reports whether it answered one. The answer is a change of the game,
// which queues it again when the engine is still to move (afterChange).
func (p *enginePool) answerDraw(ctx context.Context, id string, side store.Side, ply int, score engine.Score) (bool, error) {
	r, err := p.s.open(ctx, id)
	if err != nil {
		return false, err
	}
	g := r.g
	r.mu.Unlock()
	if g.Status != store.Ongoing || g.Ply != ply || g.DrawOffer != other(side) {
		return false, nil
	}
	accept := acceptsDraw(score, ply)
	name := actDeclineDraw
	if accept {
		name = actAcceptDraw
	}
	_, err = p.s.action(ctx, id, byEngine(side), name)
	return err == nil, err
}
