package store

import (
	"context"
	"fmt"
	"strings"
)

// Open opens the database that dsn names and brings its schema up to date:
//
//   - postgres://... or postgresql://... : PostgreSQL, with pgx's URL
//     parameters (pool_max_conns, sslmode, ...);
//   - a file path, or sqlite:PATH : SQLite, created when missing (its
//     directory must exist).
func Open(ctx context.Context, dsn string) (Store, error) {
	switch {
	case strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://"):
		return openPostgres(ctx, dsn)
	case strings.HasPrefix(dsn, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(dsn, "sqlite:"))
	case strings.Contains(dsn, "://"):
		scheme, _, _ := strings.Cut(dsn, "://") // the rest may hold a password
		return nil, fmt.Errorf("%w: database scheme %q: want a file path or postgres://...", ErrInvalid, scheme)
	}
	return openSQLite(ctx, dsn)
}
