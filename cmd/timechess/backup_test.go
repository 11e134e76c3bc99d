package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"timechess/internal/pgtest"
	"timechess/store"
)

// frozenBackup is store's backup written by the first version of the
// format, a bit of everything (games of several variants, moves, comments,
// seeks open and taken).
const frozenBackup = "../../store/testdata/backup-v1.jsonl"

// TestBackupRestore runs `timechess restore` and `timechess backup` on each
// database and from one to the other: a backup restored into a fresh
// database and backed up again gives the same file, and every game reads
// the same in both.
func TestBackupRestore(t *testing.T) {
	fresh := map[string]func(t *testing.T) string{
		"sqlite": func(t *testing.T) string { return filepath.Join(t.TempDir(), "games.db") },
	}
	if admin := os.Getenv(pgtest.Env); admin != "" {
		fresh["postgres"] = func(t *testing.T) string { return pgtest.Fresh(t, admin, "timechess_cli_") }
	}
	want, err := os.ReadFile(frozenBackup)
	if err != nil {
		t.Fatal(err)
	}
	for from := range fresh {
		for to := range fresh {
			t.Run(from+"-to-"+to, func(t *testing.T) {
				src, dst := fresh[from](t), fresh[to](t)
				file := filepath.Join(t.TempDir(), "backup.jsonl")
				cli(t, 0, "restore", "--db", src, frozenBackup)
				cli(t, 0, "backup", "--db", src, file)
				cli(t, 0, "restore", "--db", dst, file)
				again := cli(t, 0, "backup", "--db", dst)
				if got, err := os.ReadFile(file); err != nil || !bytes.Equal(got, want) {
					t.Errorf("the backup of %s differs from the one restored (%v)", from, err)
				}
				if again != string(want) {
					t.Errorf("the backup of the copy on %s differs from the original", to)
				}
				compareGames(t, src, dst)
				if out := cli(t, 1, "restore", "--db", dst, file); !strings.Contains(out, "restore needs an empty one") {
					t.Errorf("a restore into a database with games: %q", out)
				}
			})
		}
	}
	t.Run("refusals", func(t *testing.T) {
		dir := t.TempDir()
		if out := cli(t, 1, "backup", "--db", filepath.Join(dir, "missing.db")); !strings.Contains(out, "no such file") {
			t.Errorf("a backup of a missing SQLite file: %q", out)
		}
		truncated := filepath.Join(dir, "truncated.jsonl")
		os.WriteFile(truncated, want[:len(want)/2], 0o644)
		dst := filepath.Join(dir, "empty.db")
		if out := cli(t, 1, "restore", "--db", dst, truncated); !strings.Contains(out, "backup") {
			t.Errorf("a restore of a truncated backup: %q", out)
		}
		if got := cli(t, 0, "backup", "--db", dst); !strings.Contains(got, `"end":{"games":0,"moves":0,"comments":0,"seeks":0}`) {
			t.Errorf("the refused restore left data behind:\n%s", got)
		}
	})
}

// cli runs timechess with args and wants the exit status; it returns the
// standard output, or the standard error when the status is not 0.
func cli(t *testing.T, want int, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
	if code := run(context.Background(), args, env); code != want {
		t.Fatalf("timechess %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, stderr.String())
	}
	if want != 0 {
		return stderr.String()
	}
	return stdout.String()
}

// compareGames checks that two databases hold the same games and moves.
func compareGames(t *testing.T, a, b string) {
	t.Helper()
	ctx := context.Background()
	read := func(dsn string) map[string][]any {
		st, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		games, err := st.ListGames(ctx, store.GameFilter{Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]any{}
		for _, listed := range games {
			g, moves, err := st.Load(ctx, listed.ID)
			if err != nil {
				t.Fatal(err)
			}
			comments, err := st.Comments(ctx, g.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			out[g.ID] = []any{g, moves, comments}
		}
		return out
	}
	ga, gb := read(a), read(b)
	if len(ga) == 0 {
		t.Fatalf("no games in %s", a)
	}
	if diff := cmp.Diff(ga, gb); diff != "" {
		t.Errorf("the games differ after backup and restore (-source +copy):\n%s", diff)
	}
}
