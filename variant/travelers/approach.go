package travelers

import "timechess/rules"

// The refutations of explosions ask, for a traveling man, which untraveled
// men could move onto him in one move on an empty board, and what that
// move needs empty. The answer rests on the side's untraveled men alone, so
// a node keeps the answers it found (nodes are reused through the session, and siblings, which
// mostly have the same untraveled men, come one after another) until it
// serves a side whose untraveled men differ.

// approach is an untraveled man's last move onto a traveling man: its
// square and the squares the move needs empty (finalPath).
type approach struct {
	man  rules.Square
	path rules.Bitboard
}

// approachMemo keeps the approaches found for the untraveled men men of
// colour c with setup setup: those onto a man of kind k on x are
// buf[r.from:r.to], r being at[k][x], when r.gen is gen.
type approachMemo struct {
	c     rules.Color
	setup *rules.Setup
	men   [rules.NumKinds]rules.Bitboard
	gen   uint32
	at    [rules.NumKinds][rules.NumSquares]approachRange
	buf   []approach
}

// approachRange is where the approaches onto one traveling man are in an
// approachMemo, and for which generation.
type approachRange struct {
	gen      uint32
	from, to int32
}

// approaches returns the last moves onto a traveling man gl on an empty
// board: those of its finishers. The slice is the memo's: it is only read.
func (n *node) approaches(gl goal) []approach {
	m := &n.approachMemo
	if !n.approachesFit {
		n.approachesFit = true
		b := &n.own.b
		if m.gen == 0 || m.c != n.us || m.setup != n.p.Setup() || m.men != b.ukind {
			m.c, m.setup, m.men, m.buf = n.us, n.p.Setup(), b.ukind, m.buf[:0]
			if m.gen++; m.gen == 0 { // wrapped: no range may look current
				clear(m.at[:])
				m.gen = 1
			}
		}
	}
	r := &m.at[gl.kind][gl.sq]
	if r.gen != m.gen {
		from := len(m.buf)
		p := n.p
		for us := n.finishers(gl.kind, gl.sq); !us.IsZero(); {
			v := us.PopLSB()
			if path, ok := finalPath(p, n.us, p.Board[v].Kind(), v, gl.kind, gl.sq); ok {
				m.buf = append(m.buf, approach{man: v, path: path})
			}
		}
		*r = approachRange{gen: m.gen, from: int32(from), to: int32(len(m.buf))}
	}
	return m.buf[r.from:r.to:r.to]
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
		if have != want || !sees(g, have, x).Has(v) {
			return rules.Bitboard{}, false
		}
		return g.Between(v, x), true
	}
	fwd, second, last := forward(c), doubleRank(g, c), g.H-1
	if c == rules.Black {
		last = 0
	}
	switch {
	case x == v+fwd && (want == rules.Pawn) == (x.Rank() != last):
		return rules.Bitboard{}, want == rules.Pawn || promotes(p, want)
	case want == rules.Pawn && x == v+2*fwd && v.Rank() == second && g.Contains(x):
		return rules.SquareBB(v + fwd), true
	}
	return rules.Bitboard{}, false
}
