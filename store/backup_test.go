package store_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"timechess/store"
)

// goldenBackup is a backup of version 1 of the format, written by Backup
// from the games of populate (then frozen): every later version of the code
// must restore it and write it back byte for byte, on both databases.
const goldenBackup = "testdata/backup-v1.jsonl"

// populate stores a little of everything: games in each status, with moves,
// a takeback, comments, open and taken seeks, engines and owners.
func populate(t *testing.T, s store.Store) {
	ctx := testContext(t)
	g := play(t, s, newChessGame(t, s), "e2e4", "e7e5", "g1f3", "b8c6")
	g = must[store.Game](t)(s.TakeBack(ctx, g.ID, 4, 3, ongoing))
	must[store.Comment](t)(s.AddComment(ctx, g.ID, store.NoSide, "kibitzer", "Ruy Lopez next?\nPerhaps."))
	must[store.Comment](t)(s.AddComment(ctx, g.ID, store.NoSide, "", "♞"))

	spec := chessSpec("alice", "")
	spec.Variant, spec.Start = "gifford", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 book= travels=0,0"
	spec.White.Owner, spec.Black = "alice", store.Seat{Engine: "depth=3"}
	spec.TimeControl = store.TimeControl{Days: 2}
	st := ongoing
	st.Clocks = store.Clocks{White: 48 * time.Hour, Black: 48 * time.Hour, TurnStart: time.Now()}
	gifford := must[store.Game](t)(s.CreateGame(ctx, spec, st))
	st.Clocks.White, st.Clocks.TurnStart = 47*time.Hour, st.Clocks.TurnStart.Add(time.Hour)
	gifford = must[store.Game](t)(s.AppendMove(ctx, gifford.ID, 0, store.Move{Action: "f1//9", Clock: 47 * time.Hour}, st))
	st.Status, st.Result, st.Reason = store.Ended, store.BlackWins, "time"
	must[store.Game](t)(s.SetState(ctx, gifford.ID, gifford.Version, st))

	waiting := chessSpec("bob", "")
	waiting.Black = store.Seat{}
	must[store.Game](t)(s.CreateGame(ctx, waiting, store.State{Status: store.Waiting, Result: store.NoResult}))

	seek := store.SeekSpec{Variant: "chess10x8", Start: "rnbgqkgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1",
		TimeControl: store.TimeControl{Initial: time.Minute}, Token: store.HashToken("carol"), Owner: "carol"}
	k := must[store.Seek](t)(s.CreateSeek(ctx, seek))
	must[store.Game](t)(s.TakeSeek(ctx, k.ID, chessSpec("carol", "dave"), ongoing))
	seek.Side = store.White
	must[store.Seek](t)(s.CreateSeek(ctx, seek))

	// A friend's game whose invitation was taken, with a comment by the
	// friend, and one whose invitation waits.
	invited := chessSpec("erin", "")
	invited.Black = store.Seat{Invite: store.HashToken("erin's invitation")}
	friends := must[store.Game](t)(s.CreateGame(ctx, invited, ongoing))
	must[store.Game](t)(s.TakeInvite(ctx, friends.ID, store.Black, invited.Black.Invite, store.HashToken("frank")))
	must[store.Comment](t)(s.AddComment(ctx, friends.ID, store.Black, "frank", "thanks for the invitation"))
	must[store.Game](t)(s.CreateGame(ctx, invited, ongoing))
}

func backup(t *testing.T, s store.Store) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := s.Backup(testContext(t), &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// everything reads every game with its moves and comments, and the open seeks.
func everything(t *testing.T, s store.Store) map[string]any {
	ctx := testContext(t)
	out := map[string]any{"seeks": must[[]store.Seek](t)(s.OpenSeeks(ctx, 1000))}
	for _, g := range must[[]store.Game](t)(s.ListGames(ctx, store.GameFilter{})) {
		_, moves, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		out[g.ID] = []any{g, moves, must[[]store.Comment](t)(s.Comments(ctx, g.ID, 0))}
	}
	return out
}

func testBackupRoundTrip(t *testing.T, b backend) {
	from := openStore(t, b.fresh(t))
	populate(t, from)
	data := backup(t, from)
	to := openStore(t, b.fresh(t))
	if err := to.Restore(testContext(t), bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	if again := backup(t, to); !bytes.Equal(again, data) {
		t.Errorf("the backup of the restored database differs:\n%s", cmp.Diff(string(data), string(again)))
	}
	if diff := cmp.Diff(everything(t, from), everything(t, to)); diff != "" {
		t.Errorf("the restored database differs (-original +restored):\n%s", diff)
	}
	// Play goes on in the restored database.
	games := must[[]store.Game](t)(to.ListGames(testContext(t), store.GameFilter{Status: store.Ongoing}))
	for _, g := range games {
		play(t, to, g, "h2h3")
	}
}

// A backup written by format version 1 restores on every backend and is
// written back the same (and so a SQLite backup restores into PostgreSQL and
// the other way round).
func testBackupGolden(t *testing.T, b backend) {
	data, err := os.ReadFile(goldenBackup)
	if err != nil {
		t.Fatal(err)
	}
	s := openStore(t, b.fresh(t))
	if err := s.Restore(testContext(t), bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	if again := backup(t, s); !bytes.Equal(again, data) {
		t.Errorf("the backup of %s restored differs:\n%s", goldenBackup, cmp.Diff(string(data), string(again)))
	}
}

// badBackups are changes to the golden backup that Restore must refuse,
// leaving the database empty.
var badBackups = []struct {
	name   string
	change func(lines []string) []string
}{
	{"empty file", func([]string) []string { return nil }},
	{"truncated: no trailer", func(l []string) []string { return l[:len(l)-1] }},
	{"truncated in a record", func(l []string) []string { return append(l[:5], l[5][:20]) }},
	{"no header", func(l []string) []string { return l[1:] }},
	{"a later format version", func(l []string) []string {
		return append([]string{`{"format":"timechess-store","version":2}`}, l[1:]...)
	}},
	{"a record twice", func(l []string) []string { return append(l[:2], l[1:]...) }},
	{"a move missing", func(l []string) []string { return drop(l, `"move":`) }},
	{"a comment missing", func(l []string) []string { return drop(l, `"comment":`) }},
	{"a move before its game", func(l []string) []string {
		i := find(l, `"move":`)
		return append(append([]string{l[0], l[i]}, l[1:i]...), l[i+1:]...)
	}},
	{"an unknown field", func(l []string) []string {
		l[1] = strings.Replace(l[1], `"id":`, `"colour":"red","id":`, 1)
		return l
	}},
	{"two parts in one record", func(l []string) []string {
		l[1] = strings.Replace(l[1], `{"game":`, `{"end":{},"game":`, 1)
		return l
	}},
	{"a bad status", func(l []string) []string {
		l[1] = strings.Replace(l[1], `"status":"`, `"status":"x`, 1)
		return l
	}},
	{"a short token hash", func(l []string) []string {
		i := find(l, `"token":"`)
		l[i] = strings.Replace(l[i], `"token":"`, `"token":"ab`, 1)
		return l
	}},
	{"a comment by no side", func(l []string) []string {
		i := find(l, `"comment":`)
		l[i] = strings.Replace(l[i], `"author":`, `"side":"red","author":`, 1)
		return l
	}},
	{"data after the trailer", func(l []string) []string { return append(l, l[1]) }},
	{"a trailer that counts wrong", func(l []string) []string {
		l[len(l)-1] = strings.Replace(l[len(l)-1], `"games":`, `"games":1`, 1)
		return l
	}},
	{"not JSON", func([]string) []string { return []string{"games, moves, comments"} }},
}

func find(lines []string, s string) int {
	for i, l := range lines {
		if strings.Contains(l, s) {
			return i
		}
	}
	panic("the golden backup has no " + s)
}

func drop(lines []string, s string) []string {
	i := find(lines, s)
	return append(lines[:i:i], lines[i+1:]...)
}

func goldenLines(t *testing.T) []string {
	data, err := os.ReadFile(goldenBackup)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func testRestoreRefusesBadBackups(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	for _, c := range badBackups {
		text := strings.Join(c.change(goldenLines(t)), "\n")
		err := s.Restore(testContext(t), strings.NewReader(text))
		if !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", c.name, err)
		}
		if n := len(must[[]store.Game](t)(s.ListGames(testContext(t), store.GameFilter{}))); n != 0 {
			t.Fatalf("%s: a refused restore left %d games", c.name, n)
		}
	}
}

func testRestoreNeedsEmpty(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	populate(t, s)
	before := backup(t, s)
	err := s.Restore(testContext(t), bytes.NewReader(before))
	wantErr(t, "restore into a database with games", err, store.ErrConflict)
	if after := backup(t, s); !bytes.Equal(before, after) {
		t.Error("a refused restore changed the database")
	}
}
