package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// migrations holds the schema of each database, one goose SQL file per
// version, in migrations/sqlite and migrations/postgres.
//
//go:embed migrations
var migrations embed.FS

// migrate brings the schema up to date; it does nothing when it is. On
// PostgreSQL a session lock (an advisory lock) keeps several processes
// starting at once from migrating together.
func migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect, dir string) error {
	files, err := fs.Sub(migrations, "migrations/"+dir)
	if err != nil {
		return err
	}
	var opts []goose.ProviderOption
	if dialect == goose.DialectPostgres {
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db, files, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate the %s schema: %w", dir, err)
	}
	return nil
}
