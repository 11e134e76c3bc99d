package e2e

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// table is a game played through the UI: two players in their own browser contexts and a
// watcher without a seat, all on the game page.
type table struct {
	t                     *testing.T
	id                    string
	white, black, watcher *client
}

// newFriendGame has White create a friend game of the variant on the home page, Black open
// the invitation link, and a watcher open the game page, each in a new browser context.
func newFriendGame(t *testing.T, e *env, variant string) *table {
	t.Helper()
	return friendGame(t, variant, e.client(t, "white"), e.client(t, "black"), e.client(t, "watcher"))
}

// friendGame is newFriendGame with the given people, who act in t.
func friendGame(t *testing.T, variant string, white, black, watcher *client) *table {
	t.Helper()
	g := &table{t: t, white: white.in(t), black: black.in(t), watcher: watcher.in(t)}
	w := g.white
	w.open("/")
	setSelect(w, "create-variant", variant)
	w.click("create-submit")
	w.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true' && !!document.querySelector('[data-testid=invite-link]') && document.querySelector('[data-testid=invite-link]').value !== ''`, "the new game's page with its invitation")
	g.id = strings.TrimPrefix(eval[string](w, `location.pathname`), "/game/")
	link := eval[string](w, `document.querySelector('[data-testid=invite-link]').value`)
	if !strings.Contains(link, "#seat=") {
		w.fail("invitation link %q has no seat fragment", link)
	}
	g.black.open(strings.TrimPrefix(link, w.e.url))
	if got := eval[string](g.black, `location.hash`); got != "" {
		g.black.fail("the seat token stays in the address bar: %q", got)
	}
	g.watcher.open("/game/" + g.id)
	g.all(func(c *client) { c.waitPly(0) })
	w.waitMyTurn()
	return g
}

func (g *table) all(f func(c *client)) {
	for _, c := range []*client{g.white, g.black, g.watcher} {
		f(c)
	}
}

// played waits until every browser shows ply n, checks the watcher's board against the
// players', and saves a screenshot of each board.
func (g *table) played(n int, what string) {
	g.t.Helper()
	g.all(func(c *client) { c.waitPly(n) })
	fen := eval[string](g.white, `document.querySelector('[data-testid=board]').dataset.fen`)
	for _, c := range []*client{g.black, g.watcher} {
		if got := eval[string](c, `document.querySelector('[data-testid=board]').dataset.fen`); got != fen {
			c.fail("after %s the board shows %q, White's shows %q", what, got, fen)
		}
	}
	g.all(func(c *client) { c.screenshot(fmt.Sprintf("ply%02d-%s", n, c.name)) })
}

// setSelect chooses an option of a <select> and tells the page (change event).
func setSelect(c *client, testid, value string) {
	c.t.Helper()
	ok := eval[bool](c, fmt.Sprintf(`(() => { const s = document.querySelector('[data-testid=%q]'); if (!s || ![...s.options].some(o => o.value === %q)) return false; s.value = %q; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, testid, value, value))
	if !ok {
		c.fail("select %s has no option %q", testid, value)
	}
}

func expectPiece(c *client, square, want string) {
	c.t.Helper()
	if got := c.pieceOn(square); got != want {
		c.fail("%s holds %q, want %q", square, got, want)
	}
}

// TestBrowserPlay plays a short game of each variant through the UI only: drag, click and
// typed moves, the time-travel actions, a watcher seeing each move live, a reload that
// resumes, and a game against the engine.
func TestBrowserPlay(t *testing.T) {
	e := newEnv(t)

	t.Run("chess", func(t *testing.T) {
		// Moves: the four-move mate (1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#), in several notations.
		g := newFriendGame(t, e, "chess")
		g.white.drag("e2", "e4")
		g.played(1, "a drag")
		expectPiece(g.watcher, "e4", "white pawn")
		g.black.waitMyTurn()
		g.black.typeMove("e9")
		g.black.waitJS(`document.querySelector('[data-testid=typed-error]').textContent.length > 0`, "the server's error for a bad move")
		g.black.typeMove("e5")
		g.played(2, "a typed SAN move")
		g.white.clickSquare("f1")
		g.white.clickSquare("c4")
		g.played(3, "click-click")
		g.black.typeMove("b8c6")
		g.played(4, "a coordinate move")
		g.white.typeMove("Q d1-h5")
		g.played(5, "a Game Courier move")
		g.black.open("/game/" + g.id) // a reload resumes the game with the seat
		g.black.waitMyTurn()
		g.black.drag("g8", "f6")
		g.played(6, "a drag after reload")
		g.white.typeMove("Qxf7#")
		g.played(7, "mate")
		g.all(func(c *client) {
			c.waitJS(`document.querySelector('[data-testid=status]').textContent.startsWith('Game over: 1-0')`, "the result")
		})
	})

	t.Run("gifford", func(t *testing.T) {
		// A send, an arrival and a King's backward travel (docs/rules/gifford.md; checked with
		// `timechess moves --variant gifford --moves "d2//3 Nc6 e4 Nf6 P@d4 e5"`).
		g := newFriendGame(t, e, "gifford")
		g.white.click("special-d2//3")
		g.played(1, "a send")
		g.watcher.waitJS(`document.querySelector('[data-testid=arrivals-white]').textContent.includes('move 3')`, "the booked arrival")
		expectPiece(g.watcher, "d2", "")
		g.black.waitMyTurn()
		g.black.drag("b8", "c6")
		g.played(2, "a drag")
		g.white.typeMove("e4")
		g.played(3, "typed")
		g.black.typeMove("Nf6")
		g.played(4, "typed")
		g.white.clickSquare("d4") // the arrival: a click on the landing square
		g.played(5, "an arrival")
		expectPiece(g.watcher, "d4", "white pawn")
		g.black.typeMove("e5")
		g.played(6, "typed")
		g.white.click("special-e1//2@a4")
		g.played(7, "a backward travel")
		expectPiece(g.watcher, "a4", "white king")
		expectPiece(g.watcher, "e1", "white king")
		g.watcher.waitJS(`document.querySelector('[data-testid=timelines] h3').textContent.includes('(2)')`, "two timelines")
		g.watcher.screenshot("page-watcher")
		g.white.screenshot("page-white")
		if got := eval[string](g.watcher, `document.querySelector('[data-testid=travels-white]').textContent`); got != "1" {
			g.watcher.fail("White has %q backward travels left, want 1", got)
		}
		// Numbering on the score sheets (seed time-travel-chess-gifford.txt: "10. K // to 6",
		// then "6. K f3 // FTF" on a new sheet): the travel is written at White's move 4 in the
		// move log; it is White's move 2 of timeline 2, and Black's reply is Black's move 2.
		g.black.typeMove("e6")
		g.played(8, "a move after the travel")
		expectTexts(g.watcher, `[data-testid=move-list] li[data-ply] .num`, "1.", "1…", "2.", "2…", "3.", "3…", "4.", "2…")
		// The timelines picture draws the boards timeline 2 shares with timeline 1 once, on timeline 1.
		g.watcher.waitJS(`document.querySelectorAll('[data-testid=timeline-2] li').length === 2`, "the second timeline's boards")
		expectTexts(g.watcher, `[data-testid=timeline-2] li`, "2. Ke1//2@a4", "2… e6")
		expectTexts(g.watcher, `[data-testid=timeline-1] li`, "Start", "1. d2//3", "1… Nc6", "2. e4", "2… Nf6", "3. P@d4", "3… e5")
		// Browse the abandoned timeline's last board, then go back to the live one.
		g.watcher.do(chromedp.Click(chromedp.CSS(`[data-testid=timeline-1] li[data-ply="6"] button`), chromedp.NodeVisible))
		g.watcher.waitJS(`document.querySelector('[data-testid=browse-banner]').textContent.startsWith("Viewing the board after Black's move 3 (ply 6).")`, "the banner of the earlier board")
		expectPiece(g.watcher, "d4", "white pawn")
		g.watcher.click("back-to-live")
		g.watcher.waitJS(`document.querySelector('[data-testid=browse-banner]').hidden`, "the live board again")
		expectPiece(g.watcher, "d4", "")
	})

	t.Run("timethief", func(t *testing.T) {
		// 1. f4 opens the Time Thief's diagonal g1-a7; after 1... a5 the TT-capture Txa7 (g1xa7)
		// takes the pawn back on a7 (`timechess moves --variant timethief --moves "f4 a5"`).
		g := newFriendGame(t, e, "timethief")
		g.white.drag("f2", "f4")
		g.played(1, "a drag")
		g.black.waitMyTurn()
		g.black.typeMove("a5")
		g.played(2, "typed")
		g.white.waitMyTurn()
		g.white.click("tt-g1xa7")
		g.played(3, "a TT-capture")
		expectPiece(g.watcher, "a7", "white time thief")
		g.black.screenshot("page-black")
		expectPiece(g.watcher, "a5", "")
	})

	t.Run("travelers", func(t *testing.T) {
		// A pawn explosion on h3 with the traveled pawn going to h4, then the h2 pawn
		// annihilates with the traveling pawn (docs/rules/travelers.md; checked with
		// `timechess moves --variant travelers --moves "h3/h4 e5"`).
		g := newFriendGame(t, e, "travelers")
		g.white.click("open-explosions")
		setSelect(g.white, "explosion-type", "P")
		setSelect(g.white, "explosion-square", "h3")
		setSelect(g.white, "explosion-dest", "h4")
		g.white.click("explosion-play")
		g.played(1, "an explosion")
		expectPiece(g.watcher, "h3", "white traveling pawn")
		expectPiece(g.watcher, "h4", "white traveled pawn")
		g.watcher.screenshot("page-watcher")
		g.black.waitMyTurn()
		g.black.typeMove("e5")
		g.played(2, "typed")
		g.white.waitMyTurn()
		g.white.drag("h2", "h3")
		g.played(3, "an annihilation")
		expectPiece(g.watcher, "h2", "")
		expectPiece(g.watcher, "h3", "")
		expectPiece(g.watcher, "h4", "white traveled pawn")
	})

	t.Run("engine", func(t *testing.T) {
		c := e.client(t, "human")
		c.open("/")
		c.click("opponent-engine")
		c.do()
		eval[bool](c, `(() => { const l = document.querySelector('[data-testid=engine-level]'); l.value = '1'; return true; })()`)
		c.click("create-submit")
		c.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true'`, "the game page")
		c.waitMyTurn()
		c.typeMove("e4")
		c.waitPly(2)
		c.screenshot("engine-replied")
	})

	t.Run("analysis", func(t *testing.T) {
		// Import a PGN, step back, ask the engine, then check the editor validates a set-up.
		c := e.client(t, "analyst")
		c.open("/analysis")
		c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=pgn-input]`), "[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 *\n"))
		c.click("import")
		c.waitJS(`document.querySelectorAll('[data-testid=move-list] li button').length === 3`, "the imported moves")
		c.waitJS(`document.querySelector('[data-testid=move-list]').textContent === '1. e41… e52. Nf3'`, "the imported moves in SAN")
		expectTexts(c, `[data-testid=move-list] li`, "1. e4", "1… e5", "2. Nf3")
		c.click("nav-back")
		c.waitJS(`document.querySelector('[data-testid=status]').textContent.startsWith('White to move')`, "the board one move back")
		c.click("analyze")
		c.waitJS(`/depth \d+/.test(document.querySelector('[data-testid=engine-output]').textContent)`, "the engine's lines")
		c.screenshot("page-analysis")
		c.open("/analysis?variant=gifford&moves=d2%2F%2F3,b8c6,e2e4")
		c.waitJS(`document.querySelector('[data-testid=move-list]').textContent === '1. d2//31… Nc62. e4'`, "the moves of the address in SAN")
		c.open("/editor?variant=chess&fen=" + url.QueryEscape("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"))
		c.waitJS(`document.querySelector('[data-testid=editor-verdict]').textContent.startsWith('Valid')`, "the editor's verdict")
		c.click("editor-solve")
		// Asked for a mate in 2 (the default), it names the shortest: a mate in 1 (issue 35).
		c.waitJS(`/^Mate in 1: key Ra8#/.test((document.querySelector('[data-testid=solve-result]') || {}).textContent || '')`, "the mate search from the editor")
		c.screenshot("page-solve")
	})
}

// expectTexts checks the text of each element the CSS selector matches, in order.
func expectTexts(c *client, selector string, want ...string) {
	c.t.Helper()
	got := eval[[]string](c, fmt.Sprintf(`[...document.querySelectorAll(%q)].map((e) => e.textContent.trim())`, selector))
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		c.fail("%s: got %q, want %q", selector, got, want)
	}
}
