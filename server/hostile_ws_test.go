package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// socketCase is one hostile WebSocket client (issue 8, "Hostile input"):
// it returns nil when the server refused it as it should.
type socketCase struct {
	name string
	run  func(ctx context.Context) error
}

// TestHostileSockets runs hostile WebSocket clients and upgrades against a
// server with small caps on connections: each gets a 4xx answer to its
// upgrade, an error message, or a clean close with the right code; no
// answer is 5xx, the stored data stay as they were, and no goroutine is
// left behind.
func TestHostileSockets(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		leaks := checkLeaks(t)
		const perAddr = 6
		ts := startTuned(t, b.fresh(t), nil, func(cfg *Config) { cfg.MaxSocketsPerAddr = perAddr })
		s, white, black := ts.friendGame(nil)
		_, other, _ := ts.friendGame(nil)
		big, bigWhite, _ := ts.friendGame(map[string]any{"variant": "travelers"})
		base := "ws" + strings.TrimPrefix(ts.http.URL, "http")
		path := "/api/v1/games/" + s.Game.ID + "/ws"
		before := ts.backup()

		dial := func(ctx context.Context, p string, hdr http.Header) (*websocket.Conn, int, error) {
			conn, res, err := websocket.Dial(ctx, base+p, &websocket.DialOptions{HTTPHeader: hdr})
			status := 0
			if res != nil {
				status = res.StatusCode
			}
			if conn != nil {
				conn.SetReadLimit(4 << 20)
			}
			return conn, status, err
		}
		refusedUpgrade := func(p string, hdr http.Header, want int) func(ctx context.Context) error {
			return func(ctx context.Context) error {
				conn, status, err := dial(ctx, p, hdr)
				if err == nil {
					conn.CloseNow()
					return errors.New("the upgrade was accepted")
				}
				if status != want {
					return fmt.Errorf("status %d, want %d (%v)", status, want, err)
				}
				return nil
			}
		}
		// errorFor sends msgs after hello with token (none when empty) and
		// wants an error message with code for the last one.
		errorFor := func(token, code string, msgs ...string) func(ctx context.Context) error {
			return func(ctx context.Context) error {
				conn, _, err := dial(ctx, path, nil)
				if err != nil {
					return err
				}
				defer conn.CloseNow()
				if token != "" {
					msgs = append([]string{`{"type":"hello","token":"` + token + `"}`}, msgs...)
				}
				for _, m := range msgs {
					if err := conn.Write(ctx, websocket.MessageText, []byte(m)); err != nil {
						return err
					}
				}
				for {
					_, data, err := conn.Read(ctx)
					if err != nil {
						return fmt.Errorf("no error message: %w", err)
					}
					var m wsMessage
					if err := json.Unmarshal(data, &m); err != nil {
						return fmt.Errorf("undecodable message %.100s: %v", data, err)
					}
					switch m.Type {
					case "ack":
						return fmt.Errorf("acknowledged: %s", data)
					case "error":
						if m.Error.Code != code {
							return fmt.Errorf("error %s (%s), want %s", m.Error.Code, m.Error.Message, code)
						}
						if m.ID == "last" || !strings.Contains(msgs[len(msgs)-1], `"id":"last"`) {
							return nil
						}
					}
				}
			}
		}
		// closedWith runs a client that writes with write (while reading
		// everything) and wants the server to close with code.
		closedWith := func(p string, code websocket.StatusCode, write func(ctx context.Context, c *websocket.Conn) error) func(ctx context.Context) error {
			return func(ctx context.Context) error {
				conn, _, err := dial(ctx, p, nil)
				if err != nil {
					return err
				}
				defer conn.CloseNow()
				read := make(chan error, 1)
				go func() {
					for {
						if _, _, err := conn.Read(ctx); err != nil {
							read <- err
							return
						}
					}
				}()
				wctx, stop := context.WithCancel(ctx)
				defer stop()
				go write(wctx, conn)
				err = <-read
				if got := websocket.CloseStatus(err); got != code {
					return fmt.Errorf("closed with %v (%v), want %v", got, err, code)
				}
				return nil
			}
		}
		flood := func(ctx context.Context, c *websocket.Conn) error {
			for ctx.Err() == nil {
				if err := c.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","id":"f"}`)); err != nil {
					return err
				}
			}
			return nil
		}
		lastID := func(m string) string { return strings.TrimSuffix(m, "}") + `,"id":"last"}` }

		cases := []socketCase{
			{"upgrade from another origin", refusedUpgrade(path, http.Header{"Origin": {"https://evil.example"}}, http.StatusForbidden)},
			{"upgrade from another origin to the lobby", refusedUpgrade("/api/v1/lobby/ws", http.Header{"Origin": {"https://evil.example"}}, http.StatusForbidden)},
			{"upgrade from origin null", refusedUpgrade(path, http.Header{"Origin": {"null"}}, http.StatusForbidden)},
			{"upgrade from the same host on another port", refusedUpgrade(path, http.Header{"Origin": {"http://127.0.0.1:1"}}, http.StatusForbidden)},
			{"upgrade from a look-alike host", refusedUpgrade(path, http.Header{"Origin": {"http://" + strings.TrimPrefix(ts.http.URL, "http://") + ".evil.example"}}, http.StatusForbidden)},
			{"upgrade to an unknown game", refusedUpgrade("/api/v1/games/nosuchgame/ws", nil, http.StatusNotFound)},
			{"plain GET of a socket path", func(ctx context.Context) error {
				return want4xx(ts.do("GET", path, "", nil))
			}},
			{"upgrade with a wrong protocol version", func(ctx context.Context) error {
				req, _ := http.NewRequestWithContext(ctx, "GET", ts.http.URL+path, nil)
				req.Header = http.Header{"Connection": {"Upgrade"}, "Upgrade": {"websocket"}, "Sec-Websocket-Version": {"8"}, "Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="}}
				res, err := ts.http.Client().Do(req)
				if err != nil {
					return err
				}
				defer res.Body.Close()
				data, _ := io.ReadAll(res.Body)
				return want4xx(response{res.StatusCode, res.Header, data})
			}},
			{"move before hello", errorFor("", codeBadToken, `{"type":"move","id":"last","ply":0,"move":"e4"}`)},
			{"hello with a made-up token", errorFor("", codeBadToken, `{"type":"hello","id":"last","token":"WRONGWRONGWRONGWRONGWRONG2"}`)},
			{"hello with another game's token", errorFor("", codeBadToken, `{"type":"hello","id":"last","token":"`+other+`"}`)},
			{"move after a refused hello", errorFor(other, codeBadToken, `{"type":"move","id":"last","ply":0,"move":"e4"}`)},
			{"hello with a 32 KiB token", errorFor("", codeBadToken, `{"type":"hello","id":"last","token":"`+strings.Repeat("A", 32<<10)+`"}`)},
			{"the other seat's move", errorFor(black, codeNotYourTurn, `{"type":"move","id":"last","ply":0,"move":"e4"}`)},
			{"answering a draw offer nobody made", errorFor(black, codeInvalid, lastID(`{"type":"action","action":"accept-draw"}`))},
			{"a stale ply", errorFor(white, codeConflict, `{"type":"move","id":"last","ply":7,"move":"e4"}`)},
			{"an illegal move", errorFor(white, codeIllegalMove, `{"type":"move","id":"last","ply":0,"move":"Ke2"}`)},
			{"a Game Courier move that is not legal", errorFor(white, codeIllegalMove, `{"type":"move","id":"last","ply":0,"move":"Q d1-h5"}`)},
			{"a variant's move in chess", errorFor(white, codeIllegalMove, `{"type":"move","id":"last","ply":0,"move":"B@c4"}`)},
			{"a 201-character move", errorFor(white, codeIllegalMove, `{"type":"move","id":"last","ply":0,"move":"`+strings.Repeat("e", 201)+`"}`)},
			{"an unknown action", errorFor(white, codeInvalid, lastID(`{"type":"action","action":"win"}`))},
			{"malformed JSON", errorFor("", codeBadRequest, `{"type": "ping", "id": `)},
			{"an array", errorFor("", codeBadRequest, `[{"type":"ping"}]`)},
			{"deeply nested JSON", errorFor("", codeBadRequest, `{"type":"ping","id":`+strings.Repeat("[", 20000)+`}`)},
			{"an unknown field", errorFor("", codeBadRequest, `{"type":"ping","id":"x","admin":true}`)},
			{"two objects in one message", errorFor("", codeBadRequest, `{"type":"ping"}{"type":"ping"}`)},
			{"a ply that is not a number", errorFor(white, codeBadRequest, `{"type":"move","ply":"0","move":"e4"}`)},
			{"a move without ply", errorFor(white, codeBadRequest, `{"type":"move","id":"last","move":"e4"}`)},
			{"a message over 64 KiB", closedWith(path, websocket.StatusMessageTooBig, func(ctx context.Context, c *websocket.Conn) error {
				return c.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","id":"`+strings.Repeat("x", wsReadLimit)+`"}`))
			})},
			{"a binary message of garbage", errorFor("", codeBadRequest, "\x00\xff\xfe garbage")},
			{"a flooding client", closedWith(path, websocket.StatusPolicyViolation, flood)},
			{"a lobby client that floods", closedWith("/api/v1/lobby/ws", websocket.StatusPolicyViolation, flood)},
			{"more connections than an address may open", func(ctx context.Context) error {
				var open []*websocket.Conn
				defer func() {
					for _, c := range open {
						c.CloseNow()
					}
				}()
				for range perAddr {
					c, _, err := dial(ctx, path, nil)
					if err != nil {
						return fmt.Errorf("connection %d of %d: %w", len(open)+1, perAddr, err)
					}
					open = append(open, c)
				}
				_, status, err := dial(ctx, path, nil)
				if err == nil || status != http.StatusTooManyRequests {
					return fmt.Errorf("connection %d: status %d (%v), want 429", perAddr+1, status, err)
				}
				return nil
			}},
			{"a client that never reads", func(ctx context.Context) error {
				// Each hello is answered with the whole game, and a Time
				// Traveler's Chess position lists hundreds of explosions:
				// the socket's buffers fill, then its queue.
				conn, _, err := dial(ctx, "/api/v1/games/"+big.Game.ID+"/ws", nil)
				if err != nil {
					return err
				}
				defer conn.CloseNow()
				dropped := ts.srv.metrics.wsDropped.Load()
				hello := []byte(`{"type":"hello","token":"` + bigWhite + `"}`)
				for ts.srv.metrics.wsDropped.Load() == dropped {
					if ctx.Err() != nil {
						return errors.New("the client was not dropped")
					}
					if conn.Write(ctx, websocket.MessageText, hello) != nil {
						break
					}
					time.Sleep(time.Second / time.Duration(wsMessageRate.PerSecond) * 11 / 10)
				}
				return nil
			}},
		}
		for _, c := range cases {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			if err := c.run(ctx); err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			cancel()
			waitSockets(t, ts.srv)
		}
		waitSockets(t, ts.srv)
		if after := ts.backup(); !bytes.Equal(before, after) {
			t.Errorf("the hostile clients changed the stored data:\nbefore %s\nafter %s", before, after)
		}
		if res := ts.do("GET", "/metrics", "", nil); strings.Contains(string(res.body), `code="5`) {
			t.Errorf("a request was answered 5xx:\n%s", res.body)
		}
		t.Logf("%d hostile WebSocket clients refused or closed", len(cases))
		ts.close()
		leaks()
	})
}

// want4xx checks that an answer is a 4xx.
func want4xx(res response) error {
	if res.status < 400 || res.status > 499 {
		return fmt.Errorf("status %d %.200s, want 4xx", res.status, res.body)
	}
	return nil
}

// waitSockets waits until srv has no WebSocket connection open.
func waitSockets(t *testing.T, srv *Server) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for srv.metrics.wsOpen.Load() != 0 {
		if time.Now().After(deadline) {
			t.Errorf("%d WebSocket connections still open", srv.metrics.wsOpen.Load())
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSlowHTTPClients: a client that sends its headers too slowly is
// disconnected, and one that sends its body too slowly gets a 4xx, while a
// WebSocket outlives every HTTP timeout and keeps working.
func TestSlowHTTPClients(t *testing.T) {
	leaks := checkLeaks(t)
	ts := startTuned(t, backends()[0].fresh(t), nil, func(cfg *Config) {
		// As in production, answering may take longer than reading.
		cfg.Timeouts = Timeouts{ReadHeader: 200 * time.Millisecond, Read: 300 * time.Millisecond, Write: 600 * time.Millisecond, Idle: 300 * time.Millisecond}
	})
	s, white, _ := ts.friendGame(nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- ts.srv.Serve(ctx, ln) }()
	addr := ln.Addr().String()

	// Headers that never end: the connection is closed.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if data, err := io.ReadAll(conn); err != nil || strings.Contains(string(data), " 200 ") {
		t.Errorf("slow headers: %q %v, want the connection closed", data, err)
	}
	conn.Close()

	// A body that never comes: a 4xx.
	conn, err = net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(conn, "POST /api/v1/position HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"variant\":")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || res.StatusCode < 400 || res.StatusCode > 499 {
		t.Errorf("slow body: %v %v, want a 4xx", res, err)
	}
	conn.Close()

	// A WebSocket outlives the HTTP timeouts.
	wctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(wctx, "ws://"+addr+"/api/v1/games/"+s.Game.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(4 << 20)
	time.Sleep(time.Second) // longer than every HTTP timeout
	for _, m := range []string{`{"type":"hello","token":"` + white + `"}`, `{"type":"move","id":"m1","ply":0,"move":"e4"}`} {
		if err := ws.Write(wctx, websocket.MessageText, []byte(m)); err != nil {
			t.Fatalf("write after the timeouts: %v", err)
		}
	}
	for {
		_, data, err := ws.Read(wctx)
		if err != nil {
			t.Fatalf("read after the timeouts: %v", err)
		}
		if strings.Contains(string(data), `"type":"ack"`) {
			break
		}
	}
	stop()
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
	for {
		if _, _, err := ws.Read(wctx); err != nil {
			if websocket.CloseStatus(err) != websocket.StatusGoingAway {
				t.Errorf("after the shutdown: %v, want 1001", err)
			}
			break
		}
	}
	ts.close()
	leaks()
}

// TestUnreadBodyAnsweredWhole: a client that asks to close the connection
// and sends its body after its headers, in a packet of its own, to an
// endpoint that reads no body (join) gets the whole answer. The server used
// to close such a connection with the body unread, which resets it and cut
// a 138 KB answer (a travelers game lists hundreds of explosions) short.
func TestUnreadBodyAnsweredWhole(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	for _, variant := range []string{"travelers", "chess"} {
		var s seated
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": variant, "color": "white", "opponent": "open", "time_control": map[string]any{}}, http.StatusCreated, &s)
		conn, err := net.Dial("tcp", ts.http.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /api/v1/games/%s/join HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n", s.Game.ID)
		time.Sleep(50 * time.Millisecond) // the body in a packet of its own
		io.WriteString(conn, "{}")
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", variant, err)
		}
		var joined seated
		if err := json.NewDecoder(res.Body).Decode(&joined); err != nil || res.StatusCode != http.StatusOK || joined.Side != "black" {
			t.Errorf("%s: join answered %d, %+v, %v", variant, res.StatusCode, joined.Side, err)
		}
		conn.Close()
	}
}
