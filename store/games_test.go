package store_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"timechess/store"
)

func testCreateAndRead(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	turn := time.Date(2026, 3, 1, 12, 30, 15, 123_456_789, time.FixedZone("CET", 3600))
	spec := store.GameSpec{
		Variant:     "gifford",
		Start:       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 book= travels=0,0",
		White:       store.Seat{Token: store.HashToken("white secret"), Owner: "alice"},
		Black:       store.Seat{Engine: "level=3"},
		TimeControl: store.TimeControl{Days: 3},
	}
	st := store.State{Status: store.Ongoing, Result: store.NoResult,
		Clocks:    store.Clocks{White: 72 * time.Hour, Black: 71*time.Hour + 1500*time.Microsecond, TurnStart: turn},
		DrawOffer: store.Black}
	before := time.Now().Add(-time.Second)
	g := must[store.Game](t)(s.CreateGame(ctx, spec, st))
	if g.ID == "" || g.Version != 1 || g.Ply != 0 || g.Comments != 0 {
		t.Fatalf("new game: id %q, version %d, ply %d, comments %d", g.ID, g.Version, g.Ply, g.Comments)
	}
	if g.Created.Before(before) || !g.Updated.Equal(g.Created) {
		t.Errorf("new game: created %v, updated %v (test started at %v)", g.Created, g.Updated, before)
	}
	// The store keeps times and durations to the millisecond, in UTC.
	want := store.Game{ID: g.ID, GameSpec: spec, State: st, Version: 1, Created: g.Created, Updated: g.Updated}
	want.Clocks.Black = 71*time.Hour + time.Millisecond
	want.Clocks.TurnStart = turn.UTC().Truncate(time.Millisecond)
	if diff := cmp.Diff(want, g); diff != "" {
		t.Fatalf("CreateGame returned (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(g, must[store.Game](t)(s.Game(ctx, g.ID))); diff != "" {
		t.Errorf("Game differs from CreateGame (-created +read):\n%s", diff)
	}
	loaded, moves, err := s.Load(ctx, g.ID)
	if err != nil || len(moves) != 0 || !cmp.Equal(loaded, g) {
		t.Errorf("Load: %v, %d moves, equal %v", err, len(moves), cmp.Equal(loaded, g))
	}
	if !g.TimeControl.Correspondence() || g.TimeControl.Live() {
		t.Errorf("time control %+v: want correspondence, not live", g.TimeControl)
	}

	// Only the white token holds a seat; the engine's seat has none.
	if side, err := g.SeatOf("white secret"); err != nil || side != store.White {
		t.Errorf("SeatOf(white token) = %q, %v", side, err)
	}
	for _, token := range []string{"", "black secret", "white secret "} {
		if _, err := g.SeatOf(token); !errors.Is(err, store.ErrBadToken) {
			t.Errorf("SeatOf(%q): got %v, want ErrBadToken", token, err)
		}
	}
	if g.Seat(store.Black).Open() || !(store.Seat{}).Open() {
		t.Errorf("an engine's seat must not be open, an empty one must")
	}
}

func testListGames(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	alice, bob, carol := store.NewToken(), store.NewToken(), store.NewToken()
	tick := func() { time.Sleep(2 * time.Millisecond) } // the store keeps times to the millisecond
	g1 := must[store.Game](t)(s.CreateGame(ctx, chessSpec(alice, bob), ongoing))
	tick()
	g2 := must[store.Game](t)(s.CreateGame(ctx, chessSpec(bob, carol), ongoing))
	tick()
	spec := chessSpec(carol, "")
	spec.Black = store.Seat{}
	spec.White.Owner = "carol"
	g3 := must[store.Game](t)(s.CreateGame(ctx, spec, store.State{Status: store.Waiting, Result: store.NoResult}))
	ended := store.State{Status: store.Ended, Result: store.WhiteWins, Reason: "resignation"}
	tick() // g1 becomes the most recently updated
	g1 = must[store.Game](t)(s.SetState(ctx, g1.ID, g1.Version, ended))

	ids := func(f store.GameFilter) []string {
		t.Helper()
		var out []string
		for _, g := range must[[]store.Game](t)(s.ListGames(ctx, f)) {
			out = append(out, g.ID)
		}
		return out
	}
	hash := store.HashToken
	page := must[[]store.Game](t)(s.ListGames(ctx, store.GameFilter{Limit: 2}))
	for _, c := range []struct {
		name string
		f    store.GameFilter
		want []string
	}{
		{"the page after two", store.GameFilter{After: &page[1]}, []string{g2.ID}},
		{"the page after one", store.GameFilter{After: &page[0], Limit: 1}, []string{g3.ID}},
		{"the page after the last", store.GameFilter{After: &g2}, nil},
		{"all, most recently updated first", store.GameFilter{}, []string{g1.ID, g3.ID, g2.ID}},
		{"limit", store.GameFilter{Limit: 1}, []string{g1.ID}},
		{"ongoing", store.GameFilter{Status: store.Ongoing}, []string{g2.ID}},
		{"waiting", store.GameFilter{Status: store.Waiting}, []string{g3.ID}},
		{"bob's games", store.GameFilter{Tokens: []store.TokenHash{hash(bob)}}, []string{g1.ID, g2.ID}},
		{"alice's or carol's", store.GameFilter{Tokens: []store.TokenHash{hash(alice), hash(carol)}}, []string{g1.ID, g3.ID, g2.ID}},
		{"carol's ongoing", store.GameFilter{Tokens: []store.TokenHash{hash(carol)}, Status: store.Ongoing}, []string{g2.ID}},
		{"a stranger's", store.GameFilter{Tokens: []store.TokenHash{hash("stranger")}}, nil},
		{"owner carol", store.GameFilter{Owner: "carol"}, []string{g3.ID}},
		{"owner nobody", store.GameFilter{Owner: "nobody"}, nil},
	} {
		if got := ids(c.f); !cmp.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func testMoves(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := newChessGame(t, s)
	at := time.Date(2026, 1, 2, 3, 4, 5, 6_000_000, time.UTC)
	st := ongoing
	st.Clocks = store.Clocks{White: 5 * time.Minute, Black: 4 * time.Minute, TurnStart: at}
	g1 := must[store.Game](t)(s.AppendMove(ctx, g.ID, 0, store.Move{Action: "e2e4", Clock: 5 * time.Minute, At: at}, st))
	if g1.Ply != 1 || g1.Version != g.Version+1 || !cmp.Equal(g1.State, st) {
		t.Fatalf("after one move: ply %d, version %d, state %+v", g1.Ply, g1.Version, g1.State)
	}
	before := time.Now().Add(-time.Second)
	g2 := play(t, s, g1, "e7e5", "g1f3", "b8c6")
	if g2.Ply != 4 || g2.Version != g.Version+4 {
		t.Fatalf("after four moves: ply %d, version %d", g2.Ply, g2.Version)
	}
	moves := must[[]store.Move](t)(s.Moves(ctx, g.ID, 0))
	var actions []string
	for i, m := range moves {
		actions = append(actions, m.Action)
		if m.Ply != i+1 {
			t.Errorf("move %d has ply %d", i+1, m.Ply)
		}
		if i > 0 && m.At.Before(before) {
			t.Errorf("move %d: At %v was not filled in with the current time", m.Ply, m.At)
		}
	}
	if want := []string{"e2e4", "e7e5", "g1f3", "b8c6"}; !cmp.Equal(actions, want) {
		t.Errorf("moves %v, want %v", actions, want)
	}
	if first := moves[0]; first.Clock != 5*time.Minute || !first.At.Equal(at) {
		t.Errorf("first move %+v: want clock 5m, at %v", first, at)
	}
	if tail := must[[]store.Move](t)(s.Moves(ctx, g.ID, 2)); len(tail) != 2 || tail[0].Ply != 3 {
		t.Errorf("Moves after ply 2: %+v", tail)
	}
	if none := must[[]store.Move](t)(s.Moves(ctx, g.ID, 4)); len(none) != 0 {
		t.Errorf("Moves after the last ply: %+v", none)
	}

	// A move that expects another ply count changes nothing.
	for _, expected := range []int{0, 3, 5} {
		_, err := s.AppendMove(ctx, g.ID, expected, store.Move{Action: "f1c4"}, ongoing)
		wantErr(t, "append at a stale ply", err, store.ErrConflict)
	}
	// A move that ends the game is the last one.
	mate := store.State{Status: store.Ended, Result: store.WhiteWins, Reason: "checkmate"}
	end := must[store.Game](t)(s.AppendMove(ctx, g.ID, 4, store.Move{Action: "f1c4"}, mate))
	if end.Ply != 5 || end.Status != store.Ended || end.Result != store.WhiteWins {
		t.Errorf("after the last move: %+v", end)
	}
	_, err := s.AppendMove(ctx, g.ID, 5, store.Move{Action: "g8f6"}, ongoing)
	wantErr(t, "append to an ended game", err, store.ErrEnded)
	if after := must[store.Game](t)(s.Game(ctx, g.ID)); !cmp.Equal(after, end) {
		t.Errorf("a refused move changed the game:\n%s", cmp.Diff(end, after))
	}
}

func testTakeBack(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := play(t, s, newChessGame(t, s), "e2e4", "e7e5", "g1f3")
	asked := ongoing
	asked.Takeback = store.White
	g = must[store.Game](t)(s.SetState(ctx, g.ID, g.Version, asked))

	_, err := s.TakeBack(ctx, g.ID, 2, 1, ongoing)
	wantErr(t, "take back at a stale ply", err, store.ErrConflict)
	back := must[store.Game](t)(s.TakeBack(ctx, g.ID, 3, 1, ongoing))
	if back.Ply != 1 || back.Version != g.Version+1 || back.Takeback != store.NoSide {
		t.Fatalf("after the takeback: %+v", back)
	}
	if moves := must[[]store.Move](t)(s.Moves(ctx, g.ID, 0)); len(moves) != 1 || moves[0].Action != "e2e4" {
		t.Fatalf("moves after the takeback: %+v", moves)
	}
	// Play goes on from the ply taken back to.
	g = play(t, s, back, "c7c5")
	if moves := must[[]store.Move](t)(s.Moves(ctx, g.ID, 0)); len(moves) != 2 || moves[1].Action != "c7c5" || moves[1].Ply != 2 {
		t.Fatalf("moves after playing on: %+v", moves)
	}
	// A move checked against the game before the takeback has the right
	// ply count once as many moves are played again, but not its version:
	// AppendMoveAt refuses it.
	before := g
	g = play(t, s, must[store.Game](t)(s.TakeBack(ctx, g.ID, 2, 1, ongoing)), "e7e5")
	_, err = s.AppendMoveAt(ctx, g.ID, before.Version, 2, store.Move{Action: "d2d4"}, ongoing)
	wantErr(t, "append at the ply but not the version", err, store.ErrConflict)
	_, err = s.AppendMoveAt(ctx, g.ID, g.Version, 1, store.Move{Action: "d2d4"}, ongoing)
	wantErr(t, "append at the version but a stale ply", err, store.ErrConflict)
	g = must[store.Game](t)(s.AppendMoveAt(ctx, g.ID, g.Version, 2, store.Move{Action: "g1f3"}, ongoing))
	if moves := must[[]store.Move](t)(s.Moves(ctx, g.ID, 0)); len(moves) != 3 || moves[2].Action != "g1f3" || g.Ply != 3 {
		t.Fatalf("moves after a guarded move: %+v (game at ply %d)", moves, g.Ply)
	}
	ended := must[store.Game](t)(s.SetState(ctx, g.ID, g.Version, store.State{Status: store.Ended, Result: store.Draw, Reason: "agreement"}))
	_, err = s.TakeBack(ctx, g.ID, ended.Ply, 0, ongoing)
	wantErr(t, "take back in an ended game", err, store.ErrEnded)
}

func testSetState(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := newChessGame(t, s)
	offer := ongoing
	offer.DrawOffer = store.Black
	g2 := must[store.Game](t)(s.SetState(ctx, g.ID, g.Version, offer))
	if g2.DrawOffer != store.Black || g2.Version != g.Version+1 || g2.Ply != 0 {
		t.Fatalf("after the draw offer: %+v", g2)
	}
	_, err := s.SetState(ctx, g.ID, g.Version, ongoing)
	wantErr(t, "set state at a stale version", err, store.ErrConflict)
	// A move made after the state was read makes the state change conflict.
	g3 := play(t, s, g2, "e2e4")
	_, err = s.SetState(ctx, g.ID, g2.Version, store.State{Status: store.Ended, Result: store.BlackWins, Reason: "resignation"})
	wantErr(t, "resign at the version before a move", err, store.ErrConflict)
	if g3.DrawOffer != store.Black {
		t.Errorf("the move was given the state it was read with; draw offer %q", g3.DrawOffer)
	}
	g4 := must[store.Game](t)(s.SetState(ctx, g.ID, g3.Version, store.State{Status: store.Ended, Result: store.BlackWins, Reason: "resignation"}))
	if g4.Status != store.Ended || g4.Reason != "resignation" || !g4.Updated.After(g.Created.Add(-time.Millisecond)) {
		t.Errorf("after resigning: %+v", g4)
	}
}

func testClaimSeat(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	spec := chessSpec("creator", "")
	spec.Black = store.Seat{}
	waiting := store.State{Status: store.Waiting, Result: store.NoResult}
	g := must[store.Game](t)(s.CreateGame(ctx, spec, waiting))
	if !g.Black.Open() {
		t.Fatalf("black seat %+v is not open", g.Black)
	}
	friend := store.Seat{Token: store.HashToken("friend")}
	_, err := s.ClaimSeat(ctx, g.ID, g.Version, store.White, friend, ongoing)
	wantErr(t, "claim a taken seat", err, store.ErrConflict)
	_, err = s.ClaimSeat(ctx, g.ID, g.Version+1, store.Black, friend, ongoing)
	wantErr(t, "claim at a wrong version", err, store.ErrConflict)
	joined := must[store.Game](t)(s.ClaimSeat(ctx, g.ID, g.Version, store.Black, friend, ongoing))
	if joined.Black.Token != friend.Token || joined.Black.Joined.IsZero() || joined.Status != store.Ongoing || joined.Version != g.Version+1 {
		t.Fatalf("after the claim: %+v", joined)
	}
	if side, err := joined.SeatOf("friend"); side != store.Black || err != nil {
		t.Errorf("SeatOf(friend) = %q, %v", side, err)
	}
	_, err = s.ClaimSeat(ctx, g.ID, joined.Version, store.Black, store.Seat{Token: store.HashToken("late")}, ongoing)
	wantErr(t, "claim a seat just taken", err, store.ErrConflict)

	// The seat of an ended game stays open.
	g2 := must[store.Game](t)(s.CreateGame(ctx, spec, waiting))
	aborted := must[store.Game](t)(s.SetState(ctx, g2.ID, g2.Version, store.State{Status: store.Ended, Result: store.NoResult, Reason: "aborted"}))
	_, err = s.ClaimSeat(ctx, g2.ID, aborted.Version, store.Black, friend, ongoing)
	wantErr(t, "claim a seat of an aborted game", err, store.ErrEnded)
}

func testComments(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := newChessGame(t, s)
	texts := []string{"Nice opening!", "Multi-line\ncomment\twith a tab, and ünïcödé ♞", "gg"}
	for i, text := range texts {
		c := must[store.Comment](t)(s.AddComment(ctx, g.ID, store.NoSide, "kibitzer", text))
		if c.Seq != i+1 || c.Game != g.ID || c.Text != text || c.At.IsZero() {
			t.Errorf("comment %d: %+v", i+1, c)
		}
	}
	all := must[[]store.Comment](t)(s.Comments(ctx, g.ID, 0))
	if len(all) != 3 || all[1].Text != texts[1] || all[2].Seq != 3 {
		t.Fatalf("comments: %+v", all)
	}
	if tail := must[[]store.Comment](t)(s.Comments(ctx, g.ID, 2)); len(tail) != 1 || tail[0].Text != "gg" {
		t.Errorf("comments after 2: %+v", tail)
	}
	after := must[store.Game](t)(s.Game(ctx, g.ID))
	if after.Comments != 3 || after.Version != g.Version {
		t.Errorf("comments count %d (want 3), version %d (comments leave it at %d)", after.Comments, after.Version, g.Version)
	}
	// Kibitzing goes on after the game.
	ended := must[store.Game](t)(s.SetState(ctx, g.ID, after.Version, store.State{Status: store.Ended, Result: store.Draw, Reason: "agreement"}))
	must[store.Comment](t)(s.AddComment(ctx, ended.ID, store.NoSide, "", "a fair result"))
}

func testSeeks(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	creator := store.HashToken("creator")
	spec := store.SeekSpec{Variant: "timethief", Start: "rnbgqkgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1",
		TimeControl: store.TimeControl{Initial: 3 * time.Minute, Increment: 2 * time.Second}, Side: store.Black, Token: creator, Owner: "dora"}
	k1 := must[store.Seek](t)(s.CreateSeek(ctx, spec))
	time.Sleep(2 * time.Millisecond) // k1 is the older
	k2 := must[store.Seek](t)(s.CreateSeek(ctx, store.SeekSpec{Variant: "chess", Start: "8/8/8/8/8/8/8/K6k w - - 0 1", Token: creator}))
	if k1.ID == "" || k1.SeekSpec != spec || k1.Game != "" || k1.Created.IsZero() {
		t.Fatalf("CreateSeek returned %+v", k1)
	}
	if got := must[store.Seek](t)(s.Seek(ctx, k1.ID)); !cmp.Equal(got, k1) {
		t.Errorf("Seek differs from CreateSeek:\n%s", cmp.Diff(k1, got))
	}
	open := must[[]store.Seek](t)(s.OpenSeeks(ctx, 10))
	if len(open) != 2 || open[0].ID != k1.ID || open[1].ID != k2.ID {
		t.Fatalf("open seeks: %+v", open)
	}
	if one := must[[]store.Seek](t)(s.OpenSeeks(ctx, 1)); len(one) != 1 || one[0].ID != k1.ID {
		t.Errorf("open seeks, limit 1: %+v", one)
	}

	game := store.GameSpec{Variant: spec.Variant, Start: spec.Start, TimeControl: spec.TimeControl,
		White: store.Seat{Token: store.HashToken("taker")}, Black: store.Seat{Token: creator, Owner: "dora"}}
	g := must[store.Game](t)(s.TakeSeek(ctx, k1.ID, game, ongoing))
	if g.GameSpec != game || g.Version != 1 {
		t.Errorf("TakeSeek made %+v", g)
	}
	if taken := must[store.Seek](t)(s.Seek(ctx, k1.ID)); taken.Game != g.ID {
		t.Errorf("taken seek names game %q, want %q", taken.Game, g.ID)
	}
	_, err := s.TakeSeek(ctx, k1.ID, game, ongoing)
	wantErr(t, "take a taken seek", err, store.ErrConflict)
	wantErr(t, "cancel a taken seek", s.CancelSeek(ctx, k1.ID), store.ErrConflict)
	if open := must[[]store.Seek](t)(s.OpenSeeks(ctx, 10)); len(open) != 1 || open[0].ID != k2.ID {
		t.Errorf("open seeks after one is taken: %+v", open)
	}
	if n := len(must[[]store.Game](t)(s.ListGames(ctx, store.GameFilter{}))); n != 1 {
		t.Errorf("%d games after one seek was taken and one refused, want 1", n)
	}

	if err := s.CancelSeek(ctx, k2.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.Seek(ctx, k2.ID)
	wantErr(t, "read a cancelled seek", err, store.ErrNotFound)
	_, err = s.TakeSeek(ctx, k2.ID, game, ongoing)
	wantErr(t, "take a cancelled seek", err, store.ErrNotFound)
	wantErr(t, "cancel a cancelled seek", s.CancelSeek(ctx, k2.ID), store.ErrNotFound)
	if open := must[[]store.Seek](t)(s.OpenSeeks(ctx, 10)); len(open) != 0 {
		t.Errorf("open seeks after all are gone: %+v", open)
	}
}

func testNotFound(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	const id = "nosuchgame"
	errs := map[string]error{}
	_, errs["Game"] = s.Game(ctx, id)
	_, errs["Moves"] = s.Moves(ctx, id, 0)
	_, _, errs["Load"] = s.Load(ctx, id)
	_, errs["AppendMove"] = s.AppendMove(ctx, id, 0, store.Move{Action: "e2e4"}, ongoing)
	_, errs["TakeBack"] = s.TakeBack(ctx, id, 1, 0, ongoing)
	_, errs["SetState"] = s.SetState(ctx, id, 1, ongoing)
	_, errs["ClaimSeat"] = s.ClaimSeat(ctx, id, 1, store.White, store.Seat{Engine: "x"}, ongoing)
	_, errs["AddComment"] = s.AddComment(ctx, id, store.NoSide, "", "hello")
	_, errs["Comments"] = s.Comments(ctx, id, 0)
	_, errs["Seek"] = s.Seek(ctx, id)
	_, errs["TakeSeek"] = s.TakeSeek(ctx, id, chessSpec("a", "b"), ongoing)
	errs["CancelSeek"] = s.CancelSeek(ctx, id)
	for name, err := range errs {
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s of a missing id: got %v, want ErrNotFound", name, err)
		} else if !strings.Contains(err.Error(), id) {
			t.Errorf("%s: error %q does not name the id", name, err)
		}
	}
	if games := must[[]store.Game](t)(s.ListGames(ctx, store.GameFilter{})); len(games) != 0 {
		t.Errorf("refused calls stored games: %+v", games)
	}
}

func testInvalid(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	g := newChessGame(t, s)
	good := chessSpec("a", "b")
	spec := func(change func(*store.GameSpec)) store.GameSpec {
		sp := good
		change(&sp)
		return sp
	}
	state := func(change func(*store.State)) store.State {
		st := ongoing
		change(&st)
		return st
	}
	for _, c := range []struct {
		name string
		call func() error
	}{
		{"no variant", func() error {
			_, err := s.CreateGame(ctx, spec(func(sp *store.GameSpec) { sp.Variant = "" }), ongoing)
			return err
		}},
		{"no start position", func() error {
			_, err := s.CreateGame(ctx, spec(func(sp *store.GameSpec) { sp.Start = "" }), ongoing)
			return err
		}},
		{"variant with a space", func() error {
			_, err := s.CreateGame(ctx, spec(func(sp *store.GameSpec) { sp.Variant = "ch ess" }), ongoing)
			return err
		}},
		{"NUL in the start position", func() error {
			_, err := s.CreateGame(ctx, spec(func(sp *store.GameSpec) { sp.Start = "8/8\x00" }), ongoing)
			return err
		}},
		{"invalid UTF-8 owner", func() error {
			_, err := s.CreateGame(ctx, spec(func(sp *store.GameSpec) { sp.White.Owner = "\xff" }), ongoing)
			return err
		}},
		{"negative increment", func() error {
			_, err := s.CreateGame(ctx, spec(func(sp *store.GameSpec) { sp.TimeControl.Increment = -time.Second }), ongoing)
			return err
		}},
		{"live clock and days", func() error {
			_, err := s.CreateGame(ctx, spec(func(sp *store.GameSpec) { sp.TimeControl.Days = 2 }), ongoing)
			return err
		}},
		{"unknown status", func() error {
			_, err := s.CreateGame(ctx, good, state(func(st *store.State) { st.Status = "paused" }))
			return err
		}},
		{"empty status", func() error { _, err := s.CreateGame(ctx, good, store.State{}); return err }},
		{"ongoing with a result", func() error {
			_, err := s.CreateGame(ctx, good, state(func(st *store.State) { st.Result = store.WhiteWins }))
			return err
		}},
		{"ended without a reason", func() error {
			_, err := s.CreateGame(ctx, good, store.State{Status: store.Ended, Result: store.Draw})
			return err
		}},
		{"unknown result", func() error {
			_, err := s.CreateGame(ctx, good, store.State{Status: store.Ended, Result: "2-0", Reason: "x"})
			return err
		}},
		{"draw offer by a third side", func() error {
			_, err := s.CreateGame(ctx, good, state(func(st *store.State) { st.DrawOffer = "red" }))
			return err
		}},
		{"empty move", func() error { _, err := s.AppendMove(ctx, g.ID, 0, store.Move{}, ongoing); return err }},
		{"move with a space", func() error {
			_, err := s.AppendMove(ctx, g.ID, 0, store.Move{Action: "e2 e4"}, ongoing)
			return err
		}},
		{"huge move", func() error {
			_, err := s.AppendMove(ctx, g.ID, 0, store.Move{Action: strings.Repeat("e", 1000)}, ongoing)
			return err
		}},
		{"negative expected ply", func() error {
			_, err := s.AppendMove(ctx, g.ID, -1, store.Move{Action: "e2e4"}, ongoing)
			return err
		}},
		{"take back forward", func() error { _, err := s.TakeBack(ctx, g.ID, 1, 1, ongoing); return err }},
		{"claim no seat", func() error {
			_, err := s.ClaimSeat(ctx, g.ID, g.Version, store.NoSide, store.Seat{Engine: "x"}, ongoing)
			return err
		}},
		{"claim with an empty seat", func() error {
			_, err := s.ClaimSeat(ctx, g.ID, g.Version, store.White, store.Seat{}, ongoing)
			return err
		}},
		{"empty comment", func() error { _, err := s.AddComment(ctx, g.ID, store.NoSide, "x", ""); return err }},
		{"comment with a control character", func() error { _, err := s.AddComment(ctx, g.ID, store.NoSide, "x", "beep\a"); return err }},
		{"seek without a token", func() error {
			_, err := s.CreateSeek(ctx, store.SeekSpec{Variant: "chess", Start: "8/8/8/8/8/8/8/K6k w - - 0 1"})
			return err
		}},
		{"list with a negative limit", func() error { _, err := s.ListGames(ctx, store.GameFilter{Limit: -1}); return err }},
		{"list by an unknown status", func() error { _, err := s.ListGames(ctx, store.GameFilter{Status: "x"}); return err }},
		{"open seeks without a limit", func() error { _, err := s.OpenSeeks(ctx, 0); return err }},
	} {
		if err := c.call(); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", c.name, err)
		}
	}
	if after := must[store.Game](t)(s.Game(ctx, g.ID)); after.Version != g.Version || after.Comments != 0 {
		t.Errorf("refused calls changed the game: %+v", after)
	}
	if games := must[[]store.Game](t)(s.ListGames(ctx, store.GameFilter{})); len(games) != 1 {
		t.Errorf("refused calls stored games: %d games", len(games))
	}
}
