package notation

import (
	"strconv"
	"strings"

	"timechess/rules"
)

// SAN returns the Standard Algebraic Notation of the legal move m in p: the
// piece letter (none for a pawn), the least disambiguation FIDE asks for
// (origin file, else rank, else both), "x" for a capture, "=Q" for a
// promotion, O-O / O-O-O for castling (kingside is the rook on the King's
// higher-file side, on any board and in Chess960), then "+" for check or "#"
// for mate. A variant that implements Notator writes its own actions. p is
// unchanged afterwards.
func SAN(p *rules.Position, m rules.Move) string {
	body, ok := "", false
	if n, isNotator := p.Variant().(Notator); isNotator {
		body, ok = n.FormatAction(p, m)
	}
	if !ok {
		body = orthodoxSAN(p, m)
	}
	return body + checkMark(p, m)
}

// orthodoxSAN writes m without its check mark. Actions that SAN has no form
// for, and that the variant does not write, fall back to the coordinate form.
func orthodoxSAN(p *rules.Position, m rules.Move) string {
	switch {
	case m.Kind == rules.Castle:
		if kingside(m) {
			return "O-O"
		}
		return "O-O-O"
	case !moveShaped(m.Kind):
		return Coord(p, m)
	}
	var b strings.Builder
	capture := isCapture(p, m)
	if m.Piece == rules.Pawn {
		switch {
		case capture:
			b.WriteByte(fileLetter(m.From.File()))
			if others := rivals(p, m); sharesFile(others, m.From) {
				b.WriteString(rankName(m.From.Rank()))
			}
		case m.From.File() != m.To.File():
			// A pawn stepping sideways (a possessed pawn's knight move) is
			// written in full: "e2-d4".
			b.WriteString(m.From.String() + "-")
		}
	} else {
		b.WriteByte(m.Piece.Letter())
		b.WriteString(Disambiguation(m.From, rivals(p, m)))
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(m.To.String())
	if m.Promo != rules.NoKind {
		b.WriteByte('=')
		b.WriteByte(m.Promo.Letter())
	}
	return b.String()
}

// rivals returns the origins of the other legal moves that the SAN of m
// without disambiguation would also name: same kind of man, same
// destination, same promotion, and for a pawn the same capturing or not.
func rivals(p *rules.Position, m rules.Move) []rules.Square {
	var out []rules.Square
	capture := isCapture(p, m)
	for _, o := range p.Legal(nil) {
		if moveShaped(o.Kind) && o.Piece == m.Piece && o.To == m.To && o.Promo == m.Promo &&
			o.From != m.From && (m.Piece != rules.Pawn || isCapture(p, o) == capture) {
			out = append(out, o.From)
		}
	}
	return out
}

// Disambiguation returns FIDE's least origin text that tells from apart
// from the others: nothing, the file, the rank, or the whole square.
func Disambiguation(from rules.Square, others []rules.Square) string {
	if len(others) == 0 {
		return ""
	}
	if !sharesFile(others, from) {
		return string(fileLetter(from.File()))
	}
	for _, o := range others {
		if o.Rank() == from.Rank() {
			return from.String()
		}
	}
	return rankName(from.Rank())
}

func sharesFile(squares []rules.Square, s rules.Square) bool {
	for _, o := range squares {
		if o.File() == s.File() {
			return true
		}
	}
	return false
}

// checkMark returns "#" when m mates, "+" when it checks, "" otherwise.
func checkMark(p *rules.Position, m rules.Move) string {
	p.Make(m)
	defer p.Unmake()
	if !p.InCheck() {
		return ""
	}
	if len(p.Legal(nil)) == 0 {
		return "#"
	}
	return "+"
}

// moveShaped reports whether actions of kind k are written as a man moving
// from one square to another (castling aside).
func moveShaped(k rules.MoveKind) bool {
	return k == rules.Normal || k == rules.DoublePush || k == rules.EnPassant
}

// isCapture reports whether the move-shaped m takes an enemy man.
func isCapture(p *rules.Position, m rules.Move) bool {
	if m.Kind == rules.EnPassant {
		return true
	}
	t := p.At(m.To)
	return t != rules.NoPiece && t.Color() != p.Side
}

// kingside reports whether the castling m takes the rook on the King's
// higher-file side.
func kingside(m rules.Move) bool { return m.Via.File() > m.From.File() }

func fileLetter(f int) byte { return byte('a' + f) }

func rankName(r int) string { return strconv.Itoa(r + 1) }
