package travelers

import "timechess/rules"

// The three states of a man (R1) are flags on rules.Piece: none for an
// untraveled man, rules.Traveling and rules.Traveled.

// traveling returns colour c's traveling men.
func traveling(p *rules.State, c rules.Color) rules.Bitboard {
	return p.Flagged(rules.Traveling).And(p.ByColor[c])
}

// pseudoMoves appends the normal moves of the side to move's men in p, its
// traveling men aside, which never move (R1), without testing what they
// leave (castling included, for the caller to decide by R8).
func pseudoMoves(p *rules.Position, ml []rules.Move) []rules.Move {
	return p.GeneratePseudoOf(ml, p.ByColor[p.Side].AndNot(traveling(&p.State, p.Side)))
}

// untraveled returns colour c's untraveled men.
func untraveled(p *rules.State, c rules.Color) rules.Bitboard {
	return p.ByColor[c].AndNot(p.Flagged(rules.Traveling).Or(p.Flagged(rules.Traveled)))
}

// kingCount holds the numbers of a side's kings in each state.
type kingCount struct {
	u, t int            // untraveled and traveling kings
	d    rules.Bitboard // the traveled kings' squares
	us   rules.Bitboard // the untraveled kings' squares
}

// kingsOf counts colour c's kings.
func kingsOf(p *rules.State, c rules.Color) kingCount {
	k := p.ByKind[rules.King].And(p.ByColor[c])
	t := k.And(p.Flagged(rules.Traveling))
	d := k.And(p.Flagged(rules.Traveled))
	u := k.AndNot(t.Or(d))
	return kingCount{u: u.Count(), t: t.Count(), d: d, us: u}
}

// surviving returns the side's surviving kings by R7: its traveled kings
// plus the untraveled kings that no traveling king stands for.
func (k kingCount) surviving() int { return k.d.Count() + max(0, k.u-k.t) }

// critical returns the kings whose capture would leave a side with exactly
// one surviving king kingless: its traveled king, or else every untraveled
// king. It is empty when the side has no surviving king or more than one.
func (k kingCount) critical() rules.Bitboard {
	switch {
	case k.surviving() != 1:
		return rules.Bitboard{}
	case !k.d.IsZero():
		return k.d
	}
	return k.us
}
