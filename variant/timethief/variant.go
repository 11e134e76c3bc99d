package timethief

import "timechess/rules"

// Variant is a Time Thief game. It embeds the orthodox core and overrides
// move generation, making moves, the end of the game and the position text.
// Its Spec's KingRestoration selects the King-restoration rules (T7).
type Variant struct {
	rules.Orthodox
}

func spec(name, title string, restore bool) *rules.Spec {
	return &rules.Spec{
		Name:  name,
		Title: title,
		Start: "rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1",
		Kinds: []rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King,
			rules.Guard, rules.TimeThief, rules.Dwarf, rules.Spirit, rules.Witch},
		Promotions:         []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight, rules.Guard},
		CastleKingFromEdge: 2, CastleRookFromEdge: 3,
		ManFlags:        rules.Possessed,
		KingRestoration: restore,
	}
}

// Basic is the Time Thief with FIDE check, mate and stalemate (T6).
var Basic = &Variant{Orthodox: rules.Orthodox{S: spec("timethief", "Time Thief", false)}}

// Restore is the Time Thief with the King-restoration rules (T7).
var Restore = &Variant{Orthodox: rules.Orthodox{S: spec("timethief-restore", "Time Thief with King restoration", true)}}

func init() {
	rules.Register(Basic)
	rules.Register(Restore)
}

// free reports whether colour c is free of check rules: under the
// restoration rules, while it has a Time Thief on the board (T7).
func (v *Variant) free(p *rules.Position, c rules.Color) bool {
	return v.S.KingRestoration && !p.Pieces(c, rules.TimeThief).IsZero()
}

// mustRestore reports whether the side to move has lost its King to the last
// move and may only restore it (T7).
func (v *Variant) mustRestore(p *rules.Position) bool {
	return v.S.KingRestoration && p.Pieces(p.Side, rules.King).IsZero()
}
