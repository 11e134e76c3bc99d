package engine

import (
	"sync"

	"timechess/rules"
)

// phased is a pair of middlegame and endgame values.
type phased struct{ mg, eg int32 }

// tables are the evaluation's square tables for one board size, built once
// and shared (read-only) by every search.
type tables struct {
	// pst[c][k][s] is the piece-square value of colour c's man of kind k on s,
	// from that colour's point of view.
	pst [2][rules.NumKinds][rules.NumSquares]phased
	// front[c][s] holds the squares ahead of s on its file, seen from colour c.
	front [2][rules.NumSquares]rules.Bitboard
	// passed[c][s] holds the squares ahead of s on its file and the next
	// ones: a pawn of c on s is passed when no enemy pawn stands there.
	passed [2][rules.NumSquares]rules.Bitboard
	// shield[c][s] holds the squares one and two ranks ahead of a King of c
	// on s, on its file and the next ones.
	shield [2][rules.NumSquares]rules.Bitboard
	// adjacent[f] holds the files next to file f.
	adjacent [rules.MaxFiles]rules.Bitboard
	// passer[c][s] is the bonus of a passed pawn of c on s.
	passer [2][rules.NumSquares]phased
}

var tableCache sync.Map // *rules.Geometry -> *tables

// tablesOf returns the tables of geometry g.
func tablesOf(g *rules.Geometry) *tables {
	if t, ok := tableCache.Load(g); ok {
		return t.(*tables)
	}
	t, _ := tableCache.LoadOrStore(g, buildTables(g))
	return t.(*tables)
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// buildTables sizes every term to the board: centrality runs from 0 in the
// corners to 1 in the middle of any W x H board, and pawn progress from 0 on
// the pawns' start rank to 1 on the rank before promotion.
func buildTables(g *rules.Geometry) *tables {
	t := &tables{}
	span := float64(g.W - 1 + g.H - 1)
	if span == 0 {
		span = 1
	}
	for f := 0; f < g.W; f++ {
		if f > 0 {
			t.adjacent[f] = t.adjacent[f].Or(g.Files[f-1])
		}
		if f+1 < g.W {
			t.adjacent[f] = t.adjacent[f].Or(g.Files[f+1])
		}
	}
	for r := 0; r < g.H; r++ {
		for f := 0; f < g.W; f++ {
			s := rules.SquareAt(f, r)
			cent := 1 - float64(abs(2*f-(g.W-1))+abs(2*r-(g.H-1)))/span
			fileCent := 1.0
			if g.W > 1 {
				fileCent = 1 - float64(abs(2*f-(g.W-1)))/float64(g.W-1)
			}
			for c := rules.White; c <= rules.Black; c++ {
				rr := r // rank from colour c's side
				if c == rules.Black {
					rr = g.H - 1 - r
				}
				progress := 0.0
				if g.H > 3 {
					progress = float64(rr-1) / float64(g.H-3)
				}
				pst := &t.pst[c]
				set := func(k rules.Kind, mg, eg float64) { pst[k][s] = phased{int32(mg), int32(eg)} }
				set(rules.Pawn, 25*fileCent*progress, 30*progress)
				set(rules.Knight, 40*cent-20, 30*cent-15)
				set(rules.Spirit, 30*cent-15, 20*cent-10)
				set(rules.Bishop, 20*cent-10, 20*cent-10)
				set(rules.Guard, 20*cent-10, 40*cent-20)
				set(rules.Dwarf, 20*cent-10, 40*cent-20)
				set(rules.Queen, 10*cent-5, 20*cent-10)
				set(rules.TimeThief, 10*cent-5, 20*cent-10)
				set(rules.Witch, 20*cent-10, 20*cent-10)
				rook := 0.0
				if rr == g.H-2 && g.H > 3 {
					rook = 20
				}
				set(rules.Rook, rook, rook/2)
				back := 0.0
				if rr == 0 {
					back = 15
				}
				set(rules.King, back-40*cent+20, 50*cent-25)
				x := progress * progress
				t.passer[c][s] = phased{int32(10 + 70*x), int32(20 + 160*x)}

				dir := 1
				if c == rules.Black {
					dir = -1
				}
				for ahead := r + dir; ahead >= 0 && ahead < g.H; ahead += dir {
					t.front[c][s].Set(rules.SquareAt(f, ahead))
					for _, ff := range []int{f - 1, f + 1} {
						if ff >= 0 && ff < g.W {
							t.passed[c][s].Set(rules.SquareAt(ff, ahead))
						}
					}
				}
				t.passed[c][s] = t.passed[c][s].Or(t.front[c][s])
				for d := 1; d <= 2; d++ {
					for ff := f - 1; ff <= f+1; ff++ {
						if rr := r + d*dir; g.On(ff, rr) {
							t.shield[c][s].Set(rules.SquareAt(ff, rr))
						}
					}
				}
			}
		}
	}
	return t
}
