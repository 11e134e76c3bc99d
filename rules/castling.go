package rules

import (
	"fmt"
	"strings"
)

// CastleRights holds four bits: White kingside, White queenside, Black
// kingside, Black queenside (bit i = castling index i).
type CastleRights uint8

// castleIndex numbers the four castlings: colour*2 + (0 kingside, 1 queenside).
func castleIndex(c Color, kingside bool) int {
	if kingside {
		return int(c) * 2
	}
	return int(c)*2 + 1
}

// castling is one castling's fixed geometry, set from the position text.
type castling struct {
	king, kingTo, rook, rookTo Square
	// empty must be empty apart from the king and the rook; safe must not be
	// attacked (the king's path, both ends included).
	empty, safe Bitboard
}

// setCastling records castling index i: the king on king, the rook on rook,
// with the destinations the variant's spec gives.
func (st *Setup) setCastling(i int, king, rook Square, spec *Spec) {
	g := st.Geo
	r := king.Rank()
	kf, rf := spec.castleFiles(g.W, i%2 == 0)
	c := castling{king: king, rook: rook, kingTo: SquareAt(kf, r), rookTo: SquareAt(rf, r)}
	span := func(a, b Square) Bitboard {
		bb := g.Between(a, b)
		bb.Set(a)
		bb.Set(b)
		return bb
	}
	c.empty = span(king, c.kingTo).Or(span(rook, c.rookTo)).AndNot(BB(king, rook))
	c.safe = span(king, c.kingTo)
	st.castle[i] = c
	st.castleMask[king] |= CastleRights(3) << (2 * (i / 2))
	st.castleMask[rook] |= 1 << i
}

// parseCastling reads the castling field (KQkq, Shredder-FEN file letters or
// "-") and fills the set-up's castling geometry.
func (p *Position) parseCastling(field string, spec *Spec) error {
	p.Castle = 0
	if field == "-" {
		return nil
	}
	g := p.setup.Geo
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := White
		if ch >= 'a' && ch <= 'z' {
			c = Black
			ch -= 'a' - 'A'
		}
		back := 0
		if c == Black {
			back = g.H - 1
		}
		// The castling King: an unflagged King on the back rank; when a
		// variant puts several there (Gifford's travellers), the one on the
		// middle file, the King's file in the standard set-up.
		kings := p.Pieces(c, King).And(g.Ranks[back]).AndNot(p.Flagged(Traveling | Traveled))
		if std := SquareAt(g.W/2, back); kings.More() && kings.Has(std) {
			kings = SquareBB(std)
		}
		if kings.Count() != 1 {
			return fmt.Errorf("castling right %q needs one %s king on rank %d to castle", field[i], c, back+1)
		}
		king := kings.LSB()
		rooks := p.Pieces(c, Rook).And(g.Ranks[back])
		var rook Square = NoSquare
		switch {
		case ch == 'K':
			rook = rooks.And(g.Rays[East][king]).MSB()
		case ch == 'Q':
			rook = rooks.And(g.Rays[West][king]).LSB()
		case ch >= 'A' && int(ch-'A') < g.W:
			if s := SquareAt(int(ch-'A'), back); rooks.Has(s) {
				rook = s
			}
		default:
			return fmt.Errorf("castling field %q: %q is not K, Q or a file letter", field, field[i])
		}
		if rook == NoSquare {
			return fmt.Errorf("castling right %q: no %s rook for it on rank %d", field[i], c, back+1)
		}
		idx := castleIndex(c, rook.File() > king.File())
		if kf, rf := spec.castleFiles(g.W, idx%2 == 0); kf < 0 || kf >= g.W || rf < 0 || rf >= g.W || kf == rf {
			return fmt.Errorf("castling right %q: a board %d files wide has no room for castling", field[i], g.W)
		}
		if p.Castle&(1<<idx) != 0 {
			return fmt.Errorf("castling field %q names one castling twice", field)
		}
		p.Castle |= 1 << idx
		p.setup.setCastling(idx, king, rook, spec)
		if king.File() != g.W/2 || (rook.File() != 0 && rook.File() != g.W-1) {
			p.setup.Chess960 = true
		}
	}
	return nil
}

// formatCastling writes the castling field in X-FEN: K/Q when the rook is the
// outermost one on its side, the rook's file letter otherwise.
func (p *Position) formatCastling() string {
	if p.Castle == 0 {
		return "-"
	}
	var b strings.Builder
	for i := 0; i < 4; i++ {
		if p.Castle&(1<<i) == 0 {
			continue
		}
		ci := &p.setup.castle[i]
		c := Color(i / 2)
		rooks := p.Pieces(c, Rook).And(p.setup.Geo.Ranks[ci.rook.Rank()])
		var outer Square
		letter := byte('K')
		if i%2 == 0 {
			outer = rooks.And(p.setup.Geo.Rays[East][ci.king]).MSB()
		} else {
			outer, letter = rooks.And(p.setup.Geo.Rays[West][ci.king]).LSB(), 'Q'
		}
		if outer != ci.rook {
			letter = byte('A' + ci.rook.File())
		}
		if c == Black {
			letter += 'a' - 'A'
		}
		b.WriteByte(letter)
	}
	return b.String()
}
