package travelers

import (
	"strings"

	"timechess/rules"
)

// Resonators returns, for the square of each traveling man in p, the squares
// of the men of its side that resonate with it (ruling R2: they could
// annihilate it within three moves of their side), for displays such as the
// server's hover highlight. Squares without a resonator are left out.
func Resonators(p *rules.Position) map[rules.Square][]rules.Square {
	out := map[rules.Square][]rules.Square{}
	ses := sessionOf(p)
	s := ses.survey()
	defer ses.putSurvey(s)
	for _, c := range []rules.Color{rules.White, rules.Black} {
		if traveling(&p.State, c).IsZero() {
			continue
		}
		s.run(p, c, resonanceSurvey)
		for i, res := range s.res {
			for _, t := range res.Squares() {
				out[t] = append(out[t], s.origin[i])
			}
		}
	}
	return out
}

// Support is an explosion support of the side to move (R2, R3): a line of
// at most three of its moves, the other side passing, after which one of
// its untraveled men stands on Square as a Kind. It is the rules.Support
// the off-board seam hands the front ends (offboard.go).
type Support = rules.Support

// Supports returns one support of each type on each square where the side
// to move in p may explode a man of that type (R3's support; the traveled
// man's move aside), by the shortest line its survey found, for displays
// such as the server's supporting lines. It costs one survey of the side and
// the lines' texts, no legal generation; the survey is lent by the position's
// working memory (session.go).
func Supports(p *rules.Position) []Support {
	ses := sessionOf(p)
	s := ses.survey()
	defer ses.putSurvey(s)
	s.run(p, p.Side, fullSurvey)
	var out []Support
	for _, k := range p.Variant().Spec().Kinds {
		for xs := s.support[k]; !xs.IsZero(); {
			x := xs.PopLSB()
			if h := s.head[k][x]; h != 0 && p.At(x) == rules.NoPiece {
				if w := s.plainest(s.slots[h-1].first); w != nil {
					out = append(out, Support{Kind: k, Square: x, Line: lineText(p, w.moves[:w.n])})
				}
			}
		}
	}
	return out
}

// plainest returns the witness of the chain that starts at first (1 + an
// index, 0 for none) with the fewest moves and, among those, the fewest men
// moving: the line a player reads most easily.
func (s *survey) plainest(first int32) *witness {
	var best *witness
	bestMen := 0
	for i := first; i != 0; i = s.wits[i-1].next {
		w := &s.wits[i-1]
		men := movers(w.moves[:w.n])
		if best == nil || w.n < best.n || w.n == best.n && men < bestMen {
			best, bestMen = w, men
		}
	}
	return best
}

// movers counts the men that move in line: a move that does not start
// where the one before it ended starts another man.
func movers(line []hmove) int {
	n := 0
	for i, m := range line {
		if i == 0 || line[i-1].to != m.from {
			n++
		}
	}
	return n
}

// lineText writes the hypothetical line of the side to move in p: each
// man's moves in a row as one chain ("Nb1-c3-d5-f6"), chains apart by
// commas, a capture of one of the other side's men by "x", a promotion by
// "=" and the new type, a castling by "O-O" or "O-O-O".
func lineText(p *rules.Position, line []hmove) string {
	var b strings.Builder
	taken := rules.Bitboard{}
	for i, m := range line {
		chained := i > 0 && line[i-1].to == m.from && line[i-1].kind != hCastle && m.kind != hCastle
		switch {
		case chained:
		case i > 0:
			b.WriteString(", ")
		}
		if m.kind == hCastle {
			b.WriteString([]string{"O-O", "O-O-O"}[m.wing])
			continue
		}
		if !chained {
			if m.piece != rules.Pawn {
				b.WriteByte(byte(m.piece.Letter()))
			}
			b.WriteString(m.from.String())
		}
		victim := p.At(m.to)
		if m.kind == hEnPassant || victim != rules.NoPiece && victim.Color() != p.Side && !taken.Has(m.to) {
			b.WriteByte('x')
			taken.Set(m.to)
		} else {
			b.WriteByte('-')
		}
		b.WriteString(m.to.String())
		if m.promo != rules.NoKind {
			b.WriteByte('=')
			b.WriteByte(byte(m.promo.Letter()))
		}
	}
	return b.String()
}
