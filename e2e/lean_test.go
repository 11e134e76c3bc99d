package e2e

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// traffic is what a tab fetched and what its sockets received, recorded from the browser's
// network events.
type traffic struct {
	mu     sync.Mutex
	urls   map[network.RequestID]string
	frames []string // the text of each WebSocket message received
}

// record starts recording c's network traffic, with the browser's cache off (every load is a
// first load).
func record(c *client) *traffic {
	c.t.Helper()
	tr := &traffic{urls: map[network.RequestID]string{}}
	if err := chromedp.Listen(c.ctx, func(ev any) {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventResponseReceived:
			tr.urls[ev.RequestID] = ev.Response.URL
		case *network.EventWebSocketFrameReceived:
			if ev.Response != nil && ev.Response.Opcode == 1 {
				tr.frames = append(tr.frames, string(ev.Response.PayloadData))
			}
		}
	}); err != nil {
		c.fail("listen to the network: %v", err)
	}
	if _, err := chromedp.Call(c.ctx, network.Enable, network.EnableParams{}); err != nil {
		c.fail("enable the network events: %v", err)
	}
	if _, err := chromedp.Call(c.ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		c.fail("disable the cache: %v", err)
	}
	return tr
}

// reset forgets what was recorded so far.
func (tr *traffic) reset() {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	clear(tr.urls)
	tr.frames = nil
}

// fetched returns the URLs fetched over HTTP, sorted.
func (tr *traffic) fetched() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var out []string
	for _, u := range tr.urls {
		if strings.HasPrefix(u, "http") {
			out = append(out, u)
		}
	}
	sort.Strings(out)
	return out
}

// messages returns the WebSocket messages received so far.
func (tr *traffic) messages() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return append([]string(nil), tr.frames...)
}

// weigh fetches url as the browser did and returns its size raw and with gzip (the server
// compresses answers of 1 KiB and more for a client that offers it).
func weigh(t *testing.T, url string) (raw, gz int) {
	t.Helper()
	for _, enc := range []string{"identity", "gzip"} {
		req, err := http.NewRequest("GET", url, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", enc)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if enc == "identity" {
			raw = int(n)
		} else {
			gz = int(n)
			if res.Header.Get("Content-Encoding") != "gzip" {
				gz = raw
			}
		}
	}
	return raw, gz
}

// gzipSize is the size of data compressed with gzip.
func gzipSize(data string) int {
	var b strings.Builder
	w := gzip.NewWriter(&b)
	io.WriteString(w, data)
	w.Close()
	return b.Len()
}

// TestBrowserPageWeight weighs the first load of a Time Traveler's Chess game page for the
// player to move: every file and API answer fetched (raw and gzip) and every socket message
// received until the page has settled, and how many of them hold the whole game.
func TestBrowserPageWeight(t *testing.T) {
	e := newEnv(t)
	w := e.client(t, "white")
	w.open("/")
	setSelect(w, "create-variant", "travelers")
	w.click("create-submit")
	w.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true'`, "the new game's page")
	w.waitMyTurn()
	path := eval[string](w, `location.pathname`)
	tr := record(w)
	tr.reset()
	w.open(path)
	w.waitMyTurn()
	w.waitJS(`document.querySelector('[data-testid=connection]').dataset.state === 'open'`, "the live connection")
	w.do(chromedp.Sleep(1e9)) // the socket's late messages
	var raw, gz, api, apiGz int
	for _, u := range tr.fetched() {
		r, g := weigh(t, u)
		t.Logf("fetched %-60s %7d bytes, %6d gzip", strings.TrimPrefix(u, e.url), r, g)
		if strings.Contains(u, "/api/") {
			api, apiGz = api+r, apiGz+g
		} else {
			raw, gz = raw+r, gz+g
		}
	}
	full, wsBytes, wsGz := 0, 0, 0
	for _, m := range tr.messages() {
		var msg struct{ Type string }
		json.Unmarshal([]byte(m), &msg)
		if msg.Type == "game" {
			full++
		}
		wsBytes += len(m)
		wsGz += gzipSize(m)
		t.Logf("socket message %q: %d bytes", msg.Type, len(m))
	}
	t.Logf("page weight of %s: files %d bytes (%d gzip), API answers %d bytes (%d gzip), socket messages %d bytes (%d deflated), %d of them the whole game",
		path, raw, gz, api, apiGz, wsBytes, wsGz, full)
	w.screenshot("page-loaded")
	for _, u := range tr.fetched() {
		if strings.HasSuffix(u, "/api/v1"+strings.Replace(path, "/game/", "/games/", 1)) {
			t.Errorf("the page read the game over HTTP besides its socket: %s", u)
		}
	}
	if full != 1 || wsBytes > 20000 {
		t.Errorf("the page opened with %d whole-game messages, %d bytes on its socket; want one, under 20 KB", full, wsBytes)
	}
}

// evalAsync evaluates a JavaScript expression whose value is a promise and returns what it
// resolves to.
func evalAsync[T any](c *client, expr string) T {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		c.fail("evaluate %.200s: %v", expr, err)
	}
	return v
}

// TestBrowserLiveWatcher plays 1. e4 in Time Traveler's Chess by a drag: the watcher's page
// shows it live (on a phone too), from one whole-game message and updates that hold no legal
// list; Black's page offers exactly the legal actions the HTTP Game lists, rebuilt from their
// compact form; and a client that misses an update asks for the whole game again.
func TestBrowserLiveWatcher(t *testing.T) {
	e := newEnv(t)
	white, black, watcher := e.client(t, "white"), e.client(t, "black"), e.client(t, "watcher")
	toWatcher, toBlack := record(watcher), record(black)
	watcher.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	g := friendGame(t, "travelers", white, black, watcher)
	watcher.screenshot("page-watcher-start")
	g.white.drag("e2", "e4")
	g.played(1, "a drag")
	expectPiece(g.watcher, "e4", "white pawn")
	g.watcher.waitJS(`document.querySelector('[data-testid=status]').textContent === 'Black to move (watching)'`, "the watcher's status")
	g.watcher.screenshot("page-watcher-after-e4")
	var kinds []string
	for _, m := range toWatcher.messages() {
		var msg struct {
			Type  string
			Legal json.RawMessage
		}
		json.Unmarshal([]byte(m), &msg)
		kinds = append(kinds, msg.Type)
		if msg.Legal != nil {
			g.watcher.fail("a legal list reached the watcher: %.200s", m)
		}
	}
	if strings.Count(strings.Join(kinds, " "), "game") != 1 || !strings.Contains(strings.Join(kinds, " "), "update") {
		g.watcher.fail("the watcher's socket brought %v; want one whole game, then updates", kinds)
	}
	last := toBlack.messages()
	if n := len(last); n == 0 || !strings.Contains(last[n-1], `"legal":`) || len(last[n-1]) > 20000 {
		g.black.fail("Black, to move, got no legal list of under 20 KB in the last of %d messages", n)
	}

	// Black's page holds the legal actions the HTTP Game lists, field for field.
	g.black.waitMyTurn()
	same := evalAsync[string](g.black, fmt.Sprintf(`(async () => {
		const token = JSON.parse(localStorage.getItem('timechess.seats'))[%q].token;
		const rest = await (await fetch('/api/v1/games/%s', { headers: { Authorization: 'Bearer ' + token } })).json();
		const { GameFeed } = await import('/static/js/wire.js');
		const feed = new GameFeed(() => {});
		const ws = new WebSocket(location.origin.replace('http', 'ws') + '/api/v1/games/%s/ws');
		const game = await new Promise((resolve) => {
			ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
			ws.onmessage = (ev) => { const m = JSON.parse(ev.data); const g = feed.receive(m); if (g && m.you) resolve(g); };
		});
		ws.close();
		const a = JSON.stringify(game.position.moves), b = JSON.stringify(rest.position.moves);
		return a === b ? 'same ' + game.position.moves.length : 'differ: ' + a.slice(0, 300) + ' / ' + b.slice(0, 300);
	})()`, g.id, g.id, g.id))
	if !strings.HasPrefix(same, "same 9") {
		g.black.fail("the rebuilt legal list and the HTTP Game's: %s", same)
	}
	explosions := eval[string](g.black, `document.querySelector('[data-testid=open-explosions]').textContent`)
	if !strings.Contains(explosions, "Explosions by list") {
		g.black.fail("Black's page offers no explosions: %q", explosions)
	}
	g.black.screenshot("page-black-to-move")

	// A gap: the feed holds version 5 and is shown an update from 6; it asks for the whole game.
	gap := evalAsync[string](g.black, `(async () => {
		const { GameFeed } = await import('/static/js/wire.js');
		let asked = 0;
		const feed = new GameFeed(() => { asked++; });
		const pos = { turn: 'white', board: [], fen: 'x' };
		feed.receive({ type: 'game', game: { id: 'g', version: 5, ply: 0, you: 'white', moves: [], position: pos } });
		const missed = feed.receive({ type: 'update', base: 6, version: 7, game: { version: 7, ply: 2, you: null } });
		const stale = feed.receive({ type: 'update', base: 4, version: 5, game: { version: 5, ply: 0, you: null } });
		const next = feed.receive({ type: 'update', base: 5, version: 6, game: { version: 6, ply: 1, you: null },
			moves_from: 0, moves: [{ ply: 1, san: 'e4' }], position: { ...pos, turn: 'black' } });
		return [missed, stale, asked, next && next.ply, next && next.you, next && next.moves.length, next && next.position.moves.length].join(',');
	})()`)
	if gap != ",,1,1,white,1,0" {
		g.black.fail("the feed after a gap, a stale update and the next one: %s", gap)
	}
}

// TestBrowserUnknownGame opens the page of a game that does not exist: the socket is refused
// before the upgrade, the page reads the game once over HTTP to learn why, and shows the
// unknown game's page with its socket closed (no reconnecting).
func TestBrowserUnknownGame(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "visitor")
	c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	c.open("/game/aaaaaaaaaaaa")
	c.waitJS(`!!document.querySelector('[data-testid=unknown-game]')`, "the unknown game's page")
	if eval[bool](c, `!!document.querySelector('[data-testid=connection], [data-testid=board]')`) {
		c.fail("the unknown game's page shows a board or a connection")
	}
	c.screenshot("page-unknown-game")
}

// TestBrowserLegalRebuilt has the page's wire.js rebuild the legal list of the seat to move in
// positions with every kind of action (arrivals, sends, backward travels, TT-captures,
// annihilations, promotions, Chess960 castling sent whole) and compares it, field for field, with the HTTP Game's.
func TestBrowserLegalRebuilt(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "player")
	c.open("/")
	for _, pos := range []struct{ variant, fen, moves string }{
		{"gifford", "rnbqkbnr/ppp2ppp/8/3pp3/8/6P1/PPPPPP1P/RNBQK1NR w KQkq - 0 3 book=Bl@3", ""},
		{"gifford", "", "e4 e5"},
		{"timethief", "rnbgqktbnr/1ppppppppp/10/p9/5P4/10/PPPPP1PPPP/RNBGQKTBNR w KQkq - 0 2 last=a7a5 prev=rnbgqktbnr/pppppppppp/10/10/5P4/10/PPPPP1PPPP/RNBGQKTBNR,b,KQkq,-,0,1", ""},
		{"travelers", "rnbqkb1r/pppppppp/2n*5/3p*4/Q'1Q*1P*1n'1/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 1 6", ""},
		{"chess", "8/P7/8/8/8/8/8/K6k w - - 0 1", ""},
		{"chess", "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", ""},
	} {
		got := evalAsync[string](c, fmt.Sprintf(`(async () => {
			const post = async (path, body, token) => (await fetch('/api/v1' + path, { method: 'POST',
				headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) },
				body: JSON.stringify(body) })).json();
			const created = await post('/games', { variant: %q, fen: %q || undefined, color: 'white', opponent: 'friend', time_control: {} });
			if (!created.token) return 'not created: ' + JSON.stringify(created);
			const token = created.token, id = created.game.id;
			const tokens = [token, (await post('/games/' + id + '/join', { invite: created.invite_token })).token];
			const moves = %q.split(' ').filter(Boolean);
			for (let i = 0; i < moves.length; i++) await post('/games/' + id + '/moves', { ply: i, move: moves[i] }, tokens[i %% 2]);
			const rest = await (await fetch('/api/v1/games/' + id, { headers: { Authorization: 'Bearer ' + token } })).json();
			const { GameFeed } = await import('/static/js/wire.js');
			const feed = new GameFeed(() => {});
			const ws = new WebSocket(location.origin.replace('http', 'ws') + '/api/v1/games/' + id + '/ws');
			const game = await new Promise((resolve) => {
				ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
				ws.onmessage = (ev) => { const m = JSON.parse(ev.data); const g = feed.receive(m); if (g && m.you) resolve(g); };
			});
			ws.close();
			const a = JSON.stringify(game.position.moves), b = JSON.stringify(rest.position.moves);
			const kinds = [...new Set(rest.position.moves.map((m) => m.kind))].sort().join(' ');
			return a === b ? 'same ' + kinds : 'differ: ' + a.slice(0, 400) + ' / ' + b.slice(0, 400);
		})()`, pos.variant, pos.fen, pos.moves))
		t.Logf("%s %s %s: %s", pos.variant, pos.fen, pos.moves, got)
		if !strings.HasPrefix(got, "same ") {
			c.fail("%s %s %s: the rebuilt legal list and the HTTP Game's: %s", pos.variant, pos.fen, pos.moves, got)
		}
	}
}
