package travelers

import "timechess/rules"

// A resonance survey answers R4 only: which untraveled men resonate with
// which own traveling men. It is the exact test after an action, so it is
// pruned hard: a man takes part only while a lower bound on its moves to a
// traveling man of its type fits the moves left (distance.go), a first move
// only when its man gets closer or the square it leaves lies on a route of a
// man that is close (zone), a second move only when its man can then finish
// or it leaves a square between a finishing man and its traveling man.

// resonanceLines explores the lines of a resonance survey: only those on
// which some untraveled man can still reach a traveling man of its type in
// the moves left, by the bounds of distance.go.
func (s *survey) resonanceLines() {
	b := &s.b
	if len(s.goals) == 0 {
		return
	}
	s.lb = grow(s.lb, len(b.men))
	best := unreachable
	for i := range b.men {
		s.lb[i] = s.bound(i, b.men[i].sq, b.men[i].kind)
		best = min(best, s.lb[i])
	}
	if best > 3 {
		return
	}
	s.recordNear()
	zone, between := s.zone()

	// A man whose bound exceeds three moves serves the lines only by what
	// its move leaves or takes: only its captures of enemies standing
	// between are generated when its square is outside the zone, so that
	// the survey reads no more squares than its answer rests on (memo.go).
	m0 := s.buf0[:0]
	takeable := between.And(b.enemy)
	b.reads = b.reads.Or(between)
	for i := range b.men {
		if s.lb[i] <= 3 || zone.Has(b.men[i].sq) {
			m0 = b.manMoves(m0, i)
		} else if !takeable.IsZero() {
			m0 = b.captures(m0, i, takeable)
		}
	}
	m0 = b.specialMoves(m0, 3)
	s.buf0 = m0
	for _, m := range m0 {
		i := int(b.at[m.from]) - 1
		if m.kind == hNormal || m.kind == hDouble {
			closer := s.bound(i, m.to, promoted(b.men[i].kind, m.promo)) <= 2
			takes := b.enemy.Has(m.to) && between.Has(m.to)
			if !closer && !takes && !zone.Has(m.from) {
				continue // nothing this move does can serve the two moves left
			}
		}
		s.budget.Poll()
		u := b.make(m)
		s.push(m)
		s.resonanceNode()
		s.pop()
		b.unmake(u)
	}
}

// zone returns the squares whose vacating by a first move can serve a
// resonance in the two moves left, and the squares between a man one move
// from a traveling man of its type and that man. The two moves left are a
// man's two moves (zone: the squares of its two-move routes on an empty
// board), or a helper's move and a man's last move (the helper leaves a
// square between; the first move may free the helper: zone holds the own
// men that block the men standing between), or a man taking an enemy that
// stands between, leaving it and a man's last move (between).
func (s *survey) zone() (zone, between rules.Bitboard) {
	b := &s.b
	g := b.g
	for i := range b.men {
		if s.lb[i] > 2 {
			continue
		}
		m := &b.men[i]
		for _, gl := range s.goals {
			switch d := b.lowerBound(m.kind, m.sq, gl.sq, gl.kind); {
			case d > 2:
				continue
			case d <= 1:
				between = between.Or(g.Between(m.sq, gl.sq))
			}
			zone = zone.Or(s.routes(m.kind, m.sq, gl))
		}
	}
	for z := between.And(b.own); !z.IsZero(); {
		if i := b.at[z.PopLSB()]; i != 0 {
			zone = zone.Or(b.blockers(int(i) - 1))
		}
	}
	return zone.Or(between), between
}

// routes returns the squares a man of kind k on sq may pass or stop on in
// at most two moves to the traveling man gl, on a board empty but for gl,
// which no first move passes (a superset
// for pawns: the squares up to three ranks ahead and two files aside, and
// the lines from the promotion squares among them).
func (s *survey) routes(k rules.Kind, sq rules.Square, gl goal) rules.Bitboard {
	b := &s.b
	g := b.g
	t := gl.sq
	switch k {
	case rules.Pawn:
		var r rules.Bitboard
		for dr := 1; dr <= 3; dr++ {
			for df := -2; df <= 2; df++ {
				if f, rk := sq.File()+df, sq.Rank()+dr*int(b.fwd)/16; g.On(f, rk) {
					c := rules.SquareAt(f, rk)
					r.Set(c)
					if rk == b.last && gl.kind != rules.Pawn {
						r = r.Or(g.Between(c, t))
					}
				}
			}
		}
		return r
	case rules.Knight:
		return g.Knight[sq].And(g.Knight[t])
	case rules.King:
		r := g.King[sq].And(g.King[t])
		for wing := uint8(0); wing < 2; wing++ {
			if cg := b.castle0(wing); cg != nil && cg.king == sq {
				r = r.Or(cg.empty)
			}
		}
		return r
	}
	cs := sees(g, k, sq).And(sees(g, k, t))
	r := g.Between(sq, t)
	for !cs.IsZero() {
		c := cs.PopLSB()
		if first := g.Between(sq, c); !first.Has(t) {
			r = r.Or(first).Or(g.Between(c, t))
			r.Set(c)
		}
	}
	return r
}

// blockers returns the own men whose leaving would give man i a move.
func (b *hboard) blockers(i int) rules.Bitboard {
	m := &b.men[i]
	if m.kind != rules.Pawn {
		att := b.g.Attacks(m.kind, b.side, m.sq, b.occ)
		b.reads = b.reads.Or(att)
		return att.And(b.own)
	}
	var r rules.Bitboard
	if one := m.sq + b.fwd; b.g.Contains(one) {
		r.Set(one)
		if two := one + b.fwd; m.sq.Rank() == b.second && b.g.Contains(two) {
			r.Set(two)
		}
	}
	return r.And(b.own)
}

// captures appends the moves of man i that capture on a square of targets,
// which hold enemy men.
func (b *hboard) captures(ml []hmove, i int, targets rules.Bitboard) []hmove {
	m := &b.men[i]
	g := b.g
	for t := targets; !t.IsZero(); {
		b.reads = b.reads.Or(g.Between(m.sq, t.PopLSB()))
	}
	b.reads = b.reads.Or(targets)
	if m.kind == rules.Pawn {
		for t := g.PawnAttack[b.side][m.sq].And(targets); !t.IsZero(); {
			ml = b.pawnTo(ml, m.sq, t.PopLSB())
		}
		return ml
	}
	for t := g.Attacks(m.kind, b.side, m.sq, b.occ).And(targets); !t.IsZero(); {
		ml = append(ml, hmove{from: m.sq, to: t.PopLSB(), piece: m.kind})
	}
	return ml
}

// resonanceNode explores the lines of a resonance survey below a node of
// depth one.
func (s *survey) resonanceNode() {
	b := &s.b

	moved := s.rebound()
	defer s.restoreBounds(moved)
	near, best := s.recordNear()
	if best > 2 {
		return
	}
	// Vacating a square helps a man one move from a traveling man only when
	// the square lies between them.
	var between rules.Bitboard
	for v := near; !v.IsZero(); {
		sq := v.PopLSB()
		for _, g := range s.goals {
			between = between.Or(b.g.Between(sq, g.sq))
		}
	}
	// The second move matters when its man can then finish (a bound of two
	// now: a move lowers a bound by one at most) or leaves a square between.
	ms := s.buf1[:0]
	var wings uint8
	for i := range b.men {
		if man := &b.men[i]; s.lb[i] <= 2 || between.Has(man.sq) {
			ms = b.manMoves(ms, i)
			if man.kind == rules.King || man.kind == rules.Rook {
				wings |= b.wingsOf(man.sq)
			}
		}
	}
	ms = b.specialMoves(ms, wings)
	s.buf1 = ms

	for _, m := range ms {
		if m.kind == hCastle || m.kind == hEnPassant {
			u := b.make(m)
			s.push(m)
			moved2 := s.rebound()
			s.recordNear()
			s.restoreBounds(moved2)
			s.pop()
			b.unmake(u)
			continue
		}
		i := int(b.at[m.from]) - 1
		man := &b.men[i]
		k := promoted(man.kind, m.promo)
		// A move lowers a bound by one at most.
		self := man.u && s.lb[i] <= 2 && s.bound(i, m.to, k) <= 1
		leaves := between.Has(m.from)
		if !self && !leaves {
			continue
		}
		occ, own := b.occ, b.own
		occ.Clear(m.from)
		own.Clear(m.from)
		occ.Set(m.to)
		own.Set(m.to)
		var w rules.Bitboard
		if leaves {
			w = s.nearSeers(near, m.from, occ)
		}
		if !self && w.IsZero() {
			continue
		}
		s.push(m)
		if self {
			s.recordMan(i, m.to, k, occ, own)
		}
		for !w.IsZero() {
			j := int(b.at[w.PopLSB()]) - 1
			s.recordMan(j, b.men[j].sq, b.men[j].kind, occ, own)
		}
		s.pop()
	}
}

// nearSeers returns the men of near that see square a once it is empty,
// with blockers occ: watchers narrowed to them, found man by man, so that
// the board's reads gain only the squares between them and a (and the
// square a pawn's double step crosses).
func (s *survey) nearSeers(near rules.Bitboard, a rules.Square, occ rules.Bitboard) rules.Bitboard {
	b := &s.b
	g := b.g
	var w rules.Bitboard
	for n := near; !n.IsZero(); {
		u := n.PopLSB()
		k := b.men[b.at[u]-1].kind
		switch {
		case k == rules.Pawn:
			if one := u + b.fwd; a != one && g.Contains(one) {
				b.reads.Set(one)
			}
		case sees(g, k, u).Has(a):
			b.reads = b.reads.Or(g.Between(u, a))
		}
		if s.passes(k, u, a, occ) {
			w.Set(u)
		}
	}
	return w
}

// recordNear records the final moves of the untraveled men one move from a
// traveling man of their type by their bounds, and returns their squares and
// the least bound of all.
func (s *survey) recordNear() (rules.Bitboard, int) {
	b := &s.b
	var near rules.Bitboard
	best := unreachable
	for i := range b.men {
		best = min(best, s.lb[i])
		if s.lb[i] <= 1 {
			near.Set(b.men[i].sq)
			s.recordMan(i, b.men[i].sq, b.men[i].kind, b.occ, b.own)
		}
	}
	return near, best
}

// rebound recomputes the bounds of the men the last move of the line moved
// and returns them with their old bounds, for restoreBounds.
func (s *survey) rebound() [2][2]int {
	b := &s.b
	m := s.line[s.depth-1]
	saved := [2][2]int{{-1, 0}, {-1, 0}}
	squares, n := [2]rules.Square{m.to}, 1
	if m.kind == hCastle {
		cg := b.castle(m.wing)
		squares, n = [2]rules.Square{cg.kingTo, cg.rookTo}, 2
	}
	for j, sq := range squares[:n] {
		i := int(b.at[sq]) - 1
		saved[j] = [2]int{i, s.lb[i]}
		s.lb[i] = s.bound(i, sq, b.men[i].kind)
	}
	return saved
}

// restoreBounds puts back the bounds rebound changed.
func (s *survey) restoreBounds(saved [2][2]int) {
	for _, e := range saved {
		if e[0] >= 0 {
			s.lb[e[0]] = e[1]
		}
	}
}

// bound returns the least number of moves man i, on sq as kind k, needs to
// annihilate with an own traveling man, or unreachable for a traveled man
// and, when the survey asks about one man only, for the others: they serve
// its lines as helpers only, and the pruning keeps every line it finishes.
func (s *survey) bound(i int, sq rules.Square, k rules.Kind) int {
	if !s.b.men[i].u || s.alone && s.origin[i] != s.only {
		return unreachable
	}
	best := unreachable
	for _, g := range s.goals {
		best = min(best, s.b.lowerBound(k, sq, g.sq, g.kind))
	}
	return best
}
