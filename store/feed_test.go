package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"timechess/store"
)

// next returns the next event, failing the test after a wait.
func next(t *testing.T, events <-chan store.Event) store.Event {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatal("the feed closed")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10s")
	}
	panic("unreachable")
}

// expect checks the next event's kind and ply.
func expect(t *testing.T, events <-chan store.Event, topic string, kind store.EventKind, ply int) store.Event {
	t.Helper()
	ev := next(t, events)
	if ev.Topic != topic || ev.Kind != kind || ev.Ply != ply {
		t.Fatalf("event %+v, want topic %s, kind %s, ply %d", ev, topic, kind, ply)
	}
	return ev
}

// quiet checks that no event is waiting.
func quiet(t *testing.T, events <-chan store.Event) {
	t.Helper()
	select {
	case ev := <-events:
		t.Fatalf("unexpected event %+v", ev)
	case <-time.After(50 * time.Millisecond):
	}
}

func testFeed(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := newChessGame(t, s)
	other := newChessGame(t, s)
	events := must[<-chan store.Event](t)(s.Subscribe(ctx, g.ID))
	lobby := must[<-chan store.Event](t)(s.Subscribe(ctx, store.LobbyTopic))

	g = play(t, s, g, "e2e4")
	if ev := expect(t, events, g.ID, store.EventMove, 1); ev.Version != g.Version {
		t.Errorf("move event %+v: want version %d", ev, g.Version)
	}
	play(t, s, other, "d2d4") // another game's move is not heard here
	g = play(t, s, g, "e7e5", "g1f3")
	expect(t, events, g.ID, store.EventMove, 2)
	expect(t, events, g.ID, store.EventMove, 3)
	offer := ongoing
	offer.DrawOffer = store.White
	g = must[store.Game](t)(s.SetState(ctx, g.ID, g.Version, offer))
	expect(t, events, g.ID, store.EventState, 3)
	g = must[store.Game](t)(s.TakeBack(ctx, g.ID, 3, 2, ongoing))
	expect(t, events, g.ID, store.EventState, 2)
	must[store.Comment](t)(s.AddComment(ctx, g.ID, store.NoSide, "", "hm"))
	if ev := expect(t, events, g.ID, store.EventComment, 0); ev.Seq != 1 {
		t.Errorf("comment event %+v: want seq 1", ev)
	}
	// A refused change is not announced.
	_, err := s.AppendMove(ctx, g.ID, 0, store.Move{Action: "a2a3"}, ongoing)
	wantErr(t, "stale move", err, store.ErrConflict)
	quiet(t, events)

	k := must[store.Seek](t)(s.CreateSeek(ctx, store.SeekSpec{Variant: "chess", Start: "8/8/8/8/8/8/8/K6k w - - 0 1", Token: store.HashToken("x")}))
	expect(t, lobby, store.LobbyTopic, store.EventSeek, 0)
	seek := must[<-chan store.Event](t)(s.Subscribe(ctx, k.ID))
	must[store.Game](t)(s.TakeSeek(ctx, k.ID, chessSpec("x", "y"), ongoing))
	expect(t, seek, k.ID, store.EventSeek, 0)
	expect(t, lobby, store.LobbyTopic, store.EventSeek, 0)
	quiet(t, lobby)
}

// Two Store values on one database, as two server processes: a move made
// through one reaches a subscriber of the other (PostgreSQL only).
func testFeedAcrossStores(t *testing.T, b backend) {
	if !b.sharedFeed {
		t.Skipf("%s's feed is in-process: only one process serves a SQLite file", b.name)
	}
	dsn := b.fresh(t)
	mover, watcher := openStore(t, dsn), openStore(t, dsn)
	ctx := testContext(t)
	g := newChessGame(t, mover)
	events := must[<-chan store.Event](t)(watcher.Subscribe(ctx, g.ID))
	// The mover's own subscribers hear each move once, through the database
	// too. (Subscribed before the first move: a notification is delivered
	// asynchronously, so one subscribed later may still hear that move.)
	own := must[<-chan store.Event](t)(mover.Subscribe(ctx, g.ID))
	g = play(t, mover, g, "e2e4")
	expect(t, events, g.ID, store.EventMove, 1)
	expect(t, own, g.ID, store.EventMove, 1)
	if moves := must[[]store.Move](t)(watcher.Moves(ctx, g.ID, 0)); len(moves) != 1 || moves[0].Action != "e2e4" {
		t.Errorf("the watcher reads %+v", moves)
	}
	play(t, watcher, g, "e7e5")
	expect(t, own, g.ID, store.EventMove, 2)
	expect(t, events, g.ID, store.EventMove, 2)
	quiet(t, own)
	quiet(t, events)
}

func testFeedEnds(t *testing.T, b backend) {
	dsn := b.fresh(t)
	s := openStore(t, dsn)
	ctx, cancel := context.WithCancel(testContext(t))
	events := must[<-chan store.Event](t)(s.Subscribe(ctx, "somegame2345"))
	cancel()
	if _, ok := <-events; ok {
		t.Fatal("the feed sent an event after its context ended")
	}
	if _, err := s.Subscribe(ctx, "somegame2345"); !errors.Is(err, context.Canceled) {
		t.Errorf("Subscribe with an ended context: got %v", err)
	}

	s2, err := store.Open(testContext(t), dsn)
	if err != nil {
		t.Fatal(err)
	}
	live := must[<-chan store.Event](t)(s2.Subscribe(testContext(t), "somegame2345"))
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok := <-live; ok {
		t.Fatal("the feed sent an event after the store closed")
	}
	_, err = s2.Subscribe(testContext(t), "somegame2345")
	wantErr(t, "subscribe to a closed store", err, store.ErrClosed)
	_, err = s2.Game(testContext(t), "somegame2345")
	wantErr(t, "read from a closed store", err, store.ErrClosed)
}
