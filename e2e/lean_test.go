package e2e

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"

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
}
