package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"timechess/server"
	"timechess/store"
	_ "timechess/variant/all" // every variant, as cmd/timechess has them
	"timechess/web"
)

// chromiumPath finds the browser: $CHROMIUM, else Debian's /usr/bin/chromium, else PATH.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// env is one server and one browser process, shared by every test of the package (one
// Chromium start); each player is a separate browser context (its own localStorage, so its
// own seat tokens).
type env struct {
	url       string
	browser   context.Context
	artifacts string
}

// shared is the package's env, started by the first test that asks and stopped by TestMain.
var shared struct {
	once  sync.Once
	env   *env
	skip  string // why the browser tests cannot run here
	err   error  // the server or the artifacts directory failed
	close []func()
}

// TestMain stops the shared server and browser after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(shared.close) - 1; i >= 0; i-- {
		shared.close[i]()
	}
	os.Exit(code)
}

// newEnv returns the shared server and browser, or skips the test.
func newEnv(t *testing.T) *env {
	t.Helper()
	if testing.Short() {
		t.Skip("browser end-to-end test skipped with -short")
	}
	shared.once.Do(startEnv)
	if shared.skip != "" {
		t.Skip(shared.skip)
	}
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.env
}

// startEnv starts the server in-process on a fresh SQLite file and the headless browser.
func startEnv() {
	chromium := chromiumPath()
	if chromium == "" {
		shared.skip = "chromium not found (install Debian's chromium or set $CHROMIUM); skipping the browser tests"
		return
	}
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "timechess-e2e-")
	if err != nil {
		shared.err = err
		return
	}
	shared.close = append(shared.close, func() { os.RemoveAll(dir) })
	st, err := store.Open(ctx, filepath.Join(dir, "e2e.db"))
	if err != nil {
		shared.err = fmt.Errorf("open store: %w", err)
		return
	}
	srv, err := server.New(ctx, server.Config{Store: st, UI: web.Handler(), NoRateLimits: true, EngineWorkers: 1})
	if err != nil {
		st.Close()
		shared.err = fmt.Errorf("server: %w", err)
		return
	}
	ts := httptest.NewServer(srv.Handler())
	shared.close = append(shared.close, func() {
		ts.Close()
		srv.Close()
		st.Close()
	})
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.WindowSize(1280, 1000),
		chromedp.Flag("disable-dev-shm-usage", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	shared.close = append(shared.close, func() {
		cancelBrowser()
		cancelAlloc()
	})
	if err := chromedp.Do(browser); err != nil {
		shared.skip = fmt.Sprintf("chromium at %s does not start: %v", chromium, err)
		return
	}
	artifacts := os.Getenv("E2E_ARTIFACTS")
	if artifacts == "" {
		artifacts = "artifacts"
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		shared.err = err
		return
	}
	shared.env = &env{url: ts.URL, browser: browser, artifacts: artifacts}
}

// client is one person in the browser: a tab in its own browser context.
type client struct {
	e         *env
	t         *testing.T
	name      string
	ctx       context.Context
	downloads string // where the browser saves this person's downloads
	errs      *pageErrors
}

// pageErrors collects the uncaught script errors of a tab.
type pageErrors struct {
	mu   sync.Mutex
	list []string
}

// client opens a new isolated browser context; its uncaught script errors fail t.
func (e *env) client(t *testing.T, name string) *client {
	ctx, cancel := chromedp.NewContext(e.browser, chromedp.WithNewBrowserContext())
	c := &client{e: e, t: t, name: name, ctx: ctx, downloads: t.TempDir(), errs: &pageErrors{}}
	// The first run allocates the tab; it must not carry a timeout, which would close the tab.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		t.Fatalf("%s: open a browser context: %v", name, err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		if ex, ok := ev.(*cdpruntime.EventExceptionThrown); ok {
			c.errs.add(ex.ExceptionDetails)
		}
	}); err != nil {
		t.Fatalf("%s: listen for script errors: %v", name, err)
	}
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, BrowserContextID: chromedp.FromContext(ctx).BrowserContextID, DownloadPath: c.downloads,
	})
	if err != nil {
		t.Fatalf("%s: set the download directory: %v", name, err)
	}
	t.Cleanup(func() {
		for _, msg := range c.errs.all() {
			t.Errorf("%s: uncaught script error: %s", name, msg)
		}
		cancel()
	})
	return c
}

func (p *pageErrors) add(d *cdpruntime.ExceptionDetails) {
	if d == nil {
		return
	}
	msg := d.Text
	if d.Exception != nil && d.Exception.Description != "" {
		msg += " " + d.Exception.Description
	}
	p.mu.Lock()
	p.list = append(p.list, fmt.Sprintf("%s (%s:%d)", msg, d.URL, d.LineNumber+1))
	p.mu.Unlock()
}

func (p *pageErrors) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.list...)
}

// in is the same person acting in (sub)test t: failures end t.
func (c *client) in(t *testing.T) *client {
	d := *c
	d.t = t
	return &d
}

func (c *client) fail(format string, args ...any) {
	c.t.Helper()
	c.screenshot("FAILED-" + c.name)
	c.t.Fatalf(c.name+": "+format, args...)
}

// do runs actions with a time limit.
func (c *client) do(actions ...chromedp.Action[chromedp.Void]) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		c.fail("%v", err)
	}
}

// eval evaluates a JavaScript expression and returns its value.
func eval[T any](c *client, expr string) T {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		c.fail("evaluate %s: %v", expr, err)
	}
	return v
}

// waitJS waits until the expression is true. It polls, so a navigation in between (the
// page's own, or a reload) only delays it.
func (c *client) waitJS(expr string, what string) {
	c.t.Helper()
	deadline := time.Now().Add(40 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(c.ctx, 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!(`+expr+`)`))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	c.fail("waiting for %s (%s): last error %v", what, expr, last)
}

// open loads a page of the app and waits until it has drawn itself.
func (c *client) open(path string) {
	c.t.Helper()
	c.do(chromedp.Navigate(c.e.url + path))
	c.waitJS(`document.getElementById('app').dataset.ready === 'true'`, "the page to load")
}

// waitPly waits until the game page shows the given number of moves.
func (c *client) waitPly(n int) {
	c.t.Helper()
	c.waitJS(fmt.Sprintf(`document.getElementById('app').dataset.ply === '%d' && document.querySelectorAll('[data-testid=move-list] li[data-ply]').length === %d`, n, n),
		fmt.Sprintf("ply %d", n))
}

// waitMyTurn waits until the board takes this client's moves.
func (c *client) waitMyTurn() {
	c.t.Helper()
	c.waitJS(`document.querySelector('[data-testid=status]').textContent.startsWith('Your move') && !document.querySelector('[data-testid=typed-move]').disabled`, "my turn")
}

// center is the viewport point at the middle of a square of the board.
func (c *client) center(square string) (float64, float64) {
	c.t.Helper()
	pt := eval[[]float64](c, fmt.Sprintf(`(() => { const r = document.querySelector('[data-testid=board] rect.sq[data-square=%q]').getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()`, square))
	if len(pt) != 2 {
		c.fail("no square %s", square)
	}
	return pt[0], pt[1]
}

// drag drags the man on from to the square to with the mouse.
func (c *client) drag(from, to string) {
	c.t.Helper()
	x0, y0 := c.center(from)
	x1, y1 := c.center(to)
	left := chromedp.ButtonType(input.MouseButtonLeft)
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, left, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, left))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, left, chromedp.ClickCount(1)))
	c.do(steps...)
}

// clickSquare clicks a square of the board.
func (c *client) clickSquare(square string) {
	c.t.Helper()
	x, y := c.center(square)
	c.do(chromedp.MouseClickXY(x, y))
}

// click clicks the element with the given data-testid.
func (c *client) click(testid string) {
	c.t.Helper()
	c.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-testid=%q]`, testid)), chromedp.NodeVisible))
}

// typeMove enters a move in the text box and submits it.
func (c *client) typeMove(move string) {
	c.t.Helper()
	c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=typed-move]`), move))
	eval[bool](c, `(document.querySelector('[data-testid=typed-form]').requestSubmit(), true)`)
}

// pieceOn is the board's man on a square as "color kind state", or "".
func (c *client) pieceOn(square string) string {
	c.t.Helper()
	return eval[string](c, fmt.Sprintf(`(() => { const g = document.querySelector('[data-testid=board] g.piece[data-square=%q]'); return g ? g.querySelector('title').textContent : ''; })()`, square))
}

// screenshot saves the board (or, for a failure or a name starting with "page", the whole
// page) as a PNG artifact.
func (c *client) screenshot(name string) {
	ctx, cancel := context.WithTimeout(c.ctx, 15*time.Second)
	defer cancel()
	var buf []byte
	hasBoard, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid=board] svg')`))
	if err == nil && hasBoard && !strings.HasPrefix(name, "FAILED") && !strings.HasPrefix(name, "page") {
		buf, err = chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`[data-testid=board]`), chromedp.NodeVisible))
	} else {
		buf, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	}
	if err != nil {
		c.t.Logf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(c.e.artifacts, strings.ReplaceAll(c.t.Name(), "/", "_")+"-"+name+".png")
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		c.t.Logf("screenshot %s: %v", name, err)
	}
}
