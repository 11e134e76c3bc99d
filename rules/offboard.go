package rules

// OffBoarder is implemented by a variant (the value p.Variant() returns)
// that keeps state off the board, or shows a player more of its men than
// their squares. It is the one way a front end (the server's Position, the
// terminal diagram) learns a variant's own state: it asks OffBoardOf and
// SightOf, never which variant it has. The search does not use it: the
// engine reads State and the Variant methods, so no node pays for views.
type OffBoarder interface {
	// OffBoard returns the state of p that the board does not show. It
	// reads the state alone and is cheap.
	OffBoard(p *Position) OffBoard
	// Sight returns what a front end marks on the board of p for the turn
	// t of the side to move, whose legal actions the caller already has. It
	// may cost a survey of the position, but no second generation of the
	// legal actions.
	Sight(p *Position, t *Turn) Sight
}

// OffBoard is the state a variant keeps off the board, as plain data. The
// zero value is that of a variant that keeps none. A man's own state
// (traveling, traveled, possessed) is not here: it is his flags, on the
// board. Neither is the last move: Position.LastMove has it in every
// variant, a Time Thief's position text included (PushHistory).
type OffBoard struct {
	// Transit lists the men sent forward in time, White's first, each
	// side's oldest due first, with the move each is due to arrive at and,
	// for a bishop, the colour of the squares he lands on (Gifford, G3-G4).
	Transit []Booking
	// Travels holds the backward travels each side has left (Gifford,
	// G5); nil in a variant without backward travel.
	Travels *[2]int
	// Kings lists the squares of the Kings on the board, White's first, in
	// a variant where a side may have several (Gifford, G6); nil in others.
	Kings []Square
	// LostTraveling holds, per side, whether it has lost a traveling man to
	// a capture (Time Traveler's Chess, R6).
	LostTraveling [2]bool
}

// Sight is what a front end marks on the board for a variant's men, as
// plain data. A nil map is a mark the variant does not have.
type Sight struct {
	// Sees holds, for the square of each man that sees beyond the squares
	// he moves to, the squares he sees (a Time Thief's sight, T3).
	Sees map[Square][]Square
	// Resonators holds, for the square of each traveling man, the squares
	// of the men of his side that resonate with him (Time Traveler's Chess,
	// R2); a traveling man without one is left out.
	Resonators map[Square][]Square
	// Supports lists, for each kind and square the side to move may
	// explode a man of that kind on, a line that supports it (R3).
	Supports []Support
}

// Support is a line of play that makes an action possible: in Time
// Traveler's Chess, at most three moves of the side to move, the other side
// passing, after which one of its untraveled men stands on Square as a Kind
// (the explosion support of R3).
type Support struct {
	Kind   Kind
	Square Square
	// Line writes the moves as the rules documents do, the moves of one man
	// in a row joined: "Nb1-c3-d5-f6", "a7-a6, a6xb5, Ra8-a4", "e7-e8=N".
	Line string
}

// OffBoardOf returns the state p's variant keeps off the board, and false
// when the variant keeps none (it does not implement OffBoarder).
func OffBoardOf(p *Position) (OffBoard, bool) {
	if o, ok := p.Variant().(OffBoarder); ok {
		return o.OffBoard(p), true
	}
	return OffBoard{}, false
}

// SightOf returns what p's variant marks on the board for the turn t, and
// false when the variant marks nothing (it does not implement OffBoarder).
func SightOf(p *Position, t *Turn) (Sight, bool) {
	if o, ok := p.Variant().(OffBoarder); ok {
		return o.Sight(p, t), true
	}
	return Sight{}, false
}
