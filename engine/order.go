package engine

import "timechess/rules"

// Move ordering: the hash move first, then the noisy actions by victim value
// then attacker value (MVV/LVA), then the two killers of the ply, then the
// quiet actions by their history.
const (
	hashScore   = 1 << 30
	noisyScore  = 1 << 26
	killerScore = 1 << 25
	// historyMax bounds a history score, below the killers.
	historyMax = 1 << 14
)

// gain returns what action m wins at once (the victim's value, a
// promotion's gain) and whether m is noisy: a capture of any kind (a
// TT-capture takes the man that last moved), a promotion, or an
// annihilation (it resolves a traveling man for good). Everything else is
// quiet, including Gifford's sends, arrivals and backward travels.
func gain(p *rules.Position, pr *profile, m rules.Move) (int32, bool) {
	var v int32
	noisy := false
	switch m.Kind {
	case rules.EnPassant:
		v, noisy = pr.values[rules.Pawn], true
	case rules.TTCapture:
		v, noisy = pr.values[p.LastMove().Piece], true
	case rules.Annihilation:
		noisy = true
	case rules.Normal, rules.Explosion:
		if victim := p.At(m.To); victim != rules.NoPiece && victim.Color() != p.Side {
			v, noisy = pr.values[victim.Kind()], true
			if victim.Flags()&rules.Possessed != 0 {
				v += pr.values[rules.Spirit]
			}
		}
	}
	if m.Promo != rules.NoKind {
		v += pr.values[m.Promo] - pr.values[rules.Pawn]
		noisy = true
	}
	return v, noisy
}

// historyIndex maps a square (NoSquare included) to a table index.
func historyIndex(s rules.Square) uint8 { return uint8(s) }

// scoreMoves gives each move of the frame its ordering score.
func (w *worker) scoreMoves(f *frame, hash moveCode, ply int) {
	w.scoreFrom(f, 0, hash, ply)
}

// scoreFrom gives the moves of the frame from index i on their ordering
// scores.
func (w *worker) scoreFrom(f *frame, i int, hash moveCode, ply int) {
	p := w.p
	f.scores = f.scores[:i]
	hist := &w.history[p.Side]
	for _, m := range f.moves[i:] {
		var s int32
		v, noisy := gain(p, w.pr, m)
		switch {
		case hash != 0 && codeOf(m) == hash:
			s = hashScore
		case noisy:
			s = noisyScore + 16*v - w.pr.values[m.Piece]/64
		case m == w.killers[ply][0]:
			s = killerScore
		case m == w.killers[ply][1]:
			s = killerScore - 1
		default:
			s = hist[historyIndex(m.From)][historyIndex(m.To)]
		}
		f.scores = append(f.scores, s)
	}
}

// pick moves the best-scored move of f.moves[i:] to i and returns it.
func (f *frame) pick(i int) rules.Move {
	best := i
	for j := i + 1; j < len(f.moves); j++ {
		if f.scores[j] > f.scores[best] {
			best = j
		}
	}
	f.moves[i], f.moves[best] = f.moves[best], f.moves[i]
	f.scores[i], f.scores[best] = f.scores[best], f.scores[i]
	return f.moves[i]
}

// rewardQuiet records that the quiet move m caused a cut-off at ply with
// depth left: it becomes the first killer, its history grows, and the quiet
// moves tried before it shrink.
func (w *worker) rewardQuiet(m rules.Move, tried []rules.Move, depth, ply int) {
	if w.killers[ply][0] != m {
		w.killers[ply][1] = w.killers[ply][0]
		w.killers[ply][0] = m
	}
	bonus := int32(min(depth*depth, 400))
	hist := &w.history[w.p.Side]
	update(&hist[historyIndex(m.From)][historyIndex(m.To)], bonus)
	for _, q := range tried {
		update(&hist[historyIndex(q.From)][historyIndex(q.To)], -bonus)
	}
}

// update moves a history entry toward the bound by bonus, so that entries
// saturate instead of overflowing.
func update(h *int32, bonus int32) {
	*h += bonus - *h*abs32(bonus)/historyMax
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
