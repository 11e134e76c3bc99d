package server

import (
	"net/http"
	"testing"
)

// TestRematchFriend: after a game between two people, one offers a
// rematch, which the other declines and then accepts; the rematch is a new
// game of the same settings with the colours swapped, in which each keeps
// the seat token of the ended game, and it survives a restart.
func TestRematchFriend(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(map[string]any{"time_control": map[string]any{"initial_ms": 180000, "increment_ms": 2000}})
		id := s.Game.ID
		act := func(token, name string, want int) apiGame {
			t.Helper()
			var g apiGame
			ts.call("POST", "/api/v1/games/"+id+"/actions", token, map[string]any{"action": name}, want, &g)
			return g
		}
		act(white, "rematch", http.StatusBadRequest) // the game goes on
		ts.play(id, white, 0, "e4")
		act(black, "resign", http.StatusOK)
		act(white, "accept-rematch", http.StatusBadRequest) // nothing offered
		if g := act(black, "rematch", http.StatusOK); g.Rematch == nil || g.Rematch.By != "black" || g.Rematch.Game != "" {
			t.Fatalf("after Black's offer: rematch %+v", g.Rematch)
		}
		if g := ts.game(id, white); g.Rematch == nil || g.Rematch.By != "black" {
			t.Fatalf("White reads the offer as %+v", g.Rematch)
		}
		if g := act(white, "decline-rematch", http.StatusOK); g.Rematch != nil {
			t.Fatalf("after White declined: rematch %+v", g.Rematch)
		}
		act(black, "rematch", http.StatusOK)
		g := act(white, "accept-rematch", http.StatusOK)
		if g.Rematch == nil || g.Rematch.Game == "" || g.Rematch.By != "" {
			t.Fatalf("after White accepted: rematch %+v", g.Rematch)
		}
		next := g.Rematch.Game
		act(black, "decline-rematch", http.StatusBadRequest)
		if again := act(black, "rematch", http.StatusOK); again.Rematch == nil || again.Rematch.Game != next {
			t.Errorf("a rematch asked again made %+v, want game %s", again.Rematch, next)
		}

		ts.restart()
		if g := ts.game(id, ""); g.Rematch == nil || g.Rematch.Game != next {
			t.Fatalf("after a restart: rematch %+v, want game %s", g.Rematch, next)
		}
		n := ts.game(next, white)
		if n.You == nil || *n.You != "black" || n.Status != "ongoing" || n.Ply != 0 || n.Clocks.WhiteMs != 180000 {
			t.Fatalf("the rematch as the old White reads it: you %v, %s, ply %d, clock %d", n.You, n.Status, n.Ply, n.Clocks.WhiteMs)
		}
		ts.play(next, black, 0, "d4") // the old Black plays White now
		ts.play(next, white, 1, "d5")
	})
}

// TestRematchEngine: against the engine a rematch is made at once, the
// colours swapped: the engine, now White, moves first.
func TestRematchEngine(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		var s seated
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "engine", "level": 1, "time_control": map[string]any{}}, http.StatusCreated, &s)
		var g apiGame
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", s.Token, map[string]any{"action": "resign"}, http.StatusOK, &g)
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", s.Token, map[string]any{"action": "rematch"}, http.StatusOK, &g)
		if g.Rematch == nil || g.Rematch.Game == "" {
			t.Fatalf("no rematch against the engine: %+v", g.Rematch)
		}
		n := waitPly(t, ts, g.Rematch.Game, 1)
		if me := ts.game(n.ID, s.Token); me.You == nil || *me.You != "black" {
			t.Errorf("in the rematch the player is %v, want black", me.You)
		}
	})
}

// TestRematchNeedsTwoPlayers: an aborted game whose friend never came has
// nobody to play a rematch with.
func TestRematchNeedsTwoPlayers(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		var s seated
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "friend", "time_control": map[string]any{}}, http.StatusCreated, &s)
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", s.Token, map[string]any{"action": "abort"}, http.StatusOK, nil)
		r := ts.do("POST", "/api/v1/games/"+s.Game.ID+"/actions", s.Token, map[string]any{"action": "rematch"})
		if r.status != http.StatusBadRequest || r.errorCode() != codeInvalid {
			t.Errorf("rematch without an opponent: %d %s", r.status, r.body)
		}
	})
}
