package gifford

import "timechess/rules"

// Legal appends the legal turns of the side to move (G2-G5): the arrival of
// its oldest due booking on every square it may land on, when there is one;
// otherwise (the booking, if any, is Lost in Time) the orthodox moves, and
// when no own King is in check the sends and the backward travels.
func (v *Variant) Legal(p *rules.Position, ml []rules.Move) []rules.Move {
	us := p.Side
	if i := due(&p.State, us); i >= 0 {
		b := p.Bookings[us][i]
		start := len(ml)
		if ml = arrivals(p, b, ml); len(ml) > start || b.Piece.Kind() == rules.King {
			return ml // the arrival is compulsory; a King with no square is lost, and so is the game
		}
	}
	ml = p.GenerateOrthodox(ml)
	if p.RoyalAttacked(us) {
		return ml
	}
	ml = sends(p, ml)
	return backTravels(p, ml)
}

// arrivals appends the drops of booking b: on any empty square, a pawn off
// the first and last ranks, a bishop on its own square colour, leaving no own
// King attacked (so an arriving King may not land attacked) (G4).
func arrivals(p *rules.Position, b rules.Booking, ml []rules.Move) []rules.Move {
	g := p.Geometry()
	us := p.Side
	k := b.Piece.Kind()
	targets := g.Mask.AndNot(p.Occupied())
	if k == rules.Pawn {
		targets = targets.AndNot(g.Ranks[0]).AndNot(g.Ranks[g.H-1])
	}
	test := k == rules.King || p.RoyalAttacked(us)
	for !targets.IsZero() {
		s := targets.PopLSB()
		if k == rules.Bishop && light(s) != b.Light {
			continue
		}
		if test {
			p.Put(b.Piece, s)
			safe := !p.RoyalAttacked(us)
			p.Remove(s)
			if !safe {
				continue
			}
		}
		ml = append(ml, rules.Move{Kind: rules.Drop, Piece: k, From: rules.NoSquare, To: s, Via: rules.NoSquare})
	}
	return ml
}

// sends appends every forward send: a man next to a friendly King, or a King
// while a man other than a King is on the board, to each free move 1 to 10
// ahead, when taking it off exposes no own King (G3).
func sends(p *rules.Position, ml []rules.Move) []rules.Move {
	g := p.Geometry()
	us := p.Side
	if int(p.NBookings[us]) >= rules.MaxBookings {
		return ml
	}
	kings := p.Pieces(us, rules.King)
	near := rules.Bitboard{}
	if hasMan(p, us) {
		near = kings
	}
	for b := kings; !b.IsZero(); {
		near = near.Or(g.King[b.PopLSB()].And(p.ByColor[us]).AndNot(kings))
	}
	var targets []int16
	for t := p.Fullmove + 1; t <= p.Fullmove+sendReach; t++ {
		if !bookedFor(&p.State, us, t) {
			targets = append(targets, int16(t))
		}
	}
	for !near.IsZero() {
		s := near.PopLSB()
		pc := p.Remove(s)
		exposed := p.RoyalAttacked(us)
		p.Put(pc, s)
		if exposed {
			continue
		}
		for _, t := range targets {
			ml = append(ml, rules.Move{Kind: rules.Send, Piece: pc.Kind(), From: s, To: rules.NoSquare, Via: rules.NoSquare, Num: t})
		}
	}
	return ml
}

// backTravels appends every backward travel: each King on the board, back 1
// to 5 moves while the side has a man other than a King on the board and
// fewer than two travels used, landing on each empty square of the reset
// state where no own King is attacked (G5).
func backTravels(p *rules.Position, ml []rules.Move) []rules.Move {
	us := p.Side
	kings := p.Pieces(us, rules.King)
	if int(p.Travels[us]) >= maxTravels || kings.IsZero() || !hasMan(p, us) {
		return ml
	}
	king := rules.MakePiece(us, rules.King, 0)
	for k := 1; k <= backReach && p.Fullmove-k >= 1; k++ {
		past, ok := pastState(p, us, p.Fullmove-k)
		if !ok {
			break
		}
		q := p.Sibling(resetTo(p, past))
		for land := q.Geometry().Mask.AndNot(q.Occupied()); !land.IsZero(); {
			s := land.PopLSB()
			q.Put(king, s)
			safe := !q.RoyalAttacked(us)
			q.Remove(s)
			if !safe {
				continue
			}
			for b := kings; !b.IsZero(); {
				ml = append(ml, rules.Move{Kind: rules.BackTravel, Piece: rules.King, From: b.PopLSB(), To: s, Via: rules.NoSquare, Num: int16(p.Fullmove - k)})
			}
		}
	}
	return ml
}
