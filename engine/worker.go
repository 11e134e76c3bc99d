package engine

import (
	"sort"
	"sync/atomic"

	"timechess/rules"
)

// pollMask sets how often a thread publishes its node count, applies the
// node limit and (the main thread) reads the clock: every 256 nodes.
const pollMask = 255

// historyTable scores quiet moves by side, origin and destination.
type historyTable [2][256][256]int32

// rootMove is one root action with its last score and line.
type rootMove struct {
	move  rules.Move
	score Score
	pv    []rules.Move
}

// worker is one search thread with its own copy of the position.
type worker struct {
	id int
	sh *shared
	p  *rules.Position
	pr *profile
	// capturer is the variant's cheap generation of captures, nil when it
	// has none (rules.Capturer).
	capturer  rules.Capturer
	root      []rootMove
	nodes     uint64
	published atomic.Uint64
	selDepth  int
	history   *historyTable
	killers   [MaxPly + 1][2]rules.Move
	stack     [MaxPly + 1]frame
	pv        [MaxPly + 1][MaxPly + 1]rules.Move
	pvLen     [MaxPly + 1]int
	ev        evaluation
	// finishing is set while the main thread completes its first
	// iteration, which only the hard time budget interrupts.
	finishing bool
	// iterBest is the root move (an index into root) with the best
	// completed score of the iteration in progress for the first line, -1
	// before the first.
	iterBest int
	// report is the main thread's info callback.
	report func(Info)
}

// prepare readies the worker for a search of p.
func (w *worker) prepare(sh *shared, p *rules.Position, pr *profile, moves []rules.Move) {
	w.sh, w.p, w.pr = sh, p.Copy(), pr
	w.capturer, _ = p.Variant().(rules.Capturer)
	w.nodes, w.selDepth = 0, 0
	w.published.Store(0)
	w.killers = [MaxPly + 1][2]rules.Move{}
	w.root = w.root[:0]
	f := &w.stack[0]
	f.moves = append(f.moves[:0], moves...)
	w.scoreMoves(f, 0, 0)
	for i := range f.moves {
		w.root = append(w.root, rootMove{move: f.pick(i), score: -Infinity})
	}
}

// poll publishes the node count and applies the node limit; the main
// thread also applies the hard time budget.
func (w *worker) poll() {
	w.published.Store(w.nodes)
	if w.sh.nodeLimit > 0 && w.sh.totalNodes() >= w.sh.nodeLimit {
		w.sh.stop.Store(true)
	}
	if w.id == 0 && w.sh.clock.expired() {
		w.sh.outOfTime()
	}
}

// stopped reports whether the worker must unwind its search: the stop flag
// is up, or, while the main thread completes its first iteration, the hard
// time budget is spent.
func (w *worker) stopped() bool {
	if w.finishing {
		return w.sh.timeUp.Load()
	}
	return w.sh.stop.Load()
}

// iterate runs iterative deepening to maxDepth with multiPV lines. The main
// thread reports each completed depth and decides when to stop; helper
// threads (lazy SMP) fill the shared table ahead of it. The main thread
// completes depth 1 however early the context ends or the node limit is
// reached, so that the move it plays has been searched (in chess that
// takes well under a millisecond); only the hard time budget interrupts
// it, and then the best of the root moves searched so far is played.
func (w *worker) iterate(maxDepth, multiPV int, main bool) Result {
	var res Result
	for depth := 1; depth <= maxDepth; depth++ {
		if !main {
			// A helper works one ply beyond the main thread every other
			// thread, and never below it.
			depth = min(max(depth, int(w.sh.mainDepth.Load())+(w.id&1)), maxDepth)
		} else {
			w.sh.mainDepth.Store(int32(depth))
		}
		w.finishing = main && depth == 1
		for pvIdx := 0; pvIdx < multiPV; pvIdx++ {
			w.rootSearch(depth, pvIdx)
			if w.stopped() {
				break
			}
			sort.SliceStable(w.root[pvIdx:], func(i, j int) bool { return w.root[pvIdx+i].score > w.root[pvIdx+j].score })
			if pvIdx == 0 {
				w.iterBest = 0
			}
		}
		interrupted := w.stopped()
		w.finishing = false
		if interrupted {
			if main {
				res = w.salvage(res)
			}
			break
		}
		if !main {
			continue
		}
		changed := res.Depth > 0 && res.Best != w.root[0].move
		res = w.snapshot(depth, multiPV)
		w.inform(res)
		if w.sh.stop.Load() || w.sh.clock.enough(changed) {
			break
		}
	}
	w.published.Store(w.nodes)
	return res
}

// salvage returns the result of an interrupted iteration: the last
// completed one (res) or, with a single line, the better move the
// interrupted iteration had already proved: a root move searched after the
// first one that beat it at the new depth. When no iteration was completed
// (the hard time budget ran out during the first), it is the best root
// move searched, else the first by the move ordering.
func (w *worker) salvage(res Result) Result {
	switch {
	case res.Depth == 0:
		w.iterBest = max(w.iterBest, 0)
	case w.iterBest <= 0 || len(res.Lines) != 1:
		return res
	}
	rm := &w.root[w.iterBest]
	res.Best, res.Score, res.Ponder = rm.move, rm.score, rules.NullMove
	res.PV = append([]rules.Move(nil), rm.pv...)
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	res.Lines = []Line{{Score: res.Score, PV: res.PV}}
	return res
}

// rootSearch searches the root moves from pvIdx on at depth, giving each the
// exact score of the best line or -Infinity when it is no better.
func (w *worker) rootSearch(depth, pvIdx int) {
	p := w.p
	alpha, beta := -Infinity, Infinity
	w.pvLen[0] = 0
	if pvIdx == 0 {
		w.iterBest = -1
	}
	for i := pvIdx; i < len(w.root); i++ {
		rm := &w.root[i]
		p.Make(rm.move)
		var s Score
		if i == pvIdx {
			s = -w.search(-beta, -alpha, depth-1, 1, true)
		} else {
			s = -w.search(-alpha-1, -alpha, depth-1, 1, false)
			if s > alpha && !w.stopped() {
				s = -w.search(-beta, -alpha, depth-1, 1, true)
			}
		}
		p.Unmake()
		if w.stopped() {
			return
		}
		rm.score = -Infinity
		if i == pvIdx || s > alpha {
			rm.score = s
			alpha = s
			if pvIdx == 0 {
				w.iterBest = i
			}
			rm.pv = append(rm.pv[:0], rm.move)
			rm.pv = append(rm.pv, w.pv[1][1:w.pvLen[1]]...)
			if pvIdx == 0 {
				w.sh.tt.store(w.pr.key(p), codeOf(rm.move), toTT(s, 0), depth, boundExact)
			}
		}
	}
}

// snapshot returns the result of a completed depth.
func (w *worker) snapshot(depth, multiPV int) Result {
	best := &w.root[0]
	res := Result{Best: best.move, Ponder: rules.NullMove, Score: best.score, Depth: depth, SelDepth: w.selDepth}
	res.PV = append([]rules.Move(nil), best.pv...)
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	for i := 0; i < multiPV; i++ {
		res.Lines = append(res.Lines, Line{Score: w.root[i].score, PV: append([]rules.Move(nil), w.root[i].pv...)})
	}
	return res
}

// inform reports each line of a completed depth.
func (w *worker) inform(res Result) {
	if w.report == nil {
		return
	}
	w.published.Store(w.nodes)
	nodes := w.sh.totalNodes()
	elapsed := w.sh.clock.elapsed()
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(nodes) / elapsed.Seconds())
	}
	hf := w.sh.tt.hashFull()
	for i, l := range res.Lines {
		w.report(Info{Depth: res.Depth, SelDepth: res.SelDepth, MultiPV: i + 1, Score: l.Score, Nodes: nodes,
			NPS: nps, Time: elapsed, HashFull: hf, PV: l.PV})
	}
}
