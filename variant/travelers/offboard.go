package travelers

import "timechess/rules"

// Variant is an OffBoarder: the front ends learn its state through the seam.
var _ rules.OffBoarder = (*Variant)(nil)

// OffBoard gives, per side, whether it has lost a traveling man to a
// capture (R6); the men's states are their flags, on the board.
func (v *Variant) OffBoard(p *rules.Position) rules.OffBoard {
	return rules.OffBoard{LostTraveling: p.LostTraveling}
}

// Sight gives each traveling man's resonators (R2) and, for each type and
// square the side to move may explode on by one of the legal actions of t,
// a line that supports it (R3). The resonators cost a survey of each side
// with a traveling man, the supports one of the side to move when it may
// explode.
func (v *Variant) Sight(p *rules.Position, t *rules.Turn) rules.Sight {
	s := rules.Sight{Resonators: Resonators(p)}
	type key struct {
		kind rules.Kind
		sq   rules.Square
	}
	explodes := map[key]bool{}
	for _, m := range t.Legal {
		if m.Kind == rules.Explosion {
			explodes[key{m.Piece, m.From}] = true
		}
	}
	if len(explodes) == 0 {
		return s
	}
	for _, sup := range Supports(p) {
		if explodes[key{sup.Kind, sup.Square}] {
			s.Supports = append(s.Supports, sup)
		}
	}
	return s
}
