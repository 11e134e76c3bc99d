package rules

// MoveKind tells what an action does. The orthodox kinds come first; the
// others are the time-travel actions of the variants.
type MoveKind uint8

// The action kinds.
const (
	// Normal moves a man From -> To, capturing what stands on To; Promo, when
	// set, is the kind a pawn becomes.
	Normal MoveKind = iota
	// DoublePush is a pawn's two-square first step.
	DoublePush
	// EnPassant is a pawn capturing the pawn that just passed To.
	EnPassant
	// Castle moves the King From -> To and the rook Via -> its castling square.
	Castle
	// Drop places a man of kind Piece on To (a Gifford arrival).
	Drop
	// Send removes the man on From and books it for move Num (Gifford).
	Send
	// BackTravel sends the King on From back to move Num, landing on To (Gifford).
	BackTravel
	// TTCapture reverts the opponent's last move and has the Time Thief on
	// From capture on To, the origin of that move (Time Thief).
	TTCapture
	// Explosion places a traveling and a traveled man of kind Piece on From and
	// moves the traveled man to To, promoting to Promo when set (Travelers).
	Explosion
	// Annihilation moves a resonator From onto its traveling man on To; both
	// vanish (Travelers).
	Annihilation
)

// Move is one action of any variant. Which fields matter depends on Kind.
type Move struct {
	Kind  MoveKind
	Piece Kind // the kind that moves, is dropped, sent or exploded
	Promo Kind // promotion kind, NoKind when none
	From  Square
	To    Square
	Via   Square // castling rook origin
	Num   int16  // target move number of a send or a backward travel
}

// NullMove is the zero action; it is never legal.
var NullMove = Move{From: NoSquare, To: NoSquare, Via: NoSquare}

// IsNull reports whether m is NullMove.
func (m Move) IsNull() bool { return m == NullMove }
