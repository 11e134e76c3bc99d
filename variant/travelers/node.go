package travelers

import (
	"slices"

	"timechess/rules"
)

// node is what the legality of the actions in one position rests on: the
// full survey of the side to move, the matching of its traveling men to
// resonators with the witnesses that prove it, and the opponent's traveling
// men and resonators. Nodes are reused through the session (session.go): a
// survey's buffers are large.
type node struct {
	p        *rules.Position
	us, them rules.Color
	off      Provers     // the provers switched off (provers.go)
	own      *survey     // the side to move's, full: base, or one of kept
	base     survey      // the node's survey when none is kept (run afresh, probes)
	kept     keptSurveys // those shared after the opponent's explosions (kept.go)
	// The decisions of a kept survey's first node, replayed from cursor on,
	// or the log the node writes them to (decisions.go).
	replay *decisions
	cursor int
	logTo  *decisions
	onto   rules.Bitboard // the traveled men's destinations explosions asks about (countAgain)
	spare  survey         // resonances: the opponent's, exact checks after an action
	mt     matcher

	correct bool // the side to move is grammatically correct
	// The matching in force, per own traveling man (own.goals order): its
	// resonator, the squares its witness reads, the man's own included, and
	// that witness (an index into own.wits).
	tman      []rules.Square
	tdeps     []rules.Bitboard
	twit      []int32
	matchDeps rules.Bitboard // the union of tdeps
	used      rules.Bitboard // the matched resonators
	fragile   bool           // a matched witness takes en passant or castles

	ownT, foeT  rules.Bitboard // the side's traveling men and the opponent's
	foeRes      rules.Bitboard // the opponent's resonators among foeAsked
	foeAsked    rules.Bitboard // the opponent's men asked about
	foe         hboard         // the opponent's board's bounds (initBounds), once foeKnown (foeNear)
	foeKnown    bool
	proven      rules.Bitboard // the opponent's men proof.go shows resonate, once provenKnown
	provenKnown bool
	kings       kingCount   // the side to move's kings
	apps        []lastMoves // per traveling man, once appsKnown (explosion.go)
	appsKnown   bool
	zone        rules.Bitboard // lateZone, once zoneKnown
	zoneKnown   bool
	oldBounds   [4]oldBound      // oldBoundOf, by takes and every
	oldCands    []rules.Bitboard // oldBoundOf's candidates, per old traveling man
	kindsAsked  uint16           // bit k: kindHopeless(k) is known, its answer in kindsLost
	kindsLost   uint16
	fresh       lastMoves // those of freshGoal, the exploded man being settled
	freshGoal   goal
	freshKnown  bool
	// approachMemo keeps approaches across the nodes the reused node
	// serves; approachesFit: it was checked against this node's men.
	approachMemo  approachMemo
	approachesFit bool
	checked       int8 // whether the side to move is in check: 0 unknown, 1 no, 2 yes
	calm          int8 // calmExplosions: 0 unknown, 1 yes, 2 no
	// vacant: the squares of the two men the opponent's last action
	// exploded, if it was an explosion (countAgain).
	vacant rules.Bitboard

	buf []rules.Move
	out []rules.Move // the legal actions found, unless counting
	n   int          // their number
	// nVacant: of them, the explosions onto the squares of vacant
	// (countAgain).
	nVacant int
	list    bool // keep the actions, not only count them
}

// analyse returns a node for p from its session; release gives it back.
func analyse(p *rules.Position) *node {
	n := probe(p)
	n.setup()
	return n
}

// probe returns a node for p from its session without its survey: enough
// for exact and correctNow; release gives it back.
func probe(p *rules.Position) *node {
	s := sessionOf(p)
	var n *node
	if k := len(s.nodes); k > 0 {
		n, s.nodes = s.nodes[k-1], s.nodes[:k-1]
	} else {
		n = new(node)
	}
	return n.prepare(p, s)
}

// prepare sets node n up for p, whose working memory is s, without its
// survey, and returns it.
func (n *node) prepare(p *rules.Position, s *session) *node {
	n.p, n.us, n.them, n.off = p, p.Side, p.Side.Other(), s.provers(p)
	n.correct, n.checked, n.calm, n.appsKnown, n.approachesFit = false, 0, 0, false, false
	n.zoneKnown, n.oldBounds = false, [4]oldBound{}
	n.own = &n.base
	n.own.goals = n.own.goals[:0]
	n.replay, n.cursor, n.logTo = nil, 0, nil
	n.onto = p.Geometry().Mask
	n.vacant = exploded(p)
	return n
}

// exploded returns the squares of the traveling and the traveled man the
// last action of p placed, if it was an explosion.
func exploded(p *rules.Position) rules.Bitboard {
	if m := p.LastMove(); m.Kind == rules.Explosion {
		return rules.BB(m.From, m.To)
	}
	return rules.Bitboard{}
}

// release returns n to its position's session.
func (n *node) release() {
	s := sessionOf(n.p)
	n.p, n.out = nil, nil
	s.nodes = append(s.nodes, n)
}

// setup surveys the node's position for its side to move.
func (n *node) setup() {
	p := n.p
	if p.LostTraveling[n.us] {
		return
	}
	n.own = n.surveyOf(p)
	if !n.own.correct(&n.mt) {
		return
	}
	n.correct = true
	k := len(n.own.goals)
	n.tman, n.tdeps, n.twit = grow(n.tman, k), grow(n.tdeps, k), grow(n.twit, k)
	n.matchDeps, n.used, n.fragile = rules.Bitboard{}, rules.Bitboard{}, false
	for j, gl := range n.own.goals {
		man := n.mt.chosen[j]
		wit := n.own.leanest(n.own.edgeOf(man, gl.sq).wit)
		w := &n.own.wits[wit]
		d := w.deps
		d.Set(gl.sq)
		n.tman[j], n.tdeps[j], n.twit[j] = man, d, wit
		n.matchDeps = n.matchDeps.Or(d)
		n.used.Set(man)
		n.fragile = n.fragile || w.flags != 0
	}
	n.ownT, n.foeT = traveling(&p.State, n.us), traveling(&p.State, n.them)
	n.foeRes, n.foeAsked = rules.Bitboard{}, rules.Bitboard{}
	n.foeKnown, n.provenKnown = false, false
	n.kindsAsked, n.kindsLost = 0, 0
	n.kings = kingsOf(&p.State, n.us)
}

// takeable returns the squares of ys a traveled man may take on or move to
// (R3): not the opponent's traveling men nor its resonators. An enemy man
// is a resonator when a line of the position before the opponent's last
// action proves it (provenResonators); else he is asked about (resonates)
// only when he could resonate at all: when he is untraveled and within three
// moves of a traveling man of his type on an empty board (foeNear). Each is
// asked once per node.
func (n *node) takeable(ys rules.Bitboard) rules.Bitboard {
	ys = ys.AndNot(n.foeT)
	if n.foeT.IsZero() {
		return ys
	}
	for ask := ys.And(n.p.ByColor[n.them]).AndNot(n.foeAsked); !ask.IsZero(); {
		v := ask.PopLSB()
		n.foeAsked.Set(v)
		if !n.provenKnown {
			n.proven, n.provenKnown = rules.Bitboard{}, true
			if n.has(Proofs) {
				n.proven = provenResonators(n.p, n.them)
			}
		}
		if n.proven.Has(v) || n.foeNear(v) && n.resonates(n.p, n.them, v) {
			n.foeRes.Set(v)
		}
	}
	return ys.AndNot(n.foeRes)
}

// foeNear reports whether the opponent's man on v (not a traveling one) is
// untraveled and his bound to one of its traveling men of his type is at
// most three moves (distance.go): a superset of its resonators.
func (n *node) foeNear(v rules.Square) bool {
	b := &n.foe
	if !n.foeKnown {
		b.initBounds(n.p, n.them)
		n.foeKnown = true
	}
	pc := n.p.Board[v]
	m := hman{sq: v, kind: pc.Kind(), u: pc.Flags() == 0}
	// Only a traveling man of his own kind, or for a pawn of a kind it
	// promotes to, can be in reach (lowerBound).
	promotes := m.kind == rules.Pawn && b.promotesWithin3(v)
	return m.u && (b.near(m, m.kind) || promotes && slices.ContainsFunc(b.promos, func(k rules.Kind) bool { return b.near(m, k) }))
}

// calmExplosions reports whether no explosion of a type other than the
// King's can leave the mover in check, whatever its squares (computed once
// per node): whether quickThreat knows of no threat on the board as it is.
// Such an explosion keeps the mover's kings and only adds men to the board
// (the traveling man on x, the traveled man on y) and perhaps takes an
// enemy on y, which is neither a traveling man nor a resonator (takeable):
// no line opens, no attacker or annihilator is added, so quickThreat after
// it answers as it does now.
func (n *node) calmExplosions() bool {
	if n.calm == 0 {
		n.calm = 2
		if th, known := n.quickThreat(n.kings, n.p.Occupied(), rules.Bitboard{}); known && !th {
			n.calm = 1
		}
	}
	return n.calm == 1
}

// inCheck reports whether the side to move is in check now.
func (n *node) inCheck() bool {
	if n.checked == 0 {
		n.checked = 1
		if n.threat(n.p, n.us) {
			n.checked = 2
		}
	}
	return n.checked == 2
}

// emit takes a legal action.
func (n *node) emit(m rules.Move) {
	n.n++
	if m.Kind == rules.Explosion && n.vacant.Has(m.To) {
		n.nVacant++
	}
	if n.list {
		n.out = append(n.out, m)
	}
}

// correctNow reports whether colour c is grammatically correct in p (R6).
func (n *node) correctNow(p *rules.Position, c rules.Color) bool {
	if p.LostTraveling[c] {
		return false
	}
	if traveling(&p.State, c).IsZero() {
		return true
	}
	_, matched := n.resonators(p, c, p.Geometry().Mask)
	return matched
}

// correctAfter is the targeted survey: whether the mover is correct after
// action m, played in p. When the action leaves some of the matching's
// witnesses alone, only the other traveling men (and the new one of an
// explosion) are surveyed: resonators for them that the untouched
// witnesses do not use prove correctness, and no matching among those
// surveyed refutes it; when every traveling man was surveyed, the survey's
// matching is the answer, and a single one is matched afresh with the
// others' surviving lines (rematchAfter). What it cannot tell is unknown.
func (n *node) correctAfter(p *rules.Position, m rules.Move) verdict {
	if len(n.own.goals) == 0 || n.fragile || !n.has(Targeted) {
		return unknown
	}
	var changed rules.Bitboard
	switch m.Kind {
	case rules.Normal, rules.DoublePush, rules.Explosion:
		changed = rules.BB(m.From, m.To)
	case rules.Castle:
		changed = rules.BB(m.From, m.To, m.Via)
		for _, cg := range castlings(p).geo[2*int(n.us) : 2*int(n.us)+2] {
			if cg.rook == m.Via {
				changed.Set(cg.rookTo)
			}
		}
	default:
		return unknown
	}
	var targets, kept rules.Bitboard
	for j, gl := range n.own.goals {
		if n.tdeps[j].Intersects(changed) {
			targets.Set(gl.sq)
		} else {
			kept.Set(n.tman[j])
		}
	}
	if m.Kind == rules.Explosion {
		targets.Set(m.From)
	}
	if targets.IsZero() {
		return proved
	}
	found, matched := n.resonators(p, n.us, targets)
	switch {
	case !matched:
		return refuted // the men surveyed have no matching even among themselves
	case !targets.More() && !found.AndNot(kept).IsZero(), !found.Intersects(kept):
		return proved
	case traveling(&p.State, n.us).AndNot(targets).IsZero():
		return verdictOf(!p.LostTraveling[n.us]) // every traveling man surveyed
	case !targets.More() && n.rematchAfter(changed, targets.LSB(), found):
		return proved
	}
	return unknown
}

// rematchAfter reports whether the mover's traveling men can be matched
// to distinct resonators after an action that changed the squares in
// changed, when the one on t (an old one or the one exploded there) has the
// resonators found (squares after the action) and each other one those of
// its resonances that have a line reading no changed square (squares
// before it: such a line moves no man the action moved, so the two namings
// agree on every man they share).
func (n *node) rematchAfter(changed rules.Bitboard, t rules.Square, found rules.Bitboard) bool {
	s := n.own
	tj := len(s.goals)
	for j, gl := range s.goals {
		if gl.sq == t {
			tj = j
		}
	}
	mt := &n.mt
	mt.reset(max(tj+1, len(s.goals)))
	for j := range s.goals {
		if j != tj && !n.tdeps[j].Intersects(changed) {
			mt.add(j, n.tman[j])
		}
	}
	for ei := range s.edges {
		e := &s.edges[ei]
		if j := int(s.gidx[e.t]); j != tj && s.avoids(e, changed) {
			mt.add(j, s.origin[e.man])
		}
	}
	mt.addAll(tj, found)
	return mt.solve()
}

// quickThreat tells whether the mover would be in check after an action
// that leaves it the kings given, with blockers occ and the enemy men on gone
// taken, when that follows from the board alone; known is false otherwise.
func (n *node) quickThreat(kings kingCount, occ, gone rules.Bitboard) (threat, known bool) {
	switch {
	case n.checkless(kings):
		return false, true
	case n.foeT.Count() == 1:
		return !annihilators(n.p, n.them, occ, gone).IsZero(), true
	case kings.surviving() == 0:
		return false, false
	}
	return attacked(n.p, kings.critical(), n.them, occ, gone), true
}

// checkless reports whether the opponent gives no check, whatever the
// board, to a mover left with the kings given: it has lost a traveling man,
// it has two or more, or it has one and the mover a surviving king (R7).
func (n *node) checkless(kings kingCount) bool {
	switch c := n.foeT.Count(); {
	case n.p.LostTraveling[n.them], c >= 2:
		return true
	case c == 1:
		return kings.surviving() > 0
	}
	return false
}

// rematch reports whether the recorded lines prove the mover correct after
// an action that changes the squares in changed (and perhaps the castling
// rights) and removes the traveling man of index drop (-1: none) with the
// untraveled man on gone: the resonances with a line that reads no changed
// square, neither takes en passant nor castles, are matched afresh, with
// those whose line starts with one of the root moves of index first (-1:
// none) whose rest is a line after it (rootMoves).
func (n *node) rematch(changed rules.Bitboard, drop int, gone rules.Square, first [2]int) bool {
	if !n.has(Rematch) {
		return false
	}
	s := n.own
	count := len(s.goals)
	if drop >= 0 {
		count--
	}
	mt := &n.mt
	mt.reset(count)
	for _, r := range first {
		if r < 0 {
			continue
		}
		for j := range s.goals {
			mt.addAll(j, s.firstRes[r*len(s.goals)+j])
		}
	}
	for ei := range s.edges {
		e := &s.edges[ei]
		j := int(s.gidx[e.t])
		if j == drop || s.origin[e.man] == gone {
			continue
		}
		if drop >= 0 && j > drop {
			j--
		}
		if s.avoids(e, changed) {
			mt.add(j, s.origin[e.man])
			continue
		}
		if !e.many {
			continue // the witnesses trusted are among the read sets
		}
		for w := e.wit; w >= 0; w = s.wits[w].next - 1 {
			if s.wits[w].trusted(changed) {
				mt.add(j, s.origin[e.man])
				break
			}
		}
	}
	return mt.solve()
}

// stillCorrect reports whether the witnesses of the matching prove the
// mover correct after an action that changes the squares in changed and
// adds or removes no traveling man.
func (n *node) stillCorrect(changed rules.Bitboard) bool {
	return len(n.own.goals) == 0 || (n.has(Witnesses) && !n.fragile && !n.matchDeps.Intersects(changed))
}

// noFirst names no root move to rematch.
var noFirst = [2]int{-1, -1}

// rootMoves returns the indices among the survey's root moves (-1: none) of
// the root moves the rest of whose lines are lines after the normal move or
// double step m: m itself and, for a pawn's single step from where it may
// also step twice, that double step. After the single step the pawn's next
// step leaves the board the double step leaves, so the rest of such a line
// follows it, no longer than the line itself.
func (n *node) rootMoves(m rules.Move) [2]int {
	first := [2]int{n.own.rootIndex(m.From, m.To, m.Promo), -1}
	if m.Piece == rules.Pawn && m.Kind == rules.Normal && m.Promo == rules.NoKind && m.To-m.From == forward(n.us) {
		first[1] = n.own.rootIndex(m.From, m.To+forward(n.us), rules.NoKind)
	}
	return first
}
