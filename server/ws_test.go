package server

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestWebSocketGame plays Fool's mate through two seated sockets while a
// watcher follows; a socket opened afterwards gets the final state at once.
func TestWebSocketGame(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(nil)
		path := "/api/v1/games/" + s.Game.ID + "/ws"
		ws, bs, watcher := ts.dial(path), ts.dial(path), ts.dial(path)
		for _, c := range []*wsConn{ws, bs, watcher} {
			if g := c.gameAt(0); g.You != nil {
				t.Errorf("you before hello: %v", *g.You)
			}
		}
		ws.send(map[string]any{"type": "hello", "token": white})
		if g := ws.gameAt(0); g.You == nil || *g.You != "white" {
			t.Fatalf("hello as White: you %v", g.You)
		}
		bs.send(map[string]any{"type": "hello", "token": black})
		if g := bs.gameAt(0); g.You == nil || *g.You != "black" {
			t.Fatalf("hello as Black: you %v", g.You)
		}
		moves := []struct {
			c    *wsConn
			move string
		}{{ws, "f3"}, {bs, "e5"}, {ws, "g2g4"}, {bs, "Q d8-h4"}}
		for i, m := range moves {
			id := "m" + string(rune('1'+i))
			m.c.send(map[string]any{"type": "move", "id": id, "ply": i, "move": m.move})
			// The mover gets the ack and the new game, in either order.
			var ack *wsMessage
			var mine *apiGame
			for ack == nil || mine == nil {
				msg := m.c.next()
				switch {
				case msg.Type == "error":
					t.Fatalf("move %s: %+v", m.move, msg.Error)
				case msg.Type == "ack":
					ack = &msg
				case msg.Game != nil && msg.Game.Ply == i+1:
					mine = msg.Game
				}
			}
			if ack.ID != id || ack.Ply != i+1 {
				t.Fatalf("move %s: ack %+v", m.move, ack)
			}
			for _, c := range []*wsConn{ws, bs, watcher} {
				g := *mine
				if c != m.c {
					g = c.gameAt(i + 1)
				}
				if c == watcher && g.You != nil || c == ws && (g.You == nil || *g.You != "white") {
					t.Errorf("ply %d: you %v", i+1, g.You)
				}
			}
		}
		late := ts.dial(path)
		if g := late.next(); g.Type != "game" || g.Game.Ply != 4 || g.Game.Result != "0-1" || g.Game.Reason != "checkmate" {
			t.Errorf("a late watcher got %+v", g.Game)
		}
	})
}

// TestWebSocketRefusals sends bad messages and bad upgrades: each gets an
// error message or a refused upgrade, and nothing changes.
func TestWebSocketRefusals(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(nil)
		path := "/api/v1/games/" + s.Game.ID + "/ws"
		c := ts.dial(path)
		c.gameAt(0)
		for _, tc := range []struct {
			name string
			msg  any
			code string
		}{
			{"move before hello", map[string]any{"type": "move", "id": "a", "ply": 0, "move": "e4"}, codeBadToken},
			{"hello with a wrong token", map[string]any{"type": "hello", "token": "nope"}, codeBadToken},
			{"unknown type", map[string]any{"type": "dance", "id": "b"}, codeBadRequest},
			{"unknown field", map[string]any{"type": "ping", "id": "c", "x": 1}, codeBadRequest},
			{"malformed JSON", "{\"type\": ", codeBadRequest},
			{"not an object", "[1,2]", codeBadRequest},
		} {
			if s, ok := tc.msg.(string); ok {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				if err := c.conn.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
					t.Fatal(err)
				}
				cancel()
			} else {
				c.send(tc.msg)
			}
			m := c.until(tc.name, func(m wsMessage) bool { return m.Type == "error" })
			if m.Error.Code != tc.code {
				t.Errorf("%s: code %s (%s), want %s", tc.name, m.Error.Code, m.Error.Message, tc.code)
			}
		}
		c.send(map[string]any{"type": "hello", "token": black})
		c.gameAt(0)
		for _, tc := range []struct {
			name string
			msg  map[string]any
			code string
		}{
			{"not Black's turn", map[string]any{"type": "move", "id": "d", "ply": 0, "move": "e5"}, codeNotYourTurn},
			{"no ply", map[string]any{"type": "move", "id": "e", "move": "e5"}, codeBadRequest},
			{"wrong ply", map[string]any{"type": "move", "id": "f", "ply": 3, "move": "e5"}, codeConflict},
			{"unknown action", map[string]any{"type": "action", "id": "g", "action": "dance"}, codeInvalid},
		} {
			c.send(tc.msg)
			m := c.until(tc.name, func(m wsMessage) bool { return m.Type == "error" })
			if m.Error.Code != tc.code || m.ID != tc.msg["id"] {
				t.Errorf("%s: %s %q (%s), want %s", tc.name, m.ID, m.Error.Code, m.Error.Message, tc.code)
			}
		}
		c.send(map[string]any{"type": "ping", "id": "p"})
		if m := c.until("pong", func(m wsMessage) bool { return m.Type == "pong" }); m.ID != "p" {
			t.Errorf("pong id %q", m.ID)
		}

		// White's illegal move in several notations.
		w := ts.dial(path)
		w.send(map[string]any{"type": "hello", "token": white})
		for _, mv := range []string{"e5", "e2e5", "P e2-e5", "Ke2"} {
			w.send(map[string]any{"type": "move", "id": mv, "ply": 0, "move": mv})
			if m := w.until(mv, func(m wsMessage) bool { return m.Type == "error" }); m.Error.Code != codeIllegalMove {
				t.Errorf("%s: %s", mv, m.Error.Code)
			}
		}

		// A message over the read limit closes the connection.
		big := ts.dial(path)
		big.gameAt(0)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		big.conn.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","id":"`+strings.Repeat("x", wsReadLimit)+`"}`))
		if _, _, err := big.conn.Read(ctx); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
			t.Errorf("oversized message: %v", err)
		}

		// Upgrades: another origin, an unknown game.
		hdr := http.Header{"Origin": {"https://evil.example"}}
		_, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+path, &websocket.DialOptions{HTTPHeader: hdr})
		if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
			t.Errorf("cross-origin upgrade: %v %v", err, res)
		}
		_, res, err = websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/v1/games/nosuchgame/ws", nil)
		if err == nil || res == nil || res.StatusCode != http.StatusNotFound {
			t.Errorf("unknown game: %v %v", err, res)
		}
		if g := ts.game(s.Game.ID, ""); g.Ply != 0 || g.Version != s.Game.Version {
			t.Errorf("refused messages changed the game: ply %d version %d", g.Ply, g.Version)
		}
	})
}

// TestWebSocketComments: a comment posted over HTTP reaches the watchers.
func TestWebSocketComments(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, _, _ := ts.friendGame(nil)
		c := ts.dial("/api/v1/games/" + s.Game.ID + "/ws")
		c.gameAt(0)
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/comments", "", map[string]any{"author": "kibitzer", "text": "1. e4 is best by test"}, http.StatusCreated, nil)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, data, err := c.conn.Read(ctx)
		if err != nil || !strings.Contains(string(data), `"type":"comment"`) || !strings.Contains(string(data), "best by test") {
			t.Errorf("comment message: %s %v", data, err)
		}
	})
}

// TestTwoServers: two servers on one PostgreSQL database; a move made
// through one reaches a watcher connected to the other.
func TestTwoServers(t *testing.T) {
	b := postgresOnly(t)
	dsn := b.fresh(t)
	one, two := start(t, dsn, nil), start(t, dsn, nil)
	s, white, black := one.friendGame(nil)
	watcher := two.dial("/api/v1/games/" + s.Game.ID + "/ws")
	watcher.gameAt(0)
	one.play(s.Game.ID, white, 0, "e4")
	if g := watcher.gameAt(1); g.Moves[0].SAN != "e4" {
		t.Errorf("the other server's watcher got %+v", g.Moves)
	}
	// And back: a move through the second server reaches a socket on the first.
	seat := one.dial("/api/v1/games/" + s.Game.ID + "/ws")
	seat.gameAt(1)
	two.play(s.Game.ID, black, 1, "c5")
	if g := seat.gameAt(2); g.Moves[1].SAN != "c5" {
		t.Errorf("the first server's socket got %+v", g.Moves)
	}
	watcher.gameAt(2)
}

// TestLobby: the lobby socket hears of seeks created, taken and cancelled;
// a taken seek makes a game where both tokens play.
func TestLobby(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		lobby := ts.dial("/api/v1/lobby/ws")
		if m := lobby.next(); m.Type != "seeks" || len(m.Seeks) != 0 {
			t.Fatalf("first lobby message: %+v", m)
		}
		var created struct {
			Seek  seekView
			Token string
		}
		ts.call("POST", "/api/v1/seeks", "", map[string]any{"variant": "gifford", "color": "white", "time_control": map[string]any{"initial_ms": 180000, "increment_ms": 2000}}, http.StatusCreated, &created)
		if m := lobby.until("the seek", func(m wsMessage) bool { return m.Type == "seeks" && len(m.Seeks) == 1 }); m.Seeks[0].ID != created.Seek.ID || m.Seeks[0].Color != "white" {
			t.Errorf("lobby seek %+v", m.Seeks[0])
		}
		if res := ts.do("DELETE", "/api/v1/seeks/"+created.Seek.ID, "wrong", nil); res.status != http.StatusForbidden {
			t.Errorf("cancel with a wrong token: %d", res.status)
		}
		var taken seated
		ts.call("POST", "/api/v1/seeks/"+created.Seek.ID+"/accept", "", nil, http.StatusOK, &taken)
		if taken.Side != "black" || taken.Game.Status != "ongoing" {
			t.Fatalf("taken: %s %s", taken.Side, taken.Game.Status)
		}
		lobby.until("the seek gone", func(m wsMessage) bool { return m.Type == "seeks" && len(m.Seeks) == 0 })
		var k seekView
		ts.call("GET", "/api/v1/seeks/"+created.Seek.ID, "", nil, http.StatusOK, &k)
		if k.Game != taken.Game.ID {
			t.Errorf("seek's game %q, want %q", k.Game, taken.Game.ID)
		}
		ts.play(taken.Game.ID, created.Token, 0, "e4")
		ts.play(taken.Game.ID, taken.Token, 1, "e5")
		if res := ts.do("POST", "/api/v1/seeks/"+created.Seek.ID+"/accept", "", nil); res.status != http.StatusConflict {
			t.Errorf("accepting a taken seek: %d", res.status)
		}
		if res := ts.do("DELETE", "/api/v1/seeks/"+created.Seek.ID, created.Token, nil); res.status != http.StatusConflict {
			t.Errorf("cancelling a taken seek: %d %s", res.status, res.body)
		}
		ts.call("POST", "/api/v1/seeks", "", map[string]any{"variant": "chess", "time_control": map[string]any{}}, http.StatusCreated, &created)
		ts.call("DELETE", "/api/v1/seeks/"+created.Seek.ID, created.Token, nil, http.StatusNoContent, nil)
		var mine []apiGame
		ts.call("POST", "/api/v1/games/mine", "", map[string]any{"tokens": []string{taken.Token, "unknown"}}, http.StatusOK, &mine)
		if len(mine) != 1 || mine[0].ID != taken.Game.ID || mine[0].You == nil || *mine[0].You != "black" {
			t.Errorf("mine: %+v", mine)
		}
	})
}

// TestSlowClient: a seat that never reads is dropped once its queue is
// full, while the players' requests go on unhindered.
func TestSlowClient(t *testing.T) {
	if testing.Short() {
		t.Skip("slow client: skipped with -short")
	}
	ts := start(t, backends()[0].fresh(t), nil)
	ts.srv.addrLimit, ts.srv.tokenLimit = newLimiter(Rate{}, time.Now), newLimiter(Rate{}, time.Now)
	// Travelers' positions list hundreds of explosions: Black, to move
	// after each of White's moves, gets large updates.
	s, white, black := ts.friendGame(map[string]any{"variant": "travelers"})
	ts.dial("/api/v1/games/" + s.Game.ID + "/ws").send(map[string]any{"type": "hello", "token": black}) // never read
	i := 0
	for ; i < 1000 && ts.srv.metrics.wsDropped.Load() == 0; i++ {
		ts.play(s.Game.ID, white, 0, "e4")
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", white, map[string]any{"action": "takeback"}, http.StatusOK, nil)
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", black, map[string]any{"action": "accept-takeback"}, http.StatusOK, nil)
	}
	t.Logf("dropped after %d moves taken back", i)
	deadline := time.Now().Add(15 * time.Second)
	for ts.srv.metrics.wsDropped.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if ts.srv.metrics.wsDropped.Load() != 1 {
		t.Errorf("the slow seat was not dropped")
	}
	for ts.srv.metrics.wsOpen.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := ts.srv.metrics.wsOpen.Load(); n != 0 {
		t.Errorf("%d sockets still open", n)
	}
}

// TestWebSocketCompression: a client that offers permessage-deflate (every
// browser does) gets a travelers game with its legal list, about 17 KB of
// JSON for the seat to move, compressed to a fraction of it on the wire;
// one that does not gets it plain.
func TestWebSocketCompression(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	s, white, _ := ts.friendGame(map[string]any{"variant": "travelers"})
	for _, mode := range []websocket.CompressionMode{websocket.CompressionNoContextTakeover, websocket.CompressionDisabled} {
		var wire atomic.Int64
		dialer := &net.Dialer{}
		client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := dialer.DialContext(ctx, network, addr)
			return countingConn{Conn: c, n: &wire}, err
		}}}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		conn, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/v1/games/"+s.Game.ID+"/ws",
			&websocket.DialOptions{HTTPClient: client, CompressionMode: mode})
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		conn.SetReadLimit(4 << 20)
		c := &wsConn{t: t, conn: conn}
		c.next()
		c.send(map[string]any{"type": "hello", "token": white})
		c.next()
		wire.Store(0)
		c.send(map[string]any{"type": "resync"})
		m := c.next()
		conn.CloseNow()
		cancel()
		data := m.Data
		if m.Type != "game" || m.Game.ID != s.Game.ID || m.Legal == nil || len(data) < 8<<10 {
			t.Fatalf("the resync of the seat to move: %.80s (%d bytes)", data, len(data))
		}
		got := wire.Load()
		negotiated := strings.Contains(res.Header.Get("Sec-WebSocket-Extensions"), "permessage-deflate")
		switch {
		case mode == websocket.CompressionDisabled && (negotiated || got < int64(len(data))):
			t.Errorf("plain client: extension %v, %d bytes on the wire for a %d-byte message", negotiated, got, len(data))
		case mode != websocket.CompressionDisabled && (!negotiated || got > int64(len(data))/2):
			t.Errorf("compressing client: extension %v, %d bytes on the wire for a %d-byte message", negotiated, got, len(data))
		}
		t.Logf("permessage-deflate %v: a %d-byte game message took %d bytes on the wire", negotiated, len(data), got)
	}
}

// countingConn counts the bytes read from a connection.
type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}
