package timethief

import (
	"fmt"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// ParseCoord reads a move in coordinate form and returns the legal move it
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
	return notation.Parse(p, text)
}
