package travelers

import "timechess/rules"

// Siblings that take the same kept survey (kept.go) differ only by the
// types of the opponent's two new men, and most of what explodeOn decides
// does not read them: which types kindHopeless gives up, which unsure
// explosions refutedAtOnce gives up together, and how settleExplosion
// settles one. Only the enemy resonators the traveled man may not take
// (takeable) and the threats to the mover's kings read the types. So the
// first node that takes a kept survey logs those decisions in the order it
// makes them, and the next ones replay the log while they ask the same
// questions in the same order; at the first question that differs (another
// enemy resonator changed the traveled man's moves) they decide afresh.

// decisions is the log of one generation's decisions on a kept survey:
// whole once the generation finished, with the types kindHopeless was
// asked about and those it gave up.
type decisions struct {
	log                   []decision
	whole                 bool
	kindsAsked, kindsLost uint16
}

// decision is one logged answer about explosions of kind k on x: the
// explosions of the unsure moves in that refutedAtOnce gave up (lost), when
// y is NoSquare, or else settleExplosion's answer for the traveled man's move
// to y.
type decision struct {
	k             rules.Kind
	x, y          rules.Square
	in, lost      rules.Bitboard
	sure, refuted bool
}

// nextDecision returns the next logged decision when it answers the
// question about kind k, x, y and in, or nil; it stops the replay at the
// first question that differs.
func (n *node) nextDecision(k rules.Kind, x, y rules.Square, in rules.Bitboard) *decision {
	r := n.replay
	if r == nil {
		return nil
	}
	if n.cursor < len(r.log) {
		if d := &r.log[n.cursor]; d.k == k && d.x == x && d.y == y && d.in == in {
			n.cursor++
			return d
		}
	}
	n.replay = nil
	return nil
}

// refutedLogged is refutedAtOnce, replayed or logged.
func (n *node) refutedLogged(k rules.Kind, x rules.Square, ys, coverAll rules.Bitboard) rules.Bitboard {
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
func (n *node) settleLogged(bl *blast, coverAll rules.Bitboard) (sure, refuted bool) {
	if d := n.nextDecision(bl.k, bl.x, bl.y, rules.Bitboard{}); d != nil {
		return d.sure, d.refuted
	}
	sure, refuted = n.settleExplosion(bl, coverAll)
	if l := n.logTo; l != nil {
		l.log = append(l.log, decision{k: bl.k, x: bl.x, y: bl.y, sure: sure, refuted: refuted})
	}
	return sure, refuted
}
