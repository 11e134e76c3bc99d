// Package store keeps the games of `timechess serve`: games with their seats,
// time control, clocks, state and action log, the comments (kibitzing) under
// each game and the open seeks of the lobby. Store is the interface the server
// depends on; Open returns the SQLite implementation for a file path (the
// default, no set-up) and the PostgreSQL one for a postgres:// DSN. Both share
// one implementation over database/sql, apply their goose migrations at Open
// and announce every change on a feed (Subscribe): in-process for SQLite,
// through LISTEN/NOTIFY for PostgreSQL, so that several processes on one
// database see each other's moves.
//
// Concurrency is optimistic: a move names the ply count it expects
// (AppendMove), other state changes name the version they were computed from
// (SetState, ClaimSeat), an invitation is taken once (TakeInvite), and a
// change made in the meantime fails with ErrConflict instead of being
// overwritten. Every change is all or nothing (changes that wait together
// may share one transaction and its commit: group commit on both
// databases); when a method returns nil the change is durable.
// docs/storage.md describes the schema, the feed and the backup format.
package store
