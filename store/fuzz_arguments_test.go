package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"timechess/store"
)

// FuzzArguments calls the store's methods with arbitrary ids, counts and
// texts, on SQLite and, when TIMECHESS_TEST_POSTGRES is set, PostgreSQL: each
// call succeeds or fails with one of the store's errors (ErrNotFound,
// ErrInvalid, ErrConflict, ErrEnded), never with one of the database's.
// GAME stands for the id of a game that exists.
func FuzzArguments(f *testing.F) {
	for _, id := range append([]string{"GAME", "abcdefghijkl"}, hostileIDs[:len(hostileIDs)-1]...) {
		f.Add(id, int64(0), "hello")
	}
	for _, n := range []int64{-1, 1 << 31, 1<<31 - 1, 1 << 62, -1 << 63} {
		f.Add("GAME", n, "e2e4")
	}
	for _, text := range []string{"\x00", "\xff\xfe", "a\u202eb", "e2 e4", ""} {
		f.Add("GAME", int64(1), text)
	}
	dsns := []string{filepath.Join(f.TempDir(), "fuzz.db")}
	if admin := os.Getenv(postgresEnv); admin != "" {
		dsns = append(dsns, freshPostgres(f, admin))
	}
	type target struct {
		s    store.Store
		game string
	}
	var targets []target
	for _, dsn := range dsns {
		s, err := store.Open(context.Background(), dsn)
		if err != nil {
			f.Fatal(err)
		}
		f.Cleanup(func() { s.Close() })
		g, err := s.CreateGame(context.Background(), chessSpec("a", "b"), ongoing)
		if err != nil {
			f.Fatal(err)
		}
		targets = append(targets, target{s, g.ID})
	}
	f.Fuzz(func(t *testing.T, id string, n int64, text string) {
		ctx := context.Background()
		count := int(n)
		for _, tg := range targets {
			s, id := tg.s, id
			if id == "GAME" {
				id = tg.game
			}
			errs := map[string]error{}
			_, errs["Game"] = s.Game(ctx, id)
			_, errs["Moves"] = s.Moves(ctx, id, count)
			_, errs["Comments"] = s.Comments(ctx, id, count)
			_, errs["AddComment"] = s.AddComment(ctx, id, store.Side(text), text, text)
			_, errs["ListGames"] = s.ListGames(ctx, store.GameFilter{Owner: text, Limit: count})
			_, errs["AppendMove"] = s.AppendMove(ctx, id, count, store.Move{Action: text}, ongoing)
			_, errs["TakeBack"] = s.TakeBack(ctx, id, count, 0, ongoing)
			_, errs["SetState"] = s.SetState(ctx, id, n, store.State{Status: store.Ended, Result: store.NoResult, Reason: text})
			_, errs["Seek"] = s.Seek(ctx, id)
			errs["CancelSeek"] = s.CancelSeek(ctx, id)
			for name, err := range errs {
				if err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrInvalid) &&
					!errors.Is(err, store.ErrConflict) && !errors.Is(err, store.ErrEnded) {
					t.Errorf("%s(%.40q, %d, %.40q): %v", name, id, n, text, err)
				}
			}
		}
	})
}
