package travelers

import "timechess/rules"

// Variant is Time Traveler's Chess. It embeds the orthodox core and overrides
// move generation, making moves, check, the end of the game and the position
// text. It decides by the plain rules (plain.go) with the provers it has not
// switched off in front of them (provers.go).
type Variant struct {
	rules.Orthodox
	off Provers // the provers switched off
}

// Travelers is the registered variant.
var Travelers = &Variant{Orthodox: rules.Orthodox{S: &rules.Spec{
	Name:               "travelers",
	Title:              "Time Traveler's Chess",
	Start:              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Kinds:              []rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King},
	Promotions:         []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight},
	CastleKingFromEdge: 2, CastleRookFromEdge: 3,
	ManFlags:      rules.Traveling | rules.Traveled,
	EmptyEPTarget: true,
}}}

func init() { rules.Register(Travelers) }
