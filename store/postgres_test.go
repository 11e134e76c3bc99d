package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"timechess/store"
)

// The NOTIFY payload of every kind of game change, whether written as one
// statement (moves, states, seats) or in a transaction (takebacks), decodes
// into the Event the change announces, with the keys of Event's JSON and no
// others, on the channel docs/storage.md names.
func TestPostgresNotifyPayload(t *testing.T) {
	dsn := postgresBackend(t).fresh(t)
	s := openStore(t, dsn)
	ctx := testContext(t)
	raw := listen(t, dsn)
	spec := chessSpec("creator", "")
	spec.Black = store.Seat{}
	g := must[store.Game](t)(s.CreateGame(ctx, spec, store.State{Status: store.Waiting, Result: store.NoResult}))
	friend := store.Seat{Token: store.HashToken("friend")}

	changes := []struct {
		kind   store.EventKind
		change func(g store.Game) (store.Game, error)
	}{
		{store.EventState, func(g store.Game) (store.Game, error) {
			return s.ClaimSeat(ctx, g.ID, g.Version, store.Black, friend, ongoing)
		}},
		{store.EventMove, func(g store.Game) (store.Game, error) {
			return s.AppendMove(ctx, g.ID, g.Ply, store.Move{Action: "e2e4"}, g.State)
		}},
		{store.EventMove, func(g store.Game) (store.Game, error) {
			return s.AppendMoveAt(ctx, g.ID, g.Version, g.Ply, store.Move{Action: "e7e5"}, g.State)
		}},
		{store.EventState, func(g store.Game) (store.Game, error) {
			offer := g.State
			offer.DrawOffer = store.White
			return s.SetState(ctx, g.ID, g.Version, offer)
		}},
		{store.EventState, func(g store.Game) (store.Game, error) {
			return s.TakeBack(ctx, g.ID, g.Ply, 0, ongoing)
		}},
	}
	for i, c := range changes {
		var err error
		if g, err = c.change(g); err != nil {
			t.Fatalf("change %d (%s): %v", i, c.kind, err)
		}
		want := store.Event{Topic: g.ID, Kind: c.kind, Version: g.Version, Ply: g.Ply}
		if got := nextPayload(t, raw); got != want {
			t.Errorf("change %d: payload decodes to %+v, want %+v", i, got, want)
		}
	}
}

// A move whose statement fails after its guard passed (here a stray row
// holds the move's place) is neither stored nor announced: the next
// notification is the next change's.
func TestPostgresFailedMoveNotAnnounced(t *testing.T) {
	dsn := postgresBackend(t).fresh(t)
	s := openStore(t, dsn)
	ctx := testContext(t)
	g := play(t, s, newChessGame(t, s), "e2e4")
	raw := listen(t, dsn)
	if _, err := raw.Exec(ctx, `INSERT INTO moves (game_id, ply, action, clock_ms, at_ms) VALUES ($1, 2, 'stray', 0, 0)`, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendMove(ctx, g.ID, 1, store.Move{Action: "e7e5"}, ongoing); err == nil {
		t.Fatal("a move onto a stray row was stored")
	}
	if after := must[store.Game](t)(s.Game(ctx, g.ID)); after.Ply != g.Ply || after.Version != g.Version {
		t.Fatalf("after the failed move: ply %d, version %d; want %d, %d", after.Ply, after.Version, g.Ply, g.Version)
	}
	if _, err := raw.Exec(ctx, `DELETE FROM moves WHERE action = 'stray'`); err != nil {
		t.Fatal(err)
	}
	g = play(t, s, g, "e7e5")
	if got, want := nextPayload(t, raw), (store.Event{Topic: g.ID, Kind: store.EventMove, Version: g.Version, Ply: 2}); got != want {
		t.Errorf("next notification %+v, want the next move's %+v", got, want)
	}
}

// listen connects to dsn and LISTENs on the store's channel.
func listen(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(testContext(t), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(t.Context()) })
	if _, err := conn.Exec(testContext(t), "LISTEN timechess_events"); err != nil {
		t.Fatal(err)
	}
	return conn
}

// nextPayload waits for the next notification on conn (failing the test
// after 10s) and decodes it strictly into an Event.
func nextPayload(t *testing.T, conn *pgx.Conn) store.Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	n, err := conn.WaitForNotification(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n.Channel != "timechess_events" {
		t.Fatalf("notification on channel %q", n.Channel)
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(n.Payload)))
	dec.DisallowUnknownFields()
	var ev store.Event
	if err := dec.Decode(&ev); err != nil {
		t.Fatalf("payload %s: %v", n.Payload, err)
	}
	return ev
}
