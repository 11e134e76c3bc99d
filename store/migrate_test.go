package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"timechess/store"
)

// Opening a database again applies no migration twice and keeps the data;
// so does opening it from several places at once.
func testMigrateTwice(t *testing.T, b backend) {
	dsn := b.fresh(t)
	first, err := store.Open(testContext(t), dsn)
	if err != nil {
		t.Fatal(err)
	}
	g := play(t, first, newChessGame(t, first), "e2e4")
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again := openStore(t, dsn)
	loaded, moves, err := again.Load(testContext(t), g.ID)
	if err != nil || loaded.Version != g.Version || len(moves) != 1 {
		t.Fatalf("after opening again: %+v, %d moves, %v", loaded, len(moves), err)
	}

	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Go(func() {
			s, err := store.Open(testContext(t), dsn)
			if err == nil {
				_, err = s.Game(testContext(t), g.ID)
				err = errors.Join(err, s.Close())
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("concurrent open %d: %v", i, err)
		}
	}
}

// TestOpenRefuses checks the DSNs that Open refuses, with what it says.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		dsn, says string
	}{
		{"", "empty SQLite file name"},
		{"sqlite:", "empty SQLite file name"},
		{":memory:", "want a file path"},
		{"file:x.db?mode=memory", "want a file path"},
		{"mysql://root:secret@localhost/db", `scheme "mysql"`},
		{"x\x00.db", "NUL"},
		{filepath.Join(dir, "no", "such", "dir", "x.db"), "open SQLite database"},
		{"postgres://user:secret@127.0.0.1:1/db?sslmode=disable&connect_timeout=2", "PostgreSQL at 127.0.0.1:1"},
		{"postgres://user:secret@[::1", "PostgreSQL DSN"},
		{"postgres://user:secret@localhost/db?pool_max_conns=many", "PostgreSQL DSN"},
	} {
		s, err := store.Open(context.Background(), c.dsn)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", c.dsn)
			continue
		}
		if !strings.Contains(err.Error(), c.says) {
			t.Errorf("Open(%q): %q does not say %q", c.dsn, err, c.says)
		}
		if strings.Contains(err.Error(), "secret") {
			t.Errorf("Open(%q): the error %q shows the password", c.dsn, err)
		}
	}
}

// TestOpenSQLitePaths opens files whose names hold the characters of URIs.
func TestOpenSQLitePaths(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"plain.db", "with space.db", "what?.db", "hash#.db", "100%.db", "é.db"} {
		path := filepath.Join(dir, name)
		for _, dsn := range []string{path, "sqlite:" + path} {
			s, err := store.Open(context.Background(), dsn)
			if err != nil {
				t.Errorf("Open(%q): %v", dsn, err)
				continue
			}
			if _, err := s.ListGames(context.Background(), store.GameFilter{}); err != nil {
				t.Errorf("%q: %v", dsn, err)
			}
			s.Close()
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("the database of %q is not at its path: %v", name, err)
		}
	}
}
