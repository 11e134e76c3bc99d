package travelers

import (
	"cmp"
	"slices"

	"timechess/rules"
)

// Explosions are most of a position's actions. Each is settled from the
// survey's witnesses where possible; what they cannot settle is played out
// by node.exact.

// explosions finds the legal explosions (R3): on each square some own
// untraveled man reaches as the type (a support), the traveled man's every
// normal move that takes no enemy traveling man and no enemy resonator. A
// type that kindHopeless gives up has none: hopeless refutes every one of
// its explosions, the sure ones too. They are generated square by square,
// each square's types in turn, and listed by the pair of squares they fill,
// so that the explosions that fill the same two squares come one after the
// other (kept.go).
func (n *node) explosions() {
	if r := n.replay; r != nil {
		n.kindsAsked, n.kindsLost = r.kindsAsked, r.kindsLost
	}
	var live [rules.NumKinds]rules.Kind // the types with supports kindHopeless keeps, in order
	nl := 0
	var xs rules.Bitboard
	start := len(n.out)
	for _, k := range n.p.Variant().Spec().Kinds {
		if !n.own.support[k].IsZero() && !n.kindHopeless(k) {
			xs = xs.Or(n.own.support[k])
			live[nl] = k
			nl++
		}
	}
	for !xs.IsZero() {
		x := xs.PopLSB()
		for _, k := range live[:nl] {
			if n.own.support[k].Has(x) {
				n.p.Poll()
				n.explodeOn(k, x)
			}
		}
	}
	if l := n.logTo; l != nil {
		l.kindsAsked, l.kindsLost, l.whole = n.kindsAsked, n.kindsLost, true
	}
	if n.list {
		// By the pair of squares they fill, whichever holds the traveling
		// man: the explosions that fill the same two squares one after the
		// other.
		slices.SortStableFunc(n.out[start:], func(a, b rules.Move) int {
			return cmp.Or(int(min(a.From, a.To))-int(min(b.From, b.To)), int(max(a.From, a.To))-int(max(b.From, b.To)))
		})
	}
}

// explodeOn finds the legal explosions of kind k on square x.
func (n *node) explodeOn(k rules.Kind, x rules.Square) {
	p := n.p
	g := p.Geometry()
	n.freshGoal, n.freshKnown = goal{sq: x, kind: k}, false
	// A sixth of the slots have no move for the traveled man (mostly pawns
	// whose step is blocked): they are left at once.
	ys := n.own.destinations(k, x).And(n.onto)
	if ys.IsZero() {
		return
	}
	if ys = n.takeable(ys); ys.IsZero() {
		return
	}
	// The slot's whole cover and hopeless (which refutes them all at once)
	// serve only the explosions the witnesses leave unsure: they wait for
	// the first of them.
	var cover, coverAll rules.Bitboard
	matchOK := n.has(Witnesses) && (len(n.own.goals) == 0 || (!n.fragile && !n.matchDeps.Has(x)))
	if matchOK {
		cover = n.own.supportCover(k, x, n.used)
	}
	coverKnown := false
	kings := n.kings
	occX := p.Occupied()
	occX.Set(x)
	var sureYs rules.Bitboard
	if matchOK {
		sureYs = cover.AndNot(n.matchDeps)
	}
	if !n.list && k != rules.King && n.has(Calm) && n.calmExplosions() {
		// Counting: the sure explosions are legal whatever their square,
		// those promoting once per promotion type.
		sure := ys.And(sureYs)
		onVacant := sure.And(n.vacant)
		n.n += sure.Count()
		n.nVacant += onVacant.Count()
		if k == rules.Pawn {
			ends, more := g.Ranks[0].Or(g.Ranks[g.H-1]), len(p.Variant().Spec().Promotions)-1
			n.n += sure.And(ends).Count() * more
			n.nVacant += onVacant.And(ends).Count() * more
		}
		ys = ys.AndNot(sureYs)
	}
	for all := ys; !ys.IsZero(); {
		y := ys.PopLSB()
		occ := occX
		occ.Set(y)
		correct := unknown
		if sureYs.Has(y) {
			correct = proved
		} else {
			if !coverKnown {
				coverAll, coverKnown = n.own.supportCover(k, x, rules.Bitboard{}), true
				lost := n.refutedLogged(k, x, all.AndNot(sureYs), coverAll)
				if ys = ys.AndNot(lost); lost.Has(y) {
					continue
				}
			}
			bl := blast{k: k, x: x, y: y, emptyY: p.Board[y] == rules.NoPiece, occ: occ}
			if correct = n.settleLogged(&bl, coverAll); correct == refuted {
				continue
			}
		}
		if k == rules.King {
			kings = n.kings
			kings.t++
			kings.d.Set(y)
		}
		c := candidate{
			m:       rules.Move{Kind: rules.Explosion, Piece: k, From: x, To: y, Via: rules.NoSquare},
			kings:   kings,
			correct: correct,
			settled: true,
		}
		if p.Board[y] != rules.NoPiece {
			c.taken.Set(y)
		}
		if k != rules.Pawn || y.Rank() != g.H-1 && y.Rank() != 0 {
			if n.decide(&c) {
				n.emit(c.m)
			}
			continue
		}
		for _, promo := range p.Variant().Spec().Promotions {
			c.m.Promo = promo
			if n.decide(&c) {
				n.emit(c.m)
			}
		}
	}
}

// settleExplosion decides, where the witnesses allow, whether the mover
// stays correct after the explosion bl (a man of kind k exploded on x, its
// traveled man moving to y; coverAll as explodeOn computes it), when the
// matching's witnesses do not prove it at once: sure
// when witnesses prove a matching, refuted when the traveling men are shown
// to have no matching to resonators; neither leaves the question to the
// exact test.
//
// After the explosion, x holds the new traveling man and y the traveled
// man. A line that leaves the traveled man alone is a line of the position
// reading neither x nor y. A line that moves it, with those moves taken
// out, is a line of at most two moves of the board without it, unless the
// traveled man takes an enemy on the way (and must then leave that square
// for the line to gain by it). Hence a witness of at most two moves that
// reads y but not x may still prove its resonance, the traveled man
// stepping aside first (asideProves), and unmatchable bounds the
// resonators from above.
func (n *node) settleExplosion(bl *blast, coverAll rules.Bitboard) verdict {
	if !n.has(Refutations) {
		return provedOrUnknown(n.witnessed(bl) || n.has(Aside) && n.provedAside(bl))
	}
	// The late resonators are looked for only when the slot's men leave the
	// answer open.
	kept, slotMen := n.slotResonators(bl, coverAll)
	var late rules.Bitboard
	lateKnown := kept.IsZero() && slotMen.IsZero()
	if lateKnown {
		if late = n.freshLate(bl); late.IsZero() {
			return refuted
		}
	}
	if n.witnessed(bl) {
		return proved
	}
	if !lateKnown {
		late = n.freshLate(bl)
	}
	fresh := kept.Or(late)
	slotMen = slotMen.AndNot(fresh)
	if n.unmatchable(bl, fresh.Or(slotMen)) {
		return refuted
	}
	// The slot's men decide: they stay only if the traveled man can get out
	// of their short line's way.
	if !slotMen.IsZero() && (fresh.IsZero() || n.unmatchable(bl, fresh)) && n.has(Aside) && !n.asideLine(bl) {
		return refuted
	}
	return provedOrUnknown(n.has(Aside) && n.provedAside(bl))
}

// witnessed reports whether the witnesses prove the mover correct after
// the explosion bl: rematchExplosion, or with no old traveling man
// stepAside.
func (n *node) witnessed(bl *blast) bool {
	switch {
	case !n.has(Witnesses):
		return false
	case len(n.own.goals) > 0:
		return n.rematchExplosion(bl)
	}
	return n.stepAside(bl)
}

// provedAside reports whether lines that move the traveled man of bl out
// of the way prove a matching after the explosion (asideResonators), with
// the witnesses rematchExplosion takes: the explosions the witnesses leave
// open are mostly captures whose every support line reads y, and the new
// traveling man's resonator (or an old one's, whose line read y) is then
// mostly a man whose last move the traveled man, and perhaps one other man,
// must clear first. The old traveling men's such lines are looked for only
// when the new one's do not do (without any, the witnesses alone already
// failed in settleExplosion).
func (n *node) provedAside(bl *blast) bool {
	s := n.own
	k := len(s.goals)
	men := n.asideResonators(bl, goal{sq: bl.x, kind: bl.k}, n.lastMovesOf(-1))
	if k == 0 {
		return !men.IsZero()
	}
	mt := &n.mt
	if !n.rematchCands(bl, men) {
		return false
	}
	if !men.IsZero() && mt.solve() {
		return true
	}
	for j, gl := range s.goals {
		mt.addAll(j, n.asideResonators(bl, gl, n.lastMovesOf(j)))
	}
	return mt.solve()
}

// blast is an explosion being settled: a man of kind k exploded on x, its
// traveled man moved to y (emptyY: y was empty), occ the board after it.
// The traveled man's moves on from y are computed when first asked for.
type blast struct {
	k          rules.Kind
	x, y       rules.Square
	emptyY     bool
	occ        rules.Bitboard
	aside      rules.Bitboard
	asideKnown bool
}

// steps returns the squares the traveled man of bl could move to from y.
func (n *node) steps(bl *blast) rules.Bitboard {
	if !bl.asideKnown {
		p := n.p
		bl.aside = travelerTargets(p.Geometry(), n.us, bl.k, bl.y, bl.occ, p.ByColor[n.us].Or(rules.BB(bl.x, bl.y)))
		bl.asideKnown = true
	}
	return bl.aside
}

// rematchExplosion reports whether the witnesses prove a matching after the
// explosion bl: lines that read neither x nor y, and witnesses of at most
// two moves that read y but not x, the traveled man stepping aside first
// (asideProves).
func (n *node) rematchExplosion(bl *blast) bool {
	return n.rematchCands(bl, rules.Bitboard{}) && n.mt.solve()
}

// rematchCands sets the matcher up with rematchExplosion's candidates, the
// new traveling man's first (extra besides), and reports whether he has
// any (else the old traveling men's are left out).
func (n *node) rematchCands(bl *blast, extra rules.Bitboard) bool {
	s := n.own
	k, x, y := bl.k, bl.x, bl.y
	ok := func(w *witness) bool {
		if w.deps.Has(x) || w.flags&usesEnPassant != 0 {
			return false
		}
		return !w.deps.Has(y) || n.asideProves(bl, w)
	}
	mt := &n.mt
	mt.reset(len(s.goals) + 1)
	mt.addAll(len(s.goals), extra)
	if h := s.head[k][x]; h != 0 {
		for i := s.slots[h-1].first; i != 0; i = s.wits[i-1].next {
			if ok(&s.wits[i-1]) {
				mt.add(len(s.goals), s.origin[s.wits[i-1].man])
			}
		}
	}
	if mt.cands[len(s.goals)].IsZero() {
		return false
	}
	filled := rules.BB(x, y)
	for ei := range s.edges {
		e := &s.edges[ei]
		if s.avoids(e, filled) {
			mt.add(int(s.gidx[e.t]), s.origin[e.man])
			continue
		}
		for w := e.wit; w >= 0; w = s.wits[w].next - 1 {
			if ok(&s.wits[w]) {
				mt.add(int(s.gidx[e.t]), s.origin[e.man])
				break
			}
		}
	}
	return true
}

// unmatchable reports whether the mover is shown incorrect after the
// explosion bl (fresh holds the new traveling man's candidates,
// slotResonators and freshLate): its traveling men, the new one included,
// have no one-to-one matching to the men that may still resonate with
// them. Those are a superset of the resonators after the explosion (see
// settleExplosion):
//   - a line that leaves the traveled man alone, a line of the position that
//     reads neither x nor y: for an old traveling man, a resonator of the
//     position that may have such a line (survey.mayAvoid); for the new one,
//     a man with a support of (k, x) (each has a witness in its slot), unless
//     the slot shows that every good line reads y (coverAll; not capped);
//   - a line that moves the traveled man without taking, the rest being at
//     most two moves that do not read x: a line of the position (the
//     resonators with such a short line; for the new one, the support men
//     when the slot saw a short line and the traveled man can get out of
//     its way, asideLine), or, when y held an enemy (now gone),
//     a line through y: a man's own two moves (twoMoves), or a man's last
//     move that y and one helper bar;
//   - a line in which the traveled man takes an enemy, which gains only if
//     it leaves again: a man's last move that this enemy bars (openLast).
func (n *node) unmatchable(bl *blast, fresh rules.Bitboard) bool {
	s := n.own
	mt := &n.mt
	goals := len(s.goals)
	mt.reset(goals + 1)
	mt.addAll(goals, fresh)
	for ei := range s.edges {
		e := &s.edges[ei]
		if s.mayAvoid(e, rules.BB(bl.x, bl.y)) || e.has2 && !e.ess2.Has(bl.x) {
			mt.add(int(s.gidx[e.t]), s.origin[e.man])
		}
	}
	for j, gl := range s.goals {
		mt.addAll(j, n.lateResonators(bl, gl, n.lastMovesOf(j)))
	}
	return !mt.solve()
}

// refutedAtOnce returns the squares of ys, the traveled man's unsure
// destinations after an explosion of kind k on x (coverAll as explodeOn
// computes it), whose explosions hopeless refutes together: all of them,
// or else those that take no enemy (a capture lets more men through, see
// lateBound), or none. Those are asked first: hopeless gives up no set
// whose part it keeps.
func (n *node) refutedAtOnce(k rules.Kind, x rules.Square, ys, coverAll rules.Bitboard) rules.Bitboard {
	quiet := ys.AndNot(n.p.ByColor[n.them])
	switch {
	case quiet == ys || quiet.IsZero():
		if n.hopeless(k, x, ys, coverAll) {
			return ys
		}
	case n.hopeless(k, x, quiet, coverAll):
		if n.hopeless(k, x, ys, coverAll) {
			return ys
		}
		return quiet
	}
	return rules.Bitboard{}
}

// hopeless reports whether unmatchable refutes, at once, every explosion of
// kind k on x whose traveled man moves to a square of ys (coverAll as
// explodeOn computes it): whether the traveling men have no one-to-one
// matching even to the union over those squares of unmatchable's
// candidates. For an old traveling man these are the resonances that may
// have a line reading no x, and the late ones (lateBound); for the new one
// the men of the slot of (k, x), unless it shows that every good line reads
// each square of ys, and the late ones. Outside lateZone, a man of the
// slot whom the old traveling men can spare answers before the late ones
// are looked for.
func (n *node) hopeless(k rules.Kind, x rules.Square, ys, coverAll rules.Bitboard) bool {
	s := n.own
	p := n.p
	takes := ys.Intersects(p.ByColor[n.them])
	var fresh rules.Bitboard
	if sl := &s.slots[s.head[k][x]-1]; sl.capped || sl.short || coverAll.Intersects(ys) {
		fresh = sl.men
	}
	if !fresh.IsZero() && len(s.goals) > 0 && !n.lateZone().Has(x) {
		if ob := n.oldBoundOf(takes, false); ob.ok && !fresh.AndNot(ob.bad).IsZero() {
			return false
		}
	}
	occ := p.Occupied()
	occ.Set(x)
	fresh = fresh.Or(n.lateBound(n.lastMovesOf(-1), n.freshGoal, occ, n.fixed(x), takes))
	return fresh.IsZero() || n.unmatchedLate(fresh, x, takes)
}

// unmatchedLate reports whether the traveling men and a new one on x (none
// when x is NoSquare) whose candidates are fresh have no one-to-one matching
// when each old one may have the resonances that may keep a line reading no
// x (all of them when x is NoSquare) and its late resonators (lateOf,
// taking allowed when takes). Outside lateZone (and for no x) those
// candidates do not depend on x, and oldBoundOf, computed once per node,
// answers.
func (n *node) unmatchedLate(fresh rules.Bitboard, x rules.Square, takes bool) bool {
	if x == rules.NoSquare || !n.lateZone().Has(x) {
		ob := n.oldBoundOf(takes, x == rules.NoSquare)
		return !ob.ok || fresh.AndNot(ob.bad).IsZero()
	}
	return n.unmatchedAfresh(fresh, x, takes)
}

// unmatchedAfresh is unmatchedLate with every candidate gathered and
// matched afresh, wherever x lies.
func (n *node) unmatchedAfresh(fresh rules.Bitboard, x rules.Square, takes bool) bool {
	s := n.own
	mt := &n.mt
	goals := len(s.goals)
	mt.reset(goals + 1)
	mt.addAll(goals, fresh)
	for ei := range s.edges {
		// For one square, mayAvoid comes down to ess: the squares every line
		// of the resonance reads, en passant lines aside.
		if e := &s.edges[ei]; x == rules.NoSquare || e.seen && !e.ess.Has(x) {
			mt.add(int(s.gidx[e.t]), s.origin[e.man])
		}
	}
	for j := range s.goals {
		mt.addAll(j, n.lateOf(j, x, takes))
	}
	return !mt.solve()
}

// oldBound is what unmatchedLate asks of the old traveling men for an
// explosion square outside lateZone, where their candidates do not depend
// on the square: whether they have a matching to those candidates (ok), and
// the candidates without whom they have none (bad). The new traveling man
// can then be matched too exactly when one of his candidates is not bad.
type oldBound struct {
	known, ok bool
	bad       rules.Bitboard
}

// lateZone returns the squares an explosion on which changes the old
// traveling men's candidates in unmatchedLate: the squares every line of a
// resonance reads (ess) and the paths of their last moves (lateOf);
// computed once per node.
func (n *node) lateZone() rules.Bitboard {
	if !n.zoneKnown {
		s := n.own
		n.zone, n.zoneKnown = rules.Bitboard{}, true
		for ei := range s.edges {
			if e := &s.edges[ei]; e.seen {
				n.zone = n.zone.Or(e.ess)
			}
		}
		for j := range s.goals {
			n.zone = n.zone.Or(n.lastMovesOf(j).paths)
		}
	}
	return n.zone
}

// oldBoundOf returns the oldBound of the node, taking allowed when takes,
// with every resonance when every (no explosion square) or else those that
// may keep a line reading no square outside lateZone (seen); computed once
// per node.
func (n *node) oldBoundOf(takes, every bool) *oldBound {
	t := 0
	if takes {
		t = 1
	}
	if every {
		t += 2
	}
	ob := &n.oldBounds[t]
	if ob.known {
		return ob
	}
	s := n.own
	mt := &n.mt
	mt.reset(len(s.goals))
	for ei := range s.edges {
		if e := &s.edges[ei]; every || e.seen {
			mt.add(int(s.gidx[e.t]), s.origin[e.man])
		}
	}
	for j := range s.goals {
		mt.addAll(j, n.lateOf(j, rules.NoSquare, takes))
	}
	n.oldCands = append(n.oldCands[:0], mt.cands...)
	ob.known, ob.ok, ob.bad = true, mt.solve(), rules.Bitboard{}
	if !ob.ok {
		return ob
	}
	// Only a man the matching found uses can be bad: without any other,
	// that matching stands.
	var used rules.Bitboard
	for _, m := range mt.chosen {
		used.Set(m)
	}
	for !used.IsZero() {
		m := used.PopLSB()
		for j, c := range n.oldCands {
			c.Clear(m)
			mt.cands[j] = c
		}
		if !mt.solve() {
			ob.bad.Set(m)
		}
	}
	return ob
}

// lateOf returns lateBound for own traveling man j on the board with the
// new traveling man of an explosion on x (none when x is NoSquare), taking
// allowed when takes. The new man changes it only when he stands on the
// path of one of j's last moves: the bound without him is kept per node.
func (n *node) lateOf(j int, x rules.Square, takes bool) rules.Bitboard {
	lm := n.lastMovesOf(j)
	if x != rules.NoSquare && lm.paths.Has(x) {
		occ := n.p.Occupied()
		occ.Set(x)
		return n.lateBound(lm, n.own.goals[j], occ, n.fixed(x), takes)
	}
	t := 0
	if takes {
		t = 1
	}
	if !lm.lateKnown[t] {
		lm.late[t], lm.lateKnown[t] = n.lateBound(lm, n.own.goals[j], n.p.Occupied(), n.fixed(rules.NoSquare), takes), true
	}
	return lm.late[t]
}

// kindHopeless reports whether hopeless refutes every explosion of kind k,
// whatever its square (computed once per node and kind): whether the
// traveling men have no one-to-one matching even to the union over the
// explosion squares of hopeless's candidates. For an old traveling man
// these are all its resonances and its late resonators on the board
// without the new traveling man, taking allowed (lateBound: a man more in
// the way only bars more); for the new one the untraveled men of kind k and
// the pawns that could promote to it within three moves, of whom every
// support, late resonator and man within two moves of a square as kind k
// is one.
func (n *node) kindHopeless(k rules.Kind) bool {
	if !n.has(Refutations) {
		return false
	}
	bit := uint16(1) << k
	if n.kindsAsked&bit != 0 {
		return n.kindsLost&bit != 0
	}
	n.kindsAsked |= bit
	b := &n.own.b
	if len(n.own.goals) == 0 {
		return false
	}
	fresh := b.ukind[k]
	if k != rules.Pawn && promotes(n.p, k) {
		for ps := b.ukind[rules.Pawn]; !ps.IsZero(); {
			if v := ps.PopLSB(); b.promotesWithin3(v) {
				fresh.Set(v)
			}
		}
	}
	if !n.unmatchedLate(fresh, rules.NoSquare, true) {
		return false
	}
	n.kindsLost |= bit
	return true
}

// lateBound returns a superset, over the squares the traveled man may move
// to, of lateResonators for traveling man gl (lm: its last moves), with occ
// the board and the new traveling man, fixed the side's traveling men
// (n.fixed), and takes whether the traveled man may take an enemy: the men
// whose last move onto gl no traveling man bars (no line moves one) and
// that openLast may open. That is, when the traveled man takes nothing,
// those whose last move nothing bars or one enemy alone (which the
// traveled man may take): openLast opens no move an own man bars then;
// when it may take, those whose last move at most two men bar (openLast
// allows one besides the enemy taken on y), and the men within two moves of
// gl (twoMoves takes its men from those).
func (n *node) lateBound(lm *lastMoves, gl goal, occ, fixed rules.Bitboard, takes bool) rules.Bitboard {
	var men rules.Bitboard
	for _, a := range lm.apps {
		blk := a.path.And(occ)
		switch {
		case blk.Intersects(fixed):
		case blk.IsZero(),
			takes && blk.Count() <= 2,
			!takes && !blk.More() && blk.Intersects(n.p.ByColor[n.them]):
			men.Set(a.man)
		}
	}
	if takes {
		men = men.Or(n.near2(lm, gl))
	}
	return men
}

// fixed returns the squares of the mover's traveling men, the one exploded
// on x included (x NoSquare: none): men that never move, so that a last
// move they bar stays barred in every line.
func (n *node) fixed(x rules.Square) rules.Bitboard {
	t := n.ownT
	if x != rules.NoSquare {
		t.Set(x)
	}
	return t
}

// The new traveling man of the explosion bl has, as unmatchable's superset
// of his resonators, the men of the slot of (k, x) unless it shows that
// every good line reads y (slotResonators), and the late ones (freshLate).
// When only a short line of the slot keeps its men, they belong to the
// superset only if the traveled man can step out of that line's way, which
// asideLine asks when the answer matters.

// slotResonators returns the new traveling man's candidates from the slot
// of (k, x): its men when it is capped or a kept line avoids y (men), or
// when only a short line keeps them (slotMen).
func (n *node) slotResonators(bl *blast, coverAll rules.Bitboard) (men, slotMen rules.Bitboard) {
	s := n.own
	switch sl := &s.slots[s.head[bl.k][bl.x]-1]; {
	case sl.capped || coverAll.Has(bl.y):
		men = sl.men
	case sl.short:
		slotMen = sl.men
	}
	return men, slotMen
}

// freshLate returns the new traveling man's late resonators.
func (n *node) freshLate(bl *blast) rules.Bitboard {
	return n.lateResonators(bl, goal{sq: bl.x, kind: bl.k}, n.lastMovesOf(-1))
}

// lateResonators returns the men whose resonance with traveling man gl
// (lm: the last moves onto it) the explosion bl may open (see
// unmatchable): by a last move that the traveled man alone, or it and a
// helper, bar (openLast), and when it took an enemy on y, by two moves of
// their own through y (twoMoves).
func (n *node) lateResonators(bl *blast, gl goal, lm *lastMoves) rules.Bitboard {
	men := n.openLast(bl, gl.sq, lm.apps)
	if !bl.emptyY {
		men = men.Or(n.twoMoves(gl, bl.y, bl.occ, n.p.ByColor[n.us].Or(rules.SquareBB(bl.x)), n.near2(lm, gl)))
	}
	return men
}

// stepAside reports whether a support of (k, x) is proved after the
// explosion bl by a witness of at most two moves that reads y, the traveled
// man stepping aside first (asideProves).
func (n *node) stepAside(bl *blast) bool {
	s := n.own
	sl := &s.slots[s.head[bl.k][bl.x]-1]
	if !sl.short {
		return false
	}
	for i := sl.first; i != 0; i = s.wits[i-1].next {
		if w := &s.wits[i-1]; w.flags&usesEnPassant == 0 && !w.deps.Has(bl.x) && n.asideProves(bl, w) {
			return true
		}
	}
	return false
}

// asideProves reports whether witness w, a line of at most two moves that
// reads y, stays a line after the explosion bl once the traveled man has
// stepped off y to a square w does not read: when y was empty, it is empty
// again; when y held an enemy (now taken), the line's first move that reads
// y must be a piece's (not a pawn's) taking there, which then is a plain
// move onto the emptied square, the same to every later move.
func (n *node) asideProves(bl *blast, w *witness) bool {
	if w.n > 2 || n.steps(bl).AndNot(w.deps).IsZero() {
		return false
	}
	if bl.emptyY {
		return true
	}
	b := &n.own.b
	for _, m := range w.moves[:w.n] {
		if b.deps(m).Has(bl.y) {
			return m.to == bl.y && m.kind == hNormal && m.piece != rules.Pawn
		}
	}
	return false
}

// twoMoves returns the men of near (untraveled men with a bound of two
// moves to the traveling man gl, lastMoves) that might move onto gl in two
// moves of their own once the traveled man has left y, with blockers occ of
// which own are the mover's (y aside): by their moves on that board (the
// square the traveled man goes to aside), a King by its routes on an empty
// board that pass y (its other lines read no y: they are lines of the
// position).
func (n *node) twoMoves(gl goal, y rules.Square, occ, own, near rules.Bitboard) rules.Bitboard {
	b := &n.own.b
	occ.Clear(y)
	own.Clear(y)
	var men rules.Bitboard
	for near := near; !near.IsZero(); {
		m := &b.men[b.at[near.PopLSB()]-1]
		if m.kind == rules.King {
			if n.own.routes(m.kind, m.sq, gl).Has(y) {
				men.Set(m.sq)
			}
			continue
		}
		left := occ
		left.Clear(m.sq)
		for first := travelerTargets(b.g, n.us, m.kind, m.sq, occ, own); !first.IsZero(); {
			if n.finishes(m.kind, first.PopLSB(), gl, left) {
				men.Set(m.sq)
				break
			}
		}
	}
	return men
}

// finishes reports whether a man of kind k on a (a pawn promoting there on
// the last rank) can move onto the traveling man gl in one move with
// blockers occ.
func (n *node) finishes(k rules.Kind, a rules.Square, gl goal, occ rules.Bitboard) bool {
	p := n.p
	if k == rules.Pawn && a.Rank() == n.own.b.last {
		if !promotes(p, gl.kind) {
			return false
		}
		k = gl.kind
	}
	if k != rules.Pawn {
		return k == gl.kind && p.Geometry().Attacks(k, n.us, a, occ).Has(gl.sq)
	}
	path, ok := finalPath(p, n.us, k, a, gl.kind, gl.sq)
	return ok && !path.Intersects(occ)
}

// openLast returns the untraveled men whose last move onto the traveling
// man on x (one of apps) is barred, after the explosion bl, by nothing but
// the traveled man on y and at most one other man that could leave the
// way: an enemy the traveled man can take, or, when y held an enemy, an own
// man with a move off the way (a King always).
func (n *node) openLast(bl *blast, x rules.Square, apps []approach) rules.Bitboard {
	var open rules.Bitboard
	p := n.p
	g := p.Geometry()
	occ := bl.occ
	occ.Clear(bl.y)
	for _, a := range apps {
		blk := a.path.And(occ)
		if blk.IsZero() {
			open.Set(a.man)
			continue
		}
		if blk.More() {
			continue
		}
		if blk.Intersects(p.ByColor[n.them]) {
			if n.steps(bl).Intersects(blk) {
				open.Set(a.man)
			}
			continue
		}
		own := p.ByColor[n.us].Or(rules.SquareBB(x))
		if bl.emptyY || !blk.Intersects(own) {
			continue
		}
		w := blk.LSB()
		if pc := p.Board[w]; pc.Flags()&rules.Traveling == 0 && (pc.Kind() == rules.King || !travelerTargets(g, n.us, pc.Kind(), w, occ, own).AndNot(a.path).IsZero()) {
			open.Set(a.man)
		}
	}
	return open
}

// lastMoves is what the refutations of explosions ask about one traveling
// man, computed once: the last moves onto it on an empty board and the
// squares their paths cross, once twoKnown, the untraveled men with a bound
// of two moves to it, and once lateKnown[t], its lateBound on the board as
// it is, taking allowed when t is 1 (lateOf).
type lastMoves struct {
	apps      []approach
	paths     rules.Bitboard
	two       rules.Bitboard
	twoKnown  bool
	late      [2]rules.Bitboard
	lateKnown [2]bool
}

// lastMovesOf returns the lastMoves of own traveling man j (own.goals
// order; -1: the exploded man explodeOn settles), computed once per node
// and per explosion square.
func (n *node) lastMovesOf(j int) *lastMoves {
	if j < 0 {
		if !n.freshKnown {
			n.fresh.apps = n.approaches(n.freshGoal)
			n.fresh.twoKnown, n.freshKnown = false, true
		}
		return &n.fresh
	}
	if !n.appsKnown {
		if k := len(n.own.goals); cap(n.apps) < k {
			n.apps = make([]lastMoves, k)
		} else {
			n.apps = n.apps[:k]
		}
		for i, gl := range n.own.goals {
			lm := &n.apps[i]
			lm.apps = n.approaches(gl)
			lm.paths = rules.Bitboard{}
			for _, a := range lm.apps {
				lm.paths = lm.paths.Or(a.path)
			}
			lm.twoKnown, lm.lateKnown = false, [2]bool{}
		}
		n.appsKnown = true
	}
	return &n.apps[j]
}

// near2 returns the untraveled men with a bound of two moves to the
// traveling man gl whose lastMoves lm are.
func (n *node) near2(lm *lastMoves, gl goal) rules.Bitboard {
	if !lm.twoKnown {
		b := &n.own.b
		lm.two = rules.Bitboard{}
		// Only men of gl's kind and pawns have a bound (lowerBound).
		c := b.ukind[rules.Pawn].And(b.pawnsWithin2(gl))
		if gl.kind != rules.Pawn {
			c = c.Or(b.ukind[gl.kind])
		}
		for !c.IsZero() {
			v := c.PopLSB()
			if b.lowerBound(b.men[b.at[v]-1].kind, v, gl.sq, gl.kind) <= 2 {
				lm.two.Set(v)
			}
		}
		lm.twoKnown = true
	}
	return lm.two
}
