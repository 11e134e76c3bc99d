package engine

import (
	"slices"

	"timechess/rules"
)

// frame is the move list of one ply of a worker's search.
type frame struct {
	moves  []rules.Move
	scores []int32
	quiets []rules.Move // the quiet moves tried, for the history malus
	// partial is set while moves holds only the captures of a variant that
	// finds them cheaply (rules.Capturer); rest is complete's buffer.
	partial bool
	rest    []rules.Move
}

// generate fills the frame of ply with the legal actions of the side to move.
func (w *worker) generate(ply int) *frame {
	f := &w.stack[ply]
	f.moves = w.p.Legal(f.moves)
	f.quiets = f.quiets[:0]
	f.partial = false
	return f
}

// generateCaptures fills the frame of ply with the captures of the side to
// move only (rules.Capturer), a partial frame.
func (w *worker) generateCaptures(ply int) *frame {
	f := &w.stack[ply]
	f.moves = w.capturer.Captures(w.p, f.moves[:0])
	f.quiets = f.quiets[:0]
	f.partial = true
	return f
}

// generateStaged fills the frame of ply for the search: with the captures
// alone when the variant finds them far more cheaply than all its actions
// (rules.Capturer) and has some, complete adding the rest when they do not
// settle the node; with every legal action otherwise.
func (w *worker) generateStaged(ply int) *frame {
	if w.capturer != nil {
		if f := w.generateCaptures(ply); len(f.moves) > 0 {
			return f
		}
	}
	return w.generate(ply)
}

// complete adds to a partial frame the legal actions it lacks, scored for
// the search of ply, after the captures tried already.
func (w *worker) complete(f *frame, hash moveCode, ply int) {
	f.partial = false
	tried := len(f.moves)
	f.rest = w.p.Legal(f.rest)
	for _, m := range f.rest {
		if !slices.Contains(f.moves[:tried], m) {
			f.moves = append(f.moves, m)
		}
	}
	w.scoreFrom(f, tried, hash, ply)
}

// Pruning and reduction parameters (docs/engine.md).
const (
	// futilityMargin per ply of depth for reverse futility pruning.
	futilityMargin = 100
	futilityDepth  = 3
	// deltaMargin: quiescence skips a capture when the stand-pat score plus
	// the victim's value plus this margin stays below alpha (delta pruning).
	deltaMargin = 200
	// lmrDepth and lmrMoves are where late move reductions start.
	lmrDepth = 3
	lmrMoves = 3
	// recaptureDepth and evasionDepth bound quiescence (see quiesce).
	recaptureDepth = 6
	evasionDepth   = 12
)

// enter counts a node and reports whether the search must stop.
func (w *worker) enter(ply int) bool {
	w.pvLen[ply] = ply
	w.nodes++
	if w.nodes&pollMask == 0 {
		w.poll()
	}
	if ply > w.selDepth {
		w.selDepth = ply
	}
	return w.stopped()
}

// search is the principal-variation negamax search of the node at ply with
// depth plies left, within the window (alpha, beta).
func (w *worker) search(alpha, beta Score, depth, ply int, pvNode bool) Score {
	if depth <= 0 {
		return w.quiesce(alpha, beta, ply, 0)
	}
	if w.enter(ply) {
		return 0
	}
	p := w.p
	if w.drawnByRule(ply) {
		return 0
	}
	// Mate distance pruning: no line from here beats a mate already found nearer the root.
	alpha = max(alpha, MatedIn(ply))
	beta = min(beta, MateIn(ply+1))
	if alpha >= beta {
		return alpha
	}
	if ply >= MaxPly-1 {
		return w.ev.within(p, w.pr, alpha, beta)
	}
	key := w.pr.key(p)
	e, hit := w.sh.tt.probe(key)
	if hit && !pvNode && e.depth >= depth {
		if s := fromTT(e.score, ply); cuts(e.bound, s, alpha, beta) {
			return s
		}
	}
	f := w.generateStaged(ply)
	if len(f.moves) == 0 {
		return w.terminal(ply)
	}
	if p.Halfmove >= 100 {
		return 0 // the fifty-move rule, the position not being a mate
	}
	inCheck := p.InCheck() && w.pr.checkBinds(p)
	if inCheck {
		depth++ // check extension
	} else if !pvNode && depth <= futilityDepth && !beta.IsMate() {
		// Reverse futility pruning: far above beta with little depth left.
		margin := Score(futilityMargin * depth)
		if s := w.ev.within(p, w.pr, beta+margin-1, beta+margin); s-margin >= beta {
			return s
		}
	}
	w.scoreMoves(f, e.move, ply)
	best, bestMove := -Infinity, rules.NullMove
	alpha0 := alpha
	for i := 0; i < len(f.moves); i++ {
		m := f.pick(i)
		_, noisy := gain(p, w.pr, m)
		killer := m == w.killers[ply][0] || m == w.killers[ply][1]
		p.Make(m)
		var s Score
		if i == 0 {
			s = -w.search(-beta, -alpha, depth-1, ply+1, pvNode)
		} else {
			r := 0
			if depth >= lmrDepth && i >= lmrMoves && !noisy && !inCheck && !killer {
				r = 1
				if i >= 3*lmrMoves && depth >= 2*lmrDepth && !pvNode {
					r = 2
				}
			}
			s = -w.search(-alpha-1, -alpha, depth-1-r, ply+1, false)
			if s > alpha && r > 0 {
				s = -w.search(-alpha-1, -alpha, depth-1, ply+1, false)
			}
			if s > alpha && s < beta {
				s = -w.search(-beta, -alpha, depth-1, ply+1, true)
			}
		}
		p.Unmake()
		if w.stopped() {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha, bestMove = s, m
				w.extendPV(ply, m)
				if s >= beta {
					if !noisy {
						w.rewardQuiet(m, f.quiets, depth, ply)
					}
					break
				}
			}
		}
		if !noisy {
			f.quiets = append(f.quiets, m)
		}
		if f.partial && i == len(f.moves)-1 {
			w.complete(f, e.move, ply) // the captures did not settle the node
		}
	}
	b := boundUpper
	switch {
	case best >= beta:
		b = boundLower
	case alpha > alpha0:
		b = boundExact
	}
	w.sh.tt.store(key, codeOf(bestMove), toTT(best, ply), depth, b)
	return best
}

// cuts reports whether a stored score s with bound b settles a node with
// window (alpha, beta).
func cuts(b bound, s, alpha, beta Score) bool {
	switch b {
	case boundExact:
		return true
	case boundLower:
		return s >= beta
	case boundUpper:
		return s <= alpha
	}
	return false
}

// quiesce searches the noisy actions only (every action when in check),
// standing pat on the static evaluation otherwise, until the position is
// quiet. Where the side to move cannot have lost without being in check,
// standing pat comes before the actions are generated. Beyond
// recaptureDepth plies of quiescence only recaptures on the square of the
// last move are searched, and beyond evasionDepth a check is no longer
// answered in full: crowded positions (a board of queens) would otherwise
// make the capture sequences explode.
func (w *worker) quiesce(alpha, beta Score, ply, qply int) Score {
	if w.enter(ply) {
		return 0
	}
	p := w.p
	if w.drawnByRule(ply) {
		return 0
	}
	if ply >= MaxPly-1 {
		return w.ev.within(p, w.pr, alpha, beta)
	}
	key := w.pr.key(p)
	e, hit := w.sh.tt.probe(key)
	if hit {
		if s := fromTT(e.score, ply); cuts(e.bound, s, alpha, beta) {
			return s
		}
	}
	inCheck := qply < evasionDepth && p.InCheck() && w.pr.checkBinds(p)
	best, stand := -Infinity, -Infinity
	// A variant that finds its captures cheaply (rules.Capturer) says
	// whether the side has lost without check, and quiescence generates only
	// the captures: a stalemate goes unnoticed there, as in most engines.
	staged := w.capturer != nil && !inCheck
	if staged && w.pr.quietWin(p) && w.capturer.Defeated(p) {
		return MatedIn(ply)
	}
	standFirst := !inCheck && (staged || !w.pr.quietWin(p))
	if standFirst {
		if stand = w.ev.within(p, w.pr, alpha, beta); stand >= beta {
			return stand
		}
	}
	var f *frame
	if staged {
		f = w.generateCaptures(ply)
	} else if f = w.generate(ply); len(f.moves) == 0 {
		return w.terminal(ply)
	}
	if p.Halfmove >= 100 {
		return 0
	}
	if !inCheck {
		if !standFirst {
			if stand = w.ev.within(p, w.pr, alpha, beta); stand >= beta {
				return stand
			}
		}
		best = stand
		alpha = max(alpha, stand)
		w.keepNoisy(f, stand, alpha, qply >= recaptureDepth)
	}
	w.scoreMoves(f, e.move, ply)
	bestMove := rules.NullMove
	alpha0 := alpha
	for i := range f.moves {
		m := f.pick(i)
		p.Make(m)
		s := -w.quiesce(-beta, -alpha, ply+1, qply+1)
		p.Unmake()
		if w.stopped() {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha, bestMove = s, m
				w.extendPV(ply, m)
				if s >= beta {
					break
				}
			}
		}
	}
	b := boundUpper
	switch {
	case best >= beta:
		b = boundLower
	case alpha > alpha0:
		b = boundExact
	}
	w.sh.tt.store(key, codeOf(bestMove), toTT(best, ply), 0, b)
	return best
}

// keepNoisy keeps the noisy actions of the frame that can bring a score of
// stand back to alpha: promotions, and captures whose victim with a margin
// makes up the difference (delta pruning); only recaptures on the last
// move's square when recaptures is set. Explosions are left out: a side
// has hundreds of them, and quiescence would never end.
func (w *worker) keepNoisy(f *frame, stand, alpha Score, recaptures bool) {
	n := 0
	last := w.p.LastMove().To
	for _, m := range f.moves {
		v, noisy := gain(w.p, w.pr, m)
		if recaptures && m.To != last {
			continue
		}
		if noisy && m.Kind != rules.Explosion && (m.Promo != rules.NoKind || stand+Score(v)+deltaMargin >= alpha) {
			f.moves[n] = m
			n++
		}
	}
	f.moves = f.moves[:n]
}

// extendPV makes m followed by the child's line the principal variation of ply.
func (w *worker) extendPV(ply int, m rules.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = max(n, ply+1)
}
