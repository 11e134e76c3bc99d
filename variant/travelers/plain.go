package travelers

import "timechess/rules"

// The plain rules: each ruling of docs/rules/travelers.md stated once, the
// slow way, by trying every hypothetical line and playing every candidate
// action. They are the exact path: a Variant with no provers (provers.go)
// decides every question here, and the provers in front of them answer
// only what follows from these functions (the tests compare the two).

// lineReach is what the hypothetical lines of one side find (R2): per man,
// by the square he stands on in the position, the squares empty there that
// he reaches as each kind, and the own traveling men he resonates with
// (R4: lines whose last move lands on them).
type lineReach struct {
	reach map[rules.Square]*[rules.NumKinds]rules.Bitboard
	res   map[rules.Square]rules.Bitboard
}

// plainLines tries every hypothetical line of at most limit moves of colour
// c in p (R2, A1) on the board of hypothetical lines (hypo.go). Unless
// reach is set, it finds the resonances alone.
func plainLines(p *rules.Position, c rules.Color, limit int, reach bool) lineReach {
	out := lineReach{reach: map[rules.Square]*[rules.NumKinds]rules.Bitboard{}, res: map[rules.Square]rules.Bitboard{}}
	var b hboard
	b.init(p, c)
	start := make([]rules.Square, len(b.men)) // each man's square in p
	for i, m := range b.men {
		start[i] = m.sq
	}
	moves := make([][]hmove, limit) // the moves at each depth
	var walk func(depth int)
	walk = func(depth int) {
		// A resonance's last move is one of the line's (R4).
		for i, m := range b.men {
			if m.u {
				if t := b.ontoTraveling(i); !t.IsZero() {
					out.res[start[i]] = out.res[start[i]].Or(t)
				}
			}
		}
		if !reach && depth == limit-1 {
			return // a line's last move matters only when it lands on a traveling man
		}
		moves[depth] = b.moves(moves[depth][:0])
		for _, m := range moves[depth] {
			if depth < limit-1 {
				p.Poll()
			}
			u := b.make(m)
			arrived := []rules.Square{m.to}
			if m.kind == hCastle {
				cg := b.castle(m.wing)
				arrived = []rules.Square{cg.kingTo, cg.rookTo}
			}
			for _, s := range arrived {
				if !reach {
					break
				}
				i := int(b.at[s]) - 1
				if b.men[i].u && b.rootEmpty.Has(s) {
					r := out.reach[start[i]]
					if r == nil {
						r = new([rules.NumKinds]rules.Bitboard)
						out.reach[start[i]] = r
					}
					r[b.men[i].kind].Set(s)
				}
			}
			if depth+1 < limit {
				walk(depth + 1)
			}
			b.unmake(u)
		}
	}
	walk(0)
	return out
}

// ontoTraveling returns the own traveling men the untraveled man i could
// move onto by one normal move of his type (R4): a pawn straight only, by
// a step or a double step, promoting into a traveling man of a promotion
// type on the last rank.
func (b *hboard) ontoTraveling(i int) rules.Bitboard {
	m := &b.men[i]
	if m.kind != rules.Pawn {
		return b.g.Attacks(m.kind, b.side, m.sq, b.occ).And(b.tkind[m.kind])
	}
	var out rules.Bitboard
	one := m.sq + b.fwd
	switch {
	case !b.g.Contains(one):
	case one.Rank() == b.last:
		for _, k := range b.promos {
			if b.tkind[k].Has(one) {
				out.Set(one)
			}
		}
	case b.tkind[rules.Pawn].Has(one):
		out.Set(one)
	case !b.occ.Has(one) && m.sq.Rank() == b.second:
		if two := one + b.fwd; b.g.Contains(two) && b.tkind[rules.Pawn].Has(two) {
			out.Set(two)
		}
	}
	return out
}

// plainCorrect reports whether colour c is grammatically correct in p (R6):
// it has lost no traveling man, and its traveling men can be matched
// one-to-one to distinct resonators (R4).
func plainCorrect(p *rules.Position, c rules.Color) bool {
	if p.LostTraveling[c] {
		return false
	}
	tmen := traveling(&p.State, c).Squares()
	if len(tmen) == 0 {
		return true
	}
	res := plainLines(p, c, 3, false).res
	used := map[rules.Square]bool{}
	var assign func(i int) bool
	assign = func(i int) bool {
		if i == len(tmen) {
			return true
		}
		for u, r := range res {
			if r.Has(tmen[i]) && !used[u] {
				used[u] = true
				ok := assign(i + 1)
				used[u] = false
				if ok {
					return true
				}
			}
		}
		return false
	}
	return assign(0)
}

// plainKingless reports whether colour c has no surviving king (R7).
func plainKingless(p *rules.Position, c rules.Color) bool {
	return kingsOf(&p.State, c).surviving() == 0
}

// plainResolved reports whether colour c has no traveling man (R7).
func plainResolved(p *rules.Position, c rules.Color) bool {
	return traveling(&p.State, c).IsZero()
}

// plainThreat reports whether colour c is in check in p (R7, A5): were c to
// pass, the opponent would have a move legal by R1-R6 after which c is
// kingless and the opponent resolved. The moves tried are the opponent's
// normal moves, castlings with the right and free squares, and
// annihilations; an explosion adds a traveling man and never resolves.
func plainThreat(p *rules.Position, c rules.Color) bool {
	o := c.Other()
	st := p.State
	if p.Side != o {
		st.Side, st.EP, st.EPAnnihilation = o, rules.NoSquare, false
	}
	q := p.Sibling(st)
	cands := append(plainNormal(&q), plainCastlings(&q, false)...)
	cands = append(cands, plainAnnihilations(&q)...)
	for _, m := range cands {
		q.Make(m)
		resolves := plainKingless(&q, c) && plainResolved(&q, o) && plainCorrect(&q, o)
		q.Unmake()
		if resolves {
			return true
		}
	}
	return false
}

// plainNormal returns the normal moves of the side to move, castling
// aside: its traveling men never move (R1).
func plainNormal(p *rules.Position) []rules.Move {
	var out []rules.Move
	for _, m := range pseudoMoves(p, nil) {
		if m.Kind != rules.Castle {
			out = append(out, m)
		}
	}
	return out
}

// plainCastlings returns the castlings of the side to move (R8): the
// untraveled King and rook with the right and nothing in between; when
// checked is set, also not out of, through (A6) or into check, the last
// being the legality every action is tested for.
func plainCastlings(p *rules.Position, checked bool) []rules.Move {
	var out []rules.Move
	us := p.Side
	for wing := 0; wing < 2; wing++ {
		if !castleOpen(p, us, wing) {
			continue
		}
		cg := castlings(p).geo[int(us)*2+wing]
		if checked && plainThreat(p, us) {
			continue
		}
		through := false
		for _, s := range cg.path.Squares() {
			if !checked || through || s == cg.king || s == cg.kingTo {
				continue
			}
			q := p.Copy()
			q.Put(q.Remove(cg.king), s)
			through = plainThreat(q, us)
		}
		if !through {
			out = append(out, rules.Move{Kind: rules.Castle, Piece: rules.King, From: cg.king, To: cg.kingTo, Via: cg.rook})
		}
	}
	return out
}

// plainAnnihilations returns the annihilations of the side to move (R5):
// an untraveled man moves onto an own traveling man of his type (a pawn
// straight, promoting into him on the last rank) in one normal move.
func plainAnnihilations(p *rules.Position) []rules.Move {
	var b hboard
	b.init(p, p.Side)
	var out []rules.Move
	for i, m := range b.men {
		if !m.u {
			continue
		}
		for t := b.ontoTraveling(i); !t.IsZero(); {
			sq := t.PopLSB()
			out = append(out, annihilation(p, m.sq, goal{sq: sq, kind: p.Board[sq].Kind()}))
		}
	}
	return out
}

// plainExplosions returns the explosions of the side to move allowed by R3
// (A2, A3): every type, every empty square some untraveled man reaches as
// that type (the support), and every normal move of the traveled man from
// there that takes no enemy traveling man and no enemy resonator of the
// position before the explosion.
func plainExplosions(p *rules.Position) []rules.Move {
	us := p.Side
	reach := plainLines(p, us, 3, true).reach
	var foeRes rules.Bitboard
	for o, r := range plainLines(p, us.Other(), 3, false).res {
		if !r.IsZero() {
			foeRes.Set(o)
		}
	}
	forbidden := foeRes.Or(traveling(&p.State, us.Other()))
	g := p.Geometry()
	promos := p.Variant().Spec().Promotions
	var out []rules.Move
	for _, k := range p.Variant().Spec().Kinds {
		var supported rules.Bitboard
		for _, r := range reach {
			supported = supported.Or(r[k])
		}
		for _, x := range supported.Squares() {
			occ := p.Occupied()
			occ.Set(x)
			own := p.ByColor[us]
			own.Set(x)
			for ts := travelerTargets(g, us, k, x, occ, own).AndNot(forbidden); !ts.IsZero(); {
				y := ts.PopLSB()
				m := rules.Move{Kind: rules.Explosion, Piece: k, From: x, To: y, Via: rules.NoSquare}
				if k != rules.Pawn || (y.Rank() != 0 && y.Rank() != g.H-1) {
					out = append(out, m)
					continue
				}
				for _, pk := range promos {
					m.Promo = pk
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// plainVerdict decides one candidate action m of the side to move in p by
// playing it (R6, R7): the mover must stay correct, and must not be in
// check unless the action leaves the opponent incorrect.
func plainVerdict(p *rules.Position, m rules.Move) bool {
	us := p.Side
	p.Make(m)
	defer p.Unmake()
	return plainCorrect(p, us) && (!plainThreat(p, us) || !plainCorrect(p, us.Other()))
}

// plainLegal returns the legal actions of the side to move: none when it
// is incorrect (it has lost, A7); otherwise each candidate action (normal
// moves, castlings, annihilations, explosions) that plainVerdict allows.
func plainLegal(p *rules.Position, ml []rules.Move) []rules.Move {
	if !plainCorrect(p, p.Side) {
		return ml
	}
	cands := append(plainNormal(p), plainCastlings(p, true)...)
	cands = append(cands, plainAnnihilations(p)...)
	cands = append(cands, plainExplosions(p)...)
	for _, m := range cands {
		p.Poll()
		if plainVerdict(p, m) {
			ml = append(ml, m)
		}
	}
	return ml
}
