package store_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"timechess/store"
)

// submitters is how many goroutines race in each concurrency test, split
// between two Store values on one database, as two server processes would be.
const submitters = 16

// race runs submit on every submitter at once and returns the errors; each
// goroutine gets one of two stores.
func race(t *testing.T, b backend, setUp func(s store.Store) string, submit func(s store.Store, id string, i int) error) (store.Store, string, []error) {
	t.Helper()
	dsn := b.fresh(t)
	stores := []store.Store{openStore(t, dsn), openStore(t, dsn)}
	id := setUp(stores[0])
	errs := make([]error, submitters)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range submitters {
		wg.Go(func() {
			<-start
			errs[i] = submit(stores[i%2], id, i)
		})
	}
	close(start)
	wg.Wait()
	return stores[0], id, errs
}

// oneWins checks that exactly one submission succeeded and the others got
// ErrConflict.
func oneWins(t *testing.T, errs []error) int {
	t.Helper()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Errorf("submissions %d and %d both succeeded", winner, i)
		case err == nil:
			winner = i
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("submission %d: got %v, want ErrConflict", i, err)
		}
	}
	if winner < 0 {
		t.Fatalf("no submission succeeded: %v", errs)
	}
	return winner
}

// The same move sent by many clients at once (a replayed request, two tabs)
// is stored once.
func testConcurrentSameMove(t *testing.T, b backend) {
	var g store.Game
	s, id, errs := race(t, b, func(s store.Store) string {
		g = play(t, s, newChessGame(t, s), "e2e4", "e7e5")
		return g.ID
	}, func(s store.Store, id string, _ int) error {
		_, err := s.AppendMove(testContext(t), id, 2, store.Move{Action: "g1f3"}, ongoing)
		return err
	})
	oneWins(t, errs)
	after, moves, err := s.Load(testContext(t), id)
	if err != nil {
		t.Fatal(err)
	}
	if after.Ply != 3 || len(moves) != 3 || moves[2].Action != "g1f3" || after.Version != g.Version+1 {
		t.Errorf("after the race: ply %d, version %d (was %d), moves %+v", after.Ply, after.Version, g.Version, moves)
	}
}

// Different moves for one turn: one is stored, the others refused.
func testConcurrentRivalMoves(t *testing.T, b backend) {
	actions := make([]string, submitters)
	for i := range actions {
		actions[i] = fmt.Sprintf("a%dh%d", i%8+1, i/8+1)
	}
	s, id, errs := race(t, b, func(s store.Store) string {
		return newChessGame(t, s).ID
	}, func(s store.Store, id string, i int) error {
		_, err := s.AppendMove(testContext(t), id, 0, store.Move{Action: actions[i]}, ongoing)
		return err
	})
	winner := oneWins(t, errs)
	moves := must[[]store.Move](t)(s.Moves(testContext(t), id, 0))
	if len(moves) != 1 || moves[0].Action != actions[winner] {
		t.Errorf("moves %+v, want only the winner's %s", moves, actions[winner])
	}
}

// Many takers of one seek: one gets a game, no other game is made.
func testConcurrentSeekTakers(t *testing.T, b backend) {
	s, id, errs := race(t, b, func(s store.Store) string {
		return must[store.Seek](t)(s.CreateSeek(testContext(t), store.SeekSpec{Variant: "chess", Start: "8/8/8/8/8/8/8/K6k w - - 0 1", Token: store.HashToken("creator")})).ID
	}, func(s store.Store, id string, i int) error {
		_, err := s.TakeSeek(testContext(t), id, chessSpec("creator", fmt.Sprint("taker", i)), ongoing)
		return err
	})
	winner := oneWins(t, errs)
	games := must[[]store.Game](t)(s.ListGames(testContext(t), store.GameFilter{}))
	if len(games) != 1 {
		t.Fatalf("%d games after the race, want 1", len(games))
	}
	if side, err := games[0].SeatOf(fmt.Sprint("taker", winner)); side != store.Black || err != nil {
		t.Errorf("the game's black seat is not the winner's: %q, %v", side, err)
	}
	if k := must[store.Seek](t)(s.Seek(testContext(t), id)); k.Game != games[0].ID {
		t.Errorf("the seek names game %q, want %q", k.Game, games[0].ID)
	}
}

// Comments sent at once are all kept, numbered 1 to N without gaps.
func testConcurrentComments(t *testing.T, b backend) {
	s, id, errs := race(t, b, func(s store.Store) string {
		return newChessGame(t, s).ID
	}, func(s store.Store, id string, i int) error {
		_, err := s.AddComment(testContext(t), id, store.NoSide, fmt.Sprint("kibitzer", i), "hello")
		return err
	})
	for i, err := range errs {
		if err != nil {
			t.Errorf("comment %d: %v", i, err)
		}
	}
	comments := must[[]store.Comment](t)(s.Comments(testContext(t), id, 0))
	authors := map[string]bool{}
	for i, c := range comments {
		if c.Seq != i+1 {
			t.Errorf("comment %d has number %d", i+1, c.Seq)
		}
		authors[c.Author] = true
	}
	if len(comments) != submitters || len(authors) != submitters {
		t.Errorf("%d comments by %d authors, want %d", len(comments), len(authors), submitters)
	}
}
