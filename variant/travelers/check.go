package travelers

import "timechess/rules"

// Check (R7) as the check shortcut decides it (provers.go; plainThreat
// states the rule). A side is kingless when it has no surviving king
// (men.go) and resolved when it has no traveling man. Colour c is in check
// when its opponent o, moving next on the board, has a move legal by R1-R6
// after which c is kingless and o resolved. Such a move never adds a
// traveling man of o, and only an annihilation removes one, so:
//
//   - o with two or more traveling men, or o incorrect by a lost traveling
//     man (then o has no legal move at all), never gives check;
//   - o with one traveling man gives check when c is kingless already and o
//     can annihilate it now;
//   - o with none gives check when one capture can take c's last surviving
//     king (a "critical" king), or when c is kingless already and o has any
//     move that keeps it so.

// threat reports whether colour c is in check in p: the opponent moves next
// on this board (when c is the side to move, as if c passed: the en passant
// right lapses).
func threat(p *rules.Position, c rules.Color) bool {
	o := c.Other()
	if p.LostTraveling[o] {
		return false
	}
	k := kingsOf(&p.State, c)
	switch traveling(&p.State, o).Count() {
	case 0:
	case 1:
		return k.surviving() == 0 && !annihilators(p, o, p.Occupied(), rules.Bitboard{}).IsZero()
	default:
		return false
	}
	if k.surviving() == 0 {
		return keepsKingless(p, c)
	}
	return attacked(p, k.critical(), o, p.Occupied(), rules.Bitboard{})
}

// attacked reports whether colour o, with blockers occ and without its men
// on gone, can capture on a square of targets with a man that moves.
func attacked(p *rules.Position, targets rules.Bitboard, o rules.Color, occ, gone rules.Bitboard) bool {
	movers := p.ByColor[o].AndNot(p.Flagged(rules.Traveling)).AndNot(gone)
	for t := targets; !t.IsZero(); {
		if p.AttackersTo(t.PopLSB(), o, occ).Intersects(movers) {
			return true
		}
	}
	return false
}

// annihilators returns colour o's untraveled men that can move onto one of
// its traveling men in one normal move (R5), with blockers occ and without
// the men on gone.
func annihilators(p *rules.Position, o rules.Color, occ, gone rules.Bitboard) rules.Bitboard {
	var out rules.Bitboard
	for ts := traveling(&p.State, o).AndNot(gone); !ts.IsZero(); {
		out = out.Or(annihilatorsOf(p, o, ts.PopLSB(), occ, gone))
	}
	return out
}

// annihilatorsOf returns colour o's untraveled men that can move onto its
// traveling man on t in one normal move: a man of its kind by that kind's
// move, a pawn straight ahead (a double step from its second rank included),
// or a pawn promoting into it on the last rank.
func annihilatorsOf(p *rules.Position, o rules.Color, t rules.Square, occ, gone rules.Bitboard) rules.Bitboard {
	g := p.Geometry()
	u := untraveled(&p.State, o).AndNot(gone)
	pawns := u.And(p.ByKind[rules.Pawn])
	fwd, second, last := forward(o), doubleRank(g, o), g.H-1
	if o == rules.Black {
		last = 0
	}
	k := p.Board[t].Kind()
	one := t - fwd
	if k != rules.Pawn {
		out := g.Attacks(k, o, t, occ).And(u).And(p.ByKind[k])
		if t.Rank() == last && g.Contains(one) && pawns.Has(one) && promotes(p, k) {
			out.Set(one)
		}
		return out
	}
	var out rules.Bitboard
	if g.Contains(one) {
		if pawns.Has(one) {
			out.Set(one)
		} else if two := one - fwd; !occ.Has(one) && g.Contains(two) && two.Rank() == second && pawns.Has(two) {
			out.Set(two)
		}
	}
	return out
}

// promotes reports whether a pawn may promote to kind k.
func promotes(p *rules.Position, k rules.Kind) bool {
	for _, x := range p.Variant().Spec().Promotions {
		if x == k {
			return true
		}
	}
	return false
}

// keepsKingless reports whether the opponent of the kingless, unchecked
// colour c, itself resolved, has a move that leaves c kingless: any move but
// the capture of a traveling king that c's untraveled kings were waiting for.
func keepsKingless(p *rules.Position, c rules.Color) bool {
	o := c.Other()
	k := kingsOf(&p.State, c)
	tkings := traveling(&p.State, c).And(p.ByKind[rules.King])
	q := p
	if p.Side != o {
		st := p.State
		st.Side, st.EP = o, rules.NoSquare
		sib := p.Sibling(st)
		q = &sib
	}
	for _, m := range pseudoMoves(q, nil) {
		if m.Kind == rules.Castle || !tkings.Has(m.To) || k.u < k.t {
			return true
		}
	}
	for wing := 0; wing < 2; wing++ {
		if castleOpen(q, o, wing) {
			return true
		}
	}
	return false
}

// castleOpen reports whether colour c has the right to castle on wing and
// nothing stands in the way (the conditions about check aside).
func castleOpen(p *rules.Position, c rules.Color, wing int) bool {
	if p.Castle&(1<<(2*int(c)+wing)) == 0 {
		return false
	}
	cg := castlings(p).geo[int(c)*2+wing]
	return !p.Occupied().Intersects(cg.empty)
}
