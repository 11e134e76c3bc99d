package travelers

import "timechess/rules"

// Explosions of the opponent's of different types that put their traveling
// and traveled men on the same two squares leave the side to move the same
// survey: it reads the enemy men's squares, not their types (so do the
// promotions of one move to different types). A node keeps the surveys it
// shared from a record (share.go) for the last few changes of the board,
// and siblings that made the same change take one of them as it is.
// Explosions are listed by the pair of squares they fill (explosion.go),
// whichever of the two holds the traveling man, so in perft such siblings
// come one after the other, and a node keeps few surveys: a small working
// set stays in the processor's caches. The spare ways serve orders that
// interleave the pairs, such as a search's.

// keptWays is the number of surveys a node keeps.
const keptWays = 4

// keptSurveys holds the surveys a node keeps, each with what it was shared
// for, and a stamp per use that names the least recently used.
type keptSurveys struct {
	ways  [keptWays]*keptSurvey
	stamp uint64
}

// keptSurvey is a survey shared from the record rec after the opponent's
// action that made the change ch, on a board of occupied squares occ, with
// the decisions of the first node that took it (decisions.go).
type keptSurvey struct {
	rec  *record
	ch   change
	occ  rules.Bitboard
	used uint64
	s    survey
	decisions
}

// surveyOf returns the side to move's full survey of p, the node's
// position: a kept one when a sibling shared the same, else one shared from
// the record of the position before the opponent's action (kept), or else
// run afresh on the node's base survey.
func (n *node) surveyOf(p *rules.Position) *survey {
	var rec *record
	var ch change
	if n.has(Sharing) {
		rec, ch = parentRecord(p, n.us)
	}
	if rec == nil {
		n.base.run(p, n.us, fullSurvey)
		return &n.base
	}
	if !n.has(Kept) {
		if !n.base.runShared(p, n.us, rec, ch) {
			n.base.run(p, n.us, fullSurvey)
		}
		return &n.base
	}
	k := &n.kept
	k.stamp++
	occ := p.Occupied()
	victim := -1
	for i, e := range k.ways {
		if e == nil {
			victim = i // the ways fill in order: none is kept past it
			break
		}
		if e.rec == rec && e.ch == ch && e.occ == occ {
			e.used = k.stamp
			if e.whole && n.has(Decisions) {
				n.replay = &e.decisions
			}
			return &e.s
		}
		if victim < 0 || e.used < k.ways[victim].used {
			victim = i
		}
	}
	if k.ways[victim] == nil {
		k.ways[victim] = new(keptSurvey)
	}
	e := k.ways[victim]
	e.rec, e.used = nil, k.stamp
	if !e.s.runShared(p, n.us, rec, ch) {
		n.base.run(p, n.us, fullSurvey)
		return &n.base
	}
	e.rec, e.ch, e.occ = rec, ch, occ
	e.log, e.whole, e.counted = e.log[:0], false, false
	if n.has(Decisions) {
		n.logTo = &e.decisions
	}
	return &e.s
}
