package store

import (
	"context"
	"io"
	"time"
)

// MaxExpired is the most seeks one ExpireSeeks call deletes.
const MaxExpired = 1000

// Store keeps games, moves, comments and seeks. Its methods are safe for
// concurrent use, by goroutines and (PostgreSQL) by other processes on the
// same database. A method that changes something does it in one transaction
// and announces it on the feed (Subscribe) once it is committed.
type Store interface {
	// CreateGame stores a new game with a fresh id, no moves and version 1.
	CreateGame(ctx context.Context, spec GameSpec, st State) (Game, error)
	// Game returns the game with the given id, or ErrNotFound.
	Game(ctx context.Context, id string) (Game, error)
	// Moves returns the game's moves after ply afterPly (0 for all), in order.
	Moves(ctx context.Context, id string, afterPly int) ([]Move, error)
	// Load returns the game and all its moves, read at one instant.
	Load(ctx context.Context, id string) (Game, []Move, error)
	// ListGames returns the games that match the filter, the most recently
	// updated first.
	ListGames(ctx context.Context, f GameFilter) ([]Game, error)

	// AppendMove stores mv as ply expectedPly+1 and replaces the game's state
	// with st. It fails with ErrConflict unless the game has exactly
	// expectedPly moves (so the same move sent twice, or two moves for one
	// turn, are stored at most once), and with ErrEnded once the game is
	// over. A draw offer or takeback request made since the caller read the
	// game is replaced by st's, as a move answers them.
	AppendMove(ctx context.Context, id string, expectedPly int, mv Move, st State) (Game, error)
	// AppendMoveAt is AppendMove that also fails with ErrConflict unless the
	// game is at version expectedVersion: a move checked against a game
	// read (and kept) earlier is stored only if the game has not changed
	// since, not even by a takeback and as many moves again.
	AppendMoveAt(ctx context.Context, id string, expectedVersion int64, expectedPly int, mv Move, st State) (Game, error)
	// TakeBack deletes the moves after ply toPly and replaces the state with
	// st; it fails with ErrConflict unless the game has exactly expectedPly
	// moves, and with ErrEnded once the game is over.
	TakeBack(ctx context.Context, id string, expectedPly, toPly int, st State) (Game, error)
	// SetState replaces the game's state (resignation, draw offer, timeout,
	// abort, ...); it fails with ErrConflict unless the game is at version
	// expectedVersion.
	SetState(ctx context.Context, id string, expectedVersion int64, st State) (Game, error)
	// ClaimSeat gives the open seat of side to seat and replaces the state
	// with st; it fails with ErrConflict when the seat is taken or the game
	// is not at version expectedVersion, and with ErrEnded once it is over.
	ClaimSeat(ctx context.Context, id string, expectedVersion int64, side Side, seat Seat, st State) (Game, error)
	// TakeInvite gives the seat of side, which waits for the invitation
	// whose hash is invite, to the holder of token, once, and sets when it
	// was joined: of several takers one gets the seat, the others
	// ErrConflict (as does anyone after). It fails with ErrBadToken when
	// the seat waits for no such invitation and with ErrEnded once the game
	// is over. Moves made meanwhile do not stand in its way.
	TakeInvite(ctx context.Context, id string, side Side, invite, token TokenHash) (Game, error)
	// Rematch creates the game of spec and st as the rematch of the ended
	// game id, in one transaction: the ended game gets its id as
	// RematchGame (and its rematch offer is cleared), and both games are
	// returned, the ended one first. It fails with ErrConflict unless the
	// game is at version expectedVersion, and when it has a rematch game
	// already; with ErrInvalid when it has not ended.
	Rematch(ctx context.Context, id string, expectedVersion int64, spec GameSpec, st State) (ended, rematch Game, err error)

	// AddComment adds a comment under the game, numbered after the last one;
	// side is the side of its author, NoSide for a spectator.
	AddComment(ctx context.Context, id string, side Side, author, text string) (Comment, error)
	// Comments returns the game's comments after number afterSeq, in order.
	Comments(ctx context.Context, id string, afterSeq int) ([]Comment, error)

	// CreateSeek stores an open seek with a fresh id.
	CreateSeek(ctx context.Context, spec SeekSpec) (Seek, error)
	// Seek returns the seek with the given id (open or taken), or ErrNotFound.
	Seek(ctx context.Context, id string) (Seek, error)
	// OpenSeeks returns up to limit open seeks, the oldest first.
	OpenSeeks(ctx context.Context, limit int) ([]Seek, error)
	// TakeSeek creates the game and marks the seek taken by it, atomically:
	// of several takers one gets the game, the others ErrConflict.
	TakeSeek(ctx context.Context, seekID string, spec GameSpec, st State) (Game, error)
	// CancelSeek deletes an open seek; a taken one gives ErrConflict.
	CancelSeek(ctx context.Context, id string) error
	// ExpireSeeks deletes the open seeks created before liveBefore (those
	// with a live clock) or before slowBefore (the others), at most
	// MaxExpired at a time, the oldest first, and returns their ids.
	ExpireSeeks(ctx context.Context, liveBefore, slowBefore time.Time) ([]string, error)

	// Subscribe returns the events of a topic (a game id, a seek id or
	// LobbyTopic) committed after it returns, by this process or, on
	// PostgreSQL, any other. The channel is closed when ctx ends or the store
	// closes. A subscriber that falls behind loses old events and receives an
	// EventResync instead.
	Subscribe(ctx context.Context, topic string) (<-chan Event, error)

	// Backup writes every game, move, comment and seek, read at one instant,
	// in the portable format of docs/storage.md (JSON lines).
	Backup(ctx context.Context, w io.Writer) error
	// Restore reads what Backup wrote into an empty store, in one
	// transaction: all of it is restored or nothing.
	Restore(ctx context.Context, r io.Reader) error

	// Close stops the feed and closes the database.
	Close() error
}

// GameFilter selects games for ListGames. Its conditions add up; the zero
// value selects every game.
type GameFilter struct {
	// Status keeps the games with this status; empty keeps any.
	Status Status
	// Tokens keeps the games where one of these tokens holds a seat (at
	// most 1000).
	Tokens []TokenHash
	// Owner keeps the games where this account holds a seat.
	Owner string
	// Limit is the most games returned: 100 when zero, at most 1000.
	Limit int
	// After, when set, is the last game of the previous page: the list
	// goes on from there (by Updated, then ID).
	After *Game
}
