package travelers

import "timechess/rules"

// This file writes the hypothetical lines of R2 and R4 out a second way,
// as an oracle for the board of hypothetical lines (hypo.go) that the plain
// rules (plain.go) and the survey walk: every line of up to three moves,
// generated square by square from the geometry of the men (no bitboards).

// refBoard is a position as the oracle sees it: the men square by square.
type refBoard struct {
	g      *rules.Geometry
	men    [rules.NumSquares]rules.Piece
	id     [rules.NumSquares]int16 // 1 + the index of the man in the surveyed position (own men)
	side   rules.Color
	rights uint8 // the side's castling rights: bit 0 kingside, bit 1 queenside
	ep     rules.Square
	epUndo bool
	promos []rules.Kind
	ct     *castleTable
}

// refSteps are the single steps of the King and the line directions.
var refSteps = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// refLeaps are the Knight's jumps.
var refLeaps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}

// refMove is one move of a line: a man from from to to (a promotion, an en
// passant capture, a castling on wing), or a man onto an own traveling man.
type refMove struct {
	from, to rules.Square
	promo    rules.Kind
	ep       bool
	castle   int // 0 none, 1 kingside, 2 queenside
}

// own reports whether s holds a man of the side.
func (b *refBoard) own(s rules.Square) bool {
	return b.men[s] != rules.NoPiece && b.men[s].Color() == b.side
}

// enemy reports whether s holds an enemy man.
func (b *refBoard) enemy(s rules.Square) bool {
	return b.men[s] != rules.NoPiece && b.men[s].Color() != b.side
}

// at returns the square f files and r ranks from s, if on the board.
func (b *refBoard) at(s rules.Square, f, r int) (rules.Square, bool) {
	ff, rr := s.File()+f, s.Rank()+r
	if !b.g.On(ff, rr) {
		return rules.NoSquare, false
	}
	return rules.SquareAt(ff, rr), true
}

// dir returns the side's pawn direction in ranks.
func (b *refBoard) dir() int {
	if b.side == rules.White {
		return 1
	}
	return -1
}

// targets returns where the man on s may move (landing on empty or enemy
// squares), and separately the own traveling men it could move onto by the
// same move (the annihilations; pawns straight only).
func (b *refBoard) targets(s rules.Square, first bool) (moves []refMove, onto []refMove) {
	pc := b.men[s]
	add := func(t rules.Square, promo rules.Kind) {
		switch {
		case b.men[t] == rules.NoPiece || b.enemy(t):
			moves = append(moves, refMove{from: s, to: t, promo: promo})
		}
	}
	travel := func(t rules.Square, k rules.Kind) {
		if tp := b.men[t]; b.own(t) && tp.Flags()&rules.Traveling != 0 && tp.Kind() == k {
			onto = append(onto, refMove{from: s, to: t})
		}
	}
	switch k := pc.Kind(); k {
	case rules.Knight, rules.King:
		steps := refLeaps
		if k == rules.King {
			steps = refSteps
		}
		for _, st := range steps {
			if t, ok := b.at(s, st[0], st[1]); ok {
				add(t, rules.NoKind)
				travel(t, k)
			}
		}
	case rules.Bishop, rules.Rook, rules.Queen:
		for i, st := range refSteps {
			diagonal := i%2 == 1
			if k == rules.Bishop && !diagonal || k == rules.Rook && diagonal {
				continue
			}
			for t, ok := b.at(s, st[0], st[1]); ok; t, ok = b.at(t, st[0], st[1]) {
				add(t, rules.NoKind)
				travel(t, k)
				if b.men[t] != rules.NoPiece {
					break
				}
			}
		}
	case rules.Pawn:
		d := b.dir()
		last := b.g.H - 1
		second := 1
		if b.side == rules.Black {
			last, second = 0, b.g.H-2
		}
		step := func(t rules.Square) {
			if t.Rank() != last {
				add(t, rules.NoKind)
				return
			}
			for _, pk := range b.promos {
				add(t, pk)
			}
		}
		if t, ok := b.at(s, 0, d); ok {
			if b.men[t] == rules.NoPiece {
				step(t)
				// No double step lands on the last rank (docs/rules/chess.md).
				if t2, ok := b.at(t, 0, d); ok && s.Rank() == second && t2.Rank() != last {
					if b.men[t2] == rules.NoPiece {
						moves = append(moves, refMove{from: s, to: t2})
					} else {
						travel(t2, rules.Pawn)
					}
				}
			} else if t.Rank() == last {
				for _, pk := range b.promos {
					if tp := b.men[t]; b.own(t) && tp.Flags()&rules.Traveling != 0 && tp.Kind() == pk {
						onto = append(onto, refMove{from: s, to: t, promo: pk})
					}
				}
			} else {
				travel(t, rules.Pawn)
			}
		}
		for _, df := range []int{-1, 1} {
			if t, ok := b.at(s, df, d); ok {
				if b.enemy(t) {
					step(t)
				}
				if first && t == b.ep {
					moves = append(moves, refMove{from: s, to: t, ep: true})
				}
			}
		}
	}
	return moves, onto
}

// lineMoves returns every move of the side's untraveled and traveled men.
func (b *refBoard) lineMoves(first bool) (moves, onto []refMove) {
	for s := rules.Square(0); s < rules.NumSquares; s++ {
		if !b.g.Contains(s) || !b.own(s) || b.men[s].Flags()&rules.Traveling != 0 {
			continue
		}
		m, o := b.targets(s, first)
		moves = append(moves, m...)
		if b.men[s].Flags() == 0 {
			onto = append(onto, o...)
		}
	}
	for wing := 0; wing < 2; wing++ {
		if b.rights&(1<<wing) == 0 {
			continue
		}
		cg := b.ct.geo[int(b.side)*2+wing]
		free := true
		for _, s := range cg.empty.Squares() {
			free = free && b.men[s] == rules.NoPiece
		}
		if free {
			moves = append(moves, refMove{from: cg.king, to: cg.kingTo, castle: wing + 1})
		}
	}
	return moves, onto
}

// play makes m and returns a function that takes it back.
func (b *refBoard) play(m refMove) func() {
	saved := *b
	switch {
	case m.castle != 0:
		cg := b.ct.geo[int(b.side)*2+m.castle-1]
		k, r := b.men[cg.king], b.men[cg.rook]
		ki, ri := b.id[cg.king], b.id[cg.rook]
		b.men[cg.king], b.men[cg.rook], b.id[cg.king], b.id[cg.rook] = 0, 0, 0, 0
		b.men[cg.kingTo], b.men[cg.rookTo], b.id[cg.kingTo], b.id[cg.rookTo] = k, r, ki, ri
		b.rights = 0
	default:
		pc := b.men[m.from]
		if m.promo != rules.NoKind {
			pc = rules.MakePiece(b.side, m.promo, pc.Flags())
		}
		if m.ep {
			v := rules.SquareAt(m.to.File(), m.from.Rank())
			if b.epUndo {
				b.men[v] = rules.MakePiece(b.side.Other(), rules.Pawn, rules.Traveling)
			} else {
				b.men[v] = rules.NoPiece
			}
		}
		b.men[m.to], b.id[m.to] = pc, b.id[m.from]
		b.men[m.from], b.id[m.from] = rules.NoPiece, 0
		for wing := 0; wing < 2 && b.rights != 0; wing++ {
			if cg := b.ct.geo[int(b.side)*2+wing]; b.rights&(1<<wing) != 0 && (m.from == cg.king || m.from == cg.rook) {
				b.rights &^= 1 << wing
			}
		}
	}
	b.ep = rules.NoSquare
	return func() { *b = saved }
}

// refSurvey tries every line of up to three moves of colour c in p.
func refSurvey(p *rules.Position, c rules.Color) lineReach { return refLines(p, c, 3) }

// newRefBoard sets up the oracle's board for colour c's lines in p: its
// men known by their squares, its castling rights, and the en passant
// capture when c is to move.
func newRefBoard(p *rules.Position, c rules.Color) *refBoard {
	b := &refBoard{g: p.Geometry(), side: c, ep: rules.NoSquare, promos: p.Variant().Spec().Promotions}
	for s := rules.Square(0); s < rules.NumSquares; s++ {
		b.men[s] = p.Board[s]
		if b.own(s) {
			b.id[s] = int16(s) + 1
		}
	}
	b.rights = uint8(p.Castle>>(2*int(c))) & 3
	if b.rights != 0 {
		b.ct = castlings(p)
	}
	if c == p.Side && p.EP != rules.NoSquare {
		b.ep, b.epUndo = p.EP, p.EPAnnihilation
	}
	return b
}

// refLines tries every line of up to limit moves of colour c in p.
func refLines(p *rules.Position, c rules.Color, limit int) lineReach {
	b := newRefBoard(p, c)
	out := lineReach{reach: map[rules.Square]*[rules.NumKinds]rules.Bitboard{}, res: map[rules.Square]rules.Bitboard{}}
	empty := map[rules.Square]bool{}
	for s := rules.Square(0); s < rules.NumSquares; s++ {
		if b.g.Contains(s) && p.Board[s] == rules.NoPiece {
			empty[s] = true
		}
	}
	var walk func(depth int)
	walk = func(depth int) {
		moves, onto := b.lineMoves(depth == 0)
		for _, m := range onto {
			o := rules.Square(b.id[m.from] - 1)
			r := out.res[o]
			r.Set(m.to)
			out.res[o] = r
		}
		for _, m := range moves {
			undo := b.play(m)
			arrived := []rules.Square{m.to}
			if m.castle != 0 {
				cg := b.ct.geo[int(c)*2+m.castle-1]
				arrived = []rules.Square{cg.kingTo, cg.rookTo}
			}
			for _, s := range arrived {
				if pc := b.men[s]; pc.Flags() == 0 && empty[s] {
					o := rules.Square(b.id[s] - 1)
					if out.reach[o] == nil {
						out.reach[o] = new([rules.NumKinds]rules.Bitboard)
					}
					out.reach[o][pc.Kind()].Set(s)
				}
			}
			if depth < limit-1 {
				walk(depth + 1)
			}
			undo()
		}
	}
	walk(0)
	return out
}
