package notation

import "timechess/rules"

// Coord returns the coordinate form of the legal move m in p, as UCI writes
// it: origin and destination ("e2e4", "a10a9"), a lower-case promotion
// letter ("e7e8q"). Castling is the King's origin and destination ("e1g1"),
// or the King's origin and the rook's square ("e1h1", as UCI_Chess960 does)
// when the position is a Chess960 set-up, the King does not move, or it
// moves to a square next to its own (where a plain King step would read
// the same, as on small boards). A Drop
// without a variant form is written as UCI drops are ("N@f3"). A variant that
// implements CoordNotator writes its own actions.
func Coord(p *rules.Position, m rules.Move) string {
	if n, ok := p.Variant().(CoordNotator); ok {
		if s, ok := n.CoordAction(p, m); ok {
			return s
		}
	}
	switch m.Kind {
	case rules.Castle:
		if p.Setup().Chess960 || m.From == m.To || p.Geometry().King[m.From].Has(m.To) {
			return m.From.String() + m.Via.String()
		}
	case rules.Drop:
		return string(m.Piece.Letter()) + "@" + m.To.String()
	}
	s := m.From.String() + m.To.String()
	if m.Promo != rules.NoKind {
		s += string(m.Promo.Letter() + 'a' - 'A')
	}
	return s
}
