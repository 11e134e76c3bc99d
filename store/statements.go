package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// statements are the prepared statements of one database: the queries
// that every move runs, prepared once when the store opens (SQLite would
// otherwise compile such a query anew every time it runs, and PostgreSQL
// parse it). database/sql prepares a statement again, once, on each
// connection that runs it. They are prepared up front because a statement
// first prepared inside a transaction would need a second connection, and
// the SQLite writer has one.
type statements struct {
	db      *sql.DB
	d       dialect
	byQuery map[string]*sql.Stmt // not changed after prepareStatements
}

// prepareStatements prepares queries, written with ? marks (the dialect's
// own are put in), on db.
func prepareStatements(ctx context.Context, db *sql.DB, d dialect, queries ...string) (*statements, error) {
	ps := &statements{db: db, d: d, byQuery: map[string]*sql.Stmt{}}
	for _, query := range queries {
		st, err := db.PrepareContext(ctx, d.q(query))
		if err != nil {
			return nil, errors.Join(fmt.Errorf("prepare %q: %w", query, err), ps.close())
		}
		ps.byQuery[query] = st
	}
	return ps, nil
}

// close closes every statement.
func (ps *statements) close() error {
	var errs []error
	for _, st := range ps.byQuery {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}

// conn runs the store's queries, written with ? marks, on one database: in
// tx, or on the database's pool when tx is nil. A query among the prepared
// statements runs as one; any other is sent as text.
type conn struct {
	ps *statements
	tx *sql.Tx
}

// exec runs a statement that returns no rows.
func (c conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return c.runner(ctx, query).ExecContext(ctx, args...)
}

// query runs a statement that returns rows.
func (c conn) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return c.runner(ctx, query).QueryContext(ctx, args...)
}

// queryRow runs a statement that returns at most one row.
func (c conn) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return c.runner(ctx, query).QueryRowContext(ctx, args...)
}

// runner is what runs one query: its prepared statement, or its text.
type runner interface {
	ExecContext(ctx context.Context, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, args ...any) *sql.Row
}

// runner returns query's prepared statement for c, or its text on c's
// transaction or pool when it has none.
func (c conn) runner(ctx context.Context, query string) runner {
	st := c.ps.byQuery[query]
	switch {
	case st != nil && c.tx != nil:
		return c.tx.StmtContext(ctx, st)
	case st != nil:
		return st
	case c.tx != nil:
		return text{c.tx, c.ps.d.q(query)}
	}
	return text{c.ps.db, c.ps.d.q(query)}
}

// querier is a *sql.Tx or *sql.DB.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// text runs a query that is not prepared.
type text struct {
	on    querier
	query string
}

func (t text) ExecContext(ctx context.Context, args ...any) (sql.Result, error) {
	return t.on.ExecContext(ctx, t.query, args...)
}

func (t text) QueryContext(ctx context.Context, args ...any) (*sql.Rows, error) {
	return t.on.QueryContext(ctx, t.query, args...)
}

func (t text) QueryRowContext(ctx context.Context, args ...any) *sql.Row {
	return t.on.QueryRowContext(ctx, t.query, args...)
}
