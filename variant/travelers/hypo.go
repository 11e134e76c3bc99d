package travelers

import "timechess/rules"

// A hypothetical line (R2) is up to three moves of one side played in a row
// while the other side passes: untraveled and traveled men move by the normal
// rules (promotion included), enemy men may be captured, own king safety
// does not matter, traveling men never move and block everyone. Castling
// needs the right and empty squares only (check does not matter here), and
// the first move may take en passant when the side is the one to move.

// hkind is the kind of a hypothetical move.
type hkind uint8

const (
	hNormal hkind = iota
	hDouble
	hEnPassant
	hCastle
)

// hmove is one move of a hypothetical line.
type hmove struct {
	from, to rules.Square
	piece    rules.Kind // the mover's kind before the move (King for castling)
	promo    rules.Kind // the promotion, NoKind when none
	kind     hkind
	wing     uint8 // castling: 0 kingside, 1 queenside
}

// hman is a man of the searching side that can move: untraveled or traveled.
type hman struct {
	sq   rules.Square
	kind rules.Kind
	u    bool // untraveled
}

// hboard is the board of the searching side's hypothetical lines. It knows
// its own men one by one and the enemy's only as squares to capture.
type hboard struct {
	g            *rules.Geometry
	promos       []rules.Kind
	promoSet     uint32 // bit k: a pawn may promote to kind k
	side         rules.Color
	fwd          rules.Square
	second, last int // the ranks a pawn steps twice from (doubleRank) and promotes on

	occ, own, enemy rules.Bitboard
	rootEmpty       rules.Bitboard // the squares empty in the surveyed position
	men             []hman
	at              [rules.NumSquares]int16        // man index + 1, 0 when none
	ukind           [rules.NumKinds]rules.Bitboard // own untraveled men by kind
	tkind           [rules.NumKinds]rules.Bitboard // own traveling men by kind

	rights  uint8 // castling rights: bit 0 kingside, bit 1 queenside
	castles *castleTable
	// The en passant capture open to the first move: target, the square of
	// the pawn it takes, and whether it undoes an annihilation (R5).
	ep, epVictim rules.Square
	epUndo       bool

	// reads holds the squares whose contents the search has looked at since
	// init (every square its moves, targets and watchers were computed
	// from): a resonance survey's answer rests on these and on the side's
	// own men alone (memo.go).
	reads rules.Bitboard
}

// hundo is what unmake needs to take back one hypothetical move.
type hundo struct {
	m        hmove
	captured bool
	rights   uint8
	ep       rules.Square
}

// init sets the board up for colour c's lines in p.
func (b *hboard) init(p *rules.Position, c rules.Color) {
	b.initBounds(p, c)
	b.men = b.men[:0]
	clear(b.at[:])
	clear(b.ukind[:])
	for bb := b.own.AndNot(p.Flagged(rules.Traveling)); !bb.IsZero(); {
		s := bb.PopLSB()
		pc := p.Board[s]
		k := pc.Kind()
		b.men = append(b.men, hman{sq: s, kind: k, u: pc.Flags() == 0})
		b.at[s] = int16(len(b.men))
		if pc.Flags() == 0 {
			b.ukind[k].Set(s)
		}
	}
}

// initBounds sets up what lowerBound reads of colour c's board in p: the
// geometry, the promotion types, the squares of each side and of c's
// traveling men, the castling rights and the en passant capture, and it
// empties reads; not the men, which init adds.
func (b *hboard) initBounds(p *rules.Position, c rules.Color) {
	g := p.Geometry()
	b.g, b.promos, b.side = g, p.Variant().Spec().Promotions, c
	b.promoSet = 0
	for _, k := range b.promos {
		b.promoSet |= 1 << k
	}
	b.fwd, b.second, b.last = forward(c), doubleRank(g, c), g.H-1
	if c == rules.Black {
		b.last = 0
	}
	b.occ, b.own, b.enemy = p.Occupied(), p.ByColor[c], p.ByColor[c.Other()]
	b.rootEmpty = g.Mask.AndNot(b.occ)
	b.reads = rules.Bitboard{}
	clear(b.tkind[:])
	for bb := traveling(&p.State, c); !bb.IsZero(); {
		s := bb.PopLSB()
		b.tkind[p.Board[s].Kind()].Set(s)
	}
	b.rights = uint8(p.Castle>>(2*int(c))) & 3
	if b.rights != 0 {
		b.castles = castlings(p)
	}
	b.ep = rules.NoSquare
	if c == p.Side && p.EP != rules.NoSquare {
		b.ep, b.epVictim, b.epUndo = p.EP, p.EP-b.fwd, p.EPAnnihilation
	}
}

// wingsOf returns the castlings (bit 0 kingside, bit 1 queenside) the side
// still has the right to whose King or rook stands on s.
func (b *hboard) wingsOf(s rules.Square) uint8 {
	var w uint8
	for wing := uint8(0); wing < 2; wing++ {
		if cg := b.castle0(wing); cg != nil && (cg.king == s || cg.rook == s) {
			w |= 1 << wing
		}
	}
	return w
}

// castle returns the geometry of the searching side's castling on wing.
func (b *hboard) castle(wing uint8) *castleGeo { return &b.castles.geo[int(b.side)*2+int(wing)] }

// lift takes the own man off s and returns its index.
func (b *hboard) lift(s rules.Square) int {
	i := int(b.at[s]) - 1
	b.at[s] = 0
	b.occ.Clear(s)
	b.own.Clear(s)
	if m := &b.men[i]; m.u {
		b.ukind[m.kind].Clear(s)
	}
	return i
}

// drop puts own man i on the empty square s.
func (b *hboard) drop(i int, s rules.Square) {
	m := &b.men[i]
	m.sq = s
	b.at[s] = int16(i + 1)
	b.occ.Set(s)
	b.own.Set(s)
	if m.u {
		b.ukind[m.kind].Set(s)
	}
}

// make plays the hypothetical move m.
func (b *hboard) make(m hmove) hundo {
	u := hundo{m: m, rights: b.rights, ep: b.ep}
	switch m.kind {
	case hCastle:
		cg := b.castle(m.wing)
		k, r := b.lift(cg.king), b.lift(cg.rook)
		b.drop(k, cg.kingTo)
		b.drop(r, cg.rookTo)
		b.rights = 0
	case hEnPassant:
		if b.epUndo {
			b.enemy.Set(b.epVictim) // the traveling pawn comes back
			b.occ.Set(b.epVictim)
		} else {
			b.enemy.Clear(b.epVictim)
			b.occ.Clear(b.epVictim)
		}
		b.drop(b.lift(m.from), m.to)
	default:
		b.reads.Set(m.to)
		if b.enemy.Has(m.to) {
			u.captured = true
			b.enemy.Clear(m.to)
			b.occ.Clear(m.to)
		}
		i := b.lift(m.from)
		if m.promo != rules.NoKind {
			b.men[i].kind = m.promo
		}
		b.drop(i, m.to)
		if b.rights != 0 {
			b.rights &^= b.castles.rightsLost(b.side, m.from)
		}
	}
	b.ep = rules.NoSquare
	return u
}

// unmake takes back the move recorded in u.
func (b *hboard) unmake(u hundo) {
	m := u.m
	switch m.kind {
	case hCastle:
		cg := b.castle(m.wing)
		k, r := b.lift(cg.kingTo), b.lift(cg.rookTo)
		b.drop(k, cg.king)
		b.drop(r, cg.rook)
	case hEnPassant:
		b.drop(b.lift(m.to), m.from)
		if b.epUndo {
			b.enemy.Clear(b.epVictim)
			b.occ.Clear(b.epVictim)
		} else {
			b.enemy.Set(b.epVictim)
			b.occ.Set(b.epVictim)
		}
	default:
		i := b.lift(m.to)
		b.men[i].kind = m.piece
		b.drop(i, m.from)
		if u.captured {
			b.enemy.Set(m.to)
			b.occ.Set(m.to)
		}
	}
	b.rights, b.ep = u.rights, u.ep
}

// moves appends the hypothetical moves of every own man that can move.
func (b *hboard) moves(ml []hmove) []hmove {
	for i := range b.men {
		ml = b.manMoves(ml, i)
	}
	return b.specialMoves(ml, 3)
}

// manMoves appends the moves of man i, castling and en passant aside.
func (b *hboard) manMoves(ml []hmove, i int) []hmove {
	m := &b.men[i]
	if m.kind == rules.Pawn {
		return b.pawnMoves(ml, m.sq)
	}
	return b.pieceMoves(ml, m.sq, m.kind, b.g.Attacks(m.kind, b.side, m.sq, b.occ))
}

// pieceMoves appends the moves of the piece of kind k on sq, whose attacks
// are att.
func (b *hboard) pieceMoves(ml []hmove, sq rules.Square, k rules.Kind, att rules.Bitboard) []hmove {
	b.reads = b.reads.Or(att)
	for t := att.AndNot(b.own); !t.IsZero(); {
		ml = append(ml, hmove{from: sq, to: t.PopLSB(), piece: k})
	}
	return ml
}

// specialMoves appends the castlings on the wings in the mask wings (bit 0
// kingside, bit 1 queenside) and the en passant captures.
func (b *hboard) specialMoves(ml []hmove, wings uint8) []hmove {
	g := b.g
	for wing := uint8(0); wing < 2; wing++ {
		if b.rights&wings&(1<<wing) == 0 {
			continue
		}
		cg := b.castle(wing)
		b.reads = b.reads.Or(cg.empty)
		if !b.occ.Intersects(cg.empty) {
			ml = append(ml, hmove{from: cg.king, to: cg.kingTo, piece: rules.King, kind: hCastle, wing: wing})
		}
	}
	if b.ep != rules.NoSquare {
		b.reads.Set(b.ep)
		b.reads.Set(b.epVictim)
		for _, s := range g.PawnAttack[b.side.Other()][b.ep].Squares() {
			if i := b.at[s]; i != 0 && b.men[i-1].kind == rules.Pawn {
				ml = append(ml, hmove{from: s, to: b.ep, piece: rules.Pawn, kind: hEnPassant})
			}
		}
	}
	return ml
}

// pawnMoves appends the pawn moves from s: steps, the double step from the
// second rank, captures, each promotion on the last rank.
func (b *hboard) pawnMoves(ml []hmove, s rules.Square) []hmove {
	b.reads = b.reads.Or(b.pawnReads(s, b.occ))
	return b.pawnSteps(ml, s)
}

// pawnSteps is pawnMoves without noting the squares read.
func (b *hboard) pawnSteps(ml []hmove, s rules.Square) []hmove {
	g := b.g
	if one := s + b.fwd; g.Contains(one) && !b.occ.Has(one) {
		ml = b.pawnTo(ml, s, one)
		if two := one + b.fwd; s.Rank() == b.second && g.Contains(two) && !b.occ.Has(two) {
			ml = append(ml, hmove{from: s, to: two, piece: rules.Pawn, kind: hDouble})
		}
	}
	for t := g.PawnAttack[b.side][s].And(b.enemy); !t.IsZero(); {
		ml = b.pawnTo(ml, s, t.PopLSB())
	}
	return ml
}

// pawnReads returns the squares a pawn's moves from s depend on, with
// blockers occ: the squares it steps or double-steps to (the latter only
// past an empty first square) and those it captures on.
func (b *hboard) pawnReads(s rules.Square, occ rules.Bitboard) rules.Bitboard {
	g := b.g
	r := g.PawnAttack[b.side][s]
	if one := s + b.fwd; g.Contains(one) {
		r.Set(one)
		if two := one + b.fwd; s.Rank() == b.second && g.Contains(two) && !occ.Has(one) {
			r.Set(two)
		}
	}
	return r
}

// pawnTo appends the pawn move s-t, one per promotion on the last rank.
func (b *hboard) pawnTo(ml []hmove, s, t rules.Square) []hmove {
	if t.Rank() != b.last {
		return append(ml, hmove{from: s, to: t, piece: rules.Pawn})
	}
	for _, k := range b.promos {
		ml = append(ml, hmove{from: s, to: t, piece: rules.Pawn, promo: k})
	}
	return ml
}

// watchers returns the own untraveled men that could move to square a,
// which has just been vacated, with blockers occ: vacating a is what gives
// them new moves.
func (b *hboard) watchers(a rules.Square, occ rules.Bitboard) rules.Bitboard {
	g := b.g
	k := &b.ukind
	w, read := b.lineWatchers(a, occ)
	b.reads = b.reads.Or(read)
	w = w.Or(g.Knight[a].And(k[rules.Knight])).Or(g.King[a].And(k[rules.King]))
	if p1 := a - b.fwd; g.Contains(p1) {
		b.reads.Set(p1)
		if k[rules.Pawn].Has(p1) {
			w.Set(p1)
		} else if p2 := p1 - b.fwd; !occ.Has(p1) && g.Contains(p2) && p2.Rank() == b.second && k[rules.Pawn].Has(p2) {
			w.Set(p2)
		}
	}
	return w
}

// lineWatchers returns the untraveled line pieces that see square a along
// a line, with blockers occ, and the squares that answer reads: for each
// such piece on a line through a, the squares between them and its own
// when it sees a, else one man that stands between.
func (b *hboard) lineWatchers(a rules.Square, occ rules.Bitboard) (w, read rules.Bitboard) {
	g := b.g
	for movers := b.lineMen(a); !movers.IsZero(); {
		u := movers.PopLSB()
		between := g.Between(a, u)
		if blk := between.And(occ); !blk.IsZero() {
			read.Set(blk.LSB())
			continue
		}
		read = read.Or(between)
		read.Set(u)
		w.Set(u)
	}
	return w, read
}

// lineMen returns the untraveled line pieces on a line through a that
// could see it were the squares between empty.
func (b *hboard) lineMen(a rules.Square) rules.Bitboard {
	g := b.g
	k := &b.ukind
	queens := k[rules.Queen]
	return k[rules.Rook].Or(queens).And(g.RookRays[a]).Or(k[rules.Bishop].Or(queens).And(g.BishopRays[a]))
}

// lineRests returns the squares whose contents lineWatchers(a, occ) reads
// for any occ: those of lineMen(a) and those between a and them.
func (b *hboard) lineRests(a rules.Square) rules.Bitboard {
	var r rules.Bitboard
	for movers := b.lineMen(a); !movers.IsZero(); {
		u := movers.PopLSB()
		r = r.Or(b.g.Between(a, u))
		r.Set(u)
	}
	return r
}

// deps returns the squares whose contents the move m depends on: its
// origin and destination, the squares it passes, the pawn it takes en
// passant, the squares of a castling.
func (b *hboard) deps(m hmove) rules.Bitboard {
	d := b.g.Between(m.from, m.to)
	d.Set(m.from)
	d.Set(m.to)
	switch m.kind {
	case hEnPassant:
		d.Set(m.to - b.fwd)
	case hCastle:
		cg := b.castle(m.wing)
		d = d.Or(cg.empty)
		d.Set(cg.rook)
	}
	return d
}

// travelerTargets returns the squares a traveled man of kind k and colour c
// exploded on x can move to, with blockers occ of which own are c's (R3,
// A2): a pawn steps forward, double-steps from its second rank (doubleRank)
// and captures diagonally; it takes no en passant.
func travelerTargets(g *rules.Geometry, c rules.Color, k rules.Kind, x rules.Square, occ, own rules.Bitboard) rules.Bitboard {
	if k != rules.Pawn {
		return g.Attacks(k, c, x, occ).AndNot(own)
	}
	t := g.PawnAttack[c][x].And(occ.AndNot(own))
	fwd, second := forward(c), doubleRank(g, c)
	if one := x + fwd; g.Contains(one) && !occ.Has(one) {
		t.Set(one)
		if two := one + fwd; x.Rank() == second && g.Contains(two) && !occ.Has(two) {
			t.Set(two)
		}
	}
	return t
}
