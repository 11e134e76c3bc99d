package store_test

import (
	"strings"
	"sync"
	"testing"

	"timechess/store"
)

// An invitation seats one person, once, whatever happens to the game
// meanwhile; the seat it keeps is not open to anyone else.
func testTakeInvite(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	invite := store.HashToken("invitation")
	spec := chessSpec("host", "")
	spec.Black = store.Seat{Invite: invite}
	g := must[store.Game](t)(s.CreateGame(ctx, spec, ongoing))
	if !g.Black.Invited() || g.Black.Open() || !g.Black.Joined.IsZero() {
		t.Fatalf("the invited seat reads %+v", g.Black)
	}
	if _, err := g.SeatOf("invitation"); err == nil {
		t.Fatal("the invitation holds a seat before it is taken")
	}
	_, err := s.ClaimSeat(ctx, g.ID, g.Version, store.Black, store.Seat{Token: store.HashToken("passer-by")}, ongoing)
	wantErr(t, "claim the invited seat", err, store.ErrConflict)
	_, err = s.TakeInvite(ctx, g.ID, store.Black, store.HashToken("forged"), store.HashToken("x"))
	wantErr(t, "take with a wrong invitation", err, store.ErrBadToken)
	_, err = s.TakeInvite(ctx, g.ID, store.White, invite, store.HashToken("x"))
	wantErr(t, "take the other seat", err, store.ErrBadToken)

	g = play(t, s, g, "e2e4") // the host moves before the friend arrives
	taken := must[store.Game](t)(s.TakeInvite(ctx, g.ID, store.Black, invite, store.HashToken("friend")))
	if taken.Black.Invited() || taken.Black.Joined.IsZero() || taken.Version != g.Version+1 || taken.Ply != 1 {
		t.Fatalf("after taking the invitation: %+v", taken)
	}
	if side, err := taken.SeatOf("friend"); side != store.Black || err != nil {
		t.Errorf("SeatOf(friend) = %q, %v", side, err)
	}
	if _, err := taken.SeatOf("invitation"); err == nil {
		t.Error("the invitation holds a seat after it was taken")
	}
	again := must[store.Game](t)(s.Game(ctx, g.ID))
	if !again.Black.Joined.Equal(taken.Black.Joined) || again.Black.Invite != invite {
		t.Errorf("read again: %+v, want %+v", again.Black, taken.Black)
	}
	_, err = s.TakeInvite(ctx, g.ID, store.Black, invite, store.HashToken("third"))
	wantErr(t, "take the invitation again", err, store.ErrConflict)
	if !strings.Contains(err.Error(), "was taken at") {
		t.Errorf("a second taker is told %q, not when it was taken", err)
	}

	// An ended game's invitation seats nobody.
	g2 := must[store.Game](t)(s.CreateGame(ctx, spec, ongoing))
	must[store.Game](t)(s.SetState(ctx, g2.ID, g2.Version, store.State{Status: store.Ended, Result: store.NoResult, Reason: "aborted"}))
	_, err = s.TakeInvite(ctx, g2.ID, store.Black, invite, store.HashToken("late"))
	wantErr(t, "take the invitation of an aborted game", err, store.ErrEnded)
	_, err = s.TakeInvite(ctx, "nosuchgame", store.Black, invite, store.HashToken("late"))
	wantErr(t, "take the invitation of no game", err, store.ErrNotFound)
}

// Sixteen takers of one invitation through two Store values: exactly one is
// seated, the others hear that it was taken.
func testConcurrentInviteTakers(t *testing.T, b backend) {
	dsn := b.fresh(t)
	stores := []store.Store{openStore(t, dsn), openStore(t, dsn)}
	invite := store.HashToken("invitation")
	spec := chessSpec("host", "")
	spec.White = store.Seat{Invite: invite}
	g := must[store.Game](t)(stores[0].CreateGame(testContext(t), spec, ongoing))
	const takers = 16
	errs := make([]error, takers)
	var wg sync.WaitGroup
	for i := range takers {
		wg.Go(func() {
			_, errs[i] = stores[i%2].TakeInvite(testContext(t), g.ID, store.White, invite, store.HashToken(string(rune('a'+i))))
		})
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won >= 0:
			t.Errorf("takers %d and %d both took the seat", won, i)
		case err == nil:
			won = i
		default:
			wantErr(t, "a losing taker", err, store.ErrConflict)
		}
	}
	if won < 0 {
		t.Fatal("nobody took the seat")
	}
	final := must[store.Game](t)(stores[1].Game(testContext(t), g.ID))
	if side, err := final.SeatOf(string(rune('a' + won))); side != store.White || err != nil {
		t.Errorf("the winner's token: %q, %v", side, err)
	}
	if final.Version != g.Version+1 {
		t.Errorf("version %d after one take, want %d", final.Version, g.Version+1)
	}
}

// A comment keeps the side of its author.
func testCommentSides(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := newChessGame(t, s)
	must[store.Comment](t)(s.AddComment(ctx, g.ID, store.Black, "bea", "good luck"))
	must[store.Comment](t)(s.AddComment(ctx, g.ID, store.NoSide, "white", "I am only watching"))
	got := must[[]store.Comment](t)(s.Comments(ctx, g.ID, 0))
	if len(got) != 2 || got[0].Side != store.Black || got[1].Side != store.NoSide || got[1].Author != "white" {
		t.Fatalf("comments: %+v", got)
	}
	_, err := s.AddComment(ctx, g.ID, store.Side("referee"), "x", "y")
	wantErr(t, "a comment by no side", err, store.ErrInvalid)
}

// A database of the first schema migrates: its friend's game, whose seat
// token is the invitation's hash, goes on for whoever holds that link, and
// its comments read as a spectator's.
func testMigrateFirstSchema(t *testing.T, b backend) {
	dsn := b.fresh(t)
	id, err := store.CreateFirstSchemaGame(testContext(t), dsn, "host", "old invitation")
	if err != nil {
		t.Fatal(err)
	}
	s := openStore(t, dsn)
	g := must[store.Game](t)(s.Game(testContext(t), id))
	if side, err := g.SeatOf("old invitation"); side != store.Black || err != nil {
		t.Fatalf("the old invitation's seat: %q, %v", side, err)
	}
	if g.Black.Invited() || g.Black.Open() || !g.Black.Joined.IsZero() {
		t.Errorf("the old friend's seat reads %+v", g.Black)
	}
	play(t, s, g, "e2e4", "e7e5")
	comments := must[[]store.Comment](t)(s.Comments(testContext(t), id, 0))
	if len(comments) != 1 || comments[0].Side != store.NoSide {
		t.Errorf("the old comment: %+v", comments)
	}
}
