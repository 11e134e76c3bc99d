package store_test

import (
	"bytes"
	"strings"
	"testing"

	"timechess/store"
)

// A rematch offer stays with the ended game; the rematch is made once, in
// one step with the mark on the ended game, and survives reopening the
// database.
func testRematch(t *testing.T, b backend) {
	dsn := b.fresh(t)
	s := openStore(t, dsn)
	ctx := testContext(t)
	g := must[store.Game](t)(s.CreateGame(ctx, chessSpec("alice", "bob"), ongoing))
	next := chessSpec("bob", "alice")
	_, _, err := s.Rematch(ctx, g.ID, g.Version, next, ongoing)
	wantErr(t, "rematch of a game going on", err, store.ErrInvalid)
	offer := ongoing
	offer.Rematch = store.White
	_, err = s.SetState(ctx, g.ID, g.Version, offer)
	wantErr(t, "a rematch offer in a game going on", err, store.ErrInvalid)

	ended := store.State{Status: store.Ended, Result: store.BlackWins, Reason: "resignation", Rematch: store.White}
	g = must[store.Game](t)(s.SetState(ctx, g.ID, g.Version, ended))
	if g.Rematch != store.White || g.RematchGame != "" {
		t.Fatalf("after the offer: rematch %q, game %q", g.Rematch, g.RematchGame)
	}
	_, _, err = s.Rematch(ctx, g.ID, g.Version-1, next, ongoing)
	wantErr(t, "rematch at an old version", err, store.ErrConflict)
	old, made := must2(t)(s.Rematch(ctx, g.ID, g.Version, next, ongoing))
	if old.RematchGame != made.ID || old.Rematch != store.NoSide || old.Version != g.Version+1 || old.Status != store.Ended {
		t.Errorf("the ended game after the rematch: %+v", old.State)
	}
	if made.ID == g.ID || made.White.Token != store.HashToken("bob") || made.Status != store.Ongoing || made.Version != 1 {
		t.Errorf("the rematch: %+v", made)
	}
	_, _, err = s.Rematch(ctx, g.ID, old.Version, next, ongoing)
	wantErr(t, "a second rematch", err, store.ErrConflict)
	if !strings.Contains(err.Error(), made.ID) {
		t.Errorf("a second rematch is told %q, not the rematch's id", err)
	}

	s2 := openStore(t, dsn)
	again := must[store.Game](t)(s2.Game(ctx, g.ID))
	if again.RematchGame != made.ID {
		t.Errorf("read again: rematch game %q, want %q", again.RematchGame, made.ID)
	}
	must[store.Game](t)(s2.Game(ctx, made.ID))

	// The backup keeps both the offer and the rematch's id.
	offered := must[store.Game](t)(s2.CreateGame(ctx, chessSpec("carol", "dave"), ongoing))
	must[store.Game](t)(s2.SetState(ctx, offered.ID, offered.Version, ended))
	copied := openStore(t, b.fresh(t))
	if err := copied.Restore(ctx, bytes.NewReader(backup(t, s2))); err != nil {
		t.Fatal(err)
	}
	if got := must[store.Game](t)(copied.Game(ctx, g.ID)); got.RematchGame != made.ID {
		t.Errorf("restored: rematch game %q, want %q", got.RematchGame, made.ID)
	}
	if got := must[store.Game](t)(copied.Game(ctx, offered.ID)); got.Rematch != store.White {
		t.Errorf("restored: rematch offer %q, want white", got.Rematch)
	}
}

// must2 is must for the two games of Rematch.
func must2(t *testing.T) func(a, b store.Game, err error) (store.Game, store.Game) {
	return func(a, b store.Game, err error) (store.Game, store.Game) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return a, b
	}
}
