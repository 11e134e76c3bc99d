package gifford

import "timechess/rules"

// The generators answer "would this leave a King attacked?" from two maps
// computed once per state instead of playing each turn and testing it.

// threats returns the squares colour by attacks in st, its lines passing
// through the other colour's Kings. When none of those Kings is attacked,
// these are exactly the squares where a King of the other colour would stand
// attacked, whether it steps there, arrives there or lands there: a line
// through another of its Kings would attack that King too.
func threats(g *rules.Geometry, st *rules.State, by rules.Color) rules.Bitboard {
	occ := st.ByColor[rules.White].Or(st.ByColor[rules.Black]).AndNot(st.ByKind[rules.King].And(st.ByColor[by.Other()]))
	var t rules.Bitboard
	for b := st.ByColor[by]; !b.IsZero(); {
		s := b.PopLSB()
		t = t.Or(g.Attacks(st.Board[s].Kind(), by, s, occ))
	}
	return t
}

// pinned returns colour us's men, Kings aside, that alone stand between one
// of its Kings and an enemy slider: taking one off the board, or moving it
// off that line, exposes the King.
func pinned(g *rules.Geometry, st *rules.State, us rules.Color) rules.Bitboard {
	k := &st.ByKind
	them := st.ByColor[us.Other()]
	occ := st.ByColor[rules.White].Or(st.ByColor[rules.Black])
	var pins rules.Bitboard
	for kings := k[rules.King].And(st.ByColor[us]); !kings.IsZero(); {
		ksq := kings.PopLSB()
		snipers := g.RookRays[ksq].And(k[rules.Rook].Or(k[rules.Queen])).
			Or(g.BishopRays[ksq].And(k[rules.Bishop].Or(k[rules.Queen]))).And(them)
		for !snipers.IsZero() {
			between := g.Between(ksq, snipers.PopLSB()).And(occ)
			if !between.IsZero() && !between.More() && between.Intersects(st.ByColor[us]) {
				pins = pins.Or(between)
			}
		}
	}
	return pins.AndNot(k[rules.King])
}
