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
	for ys := n.travelerMoves(k, x).AndNot(n.foeT.Or(n.foeRes)); !ys.IsZero(); {
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
// when witnesses prove a matching, refuted when some traveling man is shown
// to have no resonator; neither leaves the question to the exact test.
//
// After the explosion, x holds the new traveling man and y the traveled
// man. A line that leaves the traveled man alone is a line of the position
// reading neither x nor y. When y was empty, a line that moves the traveled
// man, with those moves taken out, is a line of the position not reading x,
// of at most two moves, unless it needs the traveled man to take an enemy in
// the way (and then to leave that square). Hence the two tests: a witness of
// at most two moves that reads y but not x still proves its resonance, the
// traveled man stepping aside first (to a square the witness does not read);
// and a resonance whose every line reads x or y, and whose every short line
// reads x, is gone unless the traveled man can open a man's last move.
func (n *node) settleExplosion(k rules.Kind, x, y rules.Square, coverAll rules.Bitboard) (sure, refuted bool) {
	p := n.p
	fresh := len(n.own.goals) == 0
	emptyY := p.Board[y] == rules.NoPiece
	occ := p.Occupied().Or(rules.BB(x, y))
	aside := travelerTargets(p.Geometry(), n.us, k, y, occ, p.ByColor[n.us].Or(rules.BB(x, y)))
	if !coverAll.Has(y) {
		sure, refuted = n.settleFresh(k, x, y, occ, aside)
		if refuted || fresh {
			return sure && fresh, refuted
		}
	}
	if fresh {
		return false, false
	}
	if n.rematchExplosion(k, x, y, emptyY, aside) {
		return true, false
	}
	return false, emptyY && n.oldUnmatched(x, y, occ, aside)
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
	for _, e := range s.edges {
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

// oldUnmatched reports whether, after an explosion on x whose traveled man
// moved to the empty square y, some traveling man of the mover is shown to
// have no resonator (see settleExplosion).
func (n *node) oldUnmatched(x, y rules.Square, occ, aside rules.Bitboard) bool {
	s := &n.own
	for _, gl := range s.goals {
		gone := true
		for _, e := range s.edges {
			if e.t == gl.sq && !((e.ess.Has(x) || e.ess.Has(y)) && (!e.has2 || e.ess2.Has(x))) {
				gone = false
				break
			}
		}
		if gone && !n.lastMoveOpen(gl.kind, gl.sq, y, occ, aside, false) {
			return true
		}
	}
	return false
}

// settleFresh decides, where the witnesses allow, whether the traveling man
// exploded as kind k on x has a resonator at all, the traveled man having
// moved to y, which every good witness of the support reads (see
// settleExplosion; occ is the board after the explosion and aside the
// traveled man's moves from y). When the support's slot is complete (not
// capped) and y was empty: a short good witness and the traveled man
// stepping aside prove a resonator; without a short good line, only a man
// whose last move onto x the traveled man can clear by taking an enemy could
// be one, and when there is none, there is no resonator.
func (n *node) settleFresh(k rules.Kind, x, y rules.Square, occ, aside rules.Bitboard) (sure, refuted bool) {
	p := n.p
	sl := &n.own.slots[n.own.head[k][x]-1]
	if sl.capped {
		return false, false
	}
	if p.Board[y] != rules.NoPiece {
		// The traveled man took an enemy on y. With no good line at all, a
		// line must pass y once the traveled man has left it: a man's own
		// route of two moves, or a helper leaving a man's last move open.
		return false, !sl.good && !n.routeThrough(k, x, y) && !n.lastMoveOpen(k, x, y, occ, aside, true)
	}
	if sl.short {
		for i := sl.first; i != 0; i = n.own.wits[i-1].next {
			w := &n.own.wits[i-1]
			if w.n <= 2 && w.flags&usesEnPassant == 0 && !w.deps.Has(x) && !aside.AndNot(w.deps).IsZero() {
				return true, false
			}
		}
		return false, false
	}
	return false, !n.lastMoveOpen(k, x, y, occ, aside, false)
}

// routeThrough reports whether some untraveled man could reach the
// traveling man of kind k on x in two moves of its own passing or stopping
// on y, on an empty board, without passing x.
func (n *node) routeThrough(k rules.Kind, x, y rules.Square) bool {
	b := &n.own.b
	gl := goal{sq: x, kind: k}
	for i := range b.men {
		m := &b.men[i]
		if m.u && b.lowerBound(m.kind, m.sq, x, k) <= 2 && n.own.routes(m.kind, m.sq, gl).Has(y) {
			return true
		}
	}
	return false
}

// lastMoveOpen reports whether some untraveled man's one move onto the
// traveling man of kind k on x, with blockers occ, is barred by nothing but
// the traveled man on y and at most one other man that could leave the way:
// an enemy the traveled man can take (one of aside), or, when helpers is
// set, an own man that could move away.
func (n *node) lastMoveOpen(k rules.Kind, x, y rules.Square, occ, aside rules.Bitboard, helpers bool) bool {
	p := n.p
	clearable := aside.And(p.ByColor[n.them])
	if helpers {
		clearable = clearable.Or(p.ByColor[n.us].AndNot(p.Flagged(rules.Traveling)))
	}
	for us := untraveled(&p.State, n.us); !us.IsZero(); {
		v := us.PopLSB()
		path, ok := finalPath(p, n.us, p.Board[v].Kind(), v, k, x)
		if !ok {
			continue
		}
		blk := path.And(occ)
		blk.Clear(y)
		if blk.IsZero() || (!blk.More() && clearable.Intersects(blk)) {
			return true
		}
	}
	return false
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
