package store_test

import (
	"errors"
	"strings"
	"testing"

	"timechess/store"
)

// The refusals of guarded changes carry the same messages on every backend
// (the PostgreSQL move runs as one statement and reads the game only after
// a refusal; SQLite reads it in the write transaction). The messages are
// those of docs/storage.md ("conflict: game ... has 6 moves, not 5"); GAME
// stands for the game's id.
func testRefusals(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	// A game at ply 2 and version 4 (two moves after a draw offer), one
	// that has ended and one with an open black seat.
	g := newChessGame(t, s)
	offer := ongoing
	offer.DrawOffer = store.White
	g = play(t, s, must[store.Game](t)(s.SetState(ctx, g.ID, g.Version, offer)), "e2e4", "e7e5")
	if g.Ply != 2 || g.Version != 4 {
		t.Fatalf("set-up: ply %d, version %d, want 2 and 4", g.Ply, g.Version)
	}
	ended := must[store.Game](t)(s.SetState(ctx, newChessGame(t, s).ID, 1, store.State{Status: store.Ended, Result: store.Draw, Reason: "agreement"}))
	spec := chessSpec("creator", "")
	spec.Black = store.Seat{}
	waiting := must[store.Game](t)(s.CreateGame(ctx, spec, store.State{Status: store.Waiting, Result: store.NoResult}))
	friend := store.Seat{Token: store.HashToken("friend")}
	move := store.Move{Action: "g1f3"}

	cases := []struct {
		name   string
		game   store.Game
		change func(id string) error
		want   error
		msg    string
	}{
		{"move at a stale ply", g, func(id string) error {
			_, err := s.AppendMove(ctx, id, 1, move, ongoing)
			return err
		}, store.ErrConflict, "conflict: game GAME has 2 moves, not 1"},
		{"move ahead of the game", g, func(id string) error {
			_, err := s.AppendMove(ctx, id, 3, move, ongoing)
			return err
		}, store.ErrConflict, "conflict: game GAME has 2 moves, not 3"},
		{"move at the ply, stale version", g, func(id string) error {
			_, err := s.AppendMoveAt(ctx, id, 3, 2, move, ongoing)
			return err
		}, store.ErrConflict, "conflict: game GAME is at version 4, not 3"},
		{"move at the version, stale ply", g, func(id string) error {
			_, err := s.AppendMoveAt(ctx, id, 4, 1, move, ongoing)
			return err
		}, store.ErrConflict, "conflict: game GAME has 2 moves, not 1"},
		{"move in an ended game", ended, func(id string) error {
			_, err := s.AppendMove(ctx, id, 0, move, ongoing)
			return err
		}, store.ErrEnded, "game GAME (1/2-1/2, agreement): game has ended"},
		{"guarded move in an ended game", ended, func(id string) error {
			_, err := s.AppendMoveAt(ctx, id, 2, 0, move, ongoing)
			return err
		}, store.ErrEnded, "game GAME (1/2-1/2, agreement): game has ended"},
		{"move in no game", store.Game{ID: "nosuchgame00"}, func(id string) error {
			_, err := s.AppendMove(ctx, id, 0, move, ongoing)
			return err
		}, store.ErrNotFound, "game GAME: not found"},
		{"state at a stale version", g, func(id string) error {
			_, err := s.SetState(ctx, id, 3, ongoing)
			return err
		}, store.ErrConflict, "conflict: game GAME is at version 4, not 3"},
		{"take back at a stale ply", g, func(id string) error {
			_, err := s.TakeBack(ctx, id, 3, 1, ongoing)
			return err
		}, store.ErrConflict, "conflict: game GAME has 2 moves, not 3"},
		{"claim a taken seat", waiting, func(id string) error {
			_, err := s.ClaimSeat(ctx, id, 1, store.White, friend, ongoing)
			return err
		}, store.ErrConflict, "conflict: game GAME: the white seat is taken"},
		{"claim in an ended game", ended, func(id string) error {
			_, err := s.ClaimSeat(ctx, id, 2, store.Black, friend, ongoing)
			return err
		}, store.ErrEnded, "game GAME (1/2-1/2, agreement): game has ended"},
	}
	for _, c := range cases {
		err := c.change(c.game.ID)
		want := strings.ReplaceAll(c.msg, "GAME", c.game.ID)
		if !errors.Is(err, c.want) || err.Error() != want {
			t.Errorf("%s: got %v, want %q", c.name, err, want)
		}
	}
	// Nothing was changed by the refusals.
	after, moves, err := s.Load(ctx, g.ID)
	if err != nil || after.Ply != 2 || after.Version != 4 || len(moves) != 2 {
		t.Errorf("after the refusals: ply %d, version %d, %d moves (%v); want 2, 4, 2", after.Ply, after.Version, len(moves), err)
	}
}
