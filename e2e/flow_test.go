package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserGameFlow drives everything around the moves through the UI only: draw,
// takeback, abort, resignation, comments, keyboard moves, seeks in the lobby, open games,
// the exports, a phone-sized screen and layout stability. The same three people (browser
// contexts) sit at every table, one new game per case.
func TestBrowserGameFlow(t *testing.T) {
	e := newEnv(t)
	white, black, watcher := e.client(t, "white"), e.client(t, "black"), e.client(t, "watcher")
	newTable := func(t *testing.T) *table { return friendGame(t, "chess", white, black, watcher) }
	over := func(g *table, status string) {
		g.t.Helper()
		g.all(func(c *client) {
			c.waitJS(fmt.Sprintf(`document.querySelector('[data-testid=status]').textContent === %q && document.getElementById('app').dataset.status === 'ended'`, status), status)
		})
		g.all(func(c *client) {
			if n := eval[int](c, `document.querySelectorAll('[data-testid=controls] button').length`); n != 0 {
				c.fail("the game is over and %d game buttons remain", n)
			}
		})
	}

	t.Run("draw", func(t *testing.T) {
		g := newTable(t)
		g.white.typeMove("e4")
		g.played(1, "e4")
		g.white.click("offer-draw")
		g.black.waitJS(`!!document.querySelector('[data-testid=accept-draw]')`, "White's draw offer")
		g.white.waitJS(`[...document.querySelectorAll('[data-testid=controls] button')].some((b) => b.textContent === 'Draw offered' && b.disabled)`, "the offer shown as pending")
		g.black.click("accept-draw")
		over(g, "Game over: 1/2-1/2 (agreement)")
	})

	t.Run("takeback", func(t *testing.T) {
		g := newTable(t)
		g.white.typeMove("e4")
		g.played(1, "e4")
		g.black.typeMove("e5")
		g.played(2, "e5")
		g.black.click("takeback")
		g.white.waitJS(`!!document.querySelector('[data-testid=accept-takeback]')`, "Black's takeback request")
		g.white.click("accept-takeback")
		g.played(1, "the takeback of e5")
		expectPiece(g.watcher, "e7", "black pawn")
		g.black.waitMyTurn()
		g.black.typeMove("c5")
		g.played(2, "c5 after the takeback")
		expectTexts(g.watcher, `[data-testid=move-list] li[data-ply]`, "1. e4", "1… c5")
		exports(t, g)
	})

	t.Run("abort", func(t *testing.T) {
		g := newTable(t)
		g.black.click("abort")
		over(g, "Game aborted")
	})

	t.Run("resign", func(t *testing.T) {
		g := newTable(t)
		g.white.typeMove("d4")
		g.played(1, "d4")
		g.black.click("resign")
		g.black.waitJS(`document.querySelector('[data-testid=resign]').textContent === 'Really resign?'`, "the confirmation")
		g.black.click("resign")
		over(g, "Game over: 1-0 (resignation)")
	})

	t.Run("comments", func(t *testing.T) {
		g := newTable(t)
		say := func(c *client, author, text string) {
			c.t.Helper()
			c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=comment-author]`), author),
				chromedp.SetValue(chromedp.CSS(`[data-testid=comment-text]`), text))
			c.click("comment-send")
		}
		heard := func(c *client, author, text string) {
			c.t.Helper()
			c.waitJS(fmt.Sprintf(`[...document.querySelectorAll('[data-testid=comments-list] li')].some((li) => li.querySelector('.comment-author').textContent === %q && li.querySelector('p').textContent === %q)`, author, text), "the comment "+text)
		}
		say(g.white, "Alice", "Good luck!")
		g.all(func(c *client) { heard(c, "Alice", "Good luck!") })
		say(g.watcher, "Rail", "1. e4 is best by test")
		g.all(func(c *client) { heard(c, "Rail", "1. e4 is best by test") })
		if n := eval[int](g.black, `document.querySelectorAll('[data-testid=comments-list] li').length`); n != 2 {
			g.black.fail("%d comments listed, want 2 (each once)", n)
		}
	})

	t.Run("keyboard", func(t *testing.T) {
		// White focuses the board with Tab and plays e2-e4 with the arrow keys and Enter;
		// the watcher's page must not move meanwhile, nor while it loaded (no layout shift).
		g := newTable(t)
		g.watcher.watchLayout()
		before := g.watcher.rect(`[data-testid=board]`)
		w := g.white
		w.do(chromedp.Focus(chromedp.CSS(`[data-testid=flip]`)), chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
		if !eval[bool](w, `document.activeElement === document.querySelector('[data-testid=board] svg')`) {
			w.fail("Shift+Tab from the tools does not reach the board (focus on %s)", eval[string](w, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		w.do(chromedp.KeyEvent(kb.ArrowRight + kb.ArrowRight + kb.ArrowRight + kb.ArrowRight + kb.ArrowUp))
		w.waitJS(`document.querySelector('[data-testid=board] svg').getAttribute('aria-activedescendant').endsWith('-e2')`, "the cursor on e2")
		w.do(chromedp.KeyEvent(kb.Enter))
		w.waitJS(`document.querySelector('[data-testid=board] rect.sq[data-square=e2]').getAttribute('aria-selected') === 'true'`, "e2 selected")
		w.do(chromedp.KeyEvent(kb.ArrowUp + kb.ArrowUp + kb.Enter))
		g.played(1, "a keyboard move")
		expectPiece(g.watcher, "e4", "white pawn")
		g.black.typeMove("e5")
		g.played(2, "e5")
		// Flip turns the players' rows with the board (issue 35), the button and the f key alike.
		w.click("flip")
		w.waitJS(`document.querySelector('[data-testid=player-bottom]').dataset.side === 'black' && `+
			`document.querySelector('[data-testid=player-top]').dataset.side === 'white'`, "the players' rows turned with the board")
		w.do(chromedp.Focus(chromedp.CSS(`[data-testid=board] svg`)), chromedp.KeyEvent("f"))
		w.waitJS(`document.querySelector('[data-testid=player-bottom]').dataset.side === 'white'`, "the rows turned back with the f key")
		if after := g.watcher.rect(`[data-testid=board]`); after != before {
			g.watcher.fail("the board moved from %v to %v while moves arrived", before, after)
		}
		shift := eval[float64](g.watcher, `window.layoutShift`)
		if shift > 0.01 {
			g.watcher.fail("layout shift %.3f since the page loaded, want ~0; what moved: %s", shift, strings.Join(eval[[]string](g.watcher, `window.layoutShifted`), "; "))
		}
		t.Logf("the watcher's layout shift since its page loaded, two moves included: %.4f", shift)
	})

	t.Run("seek", func(t *testing.T) {
		// Black watches the lobby; White posts a seek; it shows up live and Black takes it.
		b, w := black.in(t), white.in(t)
		b.open("/")
		b.waitJS(`!!document.querySelector('[data-testid=seek-list] p, [data-testid=seek-list] table')`, "the seek list")
		w.open("/")
		w.click("opponent-seek")
		w.click("create-submit")
		w.waitJS(`!!document.querySelector('[data-testid^=cancel-seek-]')`, "my seek listed with its cancel button")
		b.waitJS(`!!document.querySelector('[data-testid^=accept-seek-]')`, "the new seek in the live list")
		b.do(chromedp.Click(chromedp.CSS(`[data-testid^=accept-seek-]`), chromedp.NodeVisible))
		b.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true'`, "the game of the accepted seek")
		w.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true'`, "the seeker taken to the game")
		if wp, bp := eval[string](w, `location.pathname`), eval[string](b, `location.pathname`); wp != bp {
			w.fail("the seeker is at %s, the taker at %s", wp, bp)
		}
		w.waitMyTurn()
		w.drag("g1", "f3")
		b.waitPly(1)
		b.waitMyTurn()
		b.screenshot("page-taker")
	})

	t.Run("open-game", func(t *testing.T) {
		// White creates a game whose other seat anyone with the link takes; Black joins.
		w, b, v := white.in(t), black.in(t), watcher.in(t)
		w.open("/")
		w.click("opponent-open")
		w.click("create-submit")
		w.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true' && !!document.querySelector('[data-testid=invite-link]')`, "the open game's page with its link")
		link := eval[string](w, `document.querySelector('[data-testid=invite-link]').value`)
		if strings.Contains(link, "#") {
			w.fail("the open game's link %q carries a token", link)
		}
		w.waitJS(`document.querySelector('[data-testid=status]').textContent === 'Waiting for someone to take the black seat'`, "the waiting status")
		v.open(strings.TrimPrefix(link, w.e.url))
		b.open(strings.TrimPrefix(link, w.e.url))
		for _, c := range []*client{b, v} {
			c.waitJS(`document.querySelector('[data-testid=join]') && document.querySelector('[data-testid=join]').textContent === 'Join the game as black'`, "the Join button")
		}
		b.screenshot("page-visitor")
		b.click("join")
		b.waitJS(`document.querySelector('[data-testid=status]').textContent === 'Waiting for the opponent' && !document.querySelector('[data-testid=join]')`, "the seat taken")
		v.waitJS(`!document.querySelector('[data-testid=join]') && document.querySelector('[data-testid=status]').textContent === 'White to move (watching)'`, "the seat gone for the other visitor")
		w.waitMyTurn()
		w.typeMove("e4")
		b.waitPly(1)
		v.waitPly(1)
		b.waitMyTurn()
		b.typeMove("c5")
		w.waitPly(2)
	})

	t.Run("phone", func(t *testing.T) {
		// A phone-sized screen: the board fits the width and nothing overflows sideways.
		g := newTable(t)
		g.white.typeMove("e4")
		g.played(1, "e4")
		p := e.client(t, "phone")
		p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		p.open("/game/" + g.id)
		p.waitPly(1)
		p.screenshot("page-phone")
		width := eval[float64](p, `document.documentElement.clientWidth`)
		if width != 390 {
			p.fail("viewport is %v px wide, want 390", width)
		}
		board := p.rect(`[data-testid=board]`)
		if board[0] < 0 || board[0]+board[2] > width || board[2] < 300 {
			p.fail("the board spans x %v..%v on a %v px screen", board[0], board[0]+board[2], width)
		}
		if sw := eval[float64](p, `document.documentElement.scrollWidth`); sw > width {
			over := eval[[]string](p, `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).slice(0, 5).map((e) => e.outerHTML.slice(0, 100))`)
			p.fail("the page is %v px wide on a %v px screen; too wide: %q", sw, width, over)
		}
	})
}

// exports clicks the export buttons of the game page: the PGN download holds the moves, the
// copied position text is the board's, and the SVG download is a drawing.
func exports(t *testing.T, g *table) {
	t.Helper()
	c := g.watcher
	c.click("export-pgn")
	pgn := c.download(".pgn")
	if !strings.Contains(pgn, "1. e4 c5") {
		c.fail("the PGN download does not hold the game:\n%s", pgn)
	}
	eval[bool](c, `(navigator.clipboard.writeText = async (text) => { window.copied = text; }, true)`)
	c.click("export-fen")
	c.waitJS(`window.copied === document.querySelector('[data-testid=board]').dataset.fen`, "the position text copied")
	c.click("export-svg")
	svg := c.download(".svg")
	if !strings.HasPrefix(svg, "<?xml") || !strings.Contains(svg, "<svg") || len(svg) < 1000 {
		c.fail("the SVG download is not a drawing (%d bytes): %.200s", len(svg), svg)
	}
}

// download waits for a finished download whose name ends in ext and returns its content.
func (c *client) download(ext string) string {
	c.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		files, _ := filepath.Glob(filepath.Join(c.downloads, "*"+ext))
		for _, f := range files {
			if data, err := os.ReadFile(f); err == nil && len(data) > 0 {
				os.Remove(f)
				return string(data)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.fail("no %s file downloaded to %s", ext, c.downloads)
	return ""
}

// rect is the bounding box of the element: x, y, width, height.
func (c *client) rect(selector string) [4]float64 {
	c.t.Helper()
	r := eval[[]float64](c, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()`, selector))
	if len(r) != 4 {
		c.fail("no box for %s", selector)
	}
	return [4]float64{r[0], r[1], r[2], r[3]}
}

// watchLayout sums the page's layout shifts since it loaded (buffered entries: a frame
// drawn late on a busy machine still counts where it belongs) into window.layoutShift,
// and lists the elements that moved, with their boxes before and after, in
// window.layoutShifted.
func (c *client) watchLayout() {
	c.t.Helper()
	eval[bool](c, `(() => {
		window.layoutShift = 0;
		window.layoutShifted = [];
		const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
		new PerformanceObserver((list) => {
			for (const e of list.getEntries()) {
				if (e.hadRecentInput) continue;
				window.layoutShift += e.value;
				for (const s of e.sources || []) {
					const n = s.node;
					const name = !n ? '?' : n.nodeType === 1 ? n.outerHTML.slice(0, 100) : '#text ' + JSON.stringify(n.textContent.slice(0, 40)) + ' in ' + (n.parentElement ? n.parentElement.outerHTML.slice(0, 80) : '?');
					window.layoutShifted.push(name + ' [' + box(s.previousRect) + '] -> [' + box(s.currentRect) + ']');
				}
			}
		}).observe({ type: 'layout-shift', buffered: true });
		return true;
	})()`)
}
