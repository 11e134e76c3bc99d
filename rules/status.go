package rules

// Result is the outcome of a game.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String gives the PGN result token.
func (r Result) String() string { return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[r] }

// WinFor returns the result in which c wins.
func WinFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Status is whether a game is over and why.
type Status struct {
	Result Result
	Reason string // "checkmate", "stalemate", "threefold repetition", ...
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s.Result != Ongoing }
