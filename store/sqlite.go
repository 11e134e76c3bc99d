package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the pure Go SQLite driver, registered as "sqlite"
)

// sqliteReaders is the number of reading connections to a SQLite file.
const sqliteReaders = 4

// sqlitePragmas are set on every connection: write-ahead logging (readers do
// not block the writer), a wait instead of an error while another connection
// holds the lock, foreign keys, and a commit that reaches the disk before it
// returns (synchronous FULL: an acknowledged move survives a crash of the
// process or of the machine).
var sqlitePragmas = []string{"journal_mode(WAL)", "busy_timeout(10000)", "foreign_keys(1)", "synchronous(FULL)"}

// sqliteDSN is the driver's name for the file at path: a file: URI with the
// pragmas, with the path's %, ? and # escaped. Writers begin their
// transactions IMMEDIATE, taking the write lock at once; readers are
// query_only.
func sqliteDSN(path string, writer bool) (string, error) {
	switch {
	case path == "":
		return "", fmt.Errorf("%w: empty SQLite file name", ErrInvalid)
	case path == ":memory:" || strings.HasPrefix(path, "file:"):
		return "", fmt.Errorf("%w: SQLite database %q: want a file path", ErrInvalid, path)
	case strings.ContainsRune(path, 0):
		return "", fmt.Errorf("%w: SQLite file name %q holds a NUL byte", ErrInvalid, path)
	}
	q := url.Values{"_pragma": sqlitePragmas}
	if writer {
		q.Set("_txlock", "immediate")
	} else {
		q.Add("_pragma", "query_only(1)")
	}
	escaped := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + escaped + "?" + q.Encode(), nil
}

// openSQLite opens (and creates) the SQLite database in the file at path.
func openSQLite(ctx context.Context, path string) (Store, error) {
	if _, err := sqliteDSN(path, true); err != nil {
		return nil, err
	}
	if dir := filepath.Dir(path); dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("open SQLite database %s: its directory: %w", path, err)
		}
	}
	open := func(writer bool, conns int) (*sql.DB, error) {
		dsn, err := sqliteDSN(path, writer)
		if err != nil {
			return nil, err
		}
		db, err := sql.Open("sqlite", dsn)
		if err != nil {
			return nil, err
		}
		db.SetMaxOpenConns(conns)
		db.SetMaxIdleConns(conns)
		if err := db.PingContext(ctx); err != nil {
			db.Close()
			return nil, fmt.Errorf("open SQLite database %s: %w", path, err)
		}
		return db, nil
	}
	// One writer connection, for the committer: SQLite runs one write
	// transaction at a time anyway.
	wdb, err := open(true, 1)
	if err != nil {
		return nil, err
	}
	if err := migrate(ctx, wdb, goose.DialectSQLite3, "sqlite"); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("SQLite database %s: %w", path, err)
	}
	rdb, err := open(false, sqliteReaders)
	if err != nil {
		wdb.Close()
		return nil, err
	}
	d := dialect{name: "sqlite", snapshot: sql.TxOptions{ReadOnly: true}}
	reads, err := prepareStatements(ctx, rdb, d, selectGameQuery, selectMovesQuery)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("SQLite database %s: %w", path, err), rdb.Close(), wdb.Close())
	}
	writes, err := prepareStatements(ctx, wdb, d, slices.Concat(hotQueries, committerQueries)...)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("SQLite database %s: %w", path, err), reads.close(), rdb.Close(), wdb.Close())
	}
	h := newHub()
	c := startCommitter(writes, h)
	return &sqlStore{
		d:      d,
		rdb:    rdb,
		reads:  reads,
		writes: writes,
		commit: c.do,
		hub:    h,
		shutdown: func() error {
			c.stop()
			return errors.Join(reads.close(), writes.close(), rdb.Close(), wdb.Close())
		},
	}, nil
}
