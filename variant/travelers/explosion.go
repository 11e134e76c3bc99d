package travelers

import "timechess/rules"

// Explosions are most of a position's actions. Each is settled from the
// survey's witnesses where possible; what they cannot settle is played out
// by node.exact.

// explosions finds the legal explosions (R3): on each square some own
// untraveled man reaches as the type (a support), the traveled man's every
// normal move that takes no enemy traveling man and no enemy resonator.
func (n *node) explosions() {
	p := n.p
	for _, k := range p.Variant().Spec().Kinds {
		for xs := n.own.support[k]; !xs.IsZero(); {
			n.explodeOn(k, xs.PopLSB())
		}
	}
}

// explodeOn finds the legal explosions of kind k on square x.
func (n *node) explodeOn(k rules.Kind, x rules.Square) {
	p := n.p
	g := p.Geometry()
	fresh := len(n.own.goals) == 0
	if !fresh && !n.possible(k, x) {
		return // too few men for one more traveling man
	}
	matchOK := fresh || (!n.fragile && !n.matchDeps.Has(x))
	cover, coverAll := n.own.supportCover(k, x, n.used), n.own.supportCover(k, x, rules.Bitboard{})
	kings := n.kings
	for ys := n.takeable(n.travelerMoves(k, x)); !ys.IsZero(); {
		y := ys.PopLSB()
		sure := matchOK && !n.matchDeps.Has(y) && cover.Has(y)
		if !sure {
			var refuted bool
			if sure, refuted = n.settleExplosion(k, x, y, coverAll); refuted {
				continue
			}
		}
		if k == rules.King {
			kings = n.kings
			kings.t++
			kings.d.Set(y)
		}
		occ := p.Occupied().Or(rules.BB(x, y))
		var gone rules.Bitboard
		if p.Board[y] != rules.NoPiece {
			gone.Set(y)
		}
		m := rules.Move{Kind: rules.Explosion, Piece: k, From: x, To: y, Via: rules.NoSquare}
		if k != rules.Pawn || y.Rank() != g.H-1 && y.Rank() != 0 {
			if n.judge(m, sure, kings, occ, gone) {
				n.emit(m)
			}
			continue
		}
		for _, promo := range p.Variant().Spec().Promotions {
			m.Promo = promo
			if n.judge(m, sure, kings, occ, gone) {
				n.emit(m)
			}
		}
	}
}

// settleExplosion decides, where the witnesses allow, whether the mover
// stays correct after exploding a man of kind k on x whose traveled man
// moves to y, when the matching's witnesses do not prove it at once: sure
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
// reads y but not x still proves its resonance when y was empty, the
// traveled man stepping aside first (to a square the witness does not
// read), and unmatchable bounds the resonators from above.
func (n *node) settleExplosion(k rules.Kind, x, y rules.Square, coverAll rules.Bitboard) (sure, refuted bool) {
	p := n.p
	emptyY := p.Board[y] == rules.NoPiece
	occ := p.Occupied().Or(rules.BB(x, y))
	aside := travelerTargets(p.Geometry(), n.us, k, y, occ, p.ByColor[n.us].Or(rules.BB(x, y)))
	fresh := n.freshResonators(k, x, y, emptyY, coverAll, occ, aside)
	if fresh.IsZero() {
		return false, true
	}
	switch {
	case len(n.own.goals) > 0:
		sure = n.rematchExplosion(k, x, y, emptyY, aside)
	case emptyY:
		sure = n.stepAside(k, x, aside)
	}
	if sure {
		return true, false
	}
	return false, n.unmatchable(x, y, emptyY, fresh, occ, aside)
}

// rematchExplosion reports whether the witnesses prove a matching after the
// explosion of kind k on x with the traveled man moving to y: witnesses that
// read neither x nor y, and, when y was empty, witnesses of at most two
// moves that read y but not x, the traveled man stepping aside first.
func (n *node) rematchExplosion(k rules.Kind, x, y rules.Square, emptyY bool, aside rules.Bitboard) bool {
	s := &n.own
	ok := func(w *witness) bool {
		if w.deps.Has(x) || w.flags&usesEnPassant != 0 {
			return false
		}
		return !w.deps.Has(y) || emptyY && w.n <= 2 && !aside.AndNot(w.deps).IsZero()
	}
	mt := &n.mt
	mt.reset(len(s.goals) + 1)
	filled := rules.BB(x, y)
	for _, e := range s.edges {
		if s.avoids(&e, filled) {
			mt.add(int(s.gidx[e.t]), candidate{man: s.origin[e.man], wit: -1})
			continue
		}
		for w := e.wit; w >= 0; w = s.wits[w].next - 1 {
			if ok(&s.wits[w]) {
				mt.add(int(s.gidx[e.t]), candidate{man: s.origin[e.man], wit: w})
				break
			}
		}
	}
	if h := s.head[k][x]; h != 0 {
		for i := s.slots[h-1].first; i != 0; i = s.wits[i-1].next {
			if ok(&s.wits[i-1]) {
				mt.add(len(s.goals), candidate{man: s.origin[s.wits[i-1].man], wit: i - 1})
			}
		}
	}
	return mt.solve()
}

// unmatchable reports whether the mover is shown incorrect after exploding
// a man on x whose traveled man moved to y (emptyY: y was empty; fresh the
// new traveling man's candidates, freshResonators; occ is the board after
// the explosion and aside the traveled man's moves from y): its traveling
// men, the new one included, have no one-to-one matching to the men that
// may still resonate with them. Those are a superset of the resonators after the
// explosion (see settleExplosion):
//   - a line that leaves the traveled man alone, a line of the position that
//     reads neither x nor y: for an old traveling man, a resonator of the
//     position that may have such a line (survey.mayAvoid); for the new one, a man
//     with a support of (k, x) (each has a witness in its slot), unless the
//     slot shows that every good line reads y (coverAll; not capped);
//   - a line that moves the traveled man without taking, the rest being at
//     most two moves that do not read x: a line of the position (the
//     resonators with such a short line; for the new one, the support men
//     when the slot saw a short line), or, when y held an enemy (now gone),
//     a line through y: a man's own two moves (twoMoves), or a man's last
//     move that y and one helper bar;
//   - a line in which the traveled man takes an enemy, which gains only if
//     it leaves again: a man's last move that this enemy bars (openLast).
func (n *node) unmatchable(x, y rules.Square, emptyY bool, fresh, occ, aside rules.Bitboard) bool {
	s := &n.own
	mt := &n.mt
	goals := len(s.goals)
	mt.reset(goals + 1)
	for !fresh.IsZero() {
		mt.add(goals, candidate{man: fresh.PopLSB(), wit: -1})
	}
	for _, e := range s.edges {
		if s.mayAvoid(&e, rules.BB(x, y)) || e.has2 && !e.ess2.Has(x) {
			mt.add(int(s.gidx[e.t]), candidate{man: s.origin[e.man], wit: -1})
		}
	}
	for j, gl := range s.goals {
		for men := n.lateResonators(gl, x, y, emptyY, occ, aside); !men.IsZero(); {
			mt.add(j, candidate{man: men.PopLSB(), wit: -1})
		}
	}
	return !mt.solve()
}

// freshResonators returns unmatchable's superset of the resonators of the
// new traveling man of kind k on x: the men of the slot of (k, x) unless it
// shows that every good line reads y, and the late ones (lateResonators).
func (n *node) freshResonators(k rules.Kind, x, y rules.Square, emptyY bool, coverAll, occ, aside rules.Bitboard) rules.Bitboard {
	s := &n.own
	men := n.lateResonators(goal{sq: x, kind: k}, x, y, emptyY, occ, aside)
	if sl := &s.slots[s.head[k][x]-1]; sl.capped || sl.short || coverAll.Has(y) {
		for i := sl.first; i != 0; i = s.wits[i-1].next {
			men.Set(s.origin[s.wits[i-1].man])
		}
	}
	return men
}

// lateResonators returns the men whose resonance with traveling man gl the
// explosion on x, its traveled man on y, may open (see unmatchable): by a last move
// it alone, or it and a helper, bar (openLast), and when it took an enemy on
// y, by two moves of their own through y (twoMoves).
func (n *node) lateResonators(gl goal, x, y rules.Square, emptyY bool, occ, aside rules.Bitboard) rules.Bitboard {
	men := n.openLast(gl.kind, gl.sq, y, occ, aside, !emptyY)
	if !emptyY {
		men = men.Or(n.twoMoves(gl, y, occ, n.p.ByColor[n.us].Or(rules.SquareBB(x))))
	}
	return men
}

// stepAside reports whether a support of (k, x) is proved by a witness of
// at most two moves that does not read x and leaves the traveled man, on
// the empty square y, a move to a square it does not read (one of aside).
func (n *node) stepAside(k rules.Kind, x rules.Square, aside rules.Bitboard) bool {
	s := &n.own
	sl := &s.slots[s.head[k][x]-1]
	if !sl.short {
		return false
	}
	for i := sl.first; i != 0; i = s.wits[i-1].next {
		w := &s.wits[i-1]
		if w.n <= 2 && w.flags&usesEnPassant == 0 && !w.deps.Has(x) && !aside.AndNot(w.deps).IsZero() {
			return true
		}
	}
	return false
}

// twoMoves returns the untraveled men that might move onto the traveling
// man gl in two moves of their own once the traveled man has left y, with
// blockers occ of which own are the mover's (y aside): by their moves on
// that board (the square the traveled man goes to aside), a King by its
// routes on an empty board that pass y (its other lines read no y: they
// are lines of the position).
func (n *node) twoMoves(gl goal, y rules.Square, occ, own rules.Bitboard) rules.Bitboard {
	b := &n.own.b
	occ.Clear(y)
	own.Clear(y)
	var men rules.Bitboard
	for i := range b.men {
		m := &b.men[i]
		if !m.u || b.lowerBound(m.kind, m.sq, gl.sq, gl.kind) > 2 {
			continue
		}
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

// openLast returns the untraveled men whose one move onto the traveling man
// of kind k on x, with blockers occ, is barred by nothing but the traveled
// man on y and at most one other man that could leave the way: an enemy the
// traveled man can take (one of aside), or, when helpers is set, an own man
// with a move off the way (a King always).
func (n *node) openLast(k rules.Kind, x, y rules.Square, occ, aside rules.Bitboard, helpers bool) rules.Bitboard {
	var open rules.Bitboard
	p := n.p
	g := p.Geometry()
	prey := aside.And(p.ByColor[n.them])
	occ.Clear(y)
	own := p.ByColor[n.us].Or(rules.SquareBB(x))
	for us := n.finishers(k, x); !us.IsZero(); {
		v := us.PopLSB()
		path, ok := finalPath(p, n.us, p.Board[v].Kind(), v, k, x)
		if !ok {
			continue
		}
		blk := path.And(occ)
		if blk.IsZero() || !blk.More() && prey.Intersects(blk) {
			open.Set(v)
			continue
		}
		if !helpers || blk.More() || !blk.Intersects(own) {
			continue
		}
		w := blk.PopLSB()
		if pc := p.Board[w]; pc.Flags()&rules.Traveling == 0 && (pc.Kind() == rules.King || !travelerTargets(g, n.us, pc.Kind(), w, occ, own).AndNot(path).IsZero()) {
			open.Set(v)
		}
	}
	return open
}

// finishers returns the untraveled men that could move onto a traveling
// man of kind k on x in one move on an empty board: men of kind k that see
// x, and the pawns one or two steps behind it.
func (n *node) finishers(k rules.Kind, x rules.Square) rules.Bitboard {
	b := &n.own.b
	g := b.g
	near := sees(g, k, x).And(b.ukind[k])
	for _, v := range [2]rules.Square{x - b.fwd, x - 2*b.fwd} {
		if g.Contains(v) && b.ukind[rules.Pawn].Has(v) {
			near.Set(v)
		}
	}
	return near
}

// finalPath returns the squares a man of kind have on v must find empty to
// move onto x in one normal move as (or promoting to) kind want, and
// whether such a move exists on an empty board.
func finalPath(p *rules.Position, c rules.Color, have rules.Kind, v rules.Square, want rules.Kind, x rules.Square) (rules.Bitboard, bool) {
	g := p.Geometry()
	if have != rules.Pawn {
		if have != want || !g.Attacks(have, c, v, rules.Bitboard{}).Has(x) {
			return rules.Bitboard{}, false
		}
		return g.Between(v, x), true
	}
	fwd, second, last := forward(c), 1, g.H-1
	if c == rules.Black {
		second, last = g.H-2, 0
	}
	switch {
	case x == v+fwd && (want == rules.Pawn) == (x.Rank() != last):
		return rules.Bitboard{}, want == rules.Pawn || promotes(p, want)
	case want == rules.Pawn && x == v+2*fwd && v.Rank() == second && g.Contains(x):
		return rules.SquareBB(v + fwd), true
	}
	return rules.Bitboard{}, false
}

// travelerMoves returns the squares a traveled man of kind k exploded on x
// can move to.
func (n *node) travelerMoves(k rules.Kind, x rules.Square) rules.Bitboard {
	p := n.p
	return travelerTargets(p.Geometry(), n.us, k, x, p.Occupied(), p.ByColor[n.us])
}
