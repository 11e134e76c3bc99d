package gifford

import (
	"sync"

	"timechess/rules"
)

// turns is the legal turns of a position in compact form, gathered once for
// listing them (Legal) or counting them (Count): the arrival squares of the
// due booking, or else the orthodox moves (generated apart) and, when no
// own King is in check, the sends (men by move numbers) and the backward
// travels (Kings by landing squares, for each move back).
type turns struct {
	check bool
	// arrival is set when the turn must be the arrival of drop, the due
	// booking, on one of the squares of dropTo.
	arrival bool
	drop    rules.Booking
	dropTo  rules.Bitboard
	// pins are the men that shield a King (attack.go).
	pins     rules.Bitboard
	sendFrom rules.Bitboard
	sendTo   moveNumbers
	kings    rules.Bitboard
	travels  travels
}

// moveNumbers is the moves a send may go to.
type moveNumbers struct {
	n    int
	nums [sendReach]int16
}

// travels is the backward travels of a side, one entry per move it may go
// back to.
type travels struct {
	n  int
	to [backReach]travel
}

// travel is the landing squares of a backward travel to move num.
type travel struct {
	num  int16
	land rules.Bitboard
}

// survey gathers the turns of the side to move (G2-G5): the arrival of its
// oldest due booking on every square it may land on, when there is one;
// otherwise (the booking, if any, is Lost in Time) the orthodox moves, and
// when no own King is in check the sends and the backward travels.
func survey(p *rules.Position, t *turns) {
	us := p.Side
	g := p.Geometry()
	t.check = p.RoyalAttacked(us)
	if i := due(&p.State, us); i >= 0 {
		t.drop = p.Bookings[us][i]
		t.dropTo = arrivalSquares(p, t.drop, t.check)
		// The arrival is compulsory; a King with no square is lost, and so is the game.
		if t.arrival = !t.dropTo.IsZero() || t.drop.Piece.Kind() == rules.King; t.arrival {
			return
		}
	}
	if t.check {
		return
	}
	t.pins = pinned(g, &p.State, us)
	t.sendFrom = sendSources(p, t.pins)
	sendTargets(p, &t.sendTo)
	t.kings = p.Pieces(us, rules.King)
	backTravels(p, &t.travels)
}

// Legal appends the legal turns of the side to move (see survey).
func (v *Variant) Legal(p *rules.Position, ml []rules.Move) []rules.Move {
	var t turns
	survey(p, &t)
	if t.arrival {
		for to := t.dropTo; !to.IsZero(); {
			ml = append(ml, rules.Move{Kind: rules.Drop, Piece: t.drop.Piece.Kind(), From: rules.NoSquare, To: to.PopLSB(), Via: rules.NoSquare})
		}
		return ml
	}
	ml = orthodox(p, ml, &t)
	for from := t.sendFrom; !from.IsZero(); {
		s := from.PopLSB()
		for _, n := range t.sendTo.nums[:t.sendTo.n] {
			ml = append(ml, rules.Move{Kind: rules.Send, Piece: p.At(s).Kind(), From: s, To: rules.NoSquare, Via: rules.NoSquare, Num: n})
		}
	}
	for _, tr := range t.travels.to[:t.travels.n] {
		for land := tr.land; !land.IsZero(); {
			to := land.PopLSB()
			for kings := t.kings; !kings.IsZero(); {
				ml = append(ml, rules.Move{Kind: rules.BackTravel, Piece: rules.King, From: kings.PopLSB(), To: to, Via: rules.NoSquare, Num: tr.num})
			}
		}
	}
	return ml
}

// Count returns the number of legal turns without listing the time-travel
// ones (rules.Counter), for perft's bulk counting.
func (v *Variant) Count(p *rules.Position) int {
	var t turns
	survey(p, &t)
	if t.arrival {
		return t.dropTo.Count()
	}
	var n int
	if kings := p.Pieces(p.Side, rules.King); !kings.IsZero() && !kings.More() {
		n = p.CountOrthodox()
	} else {
		buf := scratch.Get().(*[]rules.Move)
		*buf = orthodox(p, (*buf)[:0], &t)
		n = len(*buf)
		scratch.Put(buf)
	}
	n += t.sendFrom.Count() * t.sendTo.n
	for _, tr := range t.travels.to[:t.travels.n] {
		n += tr.land.Count() * t.kings.Count()
	}
	return n
}

// scratch holds move lists for counting the orthodox moves of a side with
// several Kings, which are listed to be counted.
var scratch = sync.Pool{New: func() any { return new([]rules.Move) }}

// orthodox appends the legal orthodox moves. The core's generator does it
// for one King; with none, nothing can be exposed (G6); with several, a
// pseudo-legal move out of check is kept at once when it cannot expose a
// King (a King stepping to a square not under threat, another man not
// pinned, not en passant), and any other is played and tested.
func orthodox(p *rules.Position, ml []rules.Move, t *turns) []rules.Move {
	us := p.Side
	kings := p.Pieces(us, rules.King)
	if !kings.IsZero() && !kings.More() {
		return p.GenerateOrthodox(ml)
	}
	start := len(ml)
	ml = p.GeneratePseudo(ml)
	if kings.IsZero() {
		return ml
	}
	threat := threats(p.Geometry(), &p.State, us.Other())
	n := start
	for _, m := range ml[start:] {
		var legal bool
		switch {
		case t.check || m.Kind == rules.EnPassant || m.Kind == rules.Castle:
			legal = safeAfter(p, m)
		case m.Piece == rules.King:
			legal = !threat.Has(m.To)
		default:
			legal = !t.pins.Has(m.From) || safeAfter(p, m)
		}
		if legal {
			ml[n] = m
			n++
		}
	}
	return ml[:n]
}

// safeAfter plays the orthodox move m and reports whether it leaves every
// King of the mover safe.
func safeAfter(p *rules.Position, m rules.Move) bool {
	us := p.Side
	p.MakeOrthodox(m)
	safe := !p.RoyalAttacked(us)
	p.UnmakeLast()
	return safe
}

// lightSquares holds the light squares of every board (a1 is dark): rank r
// fills bits 16r to 16r+15, even ranks on odd files, odd ranks on even ones.
var lightSquares = rules.FromWords([4]uint64{0x5555aaaa5555aaaa, 0x5555aaaa5555aaaa, 0x5555aaaa5555aaaa, 0x5555aaaa5555aaaa})

// arrivalSquares returns the squares booking b may land on (G4): any empty
// square, a pawn off the first and last ranks, a bishop on its own square
// colour, leaving no own King attacked. Out of check that only keeps an
// arriving King off the threatened squares. In check the man must block
// every check at once, standing between each attacked King and each of its
// checkers (so nothing blocks a knight or a pawn); an arriving King never
// can, standing on the checking line.
func arrivalSquares(p *rules.Position, b rules.Booking, check bool) rules.Bitboard {
	g := p.Geometry()
	us := p.Side
	k := b.Piece.Kind()
	to := g.Mask.AndNot(p.Occupied())
	switch {
	case k == rules.Pawn:
		to = to.AndNot(g.Ranks[0]).AndNot(g.Ranks[g.H-1])
	case k == rules.Bishop && b.Light:
		to = to.And(lightSquares)
	case k == rules.Bishop:
		to = to.AndNot(lightSquares)
	}
	if !check {
		if k == rules.King {
			to = to.AndNot(threats(g, &p.State, us.Other()))
		}
		return to
	}
	if k == rules.King {
		return rules.Bitboard{}
	}
	occ := p.Occupied()
	for kings := p.Pieces(us, rules.King); !kings.IsZero(); {
		ksq := kings.PopLSB()
		for checkers := p.AttackersTo(ksq, us.Other(), occ); !checkers.IsZero(); {
			to = to.And(g.Between(ksq, checkers.PopLSB()))
		}
	}
	return to
}

// sendSources returns the men the side to move may send forward when none
// of its Kings is in check (G3): a man next to one of its Kings, and a King
// while a man other than a King is on the board, but no pinned man (taking
// it off would expose a King; a King never shields another King out of
// check). None when the side already has the most men in transit.
func sendSources(p *rules.Position, pins rules.Bitboard) rules.Bitboard {
	us := p.Side
	if int(p.NBookings[us]) >= rules.MaxBookings {
		return rules.Bitboard{}
	}
	g := p.Geometry()
	kings := p.Pieces(us, rules.King)
	var near rules.Bitboard
	for b := kings; !b.IsZero(); {
		near = near.Or(g.King[b.PopLSB()])
	}
	near = near.And(p.ByColor[us]).AndNot(kings).AndNot(pins)
	if hasMan(p, us) {
		near = near.Or(kings)
	}
	return near
}

// sendTargets gives the moves 1 to 10 ahead for which the side to move has
// no man booked yet (G3).
func sendTargets(p *rules.Position, out *moveNumbers) {
	for t := p.Fullmove + 1; t <= p.Fullmove+sendReach; t++ {
		if !bookedFor(&p.State, p.Side, t) {
			out.nums[out.n] = int16(t)
			out.n++
		}
	}
}

// backTravels gives the backward travels of the side to move, when none
// of its Kings is in check (G5): while it has a King and another man on
// the board and fewer than two travels used, for each move 1 to 5 back
// that the current line reaches, the squares a King may land on there.
// They are the empty squares of that state not under threat, and none when
// the side was in check then (a King landing on the checking line would
// stand attacked, and no landing stops a knight or a pawn) or when one of
// its men was due to arrive then (G9: that turn is the arrival's).
func backTravels(p *rules.Position, out *travels) {
	us := p.Side
	if int(p.Travels[us]) >= maxTravels || p.Pieces(us, rules.King).IsZero() || !hasMan(p, us) {
		return
	}
	g := p.Geometry()
	for k := 1; k <= backReach && p.Fullmove-k >= 1; k++ {
		past, ok := pastState(p, us, p.Fullmove-k)
		if !ok {
			break
		}
		if due(past, us) >= 0 {
			continue
		}
		threat := threats(g, past, us.Other())
		if threat.Intersects(past.ByKind[rules.King].And(past.ByColor[us])) {
			continue
		}
		occ := past.ByColor[rules.White].Or(past.ByColor[rules.Black])
		if land := g.Mask.AndNot(occ).AndNot(threat); !land.IsZero() {
			out.to[out.n] = travel{num: int16(p.Fullmove - k), land: land}
			out.n++
		}
	}
}
