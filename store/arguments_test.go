package store_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"timechess/store"
)

// hostileIDs are ids no game or seek has: the store answers ErrNotFound for
// each without asking the database (PostgreSQL refuses a NUL byte or
// invalid UTF-8 in a text parameter with an error of its own).
var hostileIDs = []string{"", "\x00", "\xff\xfe", "abc\x00defghij", "ABCDEFGHIJKL", "abcdefghijk1",
	"abcdefghijklm", strings.Repeat("a", 100000), "héllo", "'; DROP TABLE games; --", "%00"}

// testBadArguments calls every method that takes an id with hostile ids and
// every method that takes a count with counts that do not fit the
// databases' columns: each is refused with ErrNotFound or ErrInvalid, with
// a short printable message, and nothing is stored.
func testBadArguments(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := newChessGame(t, s)
	for _, id := range hostileIDs {
		errs := map[string]error{}
		_, errs["Game"] = s.Game(ctx, id)
		_, errs["Moves"] = s.Moves(ctx, id, 0)
		_, _, errs["Load"] = s.Load(ctx, id)
		_, errs["AppendMove"] = s.AppendMove(ctx, id, 0, store.Move{Action: "e2e4"}, ongoing)
		_, errs["AppendMoveAt"] = s.AppendMoveAt(ctx, id, 1, 0, store.Move{Action: "e2e4"}, ongoing)
		_, errs["TakeBack"] = s.TakeBack(ctx, id, 1, 0, ongoing)
		_, errs["SetState"] = s.SetState(ctx, id, 1, ongoing)
		_, errs["ClaimSeat"] = s.ClaimSeat(ctx, id, 1, store.White, store.Seat{Engine: "x"}, ongoing)
		_, errs["TakeInvite"] = s.TakeInvite(ctx, id, store.Black, store.HashToken("invite"), store.HashToken("token"))
		_, errs["AddComment"] = s.AddComment(ctx, id, store.NoSide, "", "hello")
		_, errs["Comments"] = s.Comments(ctx, id, 0)
		_, errs["Seek"] = s.Seek(ctx, id)
		_, errs["TakeSeek"] = s.TakeSeek(ctx, id, chessSpec("a", "b"), ongoing)
		errs["CancelSeek"] = s.CancelSeek(ctx, id)
		for name, err := range errs {
			switch {
			case !errors.Is(err, store.ErrNotFound):
				t.Errorf("%s(%.20q): got %v, want ErrNotFound", name, id, err)
			case len(err.Error()) > 100 || !utf8.ValidString(err.Error()) || strings.ContainsRune(err.Error(), 0):
				t.Errorf("%s(%.20q): the message %.120q is not short and printable", name, id, err)
			}
		}
	}
	for _, c := range []struct {
		name string
		call func() error
	}{
		{"moves after ply 2^31", func() error { _, err := s.Moves(ctx, g.ID, math.MaxInt32+1); return err }},
		{"moves after a negative ply", func() error { _, err := s.Moves(ctx, g.ID, -1); return err }},
		{"comments after number 2^31", func() error { _, err := s.Comments(ctx, g.ID, math.MaxInt32+1); return err }},
		{"comments after a huge number", func() error { _, err := s.Comments(ctx, g.ID, math.MaxInt); return err }},
		{"move at ply 2^31", func() error {
			_, err := s.AppendMove(ctx, g.ID, math.MaxInt32+1, store.Move{Action: "e2e4"}, ongoing)
			return err
		}},
		{"take back from ply 2^31", func() error { _, err := s.TakeBack(ctx, g.ID, math.MaxInt32+1, 0, ongoing); return err }},
		{"list by an owner with a NUL byte", func() error { _, err := s.ListGames(ctx, store.GameFilter{Owner: "a\x00b"}); return err }},
		{"list by an owner in invalid UTF-8", func() error { _, err := s.ListGames(ctx, store.GameFilter{Owner: "\xff\xfe"}); return err }},
		{"list after a malformed game", func() error {
			_, err := s.ListGames(ctx, store.GameFilter{After: &store.Game{ID: "\x00"}})
			return err
		}},
	} {
		if err := c.call(); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", c.name, err)
		}
	}
	// A count that fits is answered, even far beyond the game's.
	if moves, err := s.Moves(ctx, g.ID, math.MaxInt32); err != nil || len(moves) != 0 {
		t.Errorf("moves after ply 2^31-1: %v, %v", moves, err)
	}
	if comments, err := s.Comments(ctx, g.ID, math.MaxInt32); err != nil || len(comments) != 0 {
		t.Errorf("comments after number 2^31-1: %v, %v", comments, err)
	}
	if after := must[store.Game](t)(s.Game(ctx, g.ID)); after.Version != g.Version || after.Comments != 0 {
		t.Errorf("refused calls changed the game: %+v", after)
	}
	if games := must[[]store.Game](t)(s.ListGames(ctx, store.GameFilter{})); len(games) != 1 {
		t.Errorf("refused calls stored games: %d games", len(games))
	}
}

// testCallerLeft checks that a call whose context has ended fails with the
// context's error, not a fault of the database.
func testCallerLeft(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	g := newChessGame(t, s)
	ctx, cancel := context.WithCancel(testContext(t))
	cancel()
	errs := map[string]error{}
	_, errs["Game"] = s.Game(ctx, g.ID)
	_, errs["Moves"] = s.Moves(ctx, g.ID, 0)
	_, _, errs["Load"] = s.Load(ctx, g.ID)
	_, errs["ListGames"] = s.ListGames(ctx, store.GameFilter{})
	_, errs["AppendMove"] = s.AppendMove(ctx, g.ID, 0, store.Move{Action: "e2e4"}, ongoing)
	_, errs["SetState"] = s.SetState(ctx, g.ID, g.Version, ongoing)
	_, errs["AddComment"] = s.AddComment(ctx, g.ID, store.NoSide, "", "hello")
	_, errs["Comments"] = s.Comments(ctx, g.ID, 0)
	_, errs["OpenSeeks"] = s.OpenSeeks(ctx, 10)
	for name, err := range errs {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: got %v, want context.Canceled", name, err)
		}
	}
}
