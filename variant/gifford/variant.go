package gifford

import "timechess/rules"

// Variant is Gifford's Time Travel Chess on the orthodox core.
type Variant struct{ rules.Orthodox }

// Gifford is the registered variant.
var Gifford = &Variant{rules.Orthodox{S: &rules.Spec{
	Name:               "gifford",
	Title:              "Time Travel Chess (Gifford)",
	Start:              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Kinds:              []rules.Kind{rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King},
	Promotions:         []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight},
	CastleKingFromEdge: 2, CastleRookFromEdge: 3,
}}}

func init() { rules.Register(Gifford) }

// The limits of time travel.
const (
	sendReach  = 10 // a man returns 1 to 10 moves later (G3)
	backReach  = 5  // a King travels back 1 to 5 moves (G5)
	maxTravels = 2  // backward travels per side (G5)
)

// light reports whether s is a light square (a1 is dark).
func light(s rules.Square) bool { return (s.File()+s.Rank())%2 == 1 }

// hasMan reports whether colour c has a man other than a King on the board.
func hasMan(p *rules.Position, c rules.Color) bool {
	return p.ByColor[c].AndNot(p.ByKind[rules.King]).Count() > 0
}
