package travelers

import "timechess/rules"

// The final move of a line is recorded in bulk: a man's targets, as a
// bitboard, from the square the line brought it to, with the line's blockers.
// Targets on squares empty in the surveyed position are supports (R3),
// targets on own traveling men of the man's type are resonances (R4).

// recordMan records the final moves of untraveled man i, standing on sq as
// kind k, with blockers occ of which own are its side's.
func (s *survey) recordMan(i int, sq rules.Square, k rules.Kind, occ, own rules.Bitboard) {
	b := &s.b
	if k == rules.Pawn {
		s.recordPawn(i, sq, occ, own)
		return
	}
	if s.mode != fullSurvey {
		s.recordReach(i, sq, k, occ)
		return
	}
	s.recordTargets(i, sq, k, b.g.Attacks(k, b.side, sq, occ), own)
}

// recordReach records, in a resonance survey, the resonances that the final
// move of untraveled man i, standing on sq as kind k (not a pawn), gives
// with blockers occ: one traveling man of its kind in its sight at a time,
// reading only the squares between them, or one man that blocks, so that
// the answer rests on few squares (memo.go).
func (s *survey) recordReach(i int, sq rules.Square, k rules.Kind, occ rules.Bitboard) {
	b := &s.b
	g := b.g
	for ts := sees(g, k, sq).And(b.tkind[k]).And(s.targets).AndNot(s.res[i]); !ts.IsZero(); {
		t := ts.PopLSB()
		between := g.Between(sq, t)
		if blk := between.And(occ); !blk.IsZero() {
			b.reads.Set(blk.LSB())
			continue
		}
		b.reads = b.reads.Or(between)
		b.reads.Set(t)
		s.resonate(i, hmove{from: sq, to: t, piece: k})
	}
}

// recordThrough records the final moves of untraveled man i, standing on sq
// as kind k, that pass square a, just emptied by the line (with blockers
// occ of which own are its side's): the only final moves that emptying can
// give it. Its others were open to a line without the move that emptied a,
// which reads a subset of the squares (recordAfter and secondMove record at
// every node the men that moved and those that see the square left), so
// their records would prove nothing new: no support, no resonance, no
// witness with fewer reads.
func (s *survey) recordThrough(i int, sq rules.Square, k rules.Kind, a rules.Square, occ, own rules.Bitboard) {
	b := &s.b
	switch k {
	case rules.Pawn:
		s.recordPawn(i, sq, occ, own)
	case rules.Knight, rules.King:
		s.recordTargets(i, sq, k, rules.SquareBB(a), own)
	default:
		s.recordTargets(i, sq, k, b.g.RayThrough(sq, a, occ), own)
	}
}

// recordTargets records, in a full survey, the final moves of untraveled
// man i, standing on sq as kind k (not a pawn), onto the squares of att, own
// being its side's.
func (s *survey) recordTargets(i int, sq rules.Square, k rules.Kind, att, own rules.Bitboard) {
	b := &s.b
	for r := att.And(b.tkind[k]).And(s.targets); !r.IsZero(); {
		s.resonate(i, hmove{from: sq, to: r.PopLSB(), piece: k})
	}
	arr := att.AndNot(own).And(b.rootEmpty)
	for a := arr.AndNot(s.reach[i][k]); !a.IsZero(); {
		t := a.PopLSB()
		s.arrive(i, k, hmove{from: sq, to: t, piece: k}, t)
	}
	for a := arr.And(s.reach[i][k]).And(s.weak[k]); !a.IsZero(); {
		t := a.PopLSB()
		s.offer(i, k, hmove{from: sq, to: t, piece: k}, t, false)
	}
}

// recordPawn records the final moves of untraveled pawn i on sq: steps,
// the double step, captures (only an en passant capture that undid an
// annihilation can bring an enemy man onto a square that was empty), en
// passant on the first move; straight onto an own traveling pawn, or onto
// a traveling piece of a promotion type on the last rank.
func (s *survey) recordPawn(i int, sq rules.Square, occ, own rules.Bitboard) {
	b := &s.b
	g := b.g
	// A resonance survey's answer rests on the squares of the pawn's steps
	// alone: it records no capture (memo.go).
	if one := sq + b.fwd; g.Contains(one) {
		b.reads.Set(one)
		switch {
		case !occ.Has(one):
			s.pawnArrive(i, hmove{from: sq, to: one, piece: rules.Pawn})
			if two := one + b.fwd; sq.Rank() == b.second && g.Contains(two) {
				b.reads.Set(two)
				m := hmove{from: sq, to: two, piece: rules.Pawn, kind: hDouble}
				if !occ.Has(two) {
					s.pawnArrive(i, m)
				} else if b.tkind[rules.Pawn].Has(two) && s.targets.Has(two) {
					s.resonate(i, m)
				}
			}
		case one.Rank() == b.last:
			for _, k := range b.promos {
				if b.tkind[k].Has(one) && s.targets.Has(one) {
					s.resonate(i, hmove{from: sq, to: one, piece: rules.Pawn, promo: k})
				}
			}
		case b.tkind[rules.Pawn].Has(one) && s.targets.Has(one):
			s.resonate(i, hmove{from: sq, to: one, piece: rules.Pawn})
		}
	}
	if s.mode != fullSurvey {
		return
	}
	for t := g.PawnAttack[b.side][sq].And(occ.AndNot(own)).And(b.rootEmpty); !t.IsZero(); {
		s.pawnArrive(i, hmove{from: sq, to: t.PopLSB(), piece: rules.Pawn})
	}
	if b.ep != rules.NoSquare && g.PawnAttack[b.side][sq].Has(b.ep) {
		s.pawnArrive(i, hmove{from: sq, to: b.ep, piece: rules.Pawn, kind: hEnPassant})
	}
}

// pawnArrive records the pawn's arrival by move m on an empty square of the
// position, as a pawn or, on the last rank, as each promotion type.
func (s *survey) pawnArrive(i int, m hmove) {
	if s.mode != fullSurvey || !s.b.rootEmpty.Has(m.to) {
		return
	}
	if m.to.Rank() != s.b.last || m.kind == hDouble {
		s.arriveOrOffer(i, rules.Pawn, m, m.to)
		return
	}
	for _, k := range s.b.promos {
		m.promo = k
		s.arriveOrOffer(i, k, m, m.to)
	}
}

// recordCastles records the castlings open with blockers occ and rights:
// the King and the rook each arrive on their squares.
func (s *survey) recordCastles(occ rules.Bitboard, rights uint8) {
	b := &s.b
	if s.mode != fullSurvey || rights == 0 {
		return
	}
	for wing := uint8(0); wing < 2; wing++ {
		cg := b.castle(wing)
		if rights&(1<<wing) == 0 || occ.Intersects(cg.empty) {
			continue
		}
		m := hmove{from: cg.king, to: cg.kingTo, piece: rules.King, kind: hCastle, wing: wing}
		if b.rootEmpty.Has(cg.kingTo) {
			s.arriveOrOffer(int(b.at[cg.king])-1, rules.King, m, cg.kingTo)
		}
		if b.rootEmpty.Has(cg.rookTo) {
			s.arriveOrOffer(int(b.at[cg.rook])-1, rules.Rook, m, cg.rookTo)
		}
	}
}
