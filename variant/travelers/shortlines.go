package travelers

import "timechess/rules"

// Whether an enemy man is a resonator (node.takeable) is mostly answered
// yes, and mostly by a short line of its own: those are tried before a
// resonance survey.

// resonatesSoon reports whether colour c's untraveled man on v can
// annihilate with one of its traveling men by a line of one of the
// shapes: its own one move or, a piece, its own two moves (a knight's
// three), or a move of an own man out of its way first (one in its way or
// in the way of a traveling man of its type), then its one or two moves.
func (n *node) resonatesSoon(p *rules.Position, c rules.Color, v rules.Square) bool {
	occ := p.Occupied()
	ts := traveling(&p.State, c)
	for t := ts; !t.IsZero(); {
		if annihilatorsOf(p, c, t.PopLSB(), occ, rules.Bitboard{}).Has(v) {
			return true
		}
	}
	k := p.Board[v].Kind()
	ts = ts.And(p.ByKind[k])
	if k == rules.Pawn || ts.IsZero() {
		return false
	}
	g := p.Geometry()
	own := p.ByColor[c]
	if reachesInTwo(g, c, k, v, ts, occ, own) || k == rules.Knight && knightInThree(g, v, ts, own) {
		return true
	}
	ways := g.Attacks(k, c, v, occ)
	for t := ts; !t.IsZero(); {
		ways = ways.Or(g.Attacks(k, c, t.PopLSB(), occ))
	}
	b := &n.spare.b
	b.init(p, c)
	for hs := ways.And(own); !hs.IsZero(); {
		h := hs.PopLSB()
		i := int(b.at[h]) - 1
		if i < 0 || h == v {
			continue // a traveling man never moves
		}
		ms := b.manMoves(n.spare.buf1[:0], i)
		n.spare.buf1 = ms
		for _, m := range ms {
			o, w := occ, own
			o.Clear(h)
			o.Set(m.to)
			w.Clear(h)
			w.Set(m.to)
			if reachesInTwo(g, c, k, v, ts, o, w) {
				return true
			}
		}
	}
	return false
}

// knightInThree reports whether a knight on v, own being its side's men,
// reaches a square of ts (own men) in three moves.
func knightInThree(g *rules.Geometry, v rules.Square, ts, own rules.Bitboard) bool {
	var second, last rules.Bitboard
	for xs := g.Knight[v].AndNot(own); !xs.IsZero(); {
		second = second.Or(g.Knight[xs.PopLSB()])
	}
	own.Clear(v)
	for t := ts; !t.IsZero(); {
		last = last.Or(g.Knight[t.PopLSB()])
	}
	return second.AndNot(own).Intersects(last)
}

// reachesInTwo reports whether a man of kind k (not a pawn) and colour c on
// v, with blockers occ of which own are c's, reaches a square of ts (its
// own men) in one move, or in two: onto a square it attacks that is not
// own and that a man of its kind on a square of ts would attack with v
// empty.
func reachesInTwo(g *rules.Geometry, c rules.Color, k rules.Kind, v rules.Square, ts, occ, own rules.Bitboard) bool {
	first := g.Attacks(k, c, v, occ)
	if first.Intersects(ts) {
		return true
	}
	first = first.AndNot(own)
	occ.Clear(v)
	for t := ts; !t.IsZero(); {
		if first.Intersects(g.Attacks(k, c, t.PopLSB(), occ)) {
			return true
		}
	}
	return false
}
