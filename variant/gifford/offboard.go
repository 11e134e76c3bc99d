package gifford

import "timechess/rules"

// Variant is an OffBoarder: the front ends learn its state through the seam.
var _ rules.OffBoarder = (*Variant)(nil)

// OffBoard gives the men in transit (G3-G4), the backward travels each side
// has left (G5) and the Kings on the board, of which a side may have
// several (G6).
func (v *Variant) OffBoard(p *rules.Position) rules.OffBoard {
	ob := rules.OffBoard{Travels: &[2]int{travelsLeft(p, rules.White), travelsLeft(p, rules.Black)}, Kings: []rules.Square{}}
	for _, c := range []rules.Color{rules.White, rules.Black} {
		ob.Transit = append(ob.Transit, p.Bookings[c][:p.NBookings[c]]...)
		ob.Kings = append(ob.Kings, p.Pieces(c, rules.King).Squares()...)
	}
	return ob
}

// Sight marks nothing: every man of Gifford's game shows all he does on
// his square.
func (v *Variant) Sight(*rules.Position, *rules.Turn) rules.Sight { return rules.Sight{} }

// travelsLeft returns how many backward travels colour c may still make in
// p (G5: at most two per side).
func travelsLeft(p *rules.Position, c rules.Color) int {
	return max(0, maxTravels-int(p.Travels[c]))
}
