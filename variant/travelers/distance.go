package travelers

import "timechess/rules"

// unreachable is a distance no line of three moves covers.
const unreachable = 9

// lowerBound returns a number of moves that the man of kind k on s needs at
// least, on an empty board, to stand on t as a man of kind want (a pawn
// promoting when want is not a pawn), or unreachable when no three moves
// do it. Castling may take the King to its castling square in one move; a
// pawn that must change files captures only on the squares of enemy men.
func (b *hboard) lowerBound(k rules.Kind, s, t rules.Square, want rules.Kind) int {
	g := b.g
	df, dr := abs(t.File()-s.File()), abs(t.Rank()-s.Rank())
	if k == rules.Pawn {
		return b.pawnBound(s, t, want)
	}
	if k != want {
		return unreachable
	}
	switch k {
	case rules.Knight:
		return min(g.KnightDistance(s, t), unreachable)
	case rules.King:
		d := max(df, dr)
		for wing := uint8(0); wing < 2; wing++ {
			if cg := b.castle0(wing); cg != nil && cg.king == s {
				d = min(d, 1+max(abs(t.File()-cg.kingTo.File()), abs(t.Rank()-cg.kingTo.Rank())))
			}
		}
		return d
	case rules.Rook:
		return lineBound(df == 0 || dr == 0)
	case rules.Bishop:
		if (df+dr)%2 != 0 {
			return unreachable
		}
		return lineBound(df == dr)
	case rules.Queen:
		return lineBound(df == 0 || dr == 0 || df == dr)
	}
	return unreachable
}

// near reports whether man m's bound to some traveling man of kind k of
// his side is at most three moves.
func (b *hboard) near(m hman, k rules.Kind) bool {
	for t := b.tkind[k]; !t.IsZero(); {
		if b.lowerBound(m.kind, m.sq, t.PopLSB(), k) <= 3 {
			return true
		}
	}
	return false
}

// pawnsWithin2 returns a superset of the squares from which a pawn's bound
// to the traveling man gl (pawnBound) is at most two moves: a move takes a
// pawn one rank on (two by a double step) and at most one file aside, and
// a pawn that must promote is at most three ranks from the last.
func (b *hboard) pawnsWithin2(gl goal) rules.Bitboard {
	g := b.g
	dir, r := int(b.fwd)/16, gl.sq.Rank()
	if gl.kind != rules.Pawn {
		r = b.last
	}
	var ranks rules.Bitboard
	for d := 1; d <= 3; d++ {
		if rk := r - d*dir; rk >= 0 && rk < g.H {
			ranks = ranks.Or(g.Ranks[rk])
		}
	}
	if gl.kind != rules.Pawn {
		return ranks
	}
	var files rules.Bitboard
	for f := max(0, gl.sq.File()-2); f <= min(g.W-1, gl.sq.File()+2); f++ {
		files = files.Or(g.Files[f])
	}
	return ranks.And(files)
}

// castle0 returns the geometry of the castling on wing when the side still
// has the right to it, or nil.
func (b *hboard) castle0(wing uint8) *castleGeo {
	if b.rights&(1<<wing) == 0 {
		return nil
	}
	return b.castle(wing)
}

// lineBound is the bound of a line piece: one move along a line, else two.
func lineBound(aligned bool) int {
	if aligned {
		return 1
	}
	return 2
}

// promotesWithin3 reports whether a pawn on s could promote within three
// moves (pawnBound to its square of the last rank as a piece, at most 3):
// from the three ranks before the last, or four from its second rank by a
// double step.
func (b *hboard) promotesWithin3(s rules.Square) bool {
	d := abs(b.last - s.Rank())
	if s.Rank() == b.second {
		d--
	}
	return s.Rank() != b.last && d <= 3
}

// pawnBound bounds the moves of a pawn on s to stand on t as want: a pawn
// gains a file only by capturing, and gains two ranks once, by a double step
// from its second rank; a piece comes from promotion on the last rank.
func (b *hboard) pawnBound(s, t rules.Square, want rules.Kind) int {
	ahead := func(to rules.Square) int { return (to.Rank() - s.Rank()) * int(b.fwd) / 16 }
	steps := func(ranks, files int) int {
		if ranks < 1 || files > ranks {
			return unreachable
		}
		if s.Rank() == b.second && ranks-files >= 2 {
			return ranks - 1
		}
		return ranks
	}
	if want == rules.Pawn {
		if t.Rank() == b.last {
			return unreachable
		}
		files := abs(t.File() - s.File())
		n := steps(ahead(t), files)
		if files == 0 || n > 3 {
			return n
		}
		// Files are gained by captures, on men that stand there now: the
		// enemy never moves and no line adds an enemy man but the pawn an en
		// passant capture brings back (R5); the en passant capture itself
		// lands on its empty square.
		e := b.enemy
		if b.ep != rules.NoSquare {
			e.Set(b.ep)
			e.Set(b.epVictim)
		}
		for ; n <= 3; n++ {
			if b.pawnPath(s, t, n, e) {
				return n
			}
		}
		return unreachable
	}
	if b.promoSet&(1<<want) == 0 {
		return unreachable
	}
	n := steps(abs(b.last-s.Rank()), 0)
	if t.Rank() != b.last {
		n++
	}
	return n
}

// pawnPath reports whether a pawn on q can step straight onto t (a double
// step from its second rank included) in at most left moves, its captures
// taking only men on squares of e.
func (b *hboard) pawnPath(q, t rules.Square, left int, e rules.Bitboard) bool {
	g := b.g
	ranks := (t.Rank() - q.Rank()) * int(b.fwd) / 16
	if left == 0 || ranks < 1 || abs(t.File()-q.File()) > left-1 {
		return false
	}
	one := q + b.fwd
	two := one + b.fwd
	double := q.Rank() == b.second && g.Contains(two)
	if one == t || double && two == t {
		return true
	}
	if b.pawnPath(one, t, left-1, e) || double && b.pawnPath(two, t, left-1, e) {
		return true
	}
	att := g.PawnAttack[b.side][q]
	b.reads = b.reads.Or(att) // a resonance survey's answer rests on them (memo.go)
	for c := att.And(e); !c.IsZero(); {
		if b.pawnPath(c.PopLSB(), t, left-1, e) {
			return true
		}
	}
	return false
}

// sees returns the squares a piece of kind k on s sees on an empty board
// (none for a pawn): the squares it could move to, and those from which
// one of its kind could move to s.
func sees(g *rules.Geometry, k rules.Kind, s rules.Square) rules.Bitboard {
	switch k {
	case rules.Knight:
		return g.Knight[s]
	case rules.King:
		return g.King[s]
	case rules.Rook:
		return g.RookRays[s]
	case rules.Bishop:
		return g.BishopRays[s]
	case rules.Queen:
		return g.RookRays[s].Or(g.BishopRays[s])
	}
	return rules.Bitboard{}
}

// abs returns the absolute value of x.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
