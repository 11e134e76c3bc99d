package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"timechess/internal/pgtest"
	"timechess/store"
)

// fuzzRoutes are the API's routes; ID in a path stands for the fuzzed id.
// Those that take a body get the fuzzed one. (The routes that compute over
// a position, /position, /analyze, /solve, /import and /pgn, are the
// hostile tests' and the budget's.)
var fuzzRoutes = []struct {
	method, path string
	body         bool
}{
	{"GET", "/api/v1/games/ID", false},
	{"GET", "/api/v1/games/ID/position", false},
	{"GET", "/api/v1/games/ID/timelines", false},
	{"POST", "/api/v1/games/ID/join", false},
	{"POST", "/api/v1/games/ID/moves", true},
	{"POST", "/api/v1/games/ID/actions", true},
	{"GET", "/api/v1/games/ID/comments", false},
	{"POST", "/api/v1/games/ID/comments", true},
	{"GET", "/api/v1/games/ID/pgn", false},
	{"GET", "/api/v1/games/ID/ws", false},
	{"GET", "/api/v1/games", false},
	{"POST", "/api/v1/games/mine", true},
	{"GET", "/api/v1/seeks", false},
	{"GET", "/api/v1/seeks/ID", false},
	{"POST", "/api/v1/seeks/ID/accept", false},
	{"DELETE", "/api/v1/seeks/ID", false},
	{"GET", "/api/v1/variants", false},
	{"GET", "/healthz", false},
	{"GET", "/api/v1/games/ID/why", false},
	{"POST", "/api/v1/why", true},
}

// fuzzTarget is a server the routes are fuzzed against, with a game and an
// open seek that the ids GAME and SEEK name.
type fuzzTarget struct {
	name       string
	srv        *Server
	log        *syncBuffer
	game, seek string
}

// fuzzTargets are a server on SQLite and, when pgtest.Env is set, one on
// PostgreSQL, each with a game of two moves and a comment, and an open seek.
func fuzzTargets(f *testing.F) []*fuzzTarget {
	dsns := map[string]string{"sqlite": filepath.Join(f.TempDir(), "fuzz.db")}
	if admin := os.Getenv(pgtest.Env); admin != "" {
		dsns["postgres"] = pgtest.Fresh(f, admin, "timechess_fuzz_")
	}
	var out []*fuzzTarget
	for _, name := range []string{"sqlite", "postgres"} {
		dsn, ok := dsns[name]
		if !ok {
			continue
		}
		st := openStoreAt(f, dsn)
		log := &syncBuffer{}
		srv, err := New(context.Background(), Config{Store: st, SweepInterval: -1, NoRateLimits: true, EngineWorkers: 1, EngineHashMB: 1,
			Logger: slog.New(slog.NewTextHandler(log, nil))})
		if err != nil {
			f.Fatal(err)
		}
		f.Cleanup(func() { srv.Close() })
		ctx := context.Background()
		id, tokens := newLiveGame(f, srv)
		for i, mv := range []string{"e4", "e5"} {
			if _, _, err := srv.move(ctx, id, byToken(tokens[i]), i, mv); err != nil {
				f.Fatal(err)
			}
		}
		if _, err := st.AddComment(ctx, id, store.NoSide, "kibitzer", "hello"); err != nil {
			f.Fatal(err)
		}
		k, err := st.CreateSeek(ctx, store.SeekSpec{Variant: "chess", Start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			Token: store.HashToken(store.NewToken())})
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, &fuzzTarget{name: name, srv: srv, log: log, game: id, seek: k.ID})
	}
	return out
}

// FuzzRoutes sends every route arbitrary ids, queries and bodies, on both
// databases, from a client that waits for the answer and from one that has
// left: no answer is a 5xx, and nothing is logged at ERROR level.
func FuzzRoutes(f *testing.F) {
	for i := range fuzzRoutes {
		for _, id := range []string{"%00", "%ff%fe", "GAME", "SEEK", "abcdefghijkl", "ABCDEFGHIJKL", "a%2Fb", "%20", "x"} {
			f.Add(uint8(i), id, "", "{}", false)
		}
	}
	for _, q := range []string{"after=2147483648", "after=-1", "after=99999999999999999999", "after=%00", "ply=2147483648",
		"ply=-1", "ply=%ff", "limit=0", "limit=2147483648", "status=%00", "status=ended"} {
		for _, route := range []uint8{1, 5, 9} {
			f.Add(route, "GAME", q, "", false)
		}
	}
	f.Add(uint8(3), "GAME", "", `{"ply":2147483648,"move":"Nf3"}`, false)
	f.Add(uint8(3), "GAME", "", `{"ply":2,"move":"\u0000"}`, false)
	f.Add(uint8(6), "GAME", "", `{"author":"\u0000","text":"\udfff"}`, false)
	f.Add(uint8(10), "", "", `{"tokens":["\u0000"]}`, false)
	f.Add(uint8(0), "GAME", "", "", true)
	f.Add(uint8(5), "GAME", "after=1", "", true)
	f.Add(uint8(13), "SEEK", "", "", true)
	f.Add(uint8(16), "", "", "", true)
	for _, q := range []string{"move=g1", "move=e2", "move=Nf3", "move=zz9", "move=%00", "move=", "move=a0", "move=p16"} {
		f.Add(uint8(17), "GAME", q, "", false)
	}
	f.Add(uint8(17), "GAME", "move=g1", "", true)
	for _, b := range []string{`{"move":"g1"}`, `{"variant":"travelers","move":"dxe3"}`, `{"variant":"gifford","moves":["Bf1//3","e5","g3","d5"],"move":"g1"}`,
		`{"variant":"timethief","fen":"8/8/8/8/8/8/8/8 w - - 0 1","move":"a1"}`, `{"move":"\u0000"}`, `{}`} {
		f.Add(uint8(18), "", "", b, false)
	}
	targets := fuzzTargets(f)
	f.Fuzz(func(t *testing.T, route uint8, id, query, body string, left bool) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		for _, tg := range targets {
			id := strings.NewReplacer("GAME", tg.game, "SEEK", tg.seek).Replace(id)
			req, err := http.NewRequest(rt.method, "http://timechess.test"+strings.Replace(rt.path, "ID", id, 1)+"?"+query, nil)
			if err != nil {
				return // not a request line a client could send
			}
			if rt.body {
				req.Body, req.ContentLength = io.NopCloser(strings.NewReader(body)), int64(len(body))
			}
			req.RemoteAddr = "192.0.2.1:1234"
			if left {
				ctx, cancel := context.WithCancel(req.Context())
				cancel()
				req = req.WithContext(ctx)
			}
			logged := len(tg.log.String())
			rec := httptest.NewRecorder()
			tg.srv.Handler().ServeHTTP(rec, req)
			if rec.Code >= 500 {
				t.Errorf("%s: %s %s: %d %s", tg.name, rt.method, req.URL, rec.Code, rec.Body)
			}
			if log := tg.log.String()[logged:]; strings.Contains(log, "level=ERROR") {
				t.Errorf("%s: %s %s logged an error:\n%s", tg.name, rt.method, req.URL, log)
			}
		}
	})
}

// TestMalformedIDsAndParameters: on both databases, an id that cannot be
// one is 404 on every route that takes a game or seek id, and a comment
// number beyond the databases' integers is 400 with a message that says
// what is wanted.
func TestMalformedIDsAndParameters(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, _, _ := ts.friendGame(nil)
		id := s.Game.ID
		for _, rt := range fuzzRoutes {
			if !strings.Contains(rt.path, "ID") {
				continue
			}
			for _, bad := range []string{"%00", "%ff%fe", "ABCDEFGHIJKL", "abcdefghijk1", strings.Repeat("a", 5000), "%C3%A9"} {
				res := ts.do(rt.method, strings.Replace(rt.path, "ID", bad, 1), "", nil)
				if res.status != http.StatusNotFound || res.errorCode() != codeNotFound || !strings.Contains(string(res.body), store.IDForm) {
					t.Errorf("%s %.60s: %d %.200s, want 404 not_found naming the form of an id", rt.method, rt.path, res.status, res.body)
				}
			}
		}
		for _, q := range []string{"2147483648", "-1", "99999999999999999999", "x", "%00"} {
			res := ts.do("GET", "/api/v1/games/"+id+"/comments?after="+q, "", nil)
			if res.status != http.StatusBadRequest || res.errorCode() != codeInvalid || !strings.Contains(string(res.body), "2147483647") {
				t.Errorf("comments after %s: %d %s, want 400 invalid naming the range", q, res.status, res.body)
			}
		}
		var comments []commentView
		ts.call("GET", "/api/v1/games/"+id+"/comments?after=2147483647", "", nil, http.StatusOK, &comments)
		if len(comments) != 0 {
			t.Errorf("comments after 2147483647: %v", comments)
		}
	})
}

// leavingStore fails every Game read once its caller has left, with an
// error that does not say so (as a driver may when a statement is
// interrupted), after telling entered.
type leavingStore struct {
	store.Store
	entered chan struct{}
}

func (l *leavingStore) Game(ctx context.Context, id string) (store.Game, error) {
	l.entered <- struct{}{}
	<-ctx.Done()
	return store.Game{}, errors.New("interrupted (9)")
}

// TestClientLeft: a client that hangs up while its request waits for the
// store is logged and counted as 499, not as an error of the server.
func TestClientLeft(t *testing.T) {
	var log syncBuffer
	gate := &leavingStore{entered: make(chan struct{}, 1)}
	ts := startTuned(t, backends()[0].fresh(t), nil, func(cfg *Config) {
		gate.Store = cfg.Store
		cfg.Store = gate
		cfg.Logger = slog.New(slog.NewTextHandler(&log, nil))
	})
	ctx, cancel := context.WithCancel(t.Context())
	req, err := http.NewRequestWithContext(ctx, "GET", ts.http.URL+"/api/v1/games/abcdefghijkl", nil)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		<-gate.entered
		cancel()
	}()
	if res, err := ts.http.Client().Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("the request was answered %d", res.StatusCode)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "status=499") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	out := log.String()
	if !strings.Contains(out, "status=499") || strings.Contains(out, "level=ERROR") {
		t.Errorf("the log of a client that left lacks status=499 or has an error:\n%s", out)
	}
	metrics := ts.do("GET", "/metrics", "", nil)
	if !strings.Contains(string(metrics.body), `timechess_http_requests_total{code="499"} 1`) || strings.Contains(string(metrics.body), `code="500"`) {
		t.Errorf("metrics:\n%s", metrics.body)
	}
}
