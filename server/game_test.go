package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"
)

// TestFullGameHTTP plays Fool's mate over HTTP with the moves in SAN,
// coordinate and Game Courier notation, and checks the record.
func TestFullGameHTTP(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(nil)
		if s.Game.Status != "ongoing" || s.InviteToken == "" || s.Token == "" || s.Game.You == nil || *s.Game.You != "white" {
			t.Fatalf("created %+v", s)
		}
		id := s.Game.ID
		moves := []struct{ token, move string }{{white, "f3"}, {black, "e7e5"}, {white, "P g2-g4"}, {black, "Qh4#"}}
		var g apiGame
		for i, m := range moves {
			g = ts.play(id, m.token, i, m.move)
		}
		if g.Status != "ended" || g.Result != "0-1" || g.Reason != "checkmate" || g.Ply != 4 {
			t.Fatalf("after Fool's mate: %s %s %s ply %d", g.Status, g.Result, g.Reason, g.Ply)
		}
		want := []string{"f3", "e5", "g4", "Qh4#"}
		for i, m := range g.Moves {
			if m.SAN != want[i] {
				t.Errorf("move %d: SAN %q, want %q", i+1, m.SAN, want[i])
			}
		}
		if len(g.Position.Moves) != 0 {
			t.Errorf("a mated position offers %d moves", len(g.Position.Moves))
		}
		res := ts.do("POST", "/api/v1/games/"+id+"/moves", white, map[string]any{"ply": 4, "move": "e4"})
		if res.status != http.StatusConflict || res.errorCode() != codeEnded {
			t.Errorf("a move after the end: %d %s", res.status, res.body)
		}
		// A watcher sees the same game without you.
		if w := ts.game(id, ""); w.You != nil || w.Ply != 4 {
			t.Errorf("watcher: you %v ply %d", w.You, w.Ply)
		}
		pgn := ts.call("GET", "/api/v1/games/"+id+"/pgn", "", nil, http.StatusOK, nil)
		for _, s := range []string{`[Result "0-1"]`, "1. f3 e5 2. g4 Qh4# 0-1"} {
			if !bytes.Contains(pgn.body, []byte(s)) {
				t.Errorf("PGN lacks %q:\n%s", s, pgn.body)
			}
		}
	})
}

// TestTokens checks that only the seat's holder moves for it, and that a
// refused move stores nothing.
func TestTokens(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, _, black := ts.friendGame(nil)
		id := s.Game.ID
		for _, c := range []struct {
			name, token string
			status      int
			code        string
		}{
			{"no token", "", http.StatusUnauthorized, codeBadToken},
			{"wrong token", "AAAAAAAAAAAAAAAAAAAAAAAAAA", http.StatusForbidden, codeBadToken},
			{"other seat's token", black, http.StatusConflict, codeNotYourTurn},
		} {
			res := ts.do("POST", "/api/v1/games/"+id+"/moves", c.token, map[string]any{"ply": 0, "move": "e4"})
			if res.status != c.status || res.errorCode() != c.code {
				t.Errorf("%s: %d %s, want %d %s", c.name, res.status, res.body, c.status, c.code)
			}
			if c.token == black {
				continue // Black may resign on White's turn
			}
			res = ts.do("POST", "/api/v1/games/"+id+"/actions", c.token, map[string]any{"action": "resign"})
			if res.status != c.status || res.errorCode() != c.code {
				t.Errorf("%s resigning: %d %s", c.name, res.status, res.body)
			}
		}
		if g := ts.game(id, ""); g.Ply != 0 || g.Version != s.Game.Version || g.Status != "ongoing" {
			t.Errorf("refused requests changed the game: ply %d version %d %s", g.Ply, g.Version, g.Status)
		}
	})
}

// TestIllegalMoves refuses illegal moves in every notation with 400
// illegal_move, storing nothing.
func TestIllegalMoves(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, _ := ts.friendGame(nil)
		id := s.Game.ID
		for _, move := range []string{
			"e5",         // SAN: no pawn reaches e5
			"Ke2",        // SAN: the square is taken
			"Nf6",        // SAN: a knight of the other side's squares
			"e2e5",       // coordinate: three squares
			"e1g1",       // coordinate: castling through pieces
			"P e2-e5",    // Game Courier
			"N g1-g3",    // Game Courier: not a knight move
			"z9",         // not notation
			"e4 e5",      // two moves
			"Bf1//9",     // Gifford's send in chess
			"",           // empty
			"\u0000e4",   // a control character
			"e9e10",      // off the board
			"Qxh8#!!?!?", // nonsense with glyphs
		} {
			res := ts.do("POST", "/api/v1/games/"+id+"/moves", white, map[string]any{"ply": 0, "move": move})
			if res.status != http.StatusBadRequest || res.errorCode() != codeIllegalMove {
				t.Errorf("move %q: %d %s, want 400 illegal_move", move, res.status, res.body)
			}
		}
		if g := ts.game(id, ""); g.Ply != 0 || g.Version != s.Game.Version {
			t.Errorf("refused moves changed the game: ply %d version %d", g.Ply, g.Version)
		}
	})
}

// TestSameMoveTwice sends the same move for the same ply twice in a row and
// eight times at once: it is stored once, the others get 409.
func TestSameMoveTwice(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(nil)
		id := s.Game.ID
		ts.play(id, white, 0, "e4")
		res := ts.do("POST", "/api/v1/games/"+id+"/moves", white, map[string]any{"ply": 0, "move": "e4"})
		if res.status != http.StatusConflict || res.errorCode() != codeConflict {
			t.Errorf("second e4: %d %s", res.status, res.body)
		}
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				move := []string{"e5", "c5", "e7e5", "Nf6"}[i%4]
				codes[i] = ts.do("POST", "/api/v1/games/"+id+"/moves", black, map[string]any{"ply": 1, "move": move}).status
			}()
		}
		wg.Wait()
		ok := 0
		for _, c := range codes {
			switch c {
			case http.StatusOK:
				ok++
			case http.StatusConflict:
			default:
				t.Errorf("concurrent move answered %d", c)
			}
		}
		g := ts.game(id, "")
		if ok != 1 || g.Ply != 2 {
			t.Errorf("%d of 8 concurrent moves applied; the game has %d moves", ok, g.Ply)
		}
	})
}

// TestActions goes through draw offers, takebacks, resignation and abort.
func TestActions(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		act := func(id, token, action string, want int) apiGame {
			t.Helper()
			var g apiGame
			res := ts.do("POST", "/api/v1/games/"+id+"/actions", token, map[string]any{"action": action})
			if res.status != want {
				t.Fatalf("%s: %d %s, want %d", action, res.status, res.body, want)
			}
			if want == http.StatusOK {
				if err := json.Unmarshal(res.body, &g); err != nil {
					t.Fatal(err)
				}
			}
			return g
		}

		// Abort before both sides moved; not after.
		s, white, black := ts.friendGame(nil)
		ts.play(s.Game.ID, white, 0, "e4")
		if g := act(s.Game.ID, black, "abort", http.StatusOK); g.Status != "ended" || g.Result != "*" || g.Reason != "aborted" {
			t.Errorf("abort: %s %s %s", g.Status, g.Result, g.Reason)
		}
		s, white, black = ts.friendGame(nil)
		id := s.Game.ID
		ts.play(id, white, 0, "e4")
		ts.play(id, black, 1, "e5")
		act(id, white, "abort", http.StatusBadRequest)

		// Draw: offer, decline, offer again, accept.
		if g := act(id, white, "offer-draw", http.StatusOK); g.DrawOffer == nil || *g.DrawOffer != "white" {
			t.Errorf("draw offer not shown: %v", g.DrawOffer)
		}
		act(id, white, "accept-draw", http.StatusBadRequest) // one's own offer
		if g := act(id, black, "decline-draw", http.StatusOK); g.DrawOffer != nil {
			t.Errorf("declined offer still shown")
		}
		act(id, black, "accept-draw", http.StatusBadRequest) // nothing to accept

		// Takeback: White asks after Black's reply (two plies go), Black
		// declines, White asks again, Black accepts.
		ts.play(id, white, 2, "Nf3")
		ts.play(id, black, 3, "Nc6")
		if g := act(id, white, "takeback", http.StatusOK); g.Takeback == nil || *g.Takeback != "white" {
			t.Errorf("takeback request not shown")
		}
		act(id, black, "decline-takeback", http.StatusOK)
		act(id, white, "takeback", http.StatusOK)
		g := act(id, black, "accept-takeback", http.StatusOK)
		if g.Ply != 2 || g.Takeback != nil || len(g.Moves) != 2 || g.Turn != "white" {
			t.Errorf("after the takeback: ply %d, %d moves, turn %s", g.Ply, len(g.Moves), g.Turn)
		}
		// Black asks to take back its own move while White is to move: one ply.
		act(id, black, "takeback", http.StatusOK)
		if g := act(id, white, "accept-takeback", http.StatusOK); g.Ply != 1 || g.Turn != "black" {
			t.Errorf("after Black's takeback: ply %d turn %s", g.Ply, g.Turn)
		}
		ts.play(id, black, 1, "c5")
		// The position after the takebacks is the replay of the stored moves.
		ts.srv.cache = newCache(16, ts.srv.compute)
		if g := ts.game(id, ""); g.Position.FEN != "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
			t.Errorf("position after takebacks: %s", g.Position.FEN)
		}

		// A draw offer answered by a move lapses; then a resignation ends it.
		act(id, black, "offer-draw", http.StatusOK)
		if g := ts.play(id, white, 2, "Nf3"); g.DrawOffer != nil {
			t.Errorf("a move did not answer the draw offer")
		}
		if g := act(id, black, "resign", http.StatusOK); g.Result != "1-0" || g.Reason != "resignation" {
			t.Errorf("resign: %s %s", g.Result, g.Reason)
		}
		act(id, white, "resign", http.StatusConflict)
		act(id, white, "dance", http.StatusConflict)

		// Both offer: the second offer accepts.
		s, white, black = ts.friendGame(nil)
		act(s.Game.ID, white, "offer-draw", http.StatusOK)
		if g := act(s.Game.ID, black, "offer-draw", http.StatusOK); g.Result != "1/2-1/2" || g.Reason != "agreement" {
			t.Errorf("crossing offers: %s %s", g.Result, g.Reason)
		}
		s, white, _ = ts.friendGame(nil)
		act(s.Game.ID, white, "dance", http.StatusBadRequest)
	})
}

// TestTimeout flags a live game by the sweep and by a claim, and refuses a
// move made after the flag fell, with an injected clock.
func TestTimeout(t *testing.T) {
	forEachServer(t, newFakeClock, func(t *testing.T, ts *testServer) {
		tc := map[string]any{"time_control": map[string]any{"initial_ms": 60000, "increment_ms": 1000}}

		s, white, black := ts.friendGame(tc)
		id := s.Game.ID
		ts.play(id, white, 0, "e4")
		ts.clock.advance(5 * time.Second) // no clock runs before both sides moved
		g := ts.play(id, black, 1, "e5")
		if g.Clocks.BlackMs != 61000 || g.Clocks.Running == nil || *g.Clocks.Running != "white" {
			t.Fatalf("clocks after 1... e5: %+v", g.Clocks)
		}
		ts.clock.advance(20 * time.Second)
		g = ts.play(id, white, 2, "Nf3")
		// 60 s + 1 s after 1. e4, less 20 s, plus 1 s.
		if g.Clocks.WhiteMs != 42000 || g.Moves[2].ClockMs != 41000 {
			t.Errorf("White's clock after 20 s: %d ms (move clock %d)", g.Clocks.WhiteMs, g.Moves[2].ClockMs)
		}
		ts.clock.advance(62 * time.Second)
		res := ts.do("POST", "/api/v1/games/"+id+"/moves", black, map[string]any{"ply": 3, "move": "Nc6"})
		if res.status != http.StatusConflict || res.errorCode() != codeEnded {
			t.Errorf("a move after the flag fell: %d %s", res.status, res.body)
		}
		if g := ts.game(id, ""); g.Result != "1-0" || g.Reason != "time" || g.Ply != 3 || g.Clocks.BlackMs != 0 {
			t.Errorf("flagged game: %s %s ply %d black %d ms", g.Result, g.Reason, g.Ply, g.Clocks.BlackMs)
		}

		// The sweep flags a game nobody touches.
		s, white, black = ts.friendGame(tc)
		ts.play(s.Game.ID, white, 0, "d4")
		ts.play(s.Game.ID, black, 1, "d5")
		if g := ts.sweepAfter(59*time.Second, s.Game.ID); g.Status != "ongoing" {
			t.Fatalf("flagged early: %s %s", g.Result, g.Reason)
		}
		if g := ts.sweepAfter(2*time.Second, s.Game.ID); g.Result != "0-1" || g.Reason != "time" {
			t.Errorf("sweep: %s %s %s", g.Status, g.Result, g.Reason)
		}

		// A claim: refused while time is left, granted after.
		s, white, black = ts.friendGame(tc)
		ts.play(s.Game.ID, white, 0, "c4")
		ts.play(s.Game.ID, black, 1, "c5")
		res = ts.do("POST", "/api/v1/games/"+s.Game.ID+"/actions", black, map[string]any{"action": "claim-timeout"})
		if res.status != http.StatusBadRequest {
			t.Errorf("early claim: %d %s", res.status, res.body)
		}
		ts.clock.advance(61 * time.Second)
		var c apiGame
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", black, map[string]any{"action": "claim-timeout"}, http.StatusOK, &c)
		if c.Result != "0-1" || c.Reason != "time" {
			t.Errorf("claim: %s %s", c.Result, c.Reason)
		}
	})
}

// TestCorrespondence flags a correspondence game after its deadline, also
// across a restart.
func TestCorrespondence(t *testing.T) {
	forEachServer(t, newFakeClock, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(map[string]any{"time_control": map[string]any{"days": 2}})
		id := s.Game.ID
		ts.play(id, white, 0, "e4")
		ts.clock.advance(30 * time.Hour)
		g := ts.play(id, black, 1, "e5")
		want := ts.clock.Now().Add(48 * time.Hour)
		if g.Clocks.Deadline == nil || !g.Clocks.Deadline.Equal(want) {
			t.Fatalf("deadline %v, want %v", g.Clocks.Deadline, want)
		}
		ts.clock.advance(47 * time.Hour)
		g = ts.play(id, white, 2, "Nf3")
		if want := ts.clock.Now().Add(48 * time.Hour); !g.Clocks.Deadline.Equal(want) {
			t.Errorf("deadline after a move %v, want %v", g.Clocks.Deadline, want)
		}
		ts.restart()
		if g := ts.sweepAfter(48*time.Hour+time.Second, id); g.Result != "1-0" || g.Reason != "time" {
			t.Errorf("after the deadline: %s %s %s", g.Status, g.Result, g.Reason)
		}
	})
}

// TestRestart closes and reopens the store and the server in the middle of
// a live game: the clocks go on from the stored turn start and the game
// continues.
func TestRestart(t *testing.T) {
	forEachServer(t, newFakeClock, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(map[string]any{"time_control": map[string]any{"initial_ms": 300000}})
		id := s.Game.ID
		ts.play(id, white, 0, "e4")
		before := ts.play(id, black, 1, "c5")
		ts.restart()
		ts.clock.advance(10 * time.Second)
		after := ts.game(id, white)
		if after.Ply != 2 || after.You == nil || *after.You != "white" || !after.Clocks.TurnStart.Equal(*before.Clocks.TurnStart) {
			t.Fatalf("after the restart: ply %d you %v turn start %v (was %v)", after.Ply, after.You, after.Clocks.TurnStart, before.Clocks.TurnStart)
		}
		g := ts.play(id, white, 2, "Nf3")
		if g.Clocks.WhiteMs != 290000 {
			t.Errorf("White's clock after 10 s across the restart: %d ms", g.Clocks.WhiteMs)
		}
		ts.play(id, black, 3, "d6")
		ts.restart()
		if g := ts.sweepAfter(301*time.Second, id); g.Result != "0-1" || g.Reason != "time" {
			t.Errorf("no flag after a restart: %s %s %s", g.Status, g.Result, g.Reason)
		}
	})
}

// TestEngineReply: the engine answers a human's move, and moves first when
// it plays White; after a restart, an engine to move still gets its reply.
func TestEngineReply(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		var s seated
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "engine", "level": 1, "time_control": map[string]any{}}, http.StatusCreated, &s)
		ts.play(s.Game.ID, s.Token, 0, "e4")
		waitPly(t, ts, s.Game.ID, 2)

		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "timethief", "color": "black", "opponent": "engine", "level": 2, "time_control": map[string]any{}}, http.StatusCreated, &s)
		waitPly(t, ts, s.Game.ID, 1)

		// An engine to move in a game the server has not heard of: stop the
		// workers, store a human move, restart, and let the sweep find it.
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "engine", "level": 1, "time_control": map[string]any{}}, http.StatusCreated, &s)
		ts.srv.cancel() // the engine workers stop
		ts.play(s.Game.ID, s.Token, 0, "d4")
		ts.restart()
		if err := ts.srv.sweep(t.Context()); err != nil {
			t.Fatal(err)
		}
		waitPly(t, ts, s.Game.ID, 2)

		for _, level := range []int{0, 9, -1} {
			res := ts.do("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "opponent": "engine", "level": level, "time_control": map[string]any{}})
			if res.status != http.StatusBadRequest {
				t.Errorf("level %d: %d", level, res.status)
			}
		}
	})
}

// waitPly polls the game until it has n moves, for at most 20 s.
func waitPly(t *testing.T, ts *testServer, id string, n int) apiGame {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		g := ts.game(id, "")
		if g.Ply >= n {
			return g
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s: still %d moves, want %d", id, g.Ply, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
