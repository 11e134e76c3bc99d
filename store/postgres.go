package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
)

// notifyChannel is the LISTEN/NOTIFY channel of the feed. Every process
// listens to all events and keeps those its subscribers want.
const notifyChannel = "timechess_events"

// notifyQuery announces an event: its channel and payload.
const notifyQuery = `SELECT pg_notify(?, ?)`

// openPostgres connects a pgx pool to the database at dsn, migrates it and
// starts listening for events.
func openPostgres(ctx context.Context, dsn string) (Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("%w: PostgreSQL DSN: %v", ErrInvalid, err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("PostgreSQL at %s:%d: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, err)
	}
	db := stdlib.OpenDBFromPool(pool)
	// Idle connections stay open, with their prepared statements, up to
	// the pool's size.
	db.SetMaxOpenConns(int(cfg.MaxConns))
	db.SetMaxIdleConns(int(cfg.MaxConns))
	fail := func(err error) (Store, error) {
		db.Close()
		pool.Close()
		return nil, err
	}
	if err := migrate(ctx, db, goose.DialectPostgres, "postgres"); err != nil {
		return fail(fmt.Errorf("PostgreSQL: %w", err))
	}
	h := newHub()
	l := &listener{config: cfg.ConnConfig.Copy(), hub: h}
	if err := l.start(ctx); err != nil {
		return fail(fmt.Errorf("PostgreSQL: listen for events: %w", err))
	}
	d := dialect{
		name:         "postgres",
		dollarParams: true,
		snapshot:     sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
	}
	stmts, err := prepareStatements(ctx, db, d, selectGameQuery, selectMovesQuery, notifyQuery)
	if err != nil {
		l.stop()
		return fail(fmt.Errorf("PostgreSQL: %w", err))
	}
	b := startPGBatcher(db)
	queries := &pgQueries{d: d}
	return &sqlStore{
		d:      d,
		rdb:    db,
		reads:  stmts,
		writes: stmts,
		commit: func(ctx context.Context, fn writeFunc) error { return pgCommit(ctx, stmts, fn) },
		atOnce: func(ctx context.Context, ch gameChange) (Game, error) {
			return b.do(ctx, ch.id, queries.of(ch), ch.values())
		},
		hub: h,
		shutdown: func() error {
			b.stop()
			l.stop()
			err := errors.Join(stmts.close(), db.Close())
			pool.Close()
			return err
		},
	}, nil
}

// pgOneStatement writes a change of one game as one statement, all or
// nothing, which takes the change's values (gameChange.values). Its parts: g,
// the guarded update, which returns the changed game (no row when the guard
// refuses, and then the other parts do nothing); m, the move's row, with g's
// id and ply; n, the NOTIFY of the event, as JSON that decodes into Event
// (keys t, k, v and p), delivered when the statement's transaction commits.
// The final SELECT reads n, so that n runs: PostgreSQL runs the
// data-modifying parts of a WITH anyway, a SELECT part only when it is read.
// kind is one of the EventKind constants, written as a literal.
func pgOneStatement(update string, withMove bool, kind EventKind) string {
	query := `WITH g AS (` + update + `)`
	if withMove {
		query += `, m AS (` + insertMoveInto + ` SELECT id, ply, ?, ?, ? FROM g)`
	}
	return query + `, n AS (SELECT pg_notify('` + notifyChannel + `',
		json_build_object('t', id, 'k', '` + string(kind) + `', 'v', version, 'p', ply)::text) FROM g)
	SELECT ` + gameColumns + ` FROM g, n`
}

// pgQueries writes each kind of change's statement (pgOneStatement, with
// the dialect's $n marks) once, and keeps it: the changes of a kind share
// one statement, which pgx prepares on each connection the first time the
// connection runs it (its statement cache).
type pgQueries struct {
	d     dialect
	byKey sync.Map // pgQueryKey to string
}

type pgQueryKey struct {
	update   string
	withMove bool
	kind     EventKind
}

// of returns the statement of ch.
func (qs *pgQueries) of(ch gameChange) string {
	key := pgQueryKey{ch.update, ch.move != nil, ch.kind}
	if q, ok := qs.byKey.Load(key); ok {
		return q.(string)
	}
	q := qs.d.q(pgOneStatement(key.update, key.withMove, key.kind))
	qs.byKey.Store(key, q)
	return q
}

// pgCommit runs fn in a transaction that also NOTIFYs its events: PostgreSQL
// delivers them to every listener, this process's included, when the
// transaction commits, and never when it does not. (It commits such
// transactions one at a time; the frequent changes go in batches instead,
// pgBatcher.)
func pgCommit(ctx context.Context, stmts *statements, fn writeFunc) error {
	tx, err := stmts.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	cn := conn{ps: stmts, tx: tx}
	events, err := fn(ctx, cn)
	if err != nil {
		return err
	}
	for _, ev := range events {
		payload, err := json.Marshal(ev)
		if err != nil {
			return err
		}
		if _, err := cn.exec(ctx, notifyQuery, notifyChannel, string(payload)); err != nil {
			return err
		}
	}
	return tx.Commit()
}
