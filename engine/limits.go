package engine

import (
	"time"

	"timechess/rules"
)

// Limits bound one search, as UCI's "go" command does. Zero fields are
// unset. With no limit at all (or Infinite) the search runs until its
// context ends or it reaches MaxDepth.
type Limits struct {
	Depth    int           // iterations of the main thread, in plies
	Nodes    uint64        // nodes of all threads together
	MoveTime time.Duration // time for this move
	// The clocks: the time left of each side, the increment per move and the
	// moves to the next time control (0: sudden death).
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int
	// Overhead is kept back from the move time and from every move of the
	// clocks for the move to reach the clock (UCI's Move Overhead); the
	// front ends set DefaultOverhead unless told otherwise.
	Overhead time.Duration
	// MultiPV is the number of best lines to find (at least 1).
	MultiPV int
	// Infinite searches until the context ends, whatever else is set.
	Infinite bool
	// Moves restricts the search to these root moves (UCI's searchmoves)
	// when not empty; moves that are not legal are ignored.
	Moves []rules.Move
}

// MaxDepth bounds the iterations of a search.
const MaxDepth = MaxPly - 8

// Info is a progress report of the search, one per line found at each
// completed depth (UCI's "info" line).
type Info struct {
	Depth    int // the completed iteration
	SelDepth int // the deepest ply reached, quiescence included
	MultiPV  int // the line's rank, from 1
	Score    Score
	Nodes    uint64 // nodes of all threads since the search began
	NPS      uint64 // nodes per second
	Time     time.Duration
	HashFull int          // transposition table use, per mille
	PV       []rules.Move // the line, starting with the root move
}

// Line is one of the best lines of a finished search.
type Line struct {
	Score Score
	PV    []rules.Move
}

// Result is the outcome of a search. When the root has no legal action
// (the game is over) Best is rules.NullMove, PV is empty and Score is the
// result: MatedIn(0) for a loss, 0 for a draw, MateIn(0) for a win.
type Result struct {
	Best     rules.Move // the move to play
	Ponder   rules.Move // the expected reply, rules.NullMove when unknown
	Score    Score
	PV       []rules.Move
	Lines    []Line // the MultiPV best lines, best first (Lines[0] has Score and PV)
	Depth    int    // the last completed iteration
	SelDepth int
	Nodes    uint64
	Time     time.Duration
}
