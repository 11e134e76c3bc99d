package rules

import (
	"fmt"
	"math/bits"
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
	// RookRays and BishopRays hold the lines through each square on an empty board.
	RookRays, BishopRays [NumSquares]Bitboard
	// Ranks[r] and Files[f] hold the squares of each rank and file.
	Ranks [MaxRanks]Bitboard
	Files [MaxFiles]Bitboard
	// knightDist holds KnightDistance's table, built on first use.
	knightDist     *[NumSquares][NumSquares]uint8
	knightDistOnce sync.Once
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

// KnightDistance returns the number of knight moves from s to t on the empty
// board, or 255 when no number of moves gets there (a small board).
func (g *Geometry) KnightDistance(s, t Square) int {
	g.knightDistOnce.Do(g.buildKnightDistances)
	return int(g.knightDist[s][t])
}

// buildKnightDistances fills the table of KnightDistance by a breadth-first
// walk from every square.
func (g *Geometry) buildKnightDistances() {
	d := new([NumSquares][NumSquares]uint8)
	for from := range d {
		for to := range d[from] {
			d[from][to] = 255
		}
	}
	for _, from := range g.Mask.Squares() {
		row := &d[from]
		row[from] = 0
		frontier := SquareBB(from)
		seen := frontier
		for n := uint8(1); !frontier.IsZero(); n++ {
			var next Bitboard
			for f := frontier; !f.IsZero(); {
				next = next.Or(g.Knight[f.PopLSB()])
			}
			next = next.AndNot(seen)
			seen = seen.Or(next)
			for s := next; !s.IsZero(); {
				row[s.PopLSB()] = n
			}
			frontier = next
		}
	}
	g.knightDist = d
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
			g.RookRays[s] = g.Rays[North][s].Or(g.Rays[East][s]).Or(g.Rays[South][s]).Or(g.Rays[West][s])
			g.BishopRays[s] = g.Rays[NorthEast][s].Or(g.Rays[NorthWest][s]).Or(g.Rays[SouthWest][s]).Or(g.Rays[SouthEast][s])
		}
	}
	return g
}

// rayUp returns the squares attacked from s in direction d (one of the four
// directions to higher indexes) with blockers occ.
func (g *Geometry) rayUp(d Direction, s Square, occ Bitboard) Bitboard {
	r := &g.Rays[d][s]
	switch {
	case r.w0&occ.w0 != 0:
		return r.Xor(g.Rays[d][bits.TrailingZeros64(r.w0&occ.w0)])
	case r.w1&occ.w1 != 0:
		return r.Xor(g.Rays[d][64+bits.TrailingZeros64(r.w1&occ.w1)])
	case r.w2&occ.w2 != 0:
		return r.Xor(g.Rays[d][128+bits.TrailingZeros64(r.w2&occ.w2)])
	case r.w3&occ.w3 != 0:
		return r.Xor(g.Rays[d][192+bits.TrailingZeros64(r.w3&occ.w3)])
	}
	return *r
}

// rayDown is rayUp for the four directions to lower indexes.
func (g *Geometry) rayDown(d Direction, s Square, occ Bitboard) Bitboard {
	r := &g.Rays[d][s]
	switch {
	case r.w3&occ.w3 != 0:
		return r.Xor(g.Rays[d][255-bits.LeadingZeros64(r.w3&occ.w3)])
	case r.w2&occ.w2 != 0:
		return r.Xor(g.Rays[d][191-bits.LeadingZeros64(r.w2&occ.w2)])
	case r.w1&occ.w1 != 0:
		return r.Xor(g.Rays[d][127-bits.LeadingZeros64(r.w1&occ.w1)])
	case r.w0&occ.w0 != 0:
		return r.Xor(g.Rays[d][63-bits.LeadingZeros64(r.w0&occ.w0)])
	}
	return *r
}

// RookAttacks returns the squares a rook on s attacks with blockers occ.
func (g *Geometry) RookAttacks(s Square, occ Bitboard) Bitboard {
	return g.rayUp(North, s, occ).Or(g.rayUp(East, s, occ)).Or(g.rayDown(South, s, occ)).Or(g.rayDown(West, s, occ))
}

// BishopAttacks returns the squares a bishop on s attacks with blockers occ.
func (g *Geometry) BishopAttacks(s Square, occ Bitboard) Bitboard {
	return g.rayUp(NorthEast, s, occ).Or(g.rayUp(NorthWest, s, occ)).Or(g.rayDown(SouthWest, s, occ)).Or(g.rayDown(SouthEast, s, occ))
}

// QueenAttacks returns the squares a queen on s attacks with blockers occ.
func (g *Geometry) QueenAttacks(s Square, occ Bitboard) Bitboard {
	return g.RookAttacks(s, occ).Or(g.BishopAttacks(s, occ))
}

// lineDir[(df+15)*31+dr+15] is the direction of a step (df, dr) along a
// line, or -1 when the step is not along a rank, file or diagonal.
var lineDir = func() (t [31 * 31]int8) {
	for i := range t {
		t[i] = -1
	}
	for d, st := range dirSteps {
		for n := 1; n < 16; n++ {
			t[(st[0]*n+15)*31+st[1]*n+15] = int8(d)
		}
	}
	return t
}()

// direction returns the direction from a to b when they share a line.
func direction(a, b Square) (Direction, bool) {
	d := lineDir[(b.File()-a.File()+15)*31+b.Rank()-a.Rank()+15]
	return Direction(d), d >= 0
}

// Between returns the squares strictly between a and b when they share a line.
func (g *Geometry) Between(a, b Square) Bitboard {
	return between[int(a)*NumSquares+int(b)]
}

// between[a*NumSquares+b] holds the squares strictly between a and b when
// they share a rank, file or diagonal. It serves every board: the squares
// between two squares of a board lie on it. Move generation of the travelers
// variant asks for it millions of times a second; one lookup is several
// times cheaper than finding the direction and cutting two rays.
var between = func() []Bitboard {
	t := make([]Bitboard, NumSquares*NumSquares)
	for a := Square(0); a < NumSquares; a++ {
		for _, st := range dirSteps {
			var line Bitboard
			for f, r := a.File()+st[0], a.Rank()+st[1]; f >= 0 && f < MaxFiles && r >= 0 && r < MaxRanks; f, r = f+st[0], r+st[1] {
				b := SquareAt(f, r)
				t[int(a)*NumSquares+int(b)] = line
				line.Set(b)
			}
		}
	}
	return t
}()

// Ray returns the squares a line piece on s attacks in direction d with
// blockers occ: up to the first blocker, included.
func (g *Geometry) Ray(d Direction, s Square, occ Bitboard) Bitboard {
	if d < South {
		return g.rayUp(d, s, occ)
	}
	return g.rayDown(d, s, occ)
}

// RayThrough returns the squares a line piece on s attacks, with blockers
// occ, along the ray from s through a: none when s and a share no line.
func (g *Geometry) RayThrough(s, a Square, occ Bitboard) Bitboard {
	d, ok := direction(s, a)
	if !ok {
		return Bitboard{}
	}
	return g.Ray(d, s, occ)
}

// Diagonal reports whether direction d is a diagonal one.
func (d Direction) Diagonal() bool {
	return d&3 >= NorthEast
}

// IsBetween reports whether c lies strictly between a and b on the line
// they share: whether c is in Between(a, b), without building it.
func IsBetween(a, b, c Square) bool {
	return between[int(a)*NumSquares+int(b)].Has(c)
}

// Aligned reports whether distinct squares a and b share a rank, file or
// diagonal: whether Line(a, b) is not empty.
func Aligned(a, b Square) bool {
	_, ok := direction(a, b)
	return ok
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
