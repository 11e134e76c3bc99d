package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserAnalysisTree builds a tree of variations on the analysis board through the UI:
// a main line by drags, a move from an earlier position that starts a variation (nested inside
// another), promotes and deletes one, steps with the arrow keys and chooses at a fork, and
// exports the tree as PGN with its variations.
func TestBrowserAnalysisTree(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "analyst")
	c.open("/analysis?variant=chess")
	c.drag("e2", "e4")
	c.waitMoves("1. e4")
	c.drag("e7", "e5")
	c.waitMoves("1. e4", "1… e5")
	c.drag("g1", "f3")
	c.waitMoves("1. e4", "1… e5", "2. Nf3")
	c.screenshot("main-line")

	// Two steps back with the arrow key, then another answer to 1. e4: a variation, not a cut.
	c.do(chromedp.KeyEvent(kb.ArrowLeft + kb.ArrowLeft))
	c.waitCurrent("e4")
	c.drag("c7", "c5")
	c.waitCurrent("c5")
	c.waitMoves("1. e4", "1… e5", "2. Nf3")
	c.waitJS(`document.querySelector('[data-testid=variation]')?.textContent === '1… c5'`, "the variation 1… c5 under 1… e5")
	c.drag("g1", "f3")
	c.waitCurrent("Nf3")
	c.do(chromedp.KeyEvent(kb.ArrowLeft))
	c.waitCurrent("c5")
	c.drag("b1", "c3")
	c.waitCurrent("Nc3")
	c.waitJS(`document.querySelector('[data-testid=variation]')?.textContent === '1… c5 2. Nf3 (2. Nc3)'`, "2. Nc3 nested in brackets in the variation")
	if u := eval[string](c, `location.search`); !strings.Contains(u, "moves=e2e4%2Ce7e5%2Cg1f3") && !strings.Contains(u, "moves=e2e4,e7e5,g1f3") {
		c.fail("the address %s does not keep the main line", u)
	}
	c.screenshot("page-variations")
	c.screenshot("variation-nested")

	// Promote 1… c5: it becomes the main line, 1… e5 2. Nf3 the variation.
	c.clickMove("c5")
	c.waitCurrent("c5")
	c.click("promote")
	c.waitMoves("1. e4", "1… c5", "2. Nf3")
	c.waitJS(`[...document.querySelectorAll('[data-testid=variation]')].map((v) => v.textContent).join(' | ') === '1… e5 2. Nf3 | 2. Nc3'`, "1… e5 2. Nf3 a variation now")
	c.waitJS(`/moves=e2e4(%2C|,)c7c5(%2C|,)g1f3/.test(location.search)`, "the promoted main line in the address")
	if !eval[bool](c, `document.querySelector('[data-testid=promote]').disabled`) {
		c.fail("Promote is offered for a move of the main line")
	}
	c.screenshot("page-promoted")

	// Keys: Home, → to 1. e4, a fork of two answers: ↓ chooses 1… e5, → plays it.
	c.do(chromedp.KeyEvent(kb.Home))
	c.waitJS(`!document.querySelector('[data-testid=move-list] button.current')`, "the start position")
	c.do(chromedp.KeyEvent(kb.ArrowRight))
	c.waitCurrent("e4")
	c.waitJS(`[...document.querySelectorAll('[data-testid=fork-chooser] button')].map((b) => b.dataset.san).join() === 'c5,e5'`, "the fork chooser with c5 and e5")
	c.do(chromedp.KeyEvent(kb.ArrowDown))
	c.waitJS(`document.querySelector('[data-testid=fork-chooser] button[aria-pressed=true]')?.dataset.san === 'e5'`, "e5 chosen at the fork")
	c.screenshot("page-fork")
	c.do(chromedp.KeyEvent(kb.ArrowRight))
	c.waitCurrent("e5")
	expectPiece(c, "e5", "black pawn")
	c.do(chromedp.KeyEvent(kb.End))
	c.waitJS(`document.querySelector('[data-testid=move-list] button.current')?.dataset.san === 'Nf3' && document.querySelector('[data-testid=move-list] button.current').closest('[data-testid=variation]')`, "End: the end of the variation")

	// Delete the variation from 1… e5 on: the board goes to 1. e4, e5 is gone from the list.
	c.do(chromedp.KeyEvent(kb.ArrowLeft))
	c.waitCurrent("e5")
	c.click("delete-move")
	c.waitCurrent("e4")
	c.waitJS(`!document.querySelector('[data-testid=move-list] button[data-san=e5]') && !document.querySelector('[data-testid=fork-chooser]')`, "the variation 1… e5 deleted")
	c.waitMoves("1. e4", "1… c5", "2. Nf3")
	c.screenshot("page-deleted")

	// The PGN holds the variations that are left.
	c.click("export-pgn")
	pgn := c.download(".pgn")
	if !strings.Contains(pgn, "1. e4 c5 2. Nf3 (2. Nc3) *") {
		c.fail("the exported PGN does not hold the tree:\n%s", pgn)
	}

	// A reload shows the main line of the address, and the variations this tab kept.
	c.open("/analysis" + eval[string](c, `location.search`))
	c.waitMoves("1. e4", "1… c5", "2. Nf3")
	c.waitJS(`[...document.querySelectorAll('[data-testid=variation]')].map((v) => v.textContent).join(' | ') === '2. Nc3'`, "the variation 2. Nc3 kept over the reload")

	// The exported PGN imported again gives the tree back, variations included.
	c.open("/analysis")
	c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=pgn-input]`), pgn))
	c.click("import")
	c.waitMoves("1. e4", "1… c5", "2. Nf3")
	c.waitJS(`[...document.querySelectorAll('[data-testid=variation]')].map((v) => v.textContent).join(' | ') === '2. Nc3'`, "the imported variation 2. Nc3")
	c.screenshot("page-imported")

	// A right click on a move opens its menu: 2. Nc3 made the main line, then 2. Nf3 deleted.
	c.rightClickMove("Nc3")
	c.waitJS(`[...document.querySelectorAll('[data-testid=move-menu] button')].map((b) => b.textContent).join('|') === 'Promote variation|Make main line|Delete from here'`, "the menu of 2. Nc3")
	c.screenshot("page-move-menu")
	c.click("menu-main-line")
	c.waitMoves("1. e4", "1… c5", "2. Nc3")
	c.waitJS(`!document.querySelector('[data-testid=move-menu]') && [...document.querySelectorAll('[data-testid=variation]')].map((v) => v.textContent).join(' | ') === '2. Nf3'`, "2. Nf3 a variation, the menu closed")
	c.rightClickMove("Nf3")
	c.click("menu-delete")
	c.waitJS(`!document.querySelector('[data-testid=variation]') && !document.querySelector('[data-testid=move-list] button[data-san=Nf3]')`, "2. Nf3 deleted")
	c.waitMoves("1. e4", "1… c5", "2. Nc3")
}

// TestBrowserAnalysisEngine switches the continuous engine on: the evaluation bar fills and
// the best move is drawn as an arrow of the side to move, deeper answers follow, a move makes
// it analyse the new position, Flip turns the bar, switching off clears it. In Gifford, a due
// arrival's best drop is marked on the board.
func TestBrowserAnalysisEngine(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "analyst")
	c.open("/analysis?variant=chess&moves=e2e4,e7e5")
	c.watchLayout()
	if !eval[bool](c, `document.querySelector('[data-testid=eval-bar]').classList.contains('off')`) {
		c.fail("the evaluation bar shows a score with the engine off")
	}
	c.click("engine-toggle")
	c.waitJS(`document.querySelector('[data-testid=eval-bar]').dataset.score !== '' && document.querySelector('[data-testid=board] path.arrow-best')`, "the evaluation and the best-move arrow")
	c.expectBestFrom("white")
	first := eval[int](c, `Number(document.querySelector('[data-testid=live-lines]').dataset.depth)`)
	c.screenshot("engine-on")
	c.waitJS(fmt.Sprintf(`Number(document.querySelector('[data-testid=live-lines]').dataset.depth) > %d`, first), "a deeper answer")
	if n := eval[int](c, `document.querySelectorAll('[data-testid=live-lines] li').length`); n < 2 {
		c.fail("%d engine lines, want the top 3 (at least 2)", n)
	}
	// Nothing on the page moved since it loaded: the bar and the lines' room are there from the start.
	if shift := eval[float64](c, `window.layoutShift`); shift > 0.001 {
		c.fail("layout shift %.3f while the engine answered, want ~0; what moved: %s", shift, strings.Join(eval[[]string](c, `window.layoutShifted`), "; "))
	} else {
		t.Logf("layout shift while the engine answered: %.4f (%s)", shift, strings.Join(eval[[]string](c, `window.layoutShifted`), "; "))
	}
	c.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=live-engine]`)))
	c.screenshot("page-engine-on")

	// A move: the engine analyses Black's position.
	c.drag("g1", "f3")
	c.waitCurrent("Nf3")
	c.waitJS(`document.querySelector('[data-testid=engine-depth]').textContent !== '' && document.querySelector('[data-testid=board] path.arrow-best')`, "the analysis of the new position")
	c.expectBestFrom("black")
	c.screenshot("engine-after-move")

	// A click on the second move of the first line plays both moves of the line up to it.
	c.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=live-lines]`)))
	pv := c.rect(`[data-testid=live-lines] li:first-child button:nth-of-type(2)`)
	x, y := pv[0]+pv[2]/2, pv[1]+pv[3]/2
	c.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y), chromedp.Sleep(300*time.Millisecond), chromedp.MouseClickXY(x, y))
	c.waitJS(`document.querySelectorAll('[data-testid=move-list] li[data-ply]').length === 5 && document.querySelector('[data-testid=move-list] li[data-ply="5"]').classList.contains('current')`, "the engine's two moves played")

	// Flip turns the bar with the board; switching off clears bar and arrow.
	c.click("flip")
	c.waitJS(`document.querySelector('[data-testid=eval-bar]').classList.contains('flipped')`, "the bar flipped with the board")
	c.screenshot("engine-flipped")
	c.click("engine-toggle")
	c.waitJS(`document.querySelector('[data-testid=eval-bar]').classList.contains('off') && !document.querySelector('[data-testid=board] path.arrow-best')`, "the bar and arrow cleared")

	// Gifford: White's pawn sent to move 3 is due; its best arrival is marked on the board.
	g := e.client(t, "gifford-analyst")
	g.open("/analysis?" + url.Values{"variant": {"gifford"}, "moves": {"d2//3,b8c6,e2e4,g8f6"}}.Encode())
	g.click("engine-toggle")
	g.waitJS(`document.querySelector('[data-testid=eval-bar]').dataset.score !== '' && document.querySelector('[data-testid=board] rect.mark-best')`, "the best arrival marked")
	to := eval[string](g, `document.querySelector('[data-testid=board] rect.mark-best').dataset.square`)
	if !eval[bool](g, fmt.Sprintf(`document.querySelector('[data-testid=live-lines] li button').textContent.includes(%q)`, to)) {
		g.fail("the marked square %s is not the first line's move %s", to, eval[string](g, `document.querySelector('[data-testid=live-lines] li').textContent`))
	}
	g.screenshot("gifford-arrival")
	g.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=live-engine]`)))
	g.screenshot("page-gifford-engine")

	// The other variants the engine plays: the bar fills and the best move is on the board.
	for _, v := range []string{"timethief", "travelers", "chess10x8"} {
		g.open("/analysis?variant=" + v)
		g.click("engine-toggle")
		g.waitJS(`document.querySelector('[data-testid=eval-bar]').dataset.score !== '' && document.querySelector('[data-testid=board] path.arrow-best, [data-testid=board] rect.mark-best') && document.querySelector('[data-testid=live-lines] li')`, v+": the evaluation and the best move")
		g.screenshot(v + "-engine")
	}

	// A mate to come: M1 when White mates, -M1 when Black does; the bar is the mating side's.
	for _, m := range []struct{ fen, score, white string }{
		{"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "M1", "1.000"},
		{"r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "-M1", "0.000"},
	} {
		g.open("/analysis?" + url.Values{"variant": {"chess"}, "fen": {m.fen}}.Encode())
		g.click("engine-toggle")
		g.waitJS(fmt.Sprintf(`document.querySelector('[data-testid=eval-bar]').dataset.score === %q && document.querySelector('[data-testid=eval-bar]').dataset.white === %q`, m.score, m.white), "the bar at "+m.score)
		g.screenshot("mate-" + m.score)
	}

	// A mate on the board: the bar is Black's, and the panel says the game is over.
	g.open("/analysis?variant=chess&moves=f2f3,e7e5,g2g4,d8h4")
	g.click("engine-toggle")
	g.waitJS(`document.querySelector('[data-testid=eval-bar]').dataset.score === '0-1' && document.querySelector('[data-testid=eval-bar]').dataset.white === '0.000' && document.querySelector('[data-testid=engine-state]').textContent.includes('game is over')`, "the bar of a mated White")
}

// TestBrowserAnalysisTreePhone does the same on a 390 px phone: a variation and the engine,
// and the page is no wider than the screen.
func TestBrowserAnalysisTreePhone(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "analyst-phone")
	c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	c.open("/analysis?variant=chess&moves=e2e4,e7e5,g1f3,b8c6")
	c.clickMove("e5")
	c.waitCurrent("e5")
	c.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=board]`)))
	y0 := eval[float64](c, `window.scrollY`)
	c.drag("b1", "c3")
	c.waitCurrent("Nc3")
	c.drag("d7", "d6")
	c.waitCurrent("d6")
	c.waitJS(`document.querySelector('[data-testid=variation]')?.textContent === '2. Nc3 d6'`, "the variation 2. Nc3 d6")
	if y := eval[float64](c, `window.scrollY`); y != y0 {
		c.fail("playing moves scrolled the page by %v px: the board left the screen", y)
	}
	c.click("engine-toggle")
	c.waitJS(`document.querySelector('[data-testid=eval-bar]').dataset.score !== '' && document.querySelector('[data-testid=board] path.arrow-best')`, "the evaluation and the best-move arrow")
	c.screenshot("page-phone-top")
	c.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=move-list]`)))
	c.screenshot("page-phone-moves")
	if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > 390 {
		c.fail("the page is %v px wide on a 390 px screen", sw)
	}
	bar, board := c.rect(`[data-testid=eval-bar]`), c.rect(`[data-testid=board]`)
	if bar[2] < 10 || bar[0]+bar[2] > board[0] || board[0]+board[2] > 390 {
		c.fail("the bar %v and the board %v do not sit side by side on the screen", bar, board)
	}
	c.click("engine-toggle")
	c.waitJS(`document.querySelector('[data-testid=engine-state]').dataset.state === 'off' && document.querySelector('[data-testid=eval-bar]').classList.contains('off')`, "the engine off")
}

// waitMoves waits until the main line of the move list reads moves.
func (c *client) waitMoves(moves ...string) {
	c.t.Helper()
	c.waitJS(fmt.Sprintf(`[...document.querySelectorAll('[data-testid=move-list] li[data-ply]')].map((li) => li.textContent).join('|') === %q`, strings.Join(moves, "|")),
		"the main line "+strings.Join(moves, " "))
}

// waitCurrent waits until the move shown is the one with that SAN.
func (c *client) waitCurrent(san string) {
	c.t.Helper()
	c.waitJS(fmt.Sprintf(`document.querySelector('[data-testid=move-list] button.current')?.dataset.san === %q && document.getElementById('app').dataset.ready === 'true'`, san), "the current move "+san)
}

// clickMove clicks the move with that SAN in the move list (the first, if several).
func (c *client) clickMove(san string) {
	c.t.Helper()
	c.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-testid=move-list] button[data-san=%q]`, san)), chromedp.NodeVisible))
}

// rightClickMove right-clicks the move with that SAN in the move list.
func (c *client) rightClickMove(san string) {
	c.t.Helper()
	sel := fmt.Sprintf(`[data-testid=move-list] button[data-san=%q]`, san)
	c.do(chromedp.ScrollIntoView(chromedp.CSS(sel)))
	r := c.rect(sel)
	c.do(chromedp.MouseClickXY(r[0]+r[2]/2, r[1]+r[3]/2, chromedp.ButtonType(input.MouseButtonRight)))
}

// expectBestFrom checks that the best-move arrow starts on a man of side.
func (c *client) expectBestFrom(side string) {
	c.t.Helper()
	from := eval[string](c, `document.querySelector('[data-testid=board] path.arrow-best').dataset.from`)
	if man := c.pieceOn(from); !strings.HasPrefix(man, side) {
		c.fail("the best-move arrow starts on %s (%q), not on a %s man", from, man, side)
	}
}

// TestBrowserAnalysisEnginePolite switches the engine on while another analysis of the same
// address runs (another tab): the panel says so and waits, asking again seldom, and the
// engine's lines come once the other analysis ends.
func TestBrowserAnalysisEnginePolite(t *testing.T) {
	e := newEnv(t)
	other := analysisClient(t, e, net.IPv4(127, 0, 0, 1)) // the browser's own address
	started := other.metric(t, "timechess_analysis_started_total")
	ctx, cancelOther := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		// A search of an earlier test's tab may still hold the address for a moment: ask again.
		for ctx.Err() == nil {
			if code, _ := other.post(ctx, "/api/v1/analyze", map[string]any{"moves": []string{"d4"}, "movetime_ms": 10000}); code != http.StatusTooManyRequests {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	t.Cleanup(func() { cancelOther(); <-done })
	for deadline := time.Now().Add(20 * time.Second); other.metric(t, "timechess_analysis_started_total") == started; {
		if time.Now().After(deadline) {
			t.Fatal("the other analysis never started")
		}
		time.Sleep(20 * time.Millisecond)
	}

	c := e.client(t, "analyst")
	c.open("/analysis?variant=chess&moves=e2e4")
	refused := other.refusals(t)
	c.click("engine-toggle")
	c.waitJS(`document.querySelector('[data-testid=engine-state]').dataset.state === 'waiting'`, "the engine waiting for the other analysis")
	c.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=live-engine]`)))
	c.screenshot("page-engine-waiting")
	if text := eval[string](c, `document.querySelector('[data-testid=engine-state]').textContent`); !strings.Contains(text, "one analysis at a time per player") || !strings.Contains(text, "asking again in") {
		c.fail("the waiting engine says %q", text)
	}
	time.Sleep(5 * time.Second)
	if n := other.refusals(t) - refused; n > 12 {
		c.fail("%d refused analyses in about 5 s: the page asks too often", n)
	} else {
		t.Logf("%d refused analyses in about 5 s", n)
	}

	cancelOther()
	c.waitJS(`document.querySelector('[data-testid=eval-bar]').dataset.score !== '' && document.querySelector('[data-testid=board] path.arrow-best')`, "the engine's answer once the other analysis ended")
	c.screenshot("page-engine-after-wait")
}

// refusals is the number of 429 answers the server has given.
func (c *apiClient) refusals(t *testing.T) int {
	t.Helper()
	_, data := c.send(t.Context(), "GET", "/metrics", nil)
	for line := range strings.Lines(string(data)) {
		if value, ok := strings.CutPrefix(line, `timechess_http_requests_total{code="429"} `); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(value))
			return n
		}
	}
	return 0
}
