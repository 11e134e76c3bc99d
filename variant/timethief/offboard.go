package timethief

import "timechess/rules"

// Variant is an OffBoarder: the front ends learn its state through the seam.
var _ rules.OffBoarder = (*Variant)(nil)

// OffBoard gives nothing: the Time Thief keeps no state off the board. The
// state a TT-capture reverts to is the position's previous state, and the
// move it takes back its last move (Position.Previous, LastMove).
func (v *Variant) OffBoard(*rules.Position) rules.OffBoard { return rules.OffBoard{} }

// Sight gives, for each Time Thief on the board, the squares he sees (T3):
// those a Queen on his square reaches, his side's Witches and the men next
// to them transparent.
func (v *Variant) Sight(p *rules.Position, _ *rules.Turn) rules.Sight {
	s := rules.Sight{Sees: map[rules.Square][]rules.Square{}}
	g := p.Geometry()
	for _, c := range []rules.Color{rules.White, rules.Black} {
		occ := p.SlideOcc(c)
		for _, t := range p.Pieces(c, rules.TimeThief).Squares() {
			s.Sees[t] = g.QueenAttacks(t, occ).Squares()
		}
	}
	return s
}
