package timethief

import "timechess/rules"

// Variant is a Time Thief game. It embeds the orthodox core and overrides
// move generation, making moves, the end of the game and the position text.
type Variant struct {
	rules.Orthodox
	// restore selects the King-restoration rules (T7).
	restore bool
}

func spec(name, title string) *rules.Spec {
	return &rules.Spec{
		Name:  name,
		Title: title,
		Start: "rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1",
		Kinds: []rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King,
			rules.Guard, rules.TimeThief, rules.Dwarf, rules.Spirit, rules.Witch},
		Promotions:         []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight, rules.Guard},
		CastleKingFromEdge: 2, CastleRookFromEdge: 3,
		ManFlags: rules.Possessed,
	}
}

// Basic is the Time Thief with FIDE check, mate and stalemate (T6).
var Basic = &Variant{Orthodox: rules.Orthodox{S: spec("timethief", "Time Thief")}}

// Restore is the Time Thief with the King-restoration rules (T7).
var Restore = &Variant{Orthodox: rules.Orthodox{S: spec("timethief-restore", "Time Thief with King restoration")}, restore: true}

func init() {
	rules.Register(Basic)
	rules.Register(Restore)
}

// free reports whether colour c is free of check rules: under the
// restoration rules, while it has a Time Thief on the board (T7).
func (v *Variant) free(p *rules.Position, c rules.Color) bool {
	return v.restore && !p.Pieces(c, rules.TimeThief).IsZero()
}

// mustRestore reports whether the side to move has lost its King to the last
// move and may only restore it (T7).
func (v *Variant) mustRestore(p *rules.Position) bool {
	return v.restore && p.Pieces(p.Side, rules.King).IsZero()
}
