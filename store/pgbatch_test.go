package store_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"timechess/store"
)

// Moves of many games sent at once share a batch of PostgreSQL's group
// commit; a move whose statement fails (a stray row holds its place) fails
// alone: every other move is stored and announced once, the failing one
// neither. To make the moves share a batch, a transaction locks every game
// while the moves are sent, and the batchers are kept busy meanwhile with a
// move each of two other games: the moves wait, pending, until the lock
// goes. (Should a goroutine come late, the batches are smaller; what is
// checked holds for any batches.)
func TestPostgresBatchIsolatesFailure(t *testing.T) {
	dsn := postgresBackend(t).fresh(t)
	s := openStore(t, dsn)
	ctx := testContext(t)
	const n, blockers = 24, 2
	games := gamesAfterE4(t, s, n+blockers)
	stray := games[n-1]
	raw := listen(t, dsn)
	if _, err := raw.Exec(ctx, `INSERT INTO moves (game_id, ply, action, clock_ms, at_ms) VALUES ($1, 2, 'stray', 0, 0)`, stray.ID); err != nil {
		t.Fatal(err)
	}
	unlock := lockAllGames(t, dsn)

	errs := make([]error, len(games))
	var wg sync.WaitGroup
	move := func(i int) {
		wg.Go(func() {
			_, errs[i] = s.AppendMove(ctx, games[i].ID, 1, store.Move{Action: "e7e5"}, ongoing)
		})
	}
	for i := n; i < n+blockers; i++ {
		move(i)
		waitForLockWaits(t, raw, i-n+1)
	}
	for i := range n {
		move(i)
	}
	unlock()
	wg.Wait()

	for i, err := range errs {
		if i != n-1 && err != nil {
			t.Errorf("move of game %d: %v", i, err)
		}
	}
	if errs[n-1] == nil {
		t.Error("the move onto the stray row was stored")
	}
	if g := must[store.Game](t)(s.Game(ctx, stray.ID)); g.Ply != 1 || g.Version != stray.Version {
		t.Errorf("the failed move's game: ply %d, version %d; want 1, %d", g.Ply, g.Version, stray.Version)
	}
	// The notifications up to a last change: one per stored move.
	last := play(t, s, must[store.Game](t)(s.Game(ctx, games[0].ID)), "g1f3")
	var heard, want []string
	for {
		ev := nextPayload(t, raw)
		if ev.Topic == last.ID && ev.Ply == last.Ply {
			break
		}
		if ev.Kind != store.EventMove || ev.Ply != 2 {
			t.Errorf("unexpected event %+v", ev)
		}
		heard = append(heard, ev.Topic)
	}
	for i, g := range games {
		if i != n-1 {
			want = append(want, g.ID)
		}
	}
	slices.Sort(heard)
	slices.Sort(want)
	if !slices.Equal(heard, want) {
		t.Errorf("heard moves of %v, want %v", heard, want)
	}
}

// waitForLockWaits waits until k sessions of conn's database wait for a lock.
func waitForLockWaits(t *testing.T, conn *pgx.Conn, k int) {
	t.Helper()
	ctx := testContext(t)
	for {
		var waiting int
		err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting)
		if err != nil {
			t.Fatalf("waiting for %d lock waits: %v", k, err)
		}
		if waiting >= k {
			return
		}
	}
}

// Moves whose callers go away while they wait for a batch are not run and
// do not upset the batch they were taken into: the other moves of the batch
// are stored, the store goes on. (The batcher used to drop such statements
// from the batch in place, leaving nil entries that its loop then closed:
// a panic that took the server down at the end of a load test.)
func TestPostgresBatchCallersGone(t *testing.T) {
	dsn := postgresBackend(t).fresh(t)
	s := openStore(t, dsn)
	ctx := testContext(t)
	const n, blockers = 16, 2
	games := gamesAfterE4(t, s, n+blockers)
	raw := listen(t, dsn)
	unlock := lockAllGames(t, dsn)
	errs := make([]error, len(games))
	var wg sync.WaitGroup
	move := func(i int, ctx context.Context) {
		wg.Go(func() {
			_, errs[i] = s.AppendMove(ctx, games[i].ID, 1, store.Move{Action: "e7e5"}, ongoing)
		})
	}
	for i := n; i < n+blockers; i++ {
		move(i, ctx)
		waitForLockWaits(t, raw, i-n+1)
	}
	gone, leave := context.WithCancel(ctx)
	for i := range n {
		if i%2 == 0 {
			move(i, gone)
		} else {
			move(i, ctx)
		}
	}
	time.Sleep(100 * time.Millisecond) // let the moves queue up (the checks hold either way)
	leave()
	unlock()
	wg.Wait()
	for i, err := range errs {
		g := must[store.Game](t)(s.Game(ctx, games[i].ID))
		switch {
		case i < n && i%2 == 0 && (!errors.Is(err, context.Canceled) || g.Ply != 1):
			t.Errorf("move of game %d, its caller gone: %v, game at ply %d; want context.Canceled and ply 1", i, err, g.Ply)
		case (i >= n || i%2 == 1) && (err != nil || g.Ply != 2):
			t.Errorf("move of game %d: %v, game at ply %d; want it stored", i, err, g.Ply)
		}
	}
	play(t, s, must[store.Game](t)(s.Game(ctx, games[0].ID)), "e7e5")
}

// lockAllGames locks every game of dsn's database in a transaction of its
// own, so that changes to them wait; unlock commits it.
func lockAllGames(t *testing.T, dsn string) (unlock func()) {
	t.Helper()
	ctx := testContext(t)
	locker, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locker.Close(context.Background()) })
	lock, err := locker.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Exec(ctx, `SELECT id FROM games FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := lock.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// gamesAfterE4 creates k chess games of s, each after 1.e4.
func gamesAfterE4(t *testing.T, s store.Store, k int) []store.Game {
	t.Helper()
	games := make([]store.Game, k)
	for i := range games {
		games[i] = play(t, s, newChessGame(t, s), "e2e4")
	}
	return games
}
