package store

import "errors"

// The errors of a Store. They come wrapped with the details (which game, which
// ply); test for them with errors.Is.
var (
	// ErrNotFound: no game, seek or comment has the given id.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the game or seek changed since the caller read it (another
	// move took the ply, the version moved on, the seat or seek is taken).
	// Read it again and decide anew.
	ErrConflict = errors.New("conflict")
	// ErrEnded: the game is over, and moves, takebacks and seat claims are
	// refused.
	ErrEnded = errors.New("game has ended")
	// ErrBadToken: the token holds no seat of the game.
	ErrBadToken = errors.New("bad token")
	// ErrInvalid: an argument is out of range or malformed (an unknown status,
	// an empty move, a negative time control, ...).
	ErrInvalid = errors.New("invalid")
	// ErrClosed: the store has been closed.
	ErrClosed = errors.New("store is closed")
)
