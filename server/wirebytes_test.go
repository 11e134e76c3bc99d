package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wireScenario is a game whose messages BenchmarkWireBytes weighs: the
// moves played before, then the move whose update is weighed.
type wireScenario struct {
	name    string
	variant string
	before  []string
	move    string
}

// wireScenarios are the games of the measurement: Time Traveler's
// Chess from the start (hundreds of explosions to choose from), Gifford
// with a man in transit (White's bishop is due at move 3), and chess in
// the middle game.
var wireScenarios = []wireScenario{
	{"travelers-start", "travelers", nil, "e4"},
	{"gifford-transit", "gifford", strings.Fields("Bf1//3 e5 g3"), "d5"},
	{"chess-ply20", "chess", benchGame[:20], benchGame[20]},
}

// BenchmarkWireBytes weighs what the clients of a game receive (go test
// -run '^$' -bench WireBytes ./server): bytes/get is the HTTP Game of the
// seat to move (GET /games/{id} with its token); bytes/open what a seat's
// socket receives from its opening through the answer to its hello,
// bytes/open-watcher a watcher's socket on opening; bytes/update-to-move,
// bytes/update-mover and bytes/update-watcher what the move's update
// brings to the seat to move after it, to the seat that made it and to a
// watcher. Sizes are uncompressed (the socket offers no compression).
func BenchmarkWireBytes(b *testing.B) {
	for _, sc := range wireScenarios {
		b.Run(sc.name, func(b *testing.B) {
			var m wireMeasure
			for b.Loop() {
				m = measureWire(b, sc)
			}
			b.ReportMetric(float64(m.get), "bytes/get")
			b.ReportMetric(float64(m.open), "bytes/open")
			b.ReportMetric(float64(m.openWatcher), "bytes/open-watcher")
			b.ReportMetric(float64(m.toMove), "bytes/update-to-move")
			b.ReportMetric(float64(m.mover), "bytes/update-mover")
			b.ReportMetric(float64(m.watcher), "bytes/update-watcher")
		})
	}
}

// wireMeasure is one measurement of BenchmarkWireBytes, in bytes.
type wireMeasure struct {
	get, open, openWatcher, toMove, mover, watcher int
}

// measureWire plays sc on a fresh server and weighs its messages.
func measureWire(tb testing.TB, sc wireScenario) wireMeasure {
	s := newServerOn(tb, openStoreAt(tb, filepath.Join(tb.TempDir(), "wire.db")))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	w := wireClient{tb: tb, url: ts.URL}
	var created struct {
		Game        struct{ ID string }
		Token       string
		InviteToken string `json:"invite_token"`
	}
	w.call("POST", "/api/v1/games", "", map[string]any{"variant": sc.variant, "color": "white", "opponent": "friend", "time_control": map[string]any{}}, &created)
	var joined struct{ Token string }
	w.call("POST", "/api/v1/games/"+created.Game.ID+"/join", "", map[string]any{"invite": created.InviteToken}, &joined)
	id, tokens := created.Game.ID, [2]string{created.Token, joined.Token}
	for ply, move := range sc.before {
		w.call("POST", "/api/v1/games/"+id+"/moves", tokens[ply%2], map[string]any{"ply": ply, "move": move}, nil)
	}
	ply := len(sc.before)
	mover, toMove := tokens[ply%2], tokens[(ply+1)%2]
	var m wireMeasure
	m.get = len(w.call("GET", "/api/v1/games/"+id, mover, nil, nil))
	path := "/api/v1/games/" + id + "/ws"
	moverWS, n := w.open(path, mover)
	m.open = n
	toMoveWS, _ := w.open(path, toMove)
	watcher, n := w.open(path, "")
	m.openWatcher = n
	w.call("POST", "/api/v1/games/"+id+"/moves", mover, map[string]any{"ply": ply, "move": sc.move}, nil)
	m.toMove = toMoveWS.untilPly(ply + 1)
	m.mover = moverWS.untilPly(ply + 1)
	m.watcher = watcher.untilPly(ply + 1)
	return m
}

// wireClient is the HTTP and WebSocket client of measureWire.
type wireClient struct {
	tb  testing.TB
	url string
}

// call makes a request that must succeed, decodes its answer into out
// (unless nil) and returns its body.
func (w wireClient) call(method, path, token string, body, out any) []byte {
	w.tb.Helper()
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			w.tb.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, w.url+path, r)
	if err != nil {
		w.tb.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		w.tb.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode >= 300 {
		w.tb.Fatalf("%s %s: %d %s %v", method, path, res.StatusCode, data, err)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			w.tb.Fatal(err)
		}
	}
	return data
}

// wireSocket is a game socket that counts what it reads.
type wireSocket struct {
	tb   testing.TB
	conn *websocket.Conn
}

// open connects to path and, with a token, says hello; it returns the
// socket and the bytes read until the game is known (and, with a token,
// until the hello is answered).
func (w wireClient) open(path, token string) (*wireSocket, int) {
	w.tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(w.url, "http")+path, nil)
	if err != nil {
		w.tb.Fatal(err)
	}
	conn.SetReadLimit(4 << 20)
	w.tb.Cleanup(func() { conn.CloseNow() })
	c := &wireSocket{tb: w.tb, conn: conn}
	n, _ := c.read()
	if token != "" {
		if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","token":"`+token+`"}`)); err != nil {
			w.tb.Fatal(err)
		}
		for {
			k, m := c.read()
			n += k
			if m.You != nil || m.Game != nil && m.Game.You != nil {
				break
			}
		}
	}
	return c, n
}

// wireMessage is what measureWire reads of a message: the game's ply and
// whom the message is for.
type wireMessage struct {
	Type string
	You  *string
	Game *struct {
		Ply int
		You *string
	}
}

// read reads one message and returns its size.
func (c *wireSocket) read() (int, wireMessage) {
	c.tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, data, err := c.conn.Read(ctx)
	if err != nil {
		c.tb.Fatal(err)
	}
	var m wireMessage
	if err := json.Unmarshal(data, &m); err != nil {
		c.tb.Fatal(err)
	}
	return len(data), m
}

// untilPly returns the bytes read until a message shows the game at ply
// (acks and comments not counted).
func (c *wireSocket) untilPly(ply int) int {
	c.tb.Helper()
	n := 0
	for {
		k, m := c.read()
		if m.Game == nil {
			continue
		}
		n += k
		if m.Game.Ply == ply {
			return n
		}
	}
}
