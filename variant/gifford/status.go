package gifford

import (
	"fmt"

	"timechess/rules"
)

// Status ends the game: a King Lost in Time loses (G4, G7); checkmate and
// stalemate count time travel as a legal turn (G6); the draws of ruling C2
// compare the whole state, bookings and travels included. A man in transit
// is due a fixed number of moves from now, which changes every move, so a
// state with men in transit never repeats (the seed lets a player protest a
// repetition while men will arrive); bare Kings draw only with nothing in
// transit either.
func (v *Variant) Status(p *rules.Position) rules.Status {
	us := p.Side
	if i := due(&p.State, us); i >= 0 && p.Bookings[us][i].Piece.Kind() == rules.King &&
		arrivalSquares(p, p.Bookings[us][i], p.RoyalAttacked(us)).IsZero() {
		return rules.Status{Result: rules.WinFor(us.Other()), Reason: "king lost in time"}
	}
	if len(p.Legal(nil)) == 0 {
		if p.RoyalAttacked(us) {
			return rules.Status{Result: rules.WinFor(us.Other()), Reason: "checkmate"}
		}
		return rules.Status{Result: rules.Draw, Reason: "stalemate"}
	}
	inTransit := p.NBookings != [2]uint8{}
	switch {
	case p.Halfmove >= 100:
		return rules.Status{Result: rules.Draw, Reason: "fifty-move rule"}
	case !inTransit && p.Repetitions() >= 2:
		return rules.Status{Result: rules.Draw, Reason: "threefold repetition"}
	case !inTransit && p.Occupied() == p.ByKind[rules.King]:
		return rules.Status{Result: rules.Draw, Reason: "bare kings"}
	}
	return rules.Status{}
}

// Validate checks the men and the Kings: each side needs a King on the board
// or in transit, and the side not to move may not be in check.
func (v *Variant) Validate(p *rules.Position) error {
	if err := p.ValidateMen(); err != nil {
		return err
	}
	for c := rules.White; c <= rules.Black; c++ {
		kings := p.Pieces(c, rules.King).Count()
		for _, b := range bookings(&p.State, c) {
			if b.Piece.Kind() == rules.King {
				kings++
			}
		}
		if kings == 0 {
			return fmt.Errorf("%s has no king on the board or in transit", c)
		}
	}
	if p.RoyalAttacked(p.Side.Other()) {
		return fmt.Errorf("the side not to move (%s) is in check", p.Side.Other())
	}
	return nil
}
