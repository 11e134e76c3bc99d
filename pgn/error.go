package pgn

import (
	"errors"
	"fmt"
)

// ErrLimit is wrapped by the errors of input that exceeds the reader's Limits.
var ErrLimit = errors.New("input limit exceeded")

// Error is a game record that could not be read: which game, where, and why.
type Error struct {
	Game  int    // 1 for the input's first game
	Line  int    // line of the input, from 1
	Where string // the part of the game at fault, such as "move 14 (Nf9)" or "tag FEN"; may be empty
	Err   error  // what was wrong
}

// Error gives the game, the line, the place and the reason, such as
// `game 2 (line 31), move 14... (Nf9): no knight can move to f9`.
func (e *Error) Error() string {
	if e.Where == "" {
		return fmt.Sprintf("game %d (line %d): %v", e.Game, e.Line, e.Err)
	}
	return fmt.Sprintf("game %d (line %d), %s: %v", e.Game, e.Line, e.Where, e.Err)
}

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// syntaxError is a lexical fault on a line of the input.
type syntaxError struct {
	line int
	err  error
}

func (e *syntaxError) Error() string { return e.err.Error() }

func (e *syntaxError) Unwrap() error { return e.err }
