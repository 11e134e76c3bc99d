// Package chess registers the orthodox variants: `chess` (FIDE chess, any
// board up to 16x16, Chess960 castling through the position text) and
// `chess10x8` (FIDE rules on a 10x8 board with Guards, the orthodox reference
// for the 10x8 time-travel variants).
package chess

import "timechess/rules"

// Chess is FIDE chess.
var Chess = rules.Orthodox{S: &rules.Spec{
	Name:               "chess",
	Title:              "Chess",
	Start:              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Kinds:              []rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King},
	Promotions:         []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight},
	CastleKingFromEdge: 2, CastleRookFromEdge: 3,
}}

// Chess10x8 is FIDE chess on a 10x8 board with a Guard (a non-royal King) on
// each side of the royal pair; castling moves the King three squares.
var Chess10x8 = rules.Orthodox{S: &rules.Spec{
	Name:               "chess10x8",
	Title:              "Chess on 10x8 with Guards",
	Start:              "rnbgqkgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1",
	Kinds:              []rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King, rules.Guard},
	Promotions:         []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight, rules.Guard},
	CastleKingFromEdge: 2, CastleRookFromEdge: 3,
}}

func init() {
	rules.Register(Chess)
	rules.Register(Chess10x8)
}
