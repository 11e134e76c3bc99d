package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// The position text is FEN extended for every variant:
//
//	placement side castling en-passant halfmove fullmove [variant fields...]
//
// Ranks run from the top down, separated by "/"; a run of empty squares is
// a decimal number (10, 12, 16 on wide boards); a man is its letter (upper
// case White) followed by one suffix per flag: "*" traveling, "'" traveled,
// "~" possessed by a Spirit. The board size follows from the placement.
// Castling is "-", KQkq or Shredder-FEN file letters (X-FEN is written back).
// The en passant square is kept only when a pawn could capture there, as in
// the canonical text timechess writes. Fields after the sixth belong to the
// variant. Missing trailing fields default to "w - - 0 1".

// NewPosition reads a position of variant v from its text.
func NewPosition(v Variant, text string) (*Position, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty position text")
	}
	rows := strings.Split(fields[0], "/")
	h := len(rows)
	if h > MaxRanks {
		return nil, fmt.Errorf("placement %q has %d ranks; at most 16 are allowed", fields[0], h)
	}
	type man struct {
		pc   Piece
		file int
	}
	ranks := make([][]man, h)
	w := -1
	for i, row := range rows {
		f := 0
		for j := 0; j < len(row); {
			c := row[j]
			switch {
			case c >= '1' && c <= '9':
				n := 0
				for j < len(row) && row[j] >= '0' && row[j] <= '9' {
					n = n*10 + int(row[j]-'0')
					j++
					if n > MaxFiles {
						return nil, fmt.Errorf("rank %d (%q): empty run longer than 16 squares", h-i, row)
					}
				}
				f += n
				continue
			case c == '0':
				return nil, fmt.Errorf("rank %d (%q): an empty run cannot start with 0", h-i, row)
			}
			k, ok := KindOfLetter(c)
			if !ok {
				return nil, fmt.Errorf("rank %d (%q): %q is not a piece letter", h-i, row, c)
			}
			col := White
			if c >= 'a' {
				col = Black
			}
			j++
			var fl Flag
			for j < len(row) {
				idx := strings.IndexByte(string(flagSuffix[:]), row[j])
				if idx < 0 {
					break
				}
				if fl&(1<<idx) != 0 {
					return nil, fmt.Errorf("rank %d (%q): suffix %q given twice", h-i, row, row[j])
				}
				fl |= 1 << idx
				j++
			}
			ranks[i] = append(ranks[i], man{MakePiece(col, k, fl), f})
			f++
		}
		if w < 0 {
			w = f
		}
		if f != w {
			return nil, fmt.Errorf("rank %d (%q) has %d files but rank %d has %d", h-i, row, f, h, w)
		}
	}
	g, err := GeometryOf(w, h)
	if err != nil {
		return nil, err
	}
	p := &Position{setup: &Setup{Geo: g, Variant: v}}
	p.EP = NoSquare
	for i, row := range ranks {
		for _, m := range row {
			p.Put(m.pc, SquareAt(m.file, h-1-i))
		}
	}
	std := []string{"w", "-", "-", "0", "1"}
	for i := 1; i < 6 && i < len(fields); i++ {
		std[i-1] = fields[i]
	}
	switch std[0] {
	case "w":
	case "b":
		p.Side = Black
		p.Hash ^= sideKey
	default:
		return nil, fmt.Errorf("side to move %q is neither w nor b", std[0])
	}
	if err := p.parseCastling(std[1], v.Spec()); err != nil {
		return nil, err
	}
	p.Hash ^= castleKeys[p.Castle]
	if std[2] != "-" {
		ep, err := ParseSquare(std[2], w, h)
		if err != nil {
			return nil, fmt.Errorf("en passant field: %v", err)
		}
		if err := p.checkEP(ep); err != nil {
			return nil, err
		}
		if g.PawnAttack[p.Side.Other()][ep].Intersects(p.Pieces(p.Side, Pawn)) {
			p.EP = ep
			p.Hash ^= epKeys[ep.File()]
		}
	}
	if p.Halfmove, err = strconv.Atoi(std[3]); err != nil || p.Halfmove < 0 || p.Halfmove > 10000 {
		return nil, fmt.Errorf("halfmove clock %q is not a number from 0 to 10000", std[3])
	}
	if p.Fullmove, err = strconv.Atoi(std[4]); err != nil || p.Fullmove < 1 || p.Fullmove > 10000 {
		return nil, fmt.Errorf("fullmove number %q is not a number from 1 to 10000", std[4])
	}
	var extra []string
	if len(fields) > 6 {
		extra = fields[6:]
	}
	if err := v.ParseExtra(p, extra); err != nil {
		return nil, err
	}
	if err := v.Validate(p); err != nil {
		return nil, err
	}
	return p, nil
}

// checkEP verifies that an en passant square fits a pawn's double step just played.
func (p *Position) checkEP(ep Square) error {
	g := p.setup.Geo
	mover := p.Side.Other()
	step := 16
	if mover == Black {
		step = -16
	}
	from, to := ep-Square(step), ep+Square(step)
	gone := g.Contains(to) && p.Board[to] == NoPiece && p.setup.Variant.Spec().EmptyEPTarget
	if !g.Contains(from) || !g.Contains(to) || (p.Board[to] != MakePiece(mover, Pawn, p.Board[to].Flags()) && !gone) ||
		p.Board[ep] != NoPiece || p.Board[from] != NoPiece || (mover == White && from.Rank() != 1) ||
		(mover == Black && from.Rank() != g.H-2) {
		return fmt.Errorf("en passant square %s does not follow a %s pawn's double step", ep, mover)
	}
	return nil
}

// Placement writes the board part of the position text.
func (p *Position) Placement() string {
	g := p.setup.Geo
	var b strings.Builder
	for r := g.H - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < g.W; f++ {
			pc := p.Board[SquareAt(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// FEN writes the position text.
func (p *Position) FEN() string {
	side := "w"
	if p.Side == Black {
		side = "b"
	}
	parts := []string{p.Placement(), side, p.formatCastling(), p.EP.String(),
		strconv.Itoa(p.Halfmove), strconv.Itoa(p.Fullmove)}
	return strings.Join(append(parts, p.setup.Variant.FormatExtra(p)...), " ")
}

// SplitExtra reads a variant's fields of the position text, each KEY=VALUE,
// at most once each, with keys from forms ("book=LIST", "travels=W,B": the
// key is what comes before "=", the rest says what the value looks like in
// errors), and returns the values by key.
func SplitExtra(variant string, fields []string, forms ...string) (map[string]string, error) {
	keys := map[string]bool{}
	for _, f := range forms {
		key, _, _ := strings.Cut(f, "=")
		keys[key] = true
	}
	out := map[string]string{}
	for _, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || !keys[key] {
			return nil, fmt.Errorf("%s: unexpected field %q (expected %s)", variant, f, strings.Join(forms, " or "))
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("%s: field %q given twice", variant, key)
		}
		out[key] = val
	}
	return out, nil
}
