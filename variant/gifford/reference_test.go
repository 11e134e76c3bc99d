package gifford_test

import (
	"cmp"
	"slices"

	"timechess/rules"
)

// The reference is a second reading of rulings G3-G6 and of the lead's
// rulings, written for the tests from the rule texts and sharing no code
// with the variant: it lists the legal turns by brute force, and it keeps
// the current line of history itself (the states at the start of each turn
// since set-up, cut back at every backward travel), so that it does not
// depend on the variant's walk along the saved states. Only the orthodox
// moves, the attack test, the castling rights a square carries and the hash
// come from the core.

// refLine is the reference's record of a game: the states at the start of
// each turn of the current line since set-up, the last one being the
// present, and the timelines as lists of plies (indices into the game's
// actions), the live one last.
type refLine struct {
	states    []rules.State
	live      []int
	abandoned [][]int
	plies     int
}

// newRefLine starts the record of a game at p.
func newRefLine(p *rules.Position) *refLine {
	return &refLine{states: []rules.State{p.State}}
}

// find returns the index in states of the start of colour c's move n on
// the current line, not counting the present, or -1.
func (l *refLine) find(c rules.Color, n int) int {
	for i, st := range l.states[:len(l.states)-1] {
		if st.Side == c && st.Fullmove == n {
			return i
		}
	}
	return -1
}

// played records action m, made in the state before last, which led to the
// present state p.
func (l *refLine) played(m rules.Move, before *rules.State, p *rules.Position) {
	if m.Kind == rules.BackTravel {
		j := l.find(before.Side, int(m.Num))
		l.abandoned = append(l.abandoned, l.live)
		l.live = append(slices.Clip(l.live[:j]), l.plies)
		l.states = append(slices.Clip(l.states[:j+1]), p.State)
	} else {
		l.live = append(l.live, l.plies)
		l.states = append(l.states, p.State)
	}
	l.plies++
}

// refDue returns the booking of colour c that is due now and considered
// first (the earliest due, ties by booking order), or false.
func refDue(st *rules.State, c rules.Color) (rules.Booking, int, bool) {
	best := -1
	for i := range int(st.NBookings[c]) {
		b := st.Bookings[c][i]
		if int(b.Due) > st.Fullmove {
			continue
		}
		if best < 0 || cmp.Or(cmp.Compare(b.Due, st.Bookings[c][best].Due), cmp.Compare(b.Order, st.Bookings[c][best].Order)) < 0 {
			best = i
		}
	}
	if best < 0 {
		return rules.Booking{}, -1, false
	}
	return st.Bookings[c][best], best, true
}

// squares lists every square of p's board.
func squares(p *rules.Position) []rules.Square {
	g := p.Geometry()
	var out []rules.Square
	for r := range g.H {
		for f := range g.W {
			out = append(out, rules.SquareAt(f, r))
		}
	}
	return out
}

// safeWith reports whether, with pc put on the empty square s, no King of
// colour c is attacked.
func safeWith(p *rules.Position, st rules.State, pc rules.Piece, s rules.Square, c rules.Color) bool {
	q := p.Sibling(st)
	q.Put(pc, s)
	return !q.RoyalAttacked(c)
}

// kingNear reports whether a King of colour c stands on a square touching s.
func kingNear(p *rules.Position, c rules.Color, s rules.Square) bool {
	for _, k := range squares(p) {
		pc := p.At(k)
		df, dr := k.File()-s.File(), k.Rank()-s.Rank()
		if pc != rules.NoPiece && pc.Color() == c && pc.Kind() == rules.King && k != s &&
			df >= -1 && df <= 1 && dr >= -1 && dr <= 1 {
			return true
		}
	}
	return false
}

// refLegal lists the legal turns of the side to move in p, whose current
// line is l.
func refLegal(p *rules.Position, l *refLine) []rules.Move {
	us := p.Side
	var out []rules.Move
	b, _, isDue := refDue(&p.State, us)
	if isDue {
		for _, s := range squares(p) {
			light := (s.File()+s.Rank())%2 == 1
			if p.At(s) != rules.NoPiece ||
				b.Piece.Kind() == rules.Pawn && (s.Rank() == 0 || s.Rank() == p.Geometry().H-1) ||
				b.Piece.Kind() == rules.Bishop && light != b.Light ||
				!safeWith(p, p.State, b.Piece, s, us) {
				continue
			}
			out = append(out, rules.Move{Kind: rules.Drop, Piece: b.Piece.Kind(), From: rules.NoSquare, To: s, Via: rules.NoSquare})
		}
		if len(out) > 0 || b.Piece.Kind() == rules.King {
			return out
		}
	}
	out = p.GenerateOrthodox(out)
	if p.RoyalAttacked(us) {
		return out
	}
	hasMan := false
	var kings []rules.Square
	for _, s := range squares(p) {
		if pc := p.At(s); pc != rules.NoPiece && pc.Color() == us {
			if pc.Kind() == rules.King {
				kings = append(kings, s)
			} else {
				hasMan = true
			}
		}
	}
	for _, s := range squares(p) {
		pc := p.At(s)
		if pc == rules.NoPiece || pc.Color() != us {
			continue
		}
		if pc.Kind() == rules.King && !hasMan || pc.Kind() != rules.King && !kingNear(p, us, s) {
			continue
		}
		q := p.Sibling(p.State)
		q.Remove(s)
		if q.RoyalAttacked(us) {
			continue
		}
		for t := p.Fullmove + 1; t <= p.Fullmove+10; t++ {
			taken := false
			for i := range int(p.NBookings[us]) {
				taken = taken || int(p.Bookings[us][i].Due) == t
			}
			if !taken {
				out = append(out, rules.Move{Kind: rules.Send, Piece: pc.Kind(), From: s, To: rules.NoSquare, Via: rules.NoSquare, Num: int16(t)})
			}
		}
	}
	if p.Travels[us] >= 2 || len(kings) == 0 || !hasMan {
		return out
	}
	king := rules.MakePiece(us, rules.King, 0)
	for k := 1; k <= 5; k++ {
		j := l.find(us, p.Fullmove-k)
		if j < 0 {
			continue
		}
		past := l.states[j]
		if slices.ContainsFunc(refBookings(&past, us), func(b rules.Booking) bool { return int(b.Due) <= p.Fullmove-k }) {
			continue // G9: that turn is an arrival's
		}
		for _, s := range squares(p) {
			if past.Board[s] != rules.NoPiece || !safeWith(p, past, king, s, us) {
				continue
			}
			for _, from := range kings {
				out = append(out, rules.Move{Kind: rules.BackTravel, Piece: rules.King, From: from, To: s, Via: rules.NoSquare, Num: int16(p.Fullmove - k)})
			}
		}
	}
	return out
}

// refBookings returns colour c's bookings in booking order.
func refBookings(st *rules.State, c rules.Color) []rules.Booking {
	out := slices.Clone(st.Bookings[c][:st.NBookings[c]])
	slices.SortFunc(out, func(a, b rules.Booking) int { return cmp.Compare(a.Order, b.Order) })
	return out
}

// refAfter returns the state the legal turn m leads to from p, built from
// the rulings: the due booking arrives or is Lost in Time; a send books the
// man; a backward travel restores the past state of the line with the
// bookings of past and present (each once, in booking order) and the
// present's travel counters, and lands the King. For an orthodox move only
// the bookings of the state returned are meant (whole is false): the rest is
// the core's.
func refAfter(p *rules.Position, l *refLine, m rules.Move) (st rules.State, whole bool) {
	us := p.Side
	now := p.State
	if _, i, isDue := refDue(&now, us); isDue {
		arrives := now.Bookings[us][i]
		rest := slices.Delete(slices.Clone(now.Bookings[us][:now.NBookings[us]]), i, i+1)
		now.Bookings[us] = [rules.MaxBookings]rules.Booking{}
		copy(now.Bookings[us][:], rest)
		now.NBookings[us]--
		if m.Kind == rules.Drop {
			now.Board[m.To] = arrives.Piece
			return finish(p, now, us), true
		}
	}
	switch m.Kind {
	case rules.Send:
		pc := now.Board[m.From]
		now.Board[m.From] = rules.NoPiece
		now.Bookings[us][now.NBookings[us]] = rules.Booking{Piece: pc, Due: m.Num, Order: now.NextOrder,
			Light: pc.Kind() == rules.Bishop && (m.From.File()+m.From.Rank())%2 == 1}
		now.NBookings[us]++
		now.NextOrder++
		q := p.Sibling(now)
		q.LoseCastling(m.From, m.From)
		now.Castle = q.Castle
		return finish(p, now, us), true
	case rules.BackTravel:
		st = l.states[l.find(us, int(m.Num))]
		for c := rules.White; c <= rules.Black; c++ {
			merged := refBookings(&st, c)
			for _, b := range refBookings(&now, c) {
				if !slices.ContainsFunc(merged, func(o rules.Booking) bool { return o.Order == b.Order }) {
					merged = append(merged, b)
				}
			}
			slices.SortFunc(merged, func(a, b rules.Booking) int { return cmp.Compare(a.Order, b.Order) })
			st.Bookings[c] = [rules.MaxBookings]rules.Booking{}
			copy(st.Bookings[c][:], merged)
			st.NBookings[c] = uint8(len(merged))
		}
		st.Travels, st.NextOrder = now.Travels, now.NextOrder
		st.Travels[us]++
		st.Board[m.To] = rules.MakePiece(us, rules.King, 0)
		return finish(p, st, us), true
	}
	return now, false
}

// finish ends colour us's turn on the state st: the other side moves, the
// en passant right lapses, the half-move clock restarts, and the bitboards
// and the hash follow the board.
func finish(p *rules.Position, st rules.State, us rules.Color) rules.State {
	st.Side = us.Other()
	if us == rules.Black {
		st.Fullmove++
	}
	st.EP = rules.NoSquare
	st.Halfmove = 0
	board := st.Board
	st.Board = [rules.NumSquares]rules.Piece{}
	st.ByColor, st.ByKind, st.ByFlag = [2]rules.Bitboard{}, [rules.NumKinds]rules.Bitboard{}, [rules.NumFlagBits]rules.Bitboard{}
	for s, pc := range board {
		if pc != rules.NoPiece {
			st.Put(pc, rules.Square(s))
		}
	}
	q := p.Sibling(st)
	st.Hash = q.ComputeHash()
	return st
}
