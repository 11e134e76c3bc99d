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
	w := sanWriter{p: p}
	return w.san(m)
}

// SANs returns the SAN of each of moves, legal moves of p, as SAN writes
// them one by one; it lists p's legal moves (for the disambiguations) once
// for all of them. p is unchanged afterwards.
func SANs(p *rules.Position, moves []rules.Move) []string {
	w := sanWriter{p: p}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = w.san(m)
	}
	return out
}

// sanWriter writes the SAN of legal moves of one position. It lists the
// position's legal moves when a disambiguation first needs them, and keeps
// the list for the next moves.
type sanWriter struct {
	p      *rules.Position
	legal  []rules.Move
	listed bool
}

func (w *sanWriter) san(m rules.Move) string {
	body, ok := "", false
	if n, isNotator := w.p.Variant().(Notator); isNotator {
		body, ok = n.FormatAction(w.p, m)
	}
	if !ok {
		body = w.orthodox(m)
	}
	return body + checkMark(w.p, m)
}

// orthodox writes m without its check mark. Actions that SAN has no form
// for, and that the variant does not write, fall back to the coordinate form.
func (w *sanWriter) orthodox(m rules.Move) string {
	p := w.p
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
			if others := w.rivals(m); sharesFile(others, m.From) {
				b.WriteString(rankName(m.From.Rank()))
			}
		case m.From.File() != m.To.File():
			// A pawn stepping sideways (a possessed pawn's knight move) is
			// written in full: "e2-d4".
			b.WriteString(m.From.String() + "-")
		}
	} else {
		b.WriteByte(m.Piece.Letter())
		b.WriteString(Disambiguation(m.From, w.rivals(m)))
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
func (w *sanWriter) rivals(m rules.Move) []rules.Square {
	if !w.listed {
		w.legal, w.listed = w.p.Legal(nil), true
	}
	var out []rules.Square
	capture := isCapture(w.p, m)
	for _, o := range w.legal {
		if moveShaped(o.Kind) && o.Piece == m.Piece && o.To == m.To && o.Promo == m.Promo &&
			o.From != m.From && (m.Piece != rules.Pawn || isCapture(w.p, o) == capture) {
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
	if p.CountLegal() == 0 {
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
