package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"timechess/rules"
)

// Options configure an Engine.
type Options struct {
	// Threads is the number of search threads (lazy SMP: they share the
	// transposition table and search the same root); below 1 means 1.
	Threads int
	// HashMB is the size of the transposition table in MiB; below 1 means 16.
	HashMB int
}

// Engine searches positions. One Engine runs one search at a time (Search
// calls on the same Engine wait for each other); separate Engines share
// nothing and may search concurrently. The transposition table and the
// move-ordering history persist from one search to the next, as in a game;
// NewGame forgets them.
type Engine struct {
	mu      sync.Mutex
	opts    Options
	tt      *table
	workers []*worker
	now     func() time.Time // the clock of the time budgets (time.Now but in tests)
}

// New returns an engine with the given options.
func New(opts Options) *Engine {
	opts.Threads = max(opts.Threads, 1)
	if opts.HashMB < 1 {
		opts.HashMB = 16
	}
	e := &Engine{opts: opts, tt: newTable(opts.HashMB), now: time.Now}
	for i := 0; i < opts.Threads; i++ {
		e.workers = append(e.workers, &worker{id: i, history: new(historyTable)})
	}
	return e
}

// Options returns the engine's options, defaults filled in.
func (e *Engine) Options() Options { return e.opts }

// NewGame clears the transposition table and the move-ordering history.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.clear()
	for _, w := range e.workers {
		*w.history = historyTable{}
	}
}

// shared is the state the threads of one search share.
type shared struct {
	tt        *table
	stop      atomic.Bool
	timeUp    atomic.Bool // the hard time budget is spent (stop is raised too)
	nodeLimit uint64
	workers   []*worker
	mainDepth atomic.Int32 // the depth the main thread is searching
	clock     searchClock
}

// outOfTime stops the search when the hard time budget is spent.
func (s *shared) outOfTime() {
	s.timeUp.Store(true)
	s.stop.Store(true)
}

// totalNodes sums the nodes the threads have published.
func (s *shared) totalNodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.published.Load()
	}
	return n
}

// Search searches p within limits and returns the best move found. info, when
// not nil, receives a report per line at each completed depth, from the
// searching goroutine. p is not changed (the threads search copies). The
// search ends when a limit is reached or ctx ends; Search then returns the
// result of the last completed depth.
func (e *Engine) Search(ctx context.Context, p *rules.Position, limits Limits, info func(Info)) Result {
	return e.search(ctx, p, profileFor(p.Variant()), limits, info)
}

// search is Search with the variant's profile given. The hard time budget
// is enforced twice: a timer raises the stop flag however slow the nodes
// are, and the main thread reads the clock every pollMask+1 nodes, which
// stops it without waiting for the timer's goroutine to be scheduled on a
// loaded machine.
func (e *Engine) search(ctx context.Context, p *rules.Position, pr *profile, limits Limits, info func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	start := e.now()
	root := rootMoves(p, limits.Moves)
	if len(root) == 0 {
		return Result{Best: rules.NullMove, Ponder: rules.NullMove, Score: rootVerdict(p)}
	}
	e.tt.newSearch()
	soft, hard := budget(limits, p.Side)
	sh := &shared{tt: e.tt, nodeLimit: limits.Nodes, workers: e.workers,
		clock: searchClock{now: e.now, start: start, soft: soft, hard: hard}}
	stopCtx := context.AfterFunc(ctx, func() { sh.stop.Store(true) })
	defer stopCtx()
	if hard > 0 {
		t := time.AfterFunc(hard, sh.outOfTime)
		defer t.Stop()
	}
	if ctx.Err() != nil {
		sh.stop.Store(true)
	}
	maxDepth := MaxDepth
	if limits.Depth > 0 && !limits.Infinite {
		maxDepth = min(limits.Depth, MaxDepth)
	}
	multiPV := min(max(limits.MultiPV, 1), len(root))
	var wg sync.WaitGroup
	for _, w := range e.workers {
		w.prepare(sh, p, pr, root)
	}
	for _, w := range e.workers[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.iterate(maxDepth, 1, false)
		}()
	}
	main := e.workers[0]
	main.report = info
	res := main.iterate(maxDepth, multiPV, true)
	sh.stop.Store(true)
	wg.Wait()
	res.Nodes = sh.totalNodes()
	res.Time = sh.clock.elapsed()
	return res
}

// rootMoves lists the legal root actions, restricted to only when not empty.
func rootMoves(p *rules.Position, only []rules.Move) []rules.Move {
	legal := p.Legal(nil)
	if len(only) == 0 {
		return legal
	}
	var out []rules.Move
	for _, m := range legal {
		for _, o := range only {
			if m == o {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// rootVerdict scores a root without legal actions (or without the actions
// asked for): the variant's result, or 0 while the game goes on.
func rootVerdict(p *rules.Position) Score {
	switch p.Status().Result {
	case rules.WinFor(p.Side):
		return MateIn(0)
	case rules.WinFor(p.Side.Other()):
		return MatedIn(0)
	}
	return 0
}
