package rules

// MaxBookings bounds the men one side may have in transit at once (Gifford).
const MaxBookings = 32

// Booking is a man sent forward in time (Gifford): it must arrive at the
// start of its side's turn Due, if it can (ruling G4).
type Booking struct {
	Piece Piece // the man, flags included
	Due   int16 // the full-move number it returns at
	Order int16 // booking order, unique within the game; ties on Due go by it
	Light bool  // a bishop's square colour: it must land on light squares
}

// Extra is the state of the time-travel variants that the orthodox rules do
// not use. It is part of State, so snapshots, copies and the whole-state
// comparison of ruling C2 cover it; each variant keeps its fields in the hash.
type Extra struct {
	// Gifford: the men in transit per side, oldest due first; the backward
	// travels each side has used; the next booking order number.
	Bookings  [2][MaxBookings]Booking
	NBookings [2]uint8
	Travels   [2]uint8
	NextOrder int16
	// Time Traveler's Chess: whether each side has lost a traveling man to a
	// capture (ruling R6), and whether the double step that set EP was an
	// annihilation (an en passant capture then undoes it, ruling R5).
	LostTraveling  [2]bool
	EPAnnihilation bool
}
