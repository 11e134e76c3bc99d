package rules

// Move generation for orthodox rules on any board. One generator serves two
// uses: with the side's single King known it generates legal moves directly
// (check evasion targets and pins), otherwise it generates pseudo-legal moves
// that GenerateOrthodox filters by making each one.

// sink receives generated moves: it keeps them, or only counts them when
// count is set (perft's bulk counting at the last ply).
type sink struct {
	ml    []Move
	n     int
	count bool
}

// add takes one move.
func (s *sink) add(m Move) {
	if s.count {
		s.n++
		return
	}
	s.ml = append(s.ml, m)
}

// targets takes the normal moves of the man of kind k on from to each square of t.
func (s *sink) targets(k Kind, from Square, t Bitboard) {
	if s.count {
		s.n += t.Count()
		return
	}
	for !t.IsZero() {
		s.ml = append(s.ml, Move{Kind: Normal, Piece: k, From: from, To: t.PopLSB(), Via: NoSquare})
	}
}

// FastLegal reports whether the side to move has exactly one King and the
// board holds only men whose legality the pin-and-check generator handles:
// orthodox men, Guards and Time Thieves (which attack nothing, so they
// neither pin nor check), none of them flagged.
func (p *Position) FastLegal() bool {
	k := &p.ByKind
	special := k[Dwarf].Or(k[Spirit]).Or(k[Witch]).
		Or(p.Flagged(Traveling | Traveled | Possessed))
	kings := p.Pieces(p.Side, King)
	return special.IsZero() && !kings.IsZero() && !kings.More()
}

// GenerateOrthodox appends the legal orthodox actions of the side to move:
// those after which none of its Kings is attacked.
func (p *Position) GenerateOrthodox(ml []Move) []Move {
	if p.FastLegal() {
		out := sink{ml: ml}
		p.generateLegal(&out)
		return out.ml
	}
	start := len(ml)
	ml = p.GeneratePseudo(ml)
	n := start
	us := p.Side
	for _, m := range ml[start:] {
		p.MakeOrthodox(m)
		safe := !p.RoyalAttacked(us)
		p.UnmakeLast()
		if safe {
			ml[n] = m
			n++
		}
	}
	return ml[:n]
}

// CountOrthodox returns the number of legal orthodox actions, counting them
// without listing them where it can.
func (p *Position) CountOrthodox() int {
	if p.FastLegal() {
		out := sink{count: true}
		p.generateLegal(&out)
		return out.n
	}
	return len(p.GenerateOrthodox(nil))
}

// GeneratePseudo appends the orthodox actions of the side to move without
// testing whether they leave a King attacked (castling is tested fully).
func (p *Position) GeneratePseudo(ml []Move) []Move {
	return p.GeneratePseudoOf(ml, p.ByColor[p.Side])
}

// GeneratePseudoOf is GeneratePseudo for the side to move's men on movers
// alone (castling aside, which GeneratePseudo's rules decide): a variant
// whose men may not all move (Time Traveler's Chess's traveling men) names
// the ones that may.
func (p *Position) GeneratePseudoOf(ml []Move, movers Bitboard) []Move {
	g := p.setup.Geo
	own := p.ByColor[p.Side].And(movers)
	out := sink{ml: ml}
	p.genMen(&out, own, g.Mask, Bitboard{}, NoSquare)
	if p.EP != NoSquare {
		for b := g.PawnAttack[p.Side.Other()][p.EP].And(p.Pieces(p.Side, Pawn)).And(movers); !b.IsZero(); {
			out.add(Move{Kind: EnPassant, Piece: Pawn, From: b.PopLSB(), To: p.EP, Via: NoSquare})
		}
	}
	p.genCastling(&out)
	return out.ml
}

// generateLegal is the pin-and-check generator for a side with one King.
func (p *Position) generateLegal(out *sink) {
	g := p.setup.Geo
	us, them := p.Side, p.Side.Other()
	occ := p.Occupied()
	own := p.ByColor[us]
	ksq := p.Pieces(us, King).LSB()
	checkers := p.AttackersTo(ksq, them, occ)

	occNoKing := occ
	occNoKing.Clear(ksq)
	for t := g.King[ksq].AndNot(own); !t.IsZero(); {
		to := t.PopLSB()
		if !p.attackedWith(to, them, occNoKing) {
			out.add(Move{Kind: Normal, Piece: King, From: ksq, To: to, Via: NoSquare})
		}
	}
	if checkers.More() {
		return
	}
	target := g.Mask.AndNot(own)
	if !checkers.IsZero() {
		c := checkers.LSB()
		target = g.Between(ksq, c)
		target.Set(c)
	}
	p.genMen(out, own.AndNot(p.ByKind[King]), target, p.pinned(ksq, us), ksq)

	if p.EP != NoSquare {
		// En passant is rare and can uncover a line through two squares: test it by playing it.
		for b := g.PawnAttack[them][p.EP].And(p.Pieces(us, Pawn)); !b.IsZero(); {
			m := Move{Kind: EnPassant, Piece: Pawn, From: b.PopLSB(), To: p.EP, Via: NoSquare}
			p.MakeOrthodox(m)
			safe := !p.attackedWith(ksq, them, p.Occupied())
			p.UnmakeLast()
			if safe {
				out.add(m)
			}
		}
	}
	if checkers.IsZero() {
		p.genCastling(out)
	}
}

// pinned returns colour us's men that alone stand between the King on ksq
// and an enemy slider.
func (p *Position) pinned(ksq Square, us Color) Bitboard {
	g := p.setup.Geo
	them := p.ByColor[us.Other()]
	k := &p.ByKind
	snipers := g.RookRays[ksq].And(k[Rook].Or(k[Queen])).
		Or(g.BishopRays[ksq].And(k[Bishop].Or(k[Queen]))).And(them)
	occ := p.Occupied()
	var pinned Bitboard
	for !snipers.IsZero() {
		s := snipers.PopLSB()
		b := g.Between(ksq, s).And(occ)
		if !b.IsZero() && !b.More() && b.Intersects(p.ByColor[us]) {
			pinned = pinned.Or(b)
		}
	}
	return pinned
}

// genMen appends the moves (castling and en passant aside) of the men in
// movers whose destination lies in target. A man in pinned stays on its line
// through ksq.
func (p *Position) genMen(out *sink, movers, target, pinned Bitboard, ksq Square) {
	g := p.setup.Geo
	us := p.Side
	occ := p.Occupied()
	slide := p.SlideOcc(us)
	own, enemy := p.ByColor[us], p.ByColor[us.Other()]
	empty := g.Mask.AndNot(occ)
	for b := movers.AndNot(p.ByKind[Pawn]); !b.IsZero(); {
		from := b.PopLSB()
		pc := p.Board[from]
		k := pc.Kind()
		o := slide
		if k == Witch {
			o = p.witchOcc(from)
		}
		t := g.Attacks(k, us, from, o)
		if pc.Flags()&Possessed != 0 {
			t = t.Or(g.Knight[from])
		}
		if k.Captures() {
			t = t.AndNot(own)
		} else {
			t = t.And(empty)
		}
		t = t.And(target)
		if pinned.Has(from) {
			t = t.And(g.Line(ksq, from))
		}
		out.targets(k, from, t)
	}
	step, second, last := 16, 1, g.H-1
	if us == Black {
		step, second, last = -16, g.H-2, 0
	}
	for b := movers.And(p.ByKind[Pawn]); !b.IsZero(); {
		from := b.PopLSB()
		t := target
		if pinned.Has(from) {
			t = t.And(g.Line(ksq, from))
		}
		if p.Board[from].Flags()&Possessed != 0 {
			// A possessed pawn's Knight jump never lands on its own first
			// rank, where no pawn may stand.
			first := g.Ranks[0]
			if us == Black {
				first = g.Ranks[g.H-1]
			}
			for n := g.Knight[from].AndNot(own).And(t).AndNot(first); !n.IsZero(); {
				p.pawnMove(out, Normal, from, n.PopLSB(), last)
			}
		}
		to := from + Square(step)
		if g.Contains(to) && empty.Has(to) {
			if t.Has(to) {
				p.pawnMove(out, Normal, from, to, last)
			}
			// A double step never lands on the last rank (a board of four ranks
			// or fewer): the pawn steps once and promotes instead.
			if to2 := to + Square(step); from.Rank() == second && g.Contains(to2) && to2.Rank() != last &&
				empty.Has(to2) && t.Has(to2) {
				out.add(Move{Kind: DoublePush, Piece: Pawn, From: from, To: to2, Via: NoSquare})
			}
		}
		for c := g.PawnAttack[us][from].And(enemy).And(t); !c.IsZero(); {
			p.pawnMove(out, Normal, from, c.PopLSB(), last)
		}
	}
}

// pawnMove gives a pawn move, expanded into every promotion when it reaches
// the last rank.
func (p *Position) pawnMove(out *sink, kind MoveKind, from, to Square, last int) {
	if to.Rank() != last {
		out.add(Move{Kind: kind, Piece: Pawn, From: from, To: to, Via: NoSquare})
		return
	}
	for _, k := range p.setup.Variant.Spec().Promotions {
		out.add(Move{Kind: kind, Piece: Pawn, Promo: k, From: from, To: to, Via: NoSquare})
	}
}

// genCastling appends the castlings of the side to move whose squares are
// empty and whose King path is not attacked.
func (p *Position) genCastling(out *sink) {
	us := p.Side
	rights := p.Castle >> (2 * us) & 3
	if rights == 0 {
		return
	}
	occ, slide := p.Occupied(), p.SlideOcc(us.Other())
	for i := 0; i < 2; i++ {
		if rights&(1<<i) == 0 {
			continue
		}
		ci := &p.setup.castle[int(us)*2+i]
		kr := BB(ci.king, ci.rook)
		if occ.AndNot(kr).Intersects(ci.empty) {
			continue
		}
		rest := slide.AndNot(kr)
		safe := true
		for s := ci.safe; safe && !s.IsZero(); {
			safe = !p.attackedWith(s.PopLSB(), us.Other(), rest)
		}
		if safe {
			out.add(Move{Kind: Castle, Piece: King, From: ci.king, To: ci.kingTo, Via: ci.rook})
		}
	}
}
