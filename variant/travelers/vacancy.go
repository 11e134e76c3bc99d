package travelers

import "timechess/rules"

// After an ordinary move of the opponent's (a normal move or a double step
// from v to f), the side's survey is shared from the record of the position
// before it much as after an explosion (share.go): a line that reads
// neither v nor f is a line of the position before, with the same reads and
// the same final move, and is replayed; a line that reads f takes the man
// there (takingLines). What is left are the lines that read v, now empty:
// vacancyLines finds them, and with a double step the lines that take en
// passant, which the position before did not allow. An annihilation of the
// opponent's vacates two squares and fills none.
//
// It walks the full survey's tree (survey.go) under a filter. A first move
// that reads v (or takes en passant) has its whole subtree visited, as
// firstNodes visits it. Below a first move that reads no vacated square a
// line can read one only by a move of its own: the second move passes or
// lands on v, or the final move does, made by a man who stands where he
// sees v once the second move is made (its own man, or a man on a line
// through v and the square it left). So only those second moves are
// visited (vacancyTo), and only the final moves whose line reads v are
// recorded (readsNoVacated, asked in arrive, offer and resonate). At depth
// zero the men that see v, the castlings whose way holds it and the pawns
// that may take en passant are recorded. Where the full survey skips a
// line (a root move's gain, a transposition, a man that m1 leaves alone),
// the line it relies on instead reads a subset of the squares: it is
// replayed, or reads v too and the walk visits it, or takes on f and
// takingLines does.

// vacancyLines records the lines of a shared survey that read a square
// the change ch vacated (and, after a double step, those that take en
// passant), but for those that take on a filled square (takingLines).
func (s *survey) vacancyLines(ch change) {
	b := &s.b
	s.vacated = ch.vacated
	defer func() { s.vacated = rules.Bitboard{} }()
	for k := range s.vacSee {
		s.vacSee[k] = rules.Bitboard{}
	}
	for vs := ch.vacated; !vs.IsZero(); {
		q := vs.PopLSB()
		for _, k := range [...]rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King} {
			s.vacSee[k] = s.vacSee[k].Or(s.seeing(k, q))
		}
		for w := b.watchers(q, b.occ); !w.IsZero(); {
			i := int(b.at[w.PopLSB()]) - 1
			s.recordThrough(i, b.men[i].sq, b.men[i].kind, q, b.occ, b.own)
		}
	}
	s.way = s.castlingWay()
	if s.way.Intersects(ch.vacated) {
		s.recordCastles(b.occ, b.rights)
	}
	if b.ep != rules.NoSquare {
		for ps := b.g.PawnAttack[b.side.Other()][b.ep].And(b.ukind[rules.Pawn]); !ps.IsZero(); {
			sq := ps.PopLSB()
			s.recordPawn(int(b.at[sq])-1, sq, b.occ, b.own)
		}
	}
	s.vacLines = s.linesThrough()
	s.vacRoot, s.vacMen = s.vacLines, rules.Bitboard{}
	for _, m := range b.men {
		if !s.vacancyTo(m).IsZero() {
			s.vacMen.Set(m.sq)
		}
	}
	s.firstNodes(b.g.Mask.AndNot(ch.filled))
}

// vacancyMen returns, below the first move m1 (made, reading no vacated
// square), a superset of the men (their squares) for whom vacancyTo allows
// a move, and sets vacLines for the node: the men the position allows
// (vacancyTo rests on vacLines and the castling way, which m1 can only
// narrow, besides the man himself), and m1's man; all of them when m1
// moved a line piece or a pawn on or onto a line through a vacated
// square, and vacLines is computed afresh.
func (s *survey) vacancyMen(m1 hmove) rules.Bitboard {
	b := &s.b
	for vs := s.vacated; m1.piece != rules.Knight && m1.piece != rules.King && !vs.IsZero(); {
		q := vs.PopLSB()
		if rules.Aligned(q, m1.from) || rules.Aligned(q, m1.to) {
			s.vacLines = s.linesThrough()
			return b.g.Mask
		}
	}
	s.vacLines = s.vacRoot
	men := s.vacMen
	men.Set(m1.to)
	return men
}

// readsVacated reports whether the current line reads a vacated square or
// takes en passant: every line below it is one to record.
func (s *survey) readsVacated() bool {
	deps, flags := s.lineAt(s.depth)
	return deps.Intersects(s.vacated) || flags&usesEnPassant != 0
}

// readsNoVacated reports whether the current line, ended with the final
// move m onto land, is one a search for the lines through a vacated square
// leaves out: it reads no vacated square and takes no en passant. The
// recording functions ask it only while vacated is set (so that the usual
// survey pays one inlined test).
func (s *survey) readsNoVacated(m hmove, land rules.Square) bool {
	return !s.readsVacated() && m.kind != hEnPassant && !s.vacated.Has(land) && !s.b.deps(m).Intersects(s.vacated)
}

// vacancyAfter reports whether the root move m may record, at its node of
// depth one, a line that reads a vacated square: it reads one itself (or
// takes en passant, or castles), or vacancyTo allows it.
func (s *survey) vacancyAfter(m hmove) bool {
	b := &s.b
	if m.kind == hEnPassant || m.kind == hCastle || b.deps(m).Intersects(s.vacated) {
		return true
	}
	return s.vacancyTo(b.men[b.at[m.from]-1]).Has(m.to)
}

// vacancyTo returns the destinations of man's moves after which the line,
// reading no vacated square so far, may record one that does: a move that
// passes or lands on one, a move after which the man sees one (his final
// move may pass it), and every move when a man on a line through his square
// and a vacated one may pass both once he leaves (vacLines), or when his
// square is on the way of a castling that needs a vacated square empty.
// None when no destination of his kind from his square could be one.
func (s *survey) vacancyTo(man hman) rules.Bitboard {
	b := &s.b
	g := b.g
	a := man.sq
	if s.vacLines.Has(a) || s.way.Has(a) && s.way.Intersects(s.vacated) {
		return g.Mask
	}
	var to rules.Bitboard
	if man.u {
		to = s.vacSee[man.kind]
	}
	reach := sees(g, man.kind, a)
	if man.kind == rules.Pawn {
		reach = g.PawnAttack[b.side][a]
		for _, d := range [2]rules.Square{a + b.fwd, a + 2*b.fwd} {
			if g.Contains(d) {
				reach.Set(d)
			}
		}
	}
	if to = to.And(reach); to.IsZero() && !s.vacated.Intersects(reach) {
		return to
	}
	for vs := s.vacated; !vs.IsZero(); {
		to = to.Or(s.passing(man.kind, a, vs.PopLSB()))
	}
	return to
}

// linesThrough returns the squares a such that an untraveled man of the
// side on a line through a and a vacated square may pass both once a is
// empty: the lines through a vacated square that hold a line piece of
// their kind or, on a file, a pawn (whose double step may pass a and land
// on the vacated square, or the other way round); moverLines without the
// King, who passes nothing.
func (s *survey) linesThrough() rules.Bitboard {
	var lines rules.Bitboard
	for vs := s.vacated; !vs.IsZero(); {
		lines = lines.Or(s.moverLines(vs.PopLSB(), false))
	}
	return lines
}

// passing returns the destinations of the moves of a man of kind k on a
// that pass or land on square q (empty).
func (s *survey) passing(k rules.Kind, a, q rules.Square) rules.Bitboard {
	b := &s.b
	g := b.g
	if k == rules.Pawn {
		switch {
		case q == a+b.fwd:
			to := rules.SquareBB(q)
			if a.Rank() == b.second {
				to.Set(q + b.fwd)
			}
			return to
		case q == a+2*b.fwd && a.Rank() == b.second:
			return rules.SquareBB(q)
		}
		return rules.Bitboard{}
	}
	if !sees(g, k, a).Has(q) {
		return rules.Bitboard{}
	}
	if k == rules.Knight || k == rules.King {
		return rules.SquareBB(q)
	}
	return g.RayThrough(a, q, rules.Bitboard{}).AndNot(g.Between(a, q))
}

// seeing returns the squares from which a man of kind k (a pawn: also as
// each type it promotes to on the last rank) may make a move that passes
// or lands on square q.
func (s *survey) seeing(k rules.Kind, q rules.Square) rules.Bitboard {
	b := &s.b
	g := b.g
	if k != rules.Pawn {
		return sees(g, k, q)
	}
	var from rules.Bitboard
	for _, d := range [2]rules.Square{q - b.fwd, q - 2*b.fwd} {
		if g.Contains(d) {
			from.Set(d)
		}
	}
	var promo rules.Bitboard
	for _, pk := range b.promos {
		promo = promo.Or(sees(g, pk, q))
	}
	return from.Or(promo.And(g.Ranks[b.last]))
}
