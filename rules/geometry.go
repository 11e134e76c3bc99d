package rules

import (
	"fmt"
	"sync"
)

// Direction indexes the eight line directions. The first four step to higher
// square indexes, the last four to lower ones.
type Direction int

// The eight directions; Opposite(d) = d ^ 4.
const (
	North Direction = iota
	East
	NorthEast
	NorthWest
	South
	West
	SouthWest
	SouthEast
)

var dirSteps = [8][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

// Geometry holds the precomputed tables of one board size. Geometries are
// shared and never change once built.
type Geometry struct {
	W, H int
	// Mask holds every square on the board.
	Mask Bitboard
	// Rays[d][s] holds the squares from s (exclusive) to the edge in direction d.
	Rays [8][NumSquares]Bitboard
	// Knight, King, Leap2 and PawnAttack hold the leaper targets of each square;
	// Leap2 is the two-square orthogonal and diagonal leap.
	Knight, King, Leap2 [NumSquares]Bitboard
	PawnAttack          [2][NumSquares]Bitboard
	// Ranks[r] and Files[f] hold the squares of each rank and file.
	Ranks [MaxRanks]Bitboard
	Files [MaxFiles]Bitboard
}

var geometries sync.Map // [2]int -> *Geometry

// GeometryOf returns the shared geometry of a w x h board.
func GeometryOf(w, h int) (*Geometry, error) {
	if w < 1 || w > MaxFiles || h < 1 || h > MaxRanks {
		return nil, fmt.Errorf("board %dx%d is out of range: files and ranks must be 1 to 16", w, h)
	}
	key := [2]int{w, h}
	if g, ok := geometries.Load(key); ok {
		return g.(*Geometry), nil
	}
	g, _ := geometries.LoadOrStore(key, buildGeometry(w, h))
	return g.(*Geometry), nil
}

// MustGeometry is GeometryOf for sizes known to be valid.
func MustGeometry(w, h int) *Geometry {
	g, err := GeometryOf(w, h)
	if err != nil {
		panic(err)
	}
	return g
}

// On reports whether file f and rank r lie on the board.
func (g *Geometry) On(f, r int) bool { return f >= 0 && f < g.W && r >= 0 && r < g.H }

// Contains reports whether s is a square of the board.
func (g *Geometry) Contains(s Square) bool { return s >= 0 && s < NumSquares && g.Mask.Has(s) }

func buildGeometry(w, h int) *Geometry {
	g := &Geometry{W: w, H: h}
	leap := func(s Square, offs [][2]int) Bitboard {
		var b Bitboard
		for _, o := range offs {
			if f, r := s.File()+o[0], s.Rank()+o[1]; g.On(f, r) {
				b.Set(SquareAt(f, r))
			}
		}
		return b
	}
	knight := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	king := [][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}
	leap2 := [][2]int{{0, 2}, {2, 2}, {2, 0}, {2, -2}, {0, -2}, {-2, -2}, {-2, 0}, {-2, 2}}
	for r := 0; r < h; r++ {
		for f := 0; f < w; f++ {
			s := SquareAt(f, r)
			g.Mask.Set(s)
			g.Ranks[r].Set(s)
			g.Files[f].Set(s)
			g.Knight[s] = leap(s, knight)
			g.King[s] = leap(s, king)
			g.Leap2[s] = leap(s, leap2)
			g.PawnAttack[White][s] = leap(s, [][2]int{{-1, 1}, {1, 1}})
			g.PawnAttack[Black][s] = leap(s, [][2]int{{-1, -1}, {1, -1}})
			for d, st := range dirSteps {
				for ff, rr := f+st[0], r+st[1]; g.On(ff, rr); ff, rr = ff+st[0], rr+st[1] {
					g.Rays[d][s].Set(SquareAt(ff, rr))
				}
			}
		}
	}
	return g
}

// ray returns the squares attacked from s in direction d with blockers occ.
func (g *Geometry) ray(d Direction, s Square, occ Bitboard) Bitboard {
	r := g.Rays[d][s]
	b := r.And(occ)
	if b.IsZero() {
		return r
	}
	var first Square
	if d < South {
		first = b.LSB()
	} else {
		first = b.MSB()
	}
	return r.Xor(g.Rays[d][first])
}

// RookAttacks returns the squares a rook on s attacks with blockers occ.
func (g *Geometry) RookAttacks(s Square, occ Bitboard) Bitboard {
	return g.ray(North, s, occ).Or(g.ray(East, s, occ)).Or(g.ray(South, s, occ)).Or(g.ray(West, s, occ))
}

// BishopAttacks returns the squares a bishop on s attacks with blockers occ.
func (g *Geometry) BishopAttacks(s Square, occ Bitboard) Bitboard {
	return g.ray(NorthEast, s, occ).Or(g.ray(NorthWest, s, occ)).Or(g.ray(SouthWest, s, occ)).Or(g.ray(SouthEast, s, occ))
}

// QueenAttacks returns the squares a queen on s attacks with blockers occ.
func (g *Geometry) QueenAttacks(s Square, occ Bitboard) Bitboard {
	return g.RookAttacks(s, occ).Or(g.BishopAttacks(s, occ))
}

// direction returns the direction from a to b when they share a line.
func direction(a, b Square) (Direction, bool) {
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	if a == b || (df != 0 && dr != 0 && df != dr && df != -dr) {
		return 0, false
	}
	sf, sr := sign(df), sign(dr)
	for d, st := range dirSteps {
		if st[0] == sf && st[1] == sr {
			return Direction(d), true
		}
	}
	return 0, false
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Between returns the squares strictly between a and b when they share a line.
func (g *Geometry) Between(a, b Square) Bitboard {
	d, ok := direction(a, b)
	if !ok {
		return Bitboard{}
	}
	return g.Rays[d][a].And(g.Rays[d^4][b])
}

// Line returns the whole line through a and b (both included) when they share one.
func (g *Geometry) Line(a, b Square) Bitboard {
	d, ok := direction(a, b)
	if !ok {
		return Bitboard{}
	}
	l := g.Rays[d][a].Or(g.Rays[d^4][a])
	l.Set(a)
	return l
}
