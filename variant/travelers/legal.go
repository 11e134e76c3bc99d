package travelers

import "timechess/rules"

// Legal appends the legal actions of the side to move: its normal moves,
// castlings by R8, annihilations and explosions, each keeping the mover
// grammatically correct and out of check unless it leaves the opponent
// incorrect (R6, R7). A side that is incorrect has lost and has none.
func (v *Variant) Legal(p *rules.Position, ml []rules.Move) []rules.Move {
	if out, ok := cachedMoves(p, ml); ok {
		return out
	}
	start := len(ml)
	if v.plain() {
		ml = plainLegal(p, ml)
		cacheMoves(p, ml[start:])
		return ml
	}
	n := analyse(p)
	defer n.release()
	n.out, n.list = ml, true
	n.generate()
	cacheMoves(p, n.out[start:])
	// Explosions come last: the children that follow one ask for the proofs.
	if last := len(n.out) - 1; last >= start && n.out[last].Kind == rules.Explosion && v.off&Proofs == 0 {
		keepProofs(n.own, p)
	}
	return n.out
}

// Count returns the number of legal actions (perft's bulk count).
func (v *Variant) Count(p *rules.Position) int {
	if v.plain() {
		return len(v.Legal(p, nil))
	}
	n := analyse(p)
	defer n.release()
	n.list = false
	n.generate()
	return n.n
}

// generate finds the legal actions of the node, or counts them.
func (n *node) generate() {
	n.n, n.nVacant = 0, 0
	if !n.correct || n.countAgain() {
		return
	}
	p := n.p
	n.buf = pseudoMoves(p, n.buf[:0])
	for _, m := range n.buf {
		if m.Kind != rules.Castle && n.legalMove(m) {
			n.emit(m)
		}
	}
	n.castlings()
	n.annihilations()
	n.explosions()
	n.logCount()
}

// doubleRank returns the rank from which a pawn of colour c may step twice
// on board g: its second rank, or none (-1) on a board of four ranks, where
// the double step would land on the last rank (docs/rules/chess.md: the
// pawn steps once and promotes instead).
func doubleRank(g *rules.Geometry, c rules.Color) int {
	if g.H == 4 {
		return -1
	}
	if c == rules.Black {
		return g.H - 2
	}
	return 1
}

// forward returns colour c's pawn step.
func forward(c rules.Color) rules.Square {
	if c == rules.White {
		return 16
	}
	return -16
}

// moveKing returns the kings after the king on from moves to to.
func moveKing(k kingCount, from, to rules.Square) kingCount {
	if k.us.Has(from) {
		k.us.Clear(from)
		k.us.Set(to)
	} else if k.d.Has(from) {
		k.d.Clear(from)
		k.d.Set(to)
	}
	return k
}

// legalMove decides a normal move (castling aside).
func (n *node) legalMove(m rules.Move) bool {
	p := n.p
	if m.Kind == rules.EnPassant && p.EPAnnihilation {
		return n.decide(&candidate{m: m, playOnly: true}) // the traveling pawn comes back (R5)
	}
	var taken rules.Bitboard
	if m.Kind == rules.EnPassant {
		taken.Set(m.To - forward(n.us))
	} else if p.Board[m.To] != rules.NoPiece {
		taken.Set(m.To)
	}
	return n.decide(&candidate{
		m: m, changed: rules.BB(m.From, m.To).Or(taken), drop: -1, gone: rules.NoSquare,
		root: m.Kind != rules.EnPassant, kings: moveKing(n.kings, m.From, m.To), taken: taken,
	})
}

// castlings finds the legal castlings (R8): untraveled King and rook with the
// right, nothing in the way, and the King not in check (R7) on its square,
// on the squares it crosses, or after castling.
func (n *node) castlings() {
	p := n.p
	for wing := 0; wing < 2; wing++ {
		if !castleOpen(p, n.us, wing) {
			continue
		}
		cg := castlings(p).geo[int(n.us)*2+wing]
		if n.inCheck() || n.crossesCheck(cg) {
			continue
		}
		m := rules.Move{Kind: rules.Castle, Piece: rules.King, From: cg.king, To: cg.kingTo, Via: cg.rook}
		if n.decide(&candidate{
			m: m, changed: rules.BB(cg.king, cg.rook, cg.kingTo, cg.rookTo), drop: -1, gone: rules.NoSquare,
			kings: moveKing(n.kings, cg.king, cg.kingTo),
		}) {
			n.emit(m)
		}
	}
}

// crossesCheck reports whether the King would be in check on a square it
// crosses while castling (its start and destination aside).
func (n *node) crossesCheck(cg castleGeo) bool {
	p := n.p
	for s := cg.path.AndNot(rules.BB(cg.king, cg.kingTo)); !s.IsZero(); {
		sq := s.PopLSB()
		occ := p.Occupied()
		occ.Clear(cg.king)
		occ.Set(sq)
		if th, known := n.quickThreat(moveKing(n.kings, cg.king, sq), occ, rules.Bitboard{}); known && n.has(CheckShortcut) {
			if th {
				return true
			}
			continue
		}
		king := p.Remove(cg.king)
		p.Put(king, sq)
		th := n.threat(p, n.us)
		p.Remove(sq)
		p.Put(king, cg.king)
		if th {
			return true
		}
	}
	return false
}

// annihilations finds the legal annihilations (R5): an untraveled man moves
// onto an own traveling man of its type in one normal move, and both vanish.
func (n *node) annihilations() {
	p := n.p
	occ := p.Occupied()
	for j, t := range n.own.goals {
		for rs := annihilatorsOf(p, n.us, t.sq, occ, rules.Bitboard{}); !rs.IsZero(); {
			from := rs.PopLSB()
			m := annihilation(p, from, t)
			kings := n.kings
			if t.kind == rules.King {
				kings.us.Clear(from)
				kings.u--
				kings.t--
			}
			if n.decide(&candidate{m: m, changed: rules.BB(from, t.sq), drop: j, gone: from, kings: kings}) {
				n.emit(m)
			}
		}
	}
}

// keepsMatching reports whether the witnesses prove the mover correct after
// traveling man j annihilates with the man on from: the other traveling
// men keep their resonators, each by its witness or by that witness with
// the moves of the man on from taken out (survey.withoutMan).
func (n *node) keepsMatching(j int, from rules.Square) bool {
	if len(n.own.goals) == 1 {
		return true
	}
	if !n.has(Witnesses) || n.fragile || n.tman[j] != from {
		return false
	}
	t := n.own.goals[j].sq
	changed := rules.BB(from, t)
	for i, d := range n.tdeps {
		if i != j && d.Intersects(changed) && !n.own.withoutMan(&n.own.wits[n.twit[i]], from, t) {
			return false
		}
	}
	return true
}
