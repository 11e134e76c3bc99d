package travelers

import "timechess/rules"

// A search asks for the captures of a position far more often than for all
// of its actions (in quiescence, and first at every node), and they need no
// survey: each candidate is played out by node.exact, which asks only the
// resonance surveys the action's consequences need.

// Captures appends the legal actions that take an enemy man (en passant
// included), promote or annihilate (rules.Capturer); none when the side to
// move is grammatically incorrect.
func (v *Variant) Captures(p *rules.Position, ml []rules.Move) []rules.Move {
	if v.plain() {
		for _, m := range v.Legal(p, nil) {
			if m.Kind == rules.Annihilation || m.Kind != rules.Explosion && capturesOrPromotes(p, m) {
				ml = append(ml, m)
			}
		}
		return ml
	}
	n := probe(p)
	defer n.release()
	if !n.correctNow(p, n.us) {
		return ml
	}
	n.buf = pseudoMoves(p, n.buf[:0])
	for _, m := range n.buf {
		if capturesOrPromotes(p, m) && n.exact(m) {
			ml = append(ml, m)
		}
	}
	occ := p.Occupied()
	for ts := traveling(&p.State, n.us); !ts.IsZero(); {
		t := goal{sq: ts.PopLSB()}
		t.kind = p.Board[t.sq].Kind()
		for rs := annihilatorsOf(p, n.us, t.sq, occ, rules.Bitboard{}); !rs.IsZero(); {
			if m := annihilation(p, rs.PopLSB(), t); n.exact(m) {
				ml = append(ml, m)
			}
		}
	}
	return ml
}

// Defeated reports whether the side to move has lost by grammatical
// incorrectness (R6; rules.Capturer).
func (v *Variant) Defeated(p *rules.Position) bool {
	if v.plain() {
		return !plainCorrect(p, p.Side)
	}
	n := probe(p)
	defer n.release()
	return !n.correctNow(p, n.us)
}

// capturesOrPromotes reports whether the normal move m takes an enemy man
// or promotes.
func capturesOrPromotes(p *rules.Position, m rules.Move) bool {
	if m.Kind == rules.Castle {
		return false
	}
	if m.Kind == rules.EnPassant || m.Promo != rules.NoKind {
		return true
	}
	victim := p.Board[m.To]
	return victim != rules.NoPiece && victim.Color() != p.Side
}

// annihilation returns the annihilation of the traveling man t by the man
// on from, which promotes into t's kind when it is a pawn of another kind.
func annihilation(p *rules.Position, from rules.Square, t goal) rules.Move {
	m := rules.Move{Kind: rules.Annihilation, Piece: p.Board[from].Kind(), From: from, To: t.sq, Via: rules.NoSquare}
	if m.Piece != t.kind {
		m.Promo = t.kind
	}
	return m
}
