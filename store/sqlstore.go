package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// dialect is what differs between the databases behind sqlStore.
type dialect struct {
	name string
	// dollarParams: the driver wants $1, $2, ... instead of ?.
	dollarParams bool
	// snapshot are the options of a transaction that reads at one instant.
	snapshot sql.TxOptions
}

// writeFunc is the work of one write: it runs its statements in the write
// transaction c with ctx and returns the events to announce once the
// transaction commits.
type writeFunc func(ctx context.Context, c conn) ([]Event, error)

// sqlStore is the Store of both databases, over database/sql.
type sqlStore struct {
	d   dialect
	rdb *sql.DB // reads
	// reads and writes are the prepared statements of the reading
	// database and of the writing one (the same on PostgreSQL).
	reads, writes *statements
	// commit runs a write and announces its events once it is committed:
	// SQLite's committer, or PostgreSQL's transaction with NOTIFY.
	commit func(ctx context.Context, fn writeFunc) error
	// atOnce, when not nil, runs a gameChange without a then step as one
	// statement that also announces its event, committed when atOnce
	// returns (PostgreSQL: pgOneStatement, grouped by the pgBatcher). It
	// returns the changed game, or sql.ErrNoRows when the guard refused.
	atOnce func(ctx context.Context, ch gameChange) (Game, error)
	hub    *hub
	// shutdown stops what the opener started (the committer or the
	// listener, the pools).
	shutdown func() error
}

// q writes the query for the dialect: its ? become $1, $2, ... on PostgreSQL.
// The queries of this package hold no other question marks.
func (d dialect) q(query string) string {
	if !d.dollarParams {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// write runs fn as one transaction and announces its events once it is
// committed. When write returns nil, the change is durable.
func (s *sqlStore) write(ctx context.Context, fn writeFunc) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.dbError(ctx, s.commit(ctx, fn))
}

// read runs fn in a transaction of the reader that sees one instant.
func (s *sqlStore) read(ctx context.Context, fn func(c conn) error) error {
	tx, err := s.rdb.BeginTx(ctx, &s.d.snapshot)
	if err != nil {
		return s.dbError(ctx, err)
	}
	defer tx.Rollback()
	if err := fn(conn{ps: s.reads, tx: tx}); err != nil {
		return s.dbError(ctx, err)
	}
	return s.dbError(ctx, tx.Commit())
}

// dbError names the database in errors that come from it and maps a closed
// database to ErrClosed; the store's own errors pass unchanged. A failure
// once ctx has ended is reported as ctx's error (which the drivers do not
// all return for an interrupted statement or transaction), so that a caller
// that left is not taken for a fault of the database.
func (s *sqlStore) dbError(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case isStoreError(err) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return err
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %w (%v)", s.d.name, ctx.Err(), err)
	case errors.Is(err, sql.ErrConnDone) || strings.Contains(err.Error(), "sql: database is closed") ||
		strings.Contains(err.Error(), "sql: statement is closed"):
		return fmt.Errorf("%s: %w", s.d.name, ErrClosed)
	}
	return fmt.Errorf("%s: %w", s.d.name, err)
}

func isStoreError(err error) bool {
	for _, e := range []error{ErrNotFound, ErrConflict, ErrEnded, ErrBadToken, ErrInvalid, ErrClosed} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// Subscribe implements Store.
func (s *sqlStore) Subscribe(ctx context.Context, topic string) (<-chan Event, error) {
	return s.hub.subscribe(ctx, topic)
}

// Close implements Store.
func (s *sqlStore) Close() error {
	s.hub.close()
	return s.shutdown()
}

// pool is where a read outside a transaction runs.
func (s *sqlStore) pool() conn { return conn{ps: s.reads} }

// millis is a time as the store keeps it: milliseconds since 1970, NULL for
// the zero time.
func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// timeOf reads a time written by millis.
func timeOf(ms sql.NullInt64) time.Time {
	if !ms.Valid {
		return time.Time{}
	}
	return time.UnixMilli(ms.Int64).UTC()
}

// durationOf reads a duration kept in milliseconds.
func durationOf(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }

// nullable is a text as the store keeps it: NULL when empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// rowScanner is a *sql.Row or *sql.Rows.
type rowScanner interface{ Scan(dest ...any) error }

// collect reads every row of a query with scan.
func collect[T any](rows *sql.Rows, err error, scan func(rowScanner) (T, error)) ([]T, error) {
	var out []T
	err = forEach(rows, err, scan, func(v T) error {
		out = append(out, v)
		return nil
	})
	return out, err
}
