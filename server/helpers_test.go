package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"timechess/internal/pgtest"
	"timechess/store"
	_ "timechess/variant/all"
)

// backend is a database the API tests run against.
type backend struct {
	name  string
	fresh func(t *testing.T) string // the DSN of a new, empty database
}

// backends are SQLite always and PostgreSQL when pgtest.Env is set.
func backends() []backend {
	bs := []backend{{name: "sqlite", fresh: func(t *testing.T) string { return filepath.Join(t.TempDir(), "timechess.db") }}}
	if admin := os.Getenv(pgtest.Env); admin != "" {
		bs = append(bs, backend{name: "postgres", fresh: func(t *testing.T) string { return pgtest.Fresh(t, admin, "timechess_srv_") }})
	}
	return bs
}

// forEachBackend runs test on every backend.
func forEachBackend(t *testing.T, test func(t *testing.T, b backend)) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) { test(t, b) })
	}
}

// forEachServer runs test on every backend, on a server whose clock is
// newClock's (test reaches it as ts.clock), or the real one when newClock is
// nil.
func forEachServer(t *testing.T, newClock func() *fakeClock, test func(t *testing.T, ts *testServer)) {
	forEachBackend(t, func(t *testing.T, b backend) {
		var clock *fakeClock
		if newClock != nil {
			clock = newClock()
		}
		test(t, start(t, b.fresh(t), clock))
	})
}

// postgresOnly returns the PostgreSQL backend or skips the test.
func postgresOnly(t *testing.T) backend {
	bs := backends()
	if len(bs) < 2 {
		t.Skipf("%s is not set: skipping (e.g. postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable)", pgtest.Env)
	}
	return bs[1]
}

// fakeClock is a settable clock for the game clocks.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// testServer is a Server on a store, behind an httptest server.
type testServer struct {
	t     *testing.T
	dsn   string
	clock *fakeClock
	st    store.Store
	srv   *Server
	http  *httptest.Server
	// tune, if not nil, changes the Config before the server is built.
	tune func(*Config)
}

// start opens dsn and serves it; the clock is real when clock is nil.
func start(t *testing.T, dsn string, clock *fakeClock) *testServer {
	t.Helper()
	return startTuned(t, dsn, clock, nil)
}

// startTuned is start with a change to the server's Config.
func startTuned(t *testing.T, dsn string, clock *fakeClock, tune func(*Config)) *testServer {
	t.Helper()
	ts := &testServer{t: t, dsn: dsn, clock: clock, tune: tune}
	ts.open()
	t.Cleanup(ts.close)
	return ts
}

func (ts *testServer) open() {
	t := ts.t
	t.Helper()
	st, err := store.Open(context.Background(), ts.dsn)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	// The tests create games and comments faster than people do; the
	// limits on creating are checked in limits_test.go.
	cfg := Config{Store: st, SweepInterval: -1, EngineWorkers: 2, EngineHashMB: 4,
		CreateRate: Rate{PerSecond: -1}, CommentRate: Rate{PerSecond: -1},
		UI: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "the UI") })}
	if ts.clock != nil {
		cfg.Now = ts.clock.Now
	}
	if ts.tune != nil {
		ts.tune(&cfg)
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatalf("new server: %v", err)
	}
	ts.st, ts.srv, ts.http = st, srv, httptest.NewServer(srv.Handler())
}

// close shuts the server down as serve does: HTTP, then the Server, then the
// store. Closing twice is harmless.
func (ts *testServer) close() {
	if ts.srv == nil {
		return
	}
	ts.http.CloseClientConnections()
	ts.http.Close()
	if err := ts.srv.Close(); err != nil {
		ts.t.Errorf("close server: %v", err)
	}
	if err := ts.st.Close(); err != nil {
		ts.t.Errorf("close store: %v", err)
	}
	ts.srv = nil
}

// sweepAfter lets d pass on the fake clock, runs the sweep and returns game
// id as a watcher sees it.
func (ts *testServer) sweepAfter(d time.Duration, id string) apiGame {
	t := ts.t
	t.Helper()
	ts.clock.advance(d)
	if err := ts.srv.sweep(t.Context()); err != nil {
		t.Fatal(err)
	}
	return ts.game(id, "")
}

// restart closes the server and its store and opens both again.
func (ts *testServer) restart() {
	ts.close()
	ts.open()
}

// response is an answer of the API.
type response struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request; body is JSON-encoded unless it is a string or nil.
func (ts *testServer) do(method, path, token string, body any) response {
	ts.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			ts.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, ts.http.URL+path, rd)
	if err != nil {
		ts.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := ts.http.Client().Do(req)
	if err != nil {
		ts.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	return response{res.StatusCode, res.Header, data}
}

// call sends a request, checks the status and decodes the answer into out
// (when not nil).
func (ts *testServer) call(method, path, token string, body any, want int, out any) response {
	ts.t.Helper()
	res := ts.do(method, path, token, body)
	if res.status != want {
		ts.t.Fatalf("%s %s: status %d, want %d: %s", method, path, res.status, want, res.body)
	}
	if out != nil {
		if err := json.Unmarshal(res.body, out); err != nil {
			ts.t.Fatalf("%s %s: decoding %s: %v", method, path, res.body, err)
		}
	}
	return res
}

// errorCode returns the code of an error answer.
func (r response) errorCode() string {
	var e struct {
		Error struct{ Code, Message string }
	}
	json.Unmarshal(r.body, &e)
	return e.Error.Code
}

// apiGame is the part of a Game the tests read.
type apiGame struct {
	ID        string `json:"id"`
	You       *string
	Status    string
	Result    string
	Reason    string
	Ply       int
	Version   int64
	Turn      string
	DrawOffer *string `json:"draw_offer"`
	Takeback  *string
	Rematch   *rematchView
	Moves     []moveView
	Clocks    struct {
		WhiteMs   int64      `json:"white_ms"`
		BlackMs   int64      `json:"black_ms"`
		Running   *string    `json:"running"`
		TurnStart *time.Time `json:"turn_start"`
		Deadline  *time.Time `json:"deadline"`
	}
	Position struct {
		FEN       string
		Turn      string
		Moves     []actionView
		Gifford   *giffordView
		Travelers *travelersView
		TimeThief *timeThiefView `json:"timethief"`
	}
}

// seated is the answer of create, join and accept.
type seated struct {
	Game        apiGame
	Token       string
	Side        string
	InviteToken string `json:"invite_token"`
}

// friendGame creates a friend game with the creator as White, lets the
// friend take the invitation and returns the creation's answer (its game
// read again after the friend joined) and the White and Black tokens.
func (ts *testServer) friendGame(body map[string]any) (seated, string, string) {
	ts.t.Helper()
	req := map[string]any{"variant": "chess", "color": "white", "opponent": "friend", "time_control": map[string]any{}}
	for k, v := range body {
		req[k] = v
	}
	var s, friend seated
	ts.call("POST", "/api/v1/games", "", req, http.StatusCreated, &s)
	ts.call("POST", "/api/v1/games/"+s.Game.ID+"/join", "", map[string]any{"invite": s.InviteToken}, http.StatusOK, &friend)
	s.Game = ts.game(s.Game.ID, s.Token) // as it is now, with both seats taken
	if s.Side != "white" {
		return s, friend.Token, s.Token
	}
	return s, s.Token, friend.Token
}

// play makes a move over HTTP and returns the game after it.
func (ts *testServer) play(id, token string, ply int, move string) apiGame {
	ts.t.Helper()
	var g apiGame
	ts.call("POST", "/api/v1/games/"+id+"/moves", token, map[string]any{"ply": ply, "move": move}, http.StatusOK, &g)
	return g
}

// game reads a game.
func (ts *testServer) game(id, token string) apiGame {
	ts.t.Helper()
	var g apiGame
	ts.call("GET", "/api/v1/games/"+id, token, nil, http.StatusOK, &g)
	return g
}

// wsConn is a test WebSocket client. It keeps the game as clients do
// (docs/api.md, "WebSocket"): the game message's, brought up to date by
// each update.
type wsConn struct {
	t    *testing.T
	conn *websocket.Conn
	game map[string]json.RawMessage
}

// dial connects to a WebSocket path of ts.
func (ts *testServer) dial(path string) *wsConn {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+path, nil)
	if err != nil {
		ts.t.Fatalf("dial %s: %v", path, err)
	}
	conn.SetReadLimit(4 << 20)
	c := &wsConn{t: ts.t, conn: conn}
	ts.t.Cleanup(func() { conn.CloseNow() })
	return c
}

func (c *wsConn) send(v any) {
	c.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, data); err != nil {
		c.t.Fatalf("ws write: %v", err)
	}
}

// wsMessage is any server message. Game is the game after a game or an
// update message, as the connection keeps it.
type wsMessage struct {
	Type    string
	ID      string
	Ply     int
	Base    int64
	Version int64
	You     *string
	Legal   json.RawMessage
	Game    *apiGame `json:"-"`
	Error   *struct{ Code, Message string }
	Seeks   []seekView
	Data    []byte `json:"-"`
}

// next reads the next message, failing after 10 s.
func (c *wsConn) next() wsMessage {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, data, err := c.conn.Read(ctx)
	if err != nil {
		c.t.Fatalf("ws read: %v", err)
	}
	var m wsMessage
	if err := json.Unmarshal(data, &m); err != nil {
		c.t.Fatalf("ws message %s: %v", data, err)
	}
	m.Data = data
	if m.Type == "game" || m.Type == "update" {
		m.Game = c.apply(m)
	}
	return m
}

// apply brings the connection's game up to date with a game or update
// message and returns it: the update's summary, moves from moves_from on,
// position, timelines and branches replace the game's, and the Position's
// moves are the legal list's (none when an update brings you or a
// position without it).
func (c *wsConn) apply(m wsMessage) *apiGame {
	c.t.Helper()
	var raw map[string]json.RawMessage
	mustDecode(c.t, m.Data, &raw)
	replace := true
	if m.Type == "game" {
		c.game = nil
		mustDecode(c.t, raw["game"], &c.game)
	} else {
		var version int64
		if c.game != nil {
			mustDecode(c.t, c.game["version"], &version)
		}
		if c.game == nil || version != m.Base {
			c.t.Fatalf("an update from version %d to a connection at %d: %s", m.Base, version, m.Data)
		}
		var summary map[string]json.RawMessage
		mustDecode(c.t, raw["game"], &summary)
		for k, v := range summary {
			if k != "you" {
				c.game[k] = v
			}
		}
		if from, ok := raw["moves_from"]; ok {
			var n int
			var moves, tail []json.RawMessage
			mustDecode(c.t, from, &n)
			mustDecode(c.t, c.game["moves"], &moves)
			mustDecode(c.t, raw["moves"], &tail)
			c.game["moves"] = mustEncode(c.t, append(moves[:n], tail...))
		}
		for _, k := range []string{"you", "position", "timelines", "branches"} {
			if v, ok := raw[k]; ok {
				c.game[k] = v
			}
		}
		_, hasYou := raw["you"]
		_, hasPos := raw["position"]
		replace = hasYou || hasPos || m.Legal != nil
	}
	if replace {
		var pos map[string]json.RawMessage
		mustDecode(c.t, c.game["position"], &pos)
		var board []manView
		mustDecode(c.t, pos["board"], &board)
		moves := []actionView{}
		if m.Legal != nil {
			moves = expandLegal(c.t, m.Legal, board)
		}
		pos["moves"] = mustEncode(c.t, moves)
		c.game["position"] = mustEncode(c.t, pos)
	}
	var g apiGame
	mustDecode(c.t, mustEncode(c.t, c.game), &g)
	return &g
}

// mustDecode decodes JSON or fails t.
func mustDecode(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
}

// mustEncode encodes JSON or fails t.
func mustEncode(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// until reads messages until one satisfies ok.
func (c *wsConn) until(what string, ok func(wsMessage) bool) wsMessage {
	c.t.Helper()
	for range 100 {
		if m := c.next(); ok(m) {
			return m
		}
	}
	c.t.Fatalf("no message: %s", what)
	return wsMessage{}
}

// gameAt waits for the game message at ply n.
func (c *wsConn) gameAt(n int) apiGame {
	c.t.Helper()
	return *c.until("game at ply "+string(rune('0'+n)), func(m wsMessage) bool { return m.Game != nil && m.Game.Ply == n }).Game
}
