package travelers

import "timechess/rules"

// Siblings that take the same kept survey (kept.go) differ only by the
// types of the opponent's two new men and which of them is the traveling
// one, and most of what explodeOn decides does not read them: which types
// kindHopeless gives up, which unsure explosions refutedAtOnce gives up
// together, and how settleExplosion settles one. Only the enemy men the
// traveled man may not take (takeable) and the threats to the mover's kings
// read them. So the first node that takes a kept survey logs those
// decisions in the order it makes them, and the next ones replay the log:
// each answer is that of its question (kind, squares and the unsure moves
// asked about) whenever it is asked. A question the log does not hold
// (another enemy man the traveled man may not take changed its moves) is
// decided afresh, and the replay goes on with the next.

// decisions is the log of one generation's decisions on a kept survey:
// whole once the generation finished, with the types kindHopeless was
// asked about and those it gave up. When that generation counted the
// actions where the opponent gives check on no board (counted), it also
// keeps the count and what the count read of the opponent's men besides
// their squares (countAgain): its traveling men (foeT), and among the men
// takeable asked about (foeAsked) its resonators (foeRes).
type decisions struct {
	log                    []decision
	whole                  bool
	kindsAsked, kindsLost  uint16
	counted                bool
	count                  int
	onVacant               int // of count, the explosions onto the opponent's exploded men (node.vacant)
	foeT, foeAsked, foeRes rules.Bitboard
}

// decision is one logged answer about explosions of kind k on x: the
// explosions of the unsure moves in that refutedAtOnce gave up (lost), when
// y is NoSquare, or else settleExplosion's answer for the traveled man's move
// to y.
type decision struct {
	k        rules.Kind
	x, y     rules.Square
	in, lost rules.Bitboard
	correct  verdict // settleExplosion's answer
}

// nextDecision returns the logged decision that answers the question
// about kind k, x, y and in, or nil. The log follows the generation's
// order, square x by square: the answer is looked for from the cursor on
// among the decisions about squares up to x, and the cursor moves past it.
func (n *node) nextDecision(k rules.Kind, x, y rules.Square, in rules.Bitboard) *decision {
	r := n.replay
	if r == nil {
		return nil
	}
	for i := n.cursor; i < len(r.log) && r.log[i].x <= x; i++ {
		if d := &r.log[i]; d.k == k && d.x == x && d.y == y && d.in == in {
			n.cursor = i + 1
			return d
		}
	}
	return nil
}

// refutedLogged is refutedAtOnce, replayed or logged.
func (n *node) refutedLogged(k rules.Kind, x rules.Square, ys, coverAll rules.Bitboard) rules.Bitboard {
	if !n.has(Refutations) {
		return rules.Bitboard{}
	}
	if d := n.nextDecision(k, x, rules.NoSquare, ys); d != nil {
		return d.lost
	}
	lost := n.refutedAtOnce(k, x, ys, coverAll)
	if l := n.logTo; l != nil {
		l.log = append(l.log, decision{k: k, x: x, y: rules.NoSquare, in: ys, lost: lost})
	}
	return lost
}

// settleLogged is settleExplosion, replayed or logged.
func (n *node) settleLogged(bl *blast, coverAll rules.Bitboard) verdict {
	if d := n.nextDecision(bl.k, bl.x, bl.y, rules.Bitboard{}); d != nil {
		return d.correct
	}
	correct := n.settleExplosion(bl, coverAll)
	if l := n.logTo; l != nil {
		l.log = append(l.log, decision{k: bl.k, x: bl.x, y: bl.y, correct: correct})
	}
	return correct
}

// A count can be taken from the first node of a kept survey. Siblings
// that take it differ only by the types of the opponent's two new men (and
// which of them is the traveling one). Where the opponent gives check on no
// board (it has lost a traveling man or has two or more, R7), nothing the
// count asks reads those types but whether an enemy man a traveled man
// could take is a resonator (takeable): the survey, the board's squares,
// the witnesses and the exact checks of the mover's correctness read the
// men's squares and colours alone.

// noCheck reports whether the opponent gives check on no board, whatever
// the mover's kings (R7).
func (n *node) noCheck() bool {
	return n.p.LostTraveling[n.them] || n.foeT.Count() >= 2
}

// countAgain reports whether the node, counting, takes the count of the
// kept survey's first node (into n.n): the opponent's traveling men are
// those the count read, or the same but for the two men of its explosion,
// whose traveling and traveled men swapped squares (so it gives check on no
// board here either: it lost a traveling man in both positions or in
// neither, or it has as many), and no enemy man takeable asked about there
// is a resonator here but was none there. The men that were resonators
// there and are none here (the new enemy traveling man is of another type
// or on the other square) may be taken now: the explosions onto them are
// settled afresh and added. After the swap, the explosions onto the
// traveled man there (now the traveling one, who may not be taken) are
// taken off the count, and those onto the traveled man here are settled
// and added.
func (n *node) countAgain() bool {
	r := n.replay
	if r == nil || n.list || !r.counted {
		return false
	}
	onto, swapped := rules.Bitboard{}, r.foeT != n.foeT
	if swapped {
		was, is := r.foeT.AndNot(n.foeT), n.foeT.AndNot(r.foeT)
		if was.More() || is.More() || was.Or(is) != n.vacant || was.IsZero() || is.IsZero() {
			return false
		}
		onto = was
	}
	n.takeable(r.foeAsked)
	now := n.foeRes.And(r.foeAsked)
	if !now.AndNot(r.foeRes).IsZero() {
		return false
	}
	n.n = r.count
	if swapped {
		n.n -= r.onVacant
	}
	if onto = onto.Or(r.foeRes.AndNot(now)); !onto.IsZero() {
		// Other questions, in another order; which types kindHopeless gives
		// up reads no enemy man.
		n.replay, n.onto = nil, onto
		n.kindsAsked, n.kindsLost = r.kindsAsked, r.kindsLost
		n.explosions()
	}
	return true
}

// logCount keeps the node's count in the log of its kept survey, when it
// can serve countAgain.
func (n *node) logCount() {
	if l := n.logTo; l != nil && !n.list && l.whole && n.noCheck() {
		l.counted, l.count, l.onVacant = true, n.n, n.nVacant
		l.foeT, l.foeAsked, l.foeRes = n.foeT, n.foeAsked, n.foeRes
	}
}
