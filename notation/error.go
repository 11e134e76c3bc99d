package notation

import (
	"errors"
	"fmt"
)

// ErrorKind tells why a move text was refused.
type ErrorKind uint8

// The kinds of refusal.
const (
	// Unreadable text is not move notation, or names a square, file or rank
	// that is not on the board.
	Unreadable ErrorKind = iota + 1
	// NoMatch text is readable but names no legal move.
	NoMatch
	// Ambiguous text fits more than one legal move.
	Ambiguous
	// BadPromotion text lacks a required promotion, promotes where no
	// promotion happens, or promotes to a kind the variant does not allow.
	BadPromotion
)

// String gives the kind's name as the test data writes it.
func (k ErrorKind) String() string {
	switch k {
	case Unreadable:
		return "unreadable"
	case NoMatch:
		return "no-match"
	case Ambiguous:
		return "ambiguous"
	case BadPromotion:
		return "promotion"
	}
	return fmt.Sprintf("ErrorKind(%d)", uint8(k))
}

// Error is a refused move text.
type Error struct {
	Text   string    // the text as given
	Kind   ErrorKind // why it was refused
	Reason string    // what was wrong; for Ambiguous, the fitting moves in SAN
}

// Error gives the text and the reason, such as
// `"Nf3": no knight can move to f3` or `"Nd2" is ambiguous: Nbd2, Nfd2`.
func (e *Error) Error() string {
	if e.Kind == Ambiguous {
		return fmt.Sprintf("%q is ambiguous: %s", e.Text, e.Reason)
	}
	return fmt.Sprintf("%q: %s", e.Text, e.Reason)
}

// brief gives the reason without the text.
func (e *Error) brief() string {
	if e.Kind == Ambiguous {
		return "ambiguous: " + e.Reason
	}
	return e.Reason
}

func errorf(text string, kind ErrorKind, format string, args ...any) *Error {
	return &Error{Text: text, Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// MoveError is a refused move of a move list: which one, its text, and why.
type MoveError struct {
	Index int    // 1 for the list's first move
	Text  string // the move's text
	Err   error  // why it was refused
}

// Error gives the move's number, its text and the reason, such as
// `move 3 (Nf9): f9 is not a square of an 8x8 board`.
func (e *MoveError) Error() string {
	reason := e.Err.Error()
	var ne *Error
	if errors.As(e.Err, &ne) {
		reason = ne.brief()
	}
	return fmt.Sprintf("move %d (%s): %s", e.Index, e.Text, reason)
}

// Unwrap returns the reason.
func (e *MoveError) Unwrap() error { return e.Err }
