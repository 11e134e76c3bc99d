package rules

// Attacks returns the squares a man of kind k and colour c on s attacks or
// moves to with blockers occ (for a pawn: its capture squares).
func (g *Geometry) Attacks(k Kind, c Color, s Square, occ Bitboard) Bitboard {
	switch k {
	case Pawn:
		return g.PawnAttack[c][s]
	case Knight, Spirit:
		return g.Knight[s]
	case Bishop:
		return g.BishopAttacks(s, occ)
	case Rook:
		return g.RookAttacks(s, occ)
	case Queen, TimeThief:
		return g.QueenAttacks(s, occ)
	case King, Guard, Dwarf:
		return g.King[s]
	case Witch:
		return g.QueenAttacks(s, occ).Or(g.Knight[s]).Or(g.Leap2[s])
	}
	return Bitboard{}
}

// AttackersTo returns colour c's men that could capture on s with blockers
// occ. Men that never capture (Time Thief, Spirit, Witch) attack nothing; a
// possessed man that captures also attacks as a Knight.
func (p *Position) AttackersTo(s Square, c Color, occ Bitboard) Bitboard {
	g := p.setup.Geo
	k := &p.ByKind
	a := g.PawnAttack[c.Other()][s].And(k[Pawn])
	a = a.Or(g.Knight[s].And(k[Knight].Or(p.possessedJumpers(s, c))))
	a = a.Or(g.King[s].And(k[King].Or(k[Guard]).Or(k[Dwarf])))
	a = a.And(p.ByColor[c])
	// A slider attacks s when it stands on a line through s with nothing between.
	snipers := g.RookRays[s].And(k[Rook].Or(k[Queen])).Or(g.BishopRays[s].And(k[Bishop].Or(k[Queen]))).And(p.ByColor[c])
	for !snipers.IsZero() {
		sn := snipers.PopLSB()
		if !g.Between(s, sn).Intersects(occ) {
			a.Set(sn)
		}
	}
	return a
}

// possessedJumpers returns the possessed men that capture by their Spirit's
// Knight jump onto s: not a Time Thief or a Witch (they never capture), and
// not a pawn of colour c when s is c's first rank (no pawn may land there).
func (p *Position) possessedJumpers(s Square, c Color) Bitboard {
	k := &p.ByKind
	j := p.ByFlag[flagIndex(Possessed)].AndNot(k[TimeThief].Or(k[Witch]))
	if (c == White && s.Rank() == 0) || (c == Black && s.Rank() == p.setup.Geo.H-1) {
		j = j.AndNot(k[Pawn])
	}
	return j
}

// attackedWith reports whether colour c attacks s with blockers occ. It gives
// the same answer as AttackersTo but stops at the first attacker found.
func (p *Position) attackedWith(s Square, c Color, occ Bitboard) bool {
	g := p.setup.Geo
	k := &p.ByKind
	them := p.ByColor[c]
	if g.PawnAttack[c.Other()][s].And(k[Pawn]).Intersects(them) ||
		g.King[s].And(k[King].Or(k[Guard]).Or(k[Dwarf])).Intersects(them) {
		return true
	}
	knights := k[Knight]
	if !p.ByFlag[flagIndex(Possessed)].IsZero() {
		knights = knights.Or(p.possessedJumpers(s, c))
	}
	if g.Knight[s].And(knights).Intersects(them) {
		return true
	}
	snipers := g.RookRays[s].And(k[Rook].Or(k[Queen])).Or(g.BishopRays[s].And(k[Bishop].Or(k[Queen]))).And(them)
	for !snipers.IsZero() {
		if !g.Between(s, snipers.PopLSB()).Intersects(occ) {
			return true
		}
	}
	return false
}

// SlideOcc returns the blockers for colour c's sliders other than its
// Witches: every man except c's Witches and the men next to them, which are
// transparent to the Witches' allies (ruling T10).
func (p *Position) SlideOcc(c Color) Bitboard {
	occ := p.Occupied()
	w := p.Pieces(c, Witch)
	if w.IsZero() {
		return occ
	}
	t := w
	for b := w; !b.IsZero(); {
		t = t.Or(p.setup.Geo.King[b.PopLSB()])
	}
	return occ.AndNot(t)
}

// witchOcc returns the blockers for the Witch on s: her allied Witches and
// the men next to them are transparent to her, the men next to her are not.
func (p *Position) witchOcc(s Square) Bitboard {
	g := p.setup.Geo
	others := p.Pieces(p.Board[s].Color(), Witch)
	others.Clear(s)
	t := others
	for b := others; !b.IsZero(); {
		t = t.Or(g.King[b.PopLSB()])
	}
	return p.Occupied().AndNot(t)
}

// RoyalAttacked reports whether any King of colour c is attacked.
func (p *Position) RoyalAttacked(c Color) bool {
	occ := p.SlideOcc(c.Other())
	for ks := p.Pieces(c, King); !ks.IsZero(); {
		if !p.AttackersTo(ks.PopLSB(), c.Other(), occ).IsZero() {
			return true
		}
	}
	return false
}
