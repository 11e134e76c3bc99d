package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"timechess/store"
)

// BackupCmd writes a database's portable backup (docs/storage.md): every
// game, move, comment and seek, read at one instant, while a server may
// keep running on it.
type BackupCmd struct {
	DB   string `name:"db" required:"" help:"The database: a SQLite file or postgres://..." placeholder:"PATH|URL"`
	File string `arg:"" optional:"" default:"-" help:"Write the backup to FILE; - (the default) writes standard output." placeholder:"FILE|-"`
}

// Run writes the backup. A file is written beside its final name and
// renamed once complete, so a failed backup never leaves a partial file
// under that name.
func (c *BackupCmd) Run(ctx context.Context, env *Env) (err error) {
	if err := existingDB(c.DB); err != nil {
		return err
	}
	st, err := store.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, st.Close()) }()
	if c.File == "-" {
		return st.Backup(ctx, env.Stdout)
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.File), "."+filepath.Base(c.File)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	counter := &countingWriter{w: tmp}
	if err := errors.Join(st.Backup(ctx, counter), tmp.Sync(), tmp.Close()); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), c.File); err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "backup: %d bytes written to %s\n", counter.n, c.File)
	return nil
}

// RestoreCmd reads a backup into an empty database, all or nothing.
type RestoreCmd struct {
	DB   string `name:"db" required:"" help:"The database to restore into: a SQLite file (created when missing) or postgres://...; it must hold no games or seeks." placeholder:"PATH|URL"`
	File string `arg:"" optional:"" default:"-" help:"Read the backup from FILE; - (the default) reads standard input." placeholder:"FILE|-"`
}

// Run restores the backup; a backup that is refused leaves the database as
// it was.
func (c *RestoreCmd) Run(ctx context.Context, env *Env) (err error) {
	in, err := env.open(c.File)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := store.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, st.Close()) }()
	if err := st.Restore(ctx, in); err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "restore: %s restored into %s\n", c.File, dbKind(c.DB))
	return nil
}

// existingDB refuses a SQLite file that does not exist: store.Open would
// create it, and a backup of nothing is a mistake.
func existingDB(dsn string) error {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return nil
	}
	path := strings.TrimPrefix(dsn, "sqlite:")
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("database %s: %w", path, err)
	}
	return nil
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
