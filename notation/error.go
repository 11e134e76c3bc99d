package notation

import (
	"errors"
	"fmt"

	"timechess/rules"
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
	// Rule is the rule that forbids the move the text names, when the
	// variant could say (rules.Explainer); nil for a text that names no
	// possible move at all.
	Rule *rules.Refusal
}

// Error gives the text and the reason, such as
// `"Nf3": no knight can move to f3`, `"Nd2" is ambiguous: Nbd2, Nfd2` or
// `"Nf3": the knight on f3 is pinned: ... (check, FIDE 3.9)`.
func (e *Error) Error() string {
	if e.Kind == Ambiguous {
		return fmt.Sprintf("%q is ambiguous: %s", e.Text, e.Reason)
	}
	return fmt.Sprintf("%q: %s", e.Text, e.Explanation())
}

// Explanation gives the reason without the text, with the rule when one
// is named: "the knight on d2 is pinned: ... (check, FIDE 3.9)".
func (e *Error) Explanation() string {
	switch {
	case e.Kind == Ambiguous:
		return "ambiguous: " + e.Reason
	case e.Rule != nil:
		return e.Rule.String()
	}
	return e.Reason
}

// refusal is the error for text, which names m, an action that is not
// legal in p: the variant's reason when it has one, else the fallback.
func refusal(p *rules.Position, text string, m rules.Move, fallback func() *Error) *Error {
	if r := rules.Explain(p, m); r != nil {
		return &Error{Text: text, Kind: NoMatch, Reason: r.Reason, Rule: r}
	}
	return fallback()
}

// Refusal is the error for text, read by a variant's Notator as the action
// m that is not legal in p: the variant's reason (rules.Explainer) when it
// has one, else reason.
func Refusal(p *rules.Position, text string, m rules.Move, reason string) *Error {
	return refusal(p, text, m, func() *Error { return errorf(text, NoMatch, "%s", reason) })
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
		reason = ne.Explanation()
	}
	return fmt.Sprintf("move %d (%s): %s", e.Index, e.Text, reason)
}

// Unwrap returns the reason.
func (e *MoveError) Unwrap() error { return e.Err }
