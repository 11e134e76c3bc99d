package travelers

import "timechess/rules"

// A remembered resonance answer (memo.go) also holds on a board that has
// enemy men on more of the squares its survey read ("filled"), when the first line found of each resonance reads none of
// them and the survey of the filled board would follow no line on which an
// own pawn takes on one of them (node.fillable). A line that reads no
// filled square is a line of both boards, so every resonance survives. A
// line of the filled board that takes on a filled square with a piece
// leaves the board a quiet move there would have left, so it is a line of
// the other board with the same end, and no resonance is new; only a pawn,
// which cannot move aside onto an empty square, gains lines by the new men
// (with its first or second move: the last ends on a traveling man).

// fillable reports whether a resonance answer for a board without the
// enemy men on filled holds in p, where they stand, when the first lines
// that answer found read none of them (the caller's to check): whether the
// survey of key k in p prunes every line on which an own pawn takes on one
// of them (see above). Such a pawn takes with the line's first or second move
// (its last move ends on a traveling man), from a square diagonally behind
// the filled square that it stands on or reaches with its first move. The
// survey follows the capture only when the pawn then has a bound of at most
// two moves, when as a first move it takes a man standing between or leaves
// the zone (resonanceLines), or when as a second move it leaves a square
// between a man then one move from a traveling man and that traveling man
// (resonanceNode): a man one move away in p, or the first move's man, which
// then stands where its kind reaches a traveling man of its type in one
// move (or a pawn's double step behind it).
func (n *node) fillable(p *rules.Position, k *memoKey, filled rules.Bitboard) bool {
	g := p.Geometry()
	other, last := k.side.Other(), g.H-1
	if k.side == rules.Black {
		last = 0
	}
	var behind, origins rules.Bitboard
	for f := filled; !f.IsZero(); {
		d := f.PopLSB()
		if d.Rank() == last {
			return false // a promotion: not followed here
		}
		behind = behind.Or(g.PawnAttack[other][d])
	}
	// Where a pawn that could stand behind with its first move comes from:
	// a square behind, one or two steps back, or a capture back.
	back := -forward(k.side)
	for sq := behind; !sq.IsZero(); {
		sc := sq.PopLSB()
		origins = origins.Or(g.PawnAttack[other][sc])
		for v, i := sc, 0; i < 3 && g.Contains(v); v, i = v+back, i+1 {
			origins.Set(v)
		}
	}
	if !origins.Intersects(k.men[rules.Pawn-1]) {
		return true
	}
	s := &n.spare
	b := &s.b
	s.only, s.alone = k.only, k.only != rules.NoSquare
	defer func() { s.alone = false }()
	s.begin(p, k.side, resonanceSurvey, k.targets)
	// The pawns' squares behind: where they stand, or where their first
	// move takes them (en passant included).
	var from, reached rules.Bitboard
	if b.ep != rules.NoSquare && behind.Has(b.ep) {
		reached.Set(b.ep)
	}
	for i := range b.men {
		m := &b.men[i]
		if m.kind != rules.Pawn || !origins.Has(m.sq) {
			continue
		}
		if behind.Has(m.sq) {
			from.Set(m.sq)
		}
		for _, mv := range b.pawnMoves(s.buf1[:0], m.sq) {
			if behind.Has(mv.to) {
				reached.Set(mv.to)
			}
		}
	}
	stands := from.Or(reached)
	if stands.IsZero() {
		return true
	}
	for sq := stands; !sq.IsZero(); {
		for ds := filled.And(g.PawnAttack[k.side][sq.PopLSB()]); !ds.IsZero(); {
			if s.leastPawnBound(ds.PopLSB()) <= 2 {
				return false
			}
		}
	}
	s.lb = grow(s.lb, len(b.men))
	for i := range b.men {
		s.lb[i] = s.bound(i, b.men[i].sq, b.men[i].kind)
	}
	zone, between := s.zone()
	for sq := from; !sq.IsZero(); {
		sc := sq.PopLSB()
		if zone.Has(sc) || filled.And(g.PawnAttack[k.side][sc]).Intersects(between) {
			return false
		}
	}
	return !s.nearLines().Intersects(stands)
}

// nearLines returns the squares a second move may leave to serve
// (resonanceNode): those between a man one move from a traveling man of
// its type, by the bounds, and any surveyed traveling man; the men one move
// away are those in s.lb and the men a first move brings one move away
// (from two).
func (s *survey) nearLines() rules.Bitboard {
	b := &s.b
	var near rules.Bitboard
	ms := s.buf1[:0]
	var wings uint8
	for i := range b.men {
		switch {
		case s.lb[i] <= 1:
			near.Set(b.men[i].sq)
			fallthrough
		case s.lb[i] <= 2: // a move lowers a bound by one at most
			ms = b.manMoves(ms, i)
			wings |= b.wingsOf(b.men[i].sq)
		}
	}
	ms = b.specialMoves(ms, wings)
	s.buf1 = ms
	for _, m := range ms {
		if m.kind == hCastle {
			cg := b.castle(m.wing)
			for _, mv := range [2][2]rules.Square{{cg.king, cg.kingTo}, {cg.rook, cg.rookTo}} {
				if i := int(b.at[mv[0]]) - 1; s.bound(i, mv[1], b.men[i].kind) <= 1 {
					near.Set(mv[1])
				}
			}
			continue
		}
		i := int(b.at[m.from]) - 1
		if s.bound(i, m.to, promoted(b.men[i].kind, m.promo)) <= 1 {
			near.Set(m.to)
		}
	}
	var lines rules.Bitboard
	for x := near; !x.IsZero(); {
		sq := x.PopLSB()
		for _, gl := range s.goals {
			lines = lines.Or(b.g.Between(sq, gl.sq))
		}
	}
	return lines
}

// leastPawnBound returns the least bound of a pawn on sq to a surveyed traveling
// man (a bound the survey may not give it: it may be traveled, or not the
// man asked about).
func (s *survey) leastPawnBound(sq rules.Square) int {
	best := unreachable
	for _, gl := range s.goals {
		best = min(best, s.b.lowerBound(rules.Pawn, sq, gl.sq, gl.kind))
	}
	return best
}
