package travelers

import "timechess/rules"

// After an explosion, a line that moves the traveled man and leaves no
// square he took on is, with his moves left out, a line of at most two
// moves of the position (settleExplosion). A slot records whether it saw
// such a short line, and the refutations then keep all its men as the new
// traveling man's candidates, the traveled man assumed to get out of the
// way. Often he cannot: a bishop whose only step keeps him on the diagonal
// the short line runs along, a knight hemmed in by his own men. asideLine
// asks the board after the explosion, where that decides a refutation.

// asideLine reports whether, after the explosion bl, there may be a line of
// at most three moves in which the traveled man moves (and leaves no square
// he takes on: such lines are openLast's) and an untraveled man then moves
// onto the new traveling man on x. Such a line has at most one move of
// another man before its last. The last move either starts where its man
// stood (one of the last moves onto x, apps): every man on its path must
// leave it, the traveled man by his moves, an own man by the other move
// (an enemy or a traveling man never leaves); or its man made the other
// move, to a square from which a last move onto x starts, and the traveled
// man moves once, before or after him. The answer errs only towards yes: a
// King or Rook that may castle is assumed to get out of any way.
func (n *node) asideLine(bl *blast) bool {
	if n.promotedTraveler(bl) {
		return true // not followed
	}
	a := n.asideQuestionOf(bl, false, goal{sq: bl.x, kind: bl.k}, n.lastMovesOf(-1).apps)
	return !a.men().IsZero()
}

// asideResonators returns the untraveled men that lines of asideLine's
// shape prove resonators of the traveling man gl (lm: his last moves; the
// new one or an old one) after the explosion bl: each such line is played
// on the board after it, move by move, so that a man returned has a line
// of at most three moves onto gl (castling is not followed, nor a promoted
// traveled man).
func (n *node) asideResonators(bl *blast, gl goal, lm *lastMoves) rules.Bitboard {
	if n.promotedTraveler(bl) {
		return rules.Bitboard{}
	}
	a := n.asideQuestionOf(bl, true, gl, lm.apps)
	return a.men()
}

// promotedTraveler reports whether the traveled man of bl is a pawn that
// promoted with his move.
func (n *node) promotedTraveler(bl *blast) bool {
	h := n.p.Geometry().H
	return bl.k == rules.Pawn && (bl.y.Rank() == 0 || bl.y.Rank() == h-1)
}

// asideQuestionOf returns the question about lines onto the traveling man
// gl (apps: his last moves) after the explosion bl, answered exactly when
// prove is set.
func (n *node) asideQuestionOf(bl *blast, prove bool, gl goal, apps []approach) asideQuestion {
	p := n.p
	a := asideQuestion{
		n: n, bl: bl, gl: gl, apps: apps, occ: bl.occ, prove: prove,
		own:   p.ByColor[n.us].Or(rules.BB(bl.x, bl.y)),
		enemy: p.ByColor[n.them].AndNot(rules.SquareBB(bl.y)),
		fixed: n.fixed(bl.x),
	}
	a.movers = a.own.AndNot(a.fixed)
	a.movers.Clear(bl.y)
	a.first = a.tmFrom(bl.y, a.occ, a.own)
	return a
}

// men returns the men with one of asideLine's lines: all of them when the
// board is exact (prove), else at least one when there is any.
func (a *asideQuestion) men() rules.Bitboard {
	var men rules.Bitboard
	for _, ap := range a.apps {
		if !men.Has(ap.man) && a.clears(ap) {
			if men.Set(ap.man); !a.prove {
				return men
			}
		}
	}
	for s := a.finishers().AndNot(men); !s.IsZero(); {
		if sq := s.PopLSB(); a.finishesAfterMove(sq) {
			if men.Set(sq); !a.prove {
				return men
			}
		}
	}
	return men
}

// asideQuestion is the aside prover's question about lines onto the
// traveling man gl (whose last moves are apps) after the explosion bl. It
// asks the survey's board of hypothetical lines (n.own.b: the men's kinds,
// castling rights, ranks) and holds only what the explosion changes there,
// as squares: those occupied, the mover's men (the new ones included) and
// the enemy's, the mover's traveling men (fixed), the men other than the
// traveled man that may move (movers) and the traveled man's moves
// (first). No move is played on it. When prove is set, it answers exactly
// instead of erring towards yes.
type asideQuestion struct {
	n                              *node
	bl                             *blast
	gl                             goal
	apps                           []approach
	occ, own, enemy, fixed, movers rules.Bitboard
	first                          rules.Bitboard
	prove                          bool
}

// tmFrom returns the traveled man's moves from sq with blockers occ and the
// mover's men own.
func (a *asideQuestion) tmFrom(sq rules.Square, occ, own rules.Bitboard) rules.Bitboard {
	return travelerTargets(a.n.p.Geometry(), a.n.us, a.bl.k, sq, occ, own)
}

// manFrom returns the moves of the mover's man on sq with blockers occ and
// the mover's men own.
func (a *asideQuestion) manFrom(sq rules.Square, occ, own rules.Bitboard) rules.Bitboard {
	return travelerTargets(a.n.p.Geometry(), a.n.us, a.n.p.Board[sq].Kind(), sq, occ, own)
}

// clears reports whether the last move ap onto the traveling man may be
// cleared by such a line.
func (a *asideQuestion) clears(ap approach) bool {
	y, first := a.bl.y, a.first
	blk := ap.path.And(a.occ)
	if blk.Intersects(a.enemy.Or(a.fixed)) {
		return false
	}
	others := blk
	others.Clear(y)
	if others.More() {
		// Only a castling moves two men.
		if others.Count() > 2 {
			return false
		}
		for o := others; !o.IsZero(); {
			if !a.mayCastle(o.PopLSB()) {
				return false
			}
		}
		return true
	}
	if !others.IsZero() {
		// The other move takes the man off the path; the traveled man, if
		// on it, leaves it with his one move, before or after.
		h := others.LSB()
		if a.mayCastle(h) {
			return true
		}
		if !blk.Has(y) && a.prove {
			// The man moves at once, or once the traveled man has left.
			return !a.manFrom(h, a.occ, a.own).AndNot(ap.path).IsZero() || a.thenOff(y, first, h, ap.path)
		}
		if !blk.Has(y) {
			occ, own := a.occ, a.own
			occ.Clear(y)
			own.Clear(y)
			return !a.manFrom(h, occ, own).AndNot(ap.path).IsZero()
		}
		return a.thenOff(y, first, h, ap.path) || a.thenOff(h, a.manFrom(h, a.occ, a.own), y, ap.path)
	}
	if !blk.Has(y) || !first.AndNot(ap.path).IsZero() {
		return true
	}
	// Two moves along the path and off it, taking nothing on the way.
	for on := first.And(ap.path).AndNot(a.enemy); !on.IsZero(); {
		z := on.PopLSB()
		if occ, own := a.after(y, z); !a.tmFrom(z, occ, own).AndNot(ap.path).IsZero() {
			return true
		}
	}
	// A man in the traveled man's way leaves it first.
	g := a.n.p.Geometry()
	for h := targetReads(g, a.n.us, a.bl.k, y, a.occ).And(a.movers); !h.IsZero(); {
		v := h.PopLSB()
		if v != ap.man && (a.mayCastle(v) || a.thenOff(v, a.manFrom(v, a.occ, a.own), y, ap.path)) {
			return true
		}
	}
	return false
}

// after returns the squares occupied and the mover's men once his man on
// from has moved to to.
func (a *asideQuestion) after(from, to rules.Square) (occ, own rules.Bitboard) {
	occ, own = a.occ, a.own
	occ.Clear(from)
	occ.Set(to)
	own.Clear(from)
	own.Set(to)
	return occ, own
}

// thenOff reports whether, once the man on from (the traveled man when from
// is y) has moved to a square of tos off path, the man on then (or the
// traveled man) can move off path too.
func (a *asideQuestion) thenOff(from rules.Square, tos rules.Bitboard, then rules.Square, path rules.Bitboard) bool {
	for t := tos.AndNot(path); !t.IsZero(); {
		occ, own := a.after(from, t.PopLSB())
		var moves rules.Bitboard
		if then == a.bl.y {
			moves = a.tmFrom(then, occ, own)
		} else {
			moves = a.manFrom(then, occ, own)
		}
		if !moves.AndNot(path).IsZero() {
			return true
		}
	}
	return false
}

// finishers returns the untraveled men that may move onto the traveling man
// gl after one move of their own: those of his kind, and pawns that may
// become one (promoting with that move, or stepping in front of him on the
// last rank).
func (a *asideQuestion) finishers() rules.Bitboard {
	b := &a.n.own.b
	k, x := a.gl.kind, a.gl.sq
	f := b.ukind[k]
	if k == rules.Pawn || !promotes(a.n.p, k) {
		return f
	}
	dir := int(b.fwd / 16)
	f = f.Or(b.ukind[rules.Pawn].And(b.g.Ranks[b.last-dir]))
	if x.Rank() == b.last {
		f = f.Or(b.ukind[rules.Pawn].And(b.g.Ranks[b.last-2*dir]))
	}
	return f
}

// startsLast returns the squares from which a man of kind k, a pawn
// perhaps promoted there, could move onto the traveling man gl in one move
// on an empty board.
func (a *asideQuestion) startsLast(k rules.Kind) rules.Bitboard {
	b := &a.n.own.b
	g := b.g
	kx, x := a.gl.kind, a.gl.sq
	if k != rules.Pawn {
		return sees(g, k, x)
	}
	if kx != rules.Pawn {
		s := sees(g, kx, x).And(g.Ranks[b.last])
		if x.Rank() == b.last {
			s.Set(x - b.fwd)
		}
		return s
	}
	var s rules.Bitboard
	for _, v := range [2]rules.Square{x - b.fwd, x - 2*b.fwd} {
		if g.Contains(v) {
			s.Set(v)
		}
	}
	return s
}

// finishesAfterMove reports whether the untraveled man on sq may move to a
// square from which he moves onto the traveling man, the traveled man
// moving once before or after him.
func (a *asideQuestion) finishesAfterMove(sq rules.Square) bool {
	p := a.n.p
	k := p.Board[sq].Kind()
	if a.mayCastle(sq) {
		return true
	}
	starts := a.startsLast(k)
	if k != rules.Pawn && !sees(p.Geometry(), k, sq).Intersects(starts) {
		return false
	}
	y := a.bl.y
	g := p.Geometry()
	// The man first: the traveled man must then leave the last move's path.
	blocks := targetReads(g, a.n.us, k, sq, a.occ).Has(y)
	for t := a.manFrom(sq, a.occ, a.own).And(starts); !t.IsZero(); {
		to := t.PopLSB()
		occ, own := a.after(sq, to)
		path, ok := finalPath(p, a.n.us, a.kindOn(k, to), to, a.gl.kind, a.gl.sq)
		if !ok {
			continue
		}
		switch blk := path.And(occ); {
		case blk.IsZero():
			return true
		case blk == rules.SquareBB(y):
			blocks = true
			if !a.tmFrom(y, occ, own).AndNot(path).IsZero() {
				return true
			}
		}
	}
	if !blocks {
		return false // the traveled man first gains nothing
	}
	// The traveled man first, off the way the man needs.
	for f := a.first; !f.IsZero(); {
		occ, own := a.after(y, f.PopLSB())
		for t := a.manFrom(sq, occ, own).And(starts); !t.IsZero(); {
			to := t.PopLSB()
			path, ok := finalPath(p, a.n.us, a.kindOn(k, to), to, a.gl.kind, a.gl.sq)
			after := occ
			after.Clear(sq)
			after.Set(to)
			if ok && !path.Intersects(after) {
				return true
			}
		}
	}
	return false
}

// mayCastle reports whether the man on sq is the King or the Rook of a
// castling the side may still make, nothing but perhaps the traveled man
// standing in its way: castling is not followed, the answer is yes (no on
// an exact board).
func (a *asideQuestion) mayCastle(sq rules.Square) bool {
	if a.prove {
		return false
	}
	b := &a.n.own.b
	occ := a.occ
	occ.Clear(a.bl.y)
	for wing := uint8(0); wing < 2; wing++ {
		if b.rights&(1<<wing) == 0 {
			continue
		}
		if cg := b.castle(wing); (sq == cg.king || sq == cg.rook) && !occ.Intersects(cg.empty) {
			return true
		}
	}
	return false
}

// kindOn returns the kind of a man of kind k once he has moved to sq: a pawn
// reaching the last rank promotes to the kind of the traveling man gl.
func (a *asideQuestion) kindOn(k rules.Kind, sq rules.Square) rules.Kind {
	if k == rules.Pawn && sq.Rank() == a.n.own.b.last && a.gl.kind != rules.Pawn {
		return a.gl.kind
	}
	return k
}
