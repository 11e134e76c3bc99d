package travelers

import "timechess/rules"

// castleGeo is one castling's fixed geometry (R8): where the King and the
// rook stand and go, the squares that must be empty and the King's path.
type castleGeo struct {
	king, kingTo, rook, rookTo rules.Square
	empty, path                rules.Bitboard // path: the King's squares, both ends included
}

// castleTable holds the geometry of the four castlings of one game set-up
// (index colour*2 + wing, wing 0 kingside and 1 queenside).
type castleTable struct {
	geo   [4]castleGeo
	known uint8 // the indexes whose geometry is filled in
}

// castleMemo remembers a session's castleTable, so that a game does not
// rebuild it at every position: the table of the last set-up asked about.
type castleMemo struct {
	setup *rules.Setup
	table *castleTable
}

// castlings returns the geometry of the castlings p has the right to. The
// core keeps that geometry to itself and tests castling against FIDE attacks;
// it is read here from the castlings the core generates on an empty board,
// where no square is attacked and nothing stands in the way.
func castlings(p *rules.Position) *castleTable {
	memo := &sessionOf(p).castle
	var old *castleTable
	if memo.setup == p.Setup() {
		old = memo.table
	}
	if old != nil && uint8(p.Castle)&^old.known == 0 {
		return old
	}
	t := &castleTable{}
	if old != nil {
		*t = *old
	}
	g := p.Geometry()
	spec := p.Variant().Spec()
	for c := rules.White; c <= rules.Black; c++ {
		st := rules.State{EP: rules.NoSquare, Side: c, Castle: p.Castle}
		empty := p.Sibling(st)
		for _, m := range pseudoMoves(&empty, nil) {
			if m.Kind != rules.Castle {
				continue
			}
			wing, file := 1, spec.CastleRookFromEdge
			if m.Via.File() > m.From.File() {
				wing, file = 0, g.W-file
			}
			cg := castleGeo{king: m.From, kingTo: m.To, rook: m.Via, rookTo: rules.SquareAt(file, m.From.Rank())}
			cg.path = span(g, cg.king, cg.kingTo)
			cg.empty = cg.path.Or(span(g, cg.rook, cg.rookTo)).AndNot(rules.BB(cg.king, cg.rook))
			t.geo[int(c)*2+wing] = cg
			t.known |= 1 << (int(c)*2 + wing)
		}
	}
	memo.setup, memo.table = p.Setup(), t
	return t
}

// span returns the squares from a to b on their line, both included.
func span(g *rules.Geometry, a, b rules.Square) rules.Bitboard {
	s := g.Between(a, b)
	s.Set(a)
	s.Set(b)
	return s
}

// rightsLost returns the castling rights of colour c (bit 0 kingside, bit 1
// queenside) that a man leaving or reaching square s takes away.
func (t *castleTable) rightsLost(c rules.Color, s rules.Square) uint8 {
	var lost uint8
	for wing := 0; wing < 2; wing++ {
		cg := &t.geo[int(c)*2+wing]
		if t.known&(1<<(int(c)*2+wing)) != 0 && (s == cg.king || s == cg.rook) {
			lost |= 1 << wing
		}
	}
	return lost
}
