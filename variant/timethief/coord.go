package timethief

import (
	"fmt"
	"strings"

	"timechess/rules"
)

// Coord writes m in the coordinate form of the Time Thief games: origin and
// destination squares and a lower-case promotion letter as usual, with "x"
// between the squares of a TT-capture (d7xg4) and a trailing "s" when a
// Spirit leaves its host (f3g5s); castling is the King's move (f1i1).
func Coord(p *rules.Position, m rules.Move) string {
	var b strings.Builder
	b.WriteString(m.From.String())
	if m.Kind == rules.TTCapture {
		b.WriteByte('x')
	}
	b.WriteString(m.To.String())
	if m.Promo != rules.NoKind {
		b.WriteByte(m.Promo.Letter() + 'a' - 'A')
	}
	if m.Piece == rules.Spirit && p.At(m.From).Kind() != rules.Spirit {
		b.WriteByte('s')
	}
	return b.String()
}

// ParseCoord reads a move in Coord's form and returns the legal move it
// names. A TT-capture is read from its squares alone when the position has
// no history to check it against (the last= field of the position text).
func ParseCoord(p *rules.Position, text string) (rules.Move, error) {
	if i := strings.IndexByte(text, 'x'); i > 0 && p.Ply() == 0 {
		g := p.Geometry()
		from, err1 := rules.ParseSquare(text[:i], g.W, g.H)
		to, err2 := rules.ParseSquare(text[i+1:], g.W, g.H)
		if err1 != nil || err2 != nil {
			return rules.NullMove, fmt.Errorf("%q is not a TT-capture like d7xg4", text)
		}
		if p.At(from) != rules.MakePiece(p.Side, rules.TimeThief, p.At(from).Flags()) {
			return rules.NullMove, fmt.Errorf("%q: no %s Time Thief on %s", text, p.Side, from)
		}
		return rules.Move{Kind: rules.TTCapture, Piece: rules.TimeThief, From: from, To: to, Via: rules.NoSquare}, nil
	}
	for _, m := range p.Legal(nil) {
		if Coord(p, m) == text {
			return m, nil
		}
	}
	return rules.NullMove, fmt.Errorf("%q is not a legal move here", text)
}
