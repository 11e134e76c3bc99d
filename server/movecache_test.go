package server

import (
	"context"
	"strings"
	"testing"
)

// TestMoveOnStaleCache plays through two Servers on one store, so that
// each one's cached game goes out of date when the other changes it, and
// checks that a move is always judged on the game as stored: after a
// takeback and as many moves again (the same ply count, another position),
// a move legal only in the cached position is refused and one legal only in
// the stored position is played.
func TestMoveOnStaleCache(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		st := openStoreAt(t, b.fresh(t))
		one, two := newServerOn(t, st), newServerOn(t, st)
		ctx := context.Background()
		id, tokens := newLiveGame(t, one)
		white, black := byToken(tokens[0]), byToken(tokens[1])
		play := func(s *Server, who seatRule, ply int, text string) {
			t.Helper()
			if _, _, err := s.move(ctx, id, who, ply, text); err != nil {
				t.Fatalf("%s at ply %d: %v", text, ply, err)
			}
		}
		play(one, white, 0, "e4")
		play(one, black, 1, "e5")
		play(two, white, 2, "Nf3") // one's cache is now a move behind
		play(one, black, 3, "Nc6")
		// Through two: white asks to take back its last move (and black's
		// reply), black accepts (back to ply 2), then both play other moves.
		if _, err := two.action(ctx, id, white, actTakeback); err != nil {
			t.Fatal(err)
		}
		if _, err := two.action(ctx, id, black, actAcceptTakeback); err != nil {
			t.Fatal(err)
		}
		play(two, white, 2, "d4")
		play(two, black, 3, "exd4")
		// one still holds e4 e5 Nf3 Nc6 at ply 4; the store has
		// e4 e5 d4 exd4, also at ply 4.
		if _, _, err := one.move(ctx, id, white, 4, "Nxe5"); err == nil {
			t.Fatal("Nxe5, legal only in the out-of-date position, was played")
		}
		play(one, white, 4, "Qxd4")
		_, moves, err := st.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range moves {
			got = append(got, m.Action)
		}
		if want := "e2e4 e7e5 d2d4 e5d4 d1d4"; strings.Join(got, " ") != want {
			t.Errorf("stored moves %q, want %q", strings.Join(got, " "), want)
		}
	})
}
