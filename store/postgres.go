package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

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
	stmts, err := prepareStatements(ctx, db, d, slices.Concat(hotQueries, []string{notifyQuery})...)
	if err != nil {
		l.stop()
		return fail(fmt.Errorf("PostgreSQL: %w", err))
	}
	return &sqlStore{
		d:      d,
		rdb:    db,
		reads:  stmts,
		writes: stmts,
		commit: func(ctx context.Context, fn writeFunc) error { return pgCommit(ctx, stmts, fn) },
		hub:    h,
		shutdown: func() error {
			l.stop()
			err := errors.Join(stmts.close(), db.Close())
			pool.Close()
			return err
		},
	}, nil
}

// pgCommit runs fn in a transaction that also NOTIFYs its events: PostgreSQL
// delivers them to every listener, this process's included, when the
// transaction commits, and never when it does not. Concurrent transactions
// share the WAL flushes of their commits.
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
