package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"timechess/store"
)

// syncBuffer is a buffer that goroutines may write at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestTokensNeverLogged plays a game over HTTP and WebSocket, with refused
// requests among them, logging everything at debug level: the log has an
// access line per request, and neither a token nor a token's hash appears
// in it.
func TestTokensNeverLogged(t *testing.T) {
	var log syncBuffer
	ts := startTuned(t, backends()[0].fresh(t), nil, func(cfg *Config) {
		cfg.Logger = slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	s, white, black := ts.friendGame(nil)
	_, other, _ := ts.friendGame(nil)
	id := s.Game.ID
	ws := ts.dial("/api/v1/games/" + id + "/ws")
	ws.send(map[string]any{"type": "hello", "token": other})
	ws.until("the refused hello", func(m wsMessage) bool { return m.Type == "error" })
	ws.send(map[string]any{"type": "hello", "token": white})
	ws.send(map[string]any{"type": "move", "id": "m1", "ply": 0, "move": "e4"})
	ws.until("the ack", func(m wsMessage) bool { return m.Type == "ack" })
	ts.play(id, black, 1, "e5")
	ts.do("POST", "/api/v1/games/"+id+"/moves", other, map[string]any{"ply": 2, "move": "Nf3"})
	ts.do("GET", "/api/v1/games/"+id, white, nil)
	ts.do("POST", "/api/v1/games/"+id+"/actions", white, map[string]any{"action": "offer-draw"})
	ts.call("POST", "/api/v1/games/mine", "", map[string]any{"tokens": []string{white, black, other}}, http.StatusOK, nil)
	var seek struct{ Token string }
	ts.call("POST", "/api/v1/seeks", "", map[string]any{"variant": "chess", "time_control": map[string]any{}}, http.StatusCreated, &seek)
	ts.do("DELETE", "/api/v1/seeks/nosuchseek", seek.Token, nil)
	ts.do("GET", "/api/v1/games/"+id+"?token="+white, "", nil) // a token misplaced by a client
	ws.conn.Close(websocket.StatusNormalClosure, "")
	ts.close()

	out := log.String()
	for _, want := range []string{"msg=request", "path=/api/v1/games/" + id + "/moves", "status=403", "status=101"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q:\n%s", want, out)
		}
	}
	for name, token := range map[string]string{"white": white, "black": black, "other game": other, "seek": seek.Token} {
		h := store.HashToken(token)
		for _, secret := range []string{token, hex.EncodeToString(h[:])} {
			if strings.Contains(out, secret) {
				t.Errorf("the log shows the %s token or its hash %s:\n%s", name, secret, out)
			}
		}
	}
	if strings.Contains(strings.ToLower(out), "bearer") {
		t.Errorf("the log shows an Authorization header:\n%s", out)
	}
}

// TestSeatTokens: tokens are 26 base32 characters (130 bits from
// crypto/rand, store.NewToken), all different; a seat takes its own token
// only, exactly (a token one character off, a prefix, another case or
// none does not fit), and an open seat takes none.
func TestSeatTokens(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	base32 := regexp.MustCompile(`^[A-Z2-7]{26}$`)
	seen := map[string]bool{}
	for range 40 {
		s, white, black := ts.friendGame(nil)
		for _, token := range []string{white, black} {
			if !base32.MatchString(token) {
				t.Fatalf("token %q is not 26 base32 characters (130 bits)", token)
			}
			if seen[token] {
				t.Fatalf("token %q given twice", token)
			}
			seen[token] = true
		}
		g, err := ts.st.Game(context.Background(), s.Game.ID)
		if err != nil {
			t.Fatal(err)
		}
		if side, err := g.SeatOf(white); side != store.White || err != nil {
			t.Errorf("White's token: %s %v", side, err)
		}
		if side, err := g.SeatOf(black); side != store.Black || err != nil {
			t.Errorf("Black's token: %s %v", side, err)
		}
		offByOne := white[:25] + "A"
		if offByOne == white {
			offByOne = white[:25] + "B"
		}
		for _, bad := range []string{"", white[:25], white + "A", strings.ToLower(white), offByOne} {
			if side, err := g.SeatOf(bad); !errors.Is(err, store.ErrBadToken) {
				t.Errorf("token %q holds %q (%v)", bad, side, err)
			}
		}
	}
	var open struct{ Game apiGame }
	ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "open"}, http.StatusCreated, &open)
	g, err := ts.st.Game(context.Background(), open.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "AAAAAAAAAAAAAAAAAAAAAAAAAA"} {
		if side, err := g.SeatOf(bad); !errors.Is(err, store.ErrBadToken) {
			t.Errorf("a game with an open seat took token %q: %s %v", bad, side, err)
		}
	}
}

// gateStore holds every move (AppendMoveAt) until released, to have moves in
// flight.
type gateStore struct {
	store.Store
	entered chan string // gets the game id of each move held
	release chan struct{}
}

func (g *gateStore) AppendMoveAt(ctx context.Context, id string, expectedVersion int64, expectedPly int, mv store.Move, st store.State) (store.Game, error) {
	g.entered <- id
	<-g.release
	return g.Store.AppendMoveAt(ctx, id, expectedVersion, expectedPly, mv, st)
}

// TestGracefulShutdown shuts Serve down while a WebSocket move and an HTTP
// move are being stored: both are acknowledged and stored, the socket is
// closed with 1001 after the ack, and a move after the shutdown is refused
// with 503.
func TestGracefulShutdown(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		leaks := checkLeaks(t)
		gate := &gateStore{entered: make(chan string, 2), release: make(chan struct{})}
		ts := startTuned(t, b.fresh(t), nil, func(cfg *Config) {
			gate.Store = cfg.Store
			cfg.Store = gate
		})
		one, white1, _ := ts.friendGame(nil)
		two, white2, _ := ts.friendGame(nil)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, shutdown := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- ts.srv.Serve(ctx, ln) }()
		base := "http://" + ln.Addr().String()

		wctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		ws, _, err := websocket.Dial(wctx, "ws"+strings.TrimPrefix(base, "http")+"/api/v1/games/"+one.Game.ID+"/ws", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		ws.SetReadLimit(4 << 20)
		for _, m := range []string{`{"type":"hello","token":"` + white1 + `"}`, `{"type":"move","id":"m1","ply":0,"move":"e4"}`} {
			if err := ws.Write(wctx, websocket.MessageText, []byte(m)); err != nil {
				t.Fatal(err)
			}
		}
		<-gate.entered
		type answer struct {
			status int
			body   []byte
			err    error
		}
		httpMove := make(chan answer, 1)
		go func() {
			req, _ := http.NewRequest("POST", base+"/api/v1/games/"+two.Game.ID+"/moves", strings.NewReader(`{"ply":0,"move":"d4"}`))
			req.Header.Set("Authorization", "Bearer "+white2)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				httpMove <- answer{err: err}
				return
			}
			defer res.Body.Close()
			var buf bytes.Buffer
			buf.ReadFrom(res.Body)
			httpMove <- answer{status: res.StatusCode, body: buf.Bytes()}
		}()
		<-gate.entered
		shutdown()
		time.Sleep(100 * time.Millisecond) // the shutdown has begun: the listener is closed
		if conn, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
			conn.Close()
			t.Errorf("the listener still accepts connections during the shutdown")
		}
		close(gate.release)

		if a := <-httpMove; a.err != nil || a.status != http.StatusOK {
			t.Errorf("the HTTP move in flight: %d %s %v, want 200", a.status, a.body, a.err)
		}
		acked := false
		for {
			_, data, err := ws.Read(wctx)
			if err != nil {
				if websocket.CloseStatus(err) != websocket.StatusGoingAway {
					t.Errorf("the socket ended with %v, want 1001", err)
				}
				break
			}
			var m wsMessage
			json.Unmarshal(data, &m)
			if m.Type == "ack" && m.ID == "m1" && m.Ply == 1 {
				acked = true
			}
		}
		if !acked {
			t.Errorf("the WebSocket move in flight was not acknowledged before the close")
		}
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
		if _, _, err := ts.srv.move(context.Background(), one.Game.ID, byToken(white1), 1, "e5"); asAPIError(err).Status != http.StatusServiceUnavailable {
			t.Errorf("a move after the shutdown: %v, want 503", err)
		}
		for _, id := range []string{one.Game.ID, two.Game.ID} {
			if g, err := gate.Store.Game(context.Background(), id); err != nil || g.Ply != 1 {
				t.Errorf("game %s after the shutdown: ply %d %v, want its move stored", id, g.Ply, err)
			}
		}
		ws.CloseNow()
		ts.close()
		leaks()
	})
}

// TestMetricsFormat reads /metrics after some traffic and checks it is
// Prometheus' text format: HELP and TYPE before each metric's samples,
// names and labels well formed, counters ending in _total, numbers.
func TestMetricsFormat(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	s, white, _ := ts.friendGame(nil)
	ts.play(s.Game.ID, white, 0, "e4")
	ts.do("GET", "/api/v1/games/nosuchgame", "", nil)
	ts.do("DELETE", "/api/v1/games", "", nil)
	c := ts.dial("/api/v1/games/" + s.Game.ID + "/ws")
	c.gameAt(1)
	res := ts.do("GET", "/metrics", "", nil)
	if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("content type %q", ct)
	}
	var (
		help    = regexp.MustCompile(`^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) \S.*$`)
		typ     = regexp.MustCompile(`^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$`)
		sample  = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="[^"\\]*"(,[a-zA-Z_][a-zA-Z0-9_]*="[^"\\]*")*\})? (\S+)$`)
		types   = map[string]string{}
		helped  = map[string]bool{}
		samples = map[string]float64{}
	)
	sc := bufio.NewScanner(bytes.NewReader(res.body))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case help.MatchString(line):
			helped[help.FindStringSubmatch(line)[1]] = true
		case typ.MatchString(line):
			m := typ.FindStringSubmatch(line)
			if types[m[1]] != "" {
				t.Errorf("line %d: a second TYPE of %s", n, m[1])
			}
			types[m[1]] = m[2]
		case sample.MatchString(line):
			m := sample.FindStringSubmatch(line)
			v, err := strconv.ParseFloat(m[4], 64)
			if err != nil {
				t.Errorf("line %d: value %q", n, m[4])
			}
			if types[m[1]] == "" || !helped[m[1]] {
				t.Errorf("line %d: sample of %s before its HELP and TYPE", n, m[1])
			}
			if types[m[1]] == "counter" && !strings.HasSuffix(m[1], "_total") {
				t.Errorf("line %d: counter %s does not end in _total", n, m[1])
			}
			samples[m[1]+m[2]] = v
		default:
			t.Errorf("line %d is not Prometheus text: %q", n, line)
		}
	}
	for name, want := range map[string]float64{
		`timechess_http_requests_total{code="404"}`: 1, `timechess_http_requests_total{code="405"}`: 1,
		"timechess_moves_total": 1, "timechess_ws_connections": 1, "timechess_ws_connections_total": 1,
	} {
		if samples[name] != want {
			t.Errorf("%s = %v, want %v\n%s", name, samples[name], want, res.body)
		}
	}
}

// TestSocketCaps: the caps on WebSocket connections, in all and per address.
func TestSocketCaps(t *testing.T) {
	k := newSockets(3, 2)
	checkCaps(t, func(addr string) int {
		if err := k.take(addr); err != nil {
			return asAPIError(err).Status
		}
		return 0
	}, k.release)
	if k.total != 3 || len(k.byAddr) != 2 {
		t.Errorf("at the end: %d connections from %v", k.total, k.byAddr)
	}
	if newSockets(-1, -1).take("x") != nil {
		t.Errorf("no cap refused a connection")
	}
}
