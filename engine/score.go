package engine

import "strconv"

// Score is a search score from the point of view of the side to move: a
// material-like value in centipawns, or a mate found a number of plies from
// the root.
type Score int32

// Score bounds. A mate m plies from the root scores MateScore-m for the side
// that mates and -(MateScore-m) for the side mated.
const (
	// MateScore is the score of mating at the root (never reached: a mate
	// takes at least one ply).
	MateScore Score = 30000
	// Infinity is above every score.
	Infinity Score = 32000
	// MaxPly bounds the plies a search goes below its root, quiescence included.
	MaxPly = 128
	// maxEval bounds evaluations, so they never look like mates.
	maxEval Score = MateScore - 2*MaxPly
)

// MateIn returns the score of mating in ply plies.
func MateIn(ply int) Score { return MateScore - Score(ply) }

// MatedIn returns the score of being mated in ply plies.
func MatedIn(ply int) Score { return -MateScore + Score(ply) }

// IsMate reports whether s is a mate score (for either side).
func (s Score) IsMate() bool { return s > maxEval || s < -maxEval }

// Mate returns the mate distance in moves (full moves of the side that
// mates): positive when the side to move mates, negative when it is mated,
// 0 when s is not a mate score.
func (s Score) Mate() int {
	switch {
	case s > maxEval:
		return int(MateScore-s+1) / 2
	case s < -maxEval:
		return -int(MateScore+s) / 2
	}
	return 0
}

// String writes the score as UCI does: "cp 35", "mate 3" or "mate -2".
func (s Score) String() string {
	if s.IsMate() {
		return "mate " + strconv.Itoa(s.Mate())
	}
	return "cp " + strconv.Itoa(int(s))
}

// toTT converts a score at ply to the form stored in the transposition
// table, where mate scores count from the stored node instead of the root.
func toTT(s Score, ply int) Score {
	switch {
	case s > maxEval:
		return s + Score(ply)
	case s < -maxEval:
		return s - Score(ply)
	}
	return s
}

// fromTT converts a stored score back to a score at ply.
func fromTT(s Score, ply int) Score {
	switch {
	case s > maxEval:
		return s - Score(ply)
	case s < -maxEval:
		return s + Score(ply)
	}
	return s
}
