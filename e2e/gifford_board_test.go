package e2e

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// bishopLandings are the squares White's f1 bishop may arrive on after 1. Bf1//3 e5 2. g3 d5:
// every empty light square (`timechess moves --variant gifford --moves "f1//3 e5 g3 d5"`).
var bishopLandings = []string{"a4", "a6", "b3", "b5", "c4", "c6", "d3", "d7", "e4", "e6", "f1", "f3", "f5", "g2", "g4", "g6", "h3", "h5"}

// TestBrowserGiffordBoard plays Gifford's time travel on the board (docs/rules/gifford.md, G3
// and G4): White sends the f1 bishop to move 3 by dragging it onto the tray and choosing the
// number, the bishop waits in the tray, and at move 3 it lands from the pocket on a highlighted
// square; the same by clicks and keys; the same on a 390 px phone; and on the analysis board,
// the arrival by keyboard. The turn
// banner never moves the board.
func TestBrowserGiffordBoard(t *testing.T) {
	e := newEnv(t)

	t.Run("drag", func(t *testing.T) {
		g := newFriendGame(t, e, "gifford")
		w := g.white
		w.screenshot("page-start")
		noBanner := boardBox(w)
		w.waitJS(`document.querySelector('[data-testid=turn-banner]').hidden`, "no banner at the start")
		x1, y1 := w.point(`[data-testid=tray]`)
		x0, y0 := w.center("f1")
		w.dragPoints(x0, y0, x1, y1, func() {
			w.waitJS(`document.querySelector('[data-testid=tray]').classList.contains('drop-over')`, "the tray lit under the dragged bishop")
			w.screenshot("page-drag-over-tray")
		})
		w.waitJS(`!document.querySelector('[data-testid=send-chooser]').hidden`, "the move number chooser")
		// Only the legal numbers (2 to 11: sent at move 1, back 1 to 10 moves later), in numeric order.
		expectTexts(w, `[data-testid=send-numbers] button`, "2", "3", "4", "5", "6", "7", "8", "9", "10", "11")
		w.screenshot("page-send-chooser")
		w.click("send-to-3")
		g.played(1, "a send by drag onto the tray")
		sendsBishop(g)
		playOn(g, true)
		pocketReady(w)
		if got := boardBox(w); !slices.Equal(got, noBanner) {
			w.fail("the arrival banner moved the board: %v without it, %v with it", noBanner, got)
		}
		w.screenshot("page-pocket")
		// A dark square is refused: the bishop comes back to the pocket, which says why.
		w.dragFrom(`[data-testid=pocket-man]`, "c3")
		w.waitJS(`document.querySelector('[data-testid=pocket-how]').textContent === 'He cannot land on c3: drop him on one of the highlighted squares.'`, "the pocket's word on the refused square")
		if got := eval[string](w, `document.getElementById('app').dataset.ply`); got != "4" {
			w.fail("a drop on a dark square was played: ply %s", got)
		}
		w.screenshot("page-pocket-missed")
		w.dragFrom(`[data-testid=pocket-man]`, "c4")
		g.played(5, "an arrival dragged from the pocket")
		arrived(g, "c4")
		w.screenshot("page-arrived")
	})

	t.Run("clicks", func(t *testing.T) {
		g := newFriendGame(t, e, "gifford")
		w := g.white
		w.clickSquare("f1")
		w.waitJS(`document.querySelector('[data-testid=tray]').classList.contains('drop-ready') && document.querySelector('[data-testid=send-target]').textContent.startsWith('Send the bishop on f1 forward')`, "the tray's send button for the bishop")
		w.screenshot("page-bishop-selected")
		w.click("send-target")
		w.waitJS(`document.activeElement === document.querySelector('[data-testid=send-to-2]')`, "the first number focused")
		// Escape cancels: no move is played and the chooser is gone.
		w.do(chromedp.KeyEvent("\u001b"))
		w.waitJS(`document.querySelector('[data-testid=send-chooser]').hidden && !document.querySelector('[data-testid=send-target]').hidden`, "the chooser cancelled")
		if got := eval[string](w, `document.getElementById('app').dataset.ply`); got != "0" {
			w.fail("cancelling the chooser played a move: ply %s", got)
		}
		// The keyboard reaches the same: Tab from the board to the tray's button, Enter, Tab to 3, Enter.
		w.clickSquare("f1")
		w.do(chromedp.KeyEvent("\t"))
		w.waitJS(`document.activeElement === document.querySelector('[data-testid=send-target]')`, "the tray's button focused by Tab")
		w.do(chromedp.KeyEvent("\r"))
		expectTexts(w, `[data-testid=send-numbers] button`, "2", "3", "4", "5", "6", "7", "8", "9", "10", "11")
		w.do(chromedp.KeyEvent("\t"))
		w.waitJS(`document.activeElement === document.querySelector('[data-testid=send-to-3]')`, "3 focused by Tab")
		w.do(chromedp.KeyEvent("\r"))
		g.played(1, "a send by clicks and keys")
		sendsBishop(g)
		playOn(g, false)
		pocketReady(w)
		w.click("pocket-man")
		w.waitJS(`document.querySelector('[data-testid=pocket-man]').getAttribute('aria-pressed') === 'true'`, "the pocket man picked")
		w.clickSquare("e6")
		g.played(5, "an arrival by clicks")
		arrived(g, "e6")
	})

	t.Run("phone", func(t *testing.T) {
		g := newFriendGame(t, e, "gifford")
		w := g.white
		w.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		noBanner := boardBox(w)
		w.dragTo("f1", `[data-testid=tray]`)
		expectTexts(w, `[data-testid=send-numbers] button`, "2", "3", "4", "5", "6", "7", "8", "9", "10", "11")
		fitsPhone(w)
		w.screenshot("page-phone-chooser")
		w.click("send-to-3")
		g.played(1, "a send on the phone")
		playOn(g, true)
		pocketReady(w)
		fitsPhone(w)
		if got := boardBox(w); !slices.Equal(got, noBanner) {
			w.fail("the arrival banner moved the board: %v without it, %v with it", noBanner, got)
		}
		w.screenshot("page-phone-pocket")
		w.dragFrom(`[data-testid=pocket-man]`, "b5")
		g.played(5, "an arrival on the phone")
		arrived(g, "b5")
		w.screenshot("page-phone-arrived")
	})

	t.Run("analysis", func(t *testing.T) {
		c := e.client(t, "analyst")
		c.open("/analysis?" + url.Values{"variant": {"gifford"}, "moves": {"f1//3,e7e5,g2g3,d7d5"}}.Encode())
		pocketReady(c)
		c.screenshot("page-analysis-pocket")
		// By keyboard: Enter on the pocket man puts the board's cursor on the first landing
		// square (a4); two steps up is a6, and Enter lands the bishop there.
		c.do(chromedp.Focus(chromedp.CSS(`[data-testid=pocket-man]`)), chromedp.KeyEvent("\r"))
		c.waitJS(`document.activeElement === document.querySelector('[data-testid=board] svg')`, "the board focused")
		c.do(chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp))
		c.screenshot("keyboard-cursor-a6")
		c.do(chromedp.KeyEvent("\r"))
		c.waitJS(`document.querySelectorAll('[data-testid=move-list] li[data-ply]').length === 5`, "the arrival in the line")
		expectPiece(c, "a6", "white bishop")
		c.dragTo("e1", `[data-testid=tray]`) // Black to move: White's King is not Black's to send
		c.waitJS(`document.querySelector('[data-testid=send-chooser]').hidden`, "no chooser for the opponent's man")
		c.dragTo("d8", `[data-testid=tray]`)
		c.waitJS(`!document.querySelector('[data-testid=send-chooser]').hidden`, "the chooser for Black's queen")
		expectTexts(c, `[data-testid=send-numbers] button`, "4", "5", "6", "7", "8", "9", "10", "11", "12", "13")
		c.click("send-to-4")
		c.waitJS(`document.querySelectorAll('[data-testid=move-list] li[data-ply]').length === 6`, "the send in the line")
		c.waitJS(`document.querySelector('[data-testid=arrivals-black]').textContent.includes('move 4')`, "Black's queen in the tray")
		c.screenshot("page-analysis-tray")
	})

	t.Run("lost-in-time", func(t *testing.T) {
		// White's bishop is due at move 3 while the knight on d3 checks the King: no drop
		// can block a knight, so the bishop is Lost in Time (G4) and White moves the King
		// (`timechess moves --variant gifford --fen "4k3/8/8/8/8/3n4/8/4K3 w - - 0 3 book=Bl@3" --notices`).
		c := e.client(t, "analyst")
		c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		c.open("/analysis?" + url.Values{"variant": {"gifford"}, "fen": {"4k3/8/8/8/8/3n4/8/4K3 w - - 0 3 book=Bl@3"}}.Encode())
		c.waitJS(`(() => { const p = document.querySelector('[data-testid=pocket]'); return !p.hidden && p.dataset.state === 'lost' && p.textContent.includes('Lost in Time') && document.querySelector('[data-testid=pocket-man]').disabled; })()`, "the bishop leaving in the pocket")
		c.waitJS(`document.querySelector('[data-testid=arrivals-white] li.leaving').textContent.includes('Lost in Time: leaves the game')`, "the tray's note")
		fitsPhone(c)
		c.screenshot("page-lost-in-time")
		// Two notices (check and Lost in Time) do not fit the banner's slot: "More" opens
		// the banner over the board, which does not move.
		before := boardBox(c)
		c.click("banner-more")
		c.waitJS(`(() => { const b = document.querySelector('[data-testid=turn-banner]'); return b.classList.contains('open') && b.getBoundingClientRect().height >= b.scrollHeight; })()`, "the whole banner")
		if got := boardBox(c); !slices.Equal(got, before) {
			c.fail("opening the banner moved the board: %v, then %v", before, got)
		}
		c.screenshot("page-lost-in-time-banner")
		c.drag("e1", "d2")
		c.waitJS(`document.querySelectorAll('[data-testid=move-list] li[data-ply]').length === 1`, "the King's move")
		c.waitJS(`document.querySelector('[data-testid=pocket]').hidden && document.querySelector('[data-testid=arrivals-white]').textContent === 'none'`, "the bishop gone for good")
	})
}

// sendsBishop checks that every browser shows the bishop gone from f1 and in the tray, due at
// move 3; the side to move (Black) is listed first.
func sendsBishop(g *table) {
	g.all(func(c *client) {
		c.waitJS(`(() => { const li = document.querySelector('[data-testid=arrivals-white] li[data-kind=B][data-move="3"]'); return li && li.textContent.includes('move 3'); })()`, "the bishop in the tray")
		expectPiece(c, "f1", "")
		if got := eval[string](c, `document.querySelector('.tray-side').dataset.side`); got != "black" {
			c.fail("the tray lists %s first, want black (to move)", got)
		}
	})
}

// playOn plays 1... e5 2. g3 d5, by drags or typed, up to White's move 3, when the bishop is due.
func playOn(g *table, drag bool) {
	moves := []struct {
		c        *client
		from, to string
		san      string
	}{{g.black, "e7", "e5", "e5"}, {g.white, "g2", "g3", "g3"}, {g.black, "d7", "d5", "d5"}}
	for i, m := range moves {
		m.c.waitMyTurn()
		if drag {
			m.c.drag(m.from, m.to)
		} else {
			m.c.typeMove(m.san)
		}
		g.played(i+2, "a move")
	}
}

// pocketReady checks that the bishop waits in the pocket with the banner's text and that the
// board highlights exactly its landing squares.
func pocketReady(c *client) {
	c.t.Helper()
	c.waitJS(`(() => { const p = document.querySelector('[data-testid=pocket]'); return p && !p.hidden && p.querySelector('[data-testid=pocket-man][data-kind=B]') && !p.querySelector('[data-testid=pocket-man]').disabled && p.textContent.includes("White's bishop, sent at move 1, arrives now"); })()`, "the bishop in the pocket")
	c.waitJS(`!document.querySelector('[data-testid=turn-banner]').hidden`, "the arrival banner")
	got := eval[[]string](c, `[...document.querySelectorAll('[data-testid=board] rect.mark-landing')].map((r) => r.dataset.square).sort()`)
	if strings.Join(got, " ") != strings.Join(bishopLandings, " ") {
		c.fail("landing squares highlighted %v, want %v", got, bishopLandings)
	}
}

// arrived checks that every browser shows the bishop on sq and the tray and pocket empty.
func arrived(g *table, sq string) {
	g.all(func(c *client) {
		expectPiece(c, sq, "white bishop")
		c.waitJS(`document.querySelector('[data-testid=pocket]').hidden && document.querySelector('[data-testid=arrivals-white]').textContent === 'none'`, "the tray empty again")
	})
}

// boardBox is the board's place on the page: left, top, width, height.
func boardBox(c *client) []float64 {
	c.t.Helper()
	return eval[[]float64](c, `(() => { const r = document.querySelector('[data-testid=board]').getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })()`)
}

// fitsPhone fails when the page is wider than a 390 px screen.
func fitsPhone(c *client) {
	c.t.Helper()
	if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > 390 {
		c.fail("the page is %v px wide on a 390 px screen", sw)
	}
}

// point is the viewport point at the middle of the element the CSS selector finds, scrolled into view.
func (c *client) point(selector string) (float64, float64) {
	c.t.Helper()
	pt := eval[[]float64](c, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return []; e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()`, selector))
	if len(pt) != 2 {
		c.fail("no element %s", selector)
	}
	return pt[0], pt[1]
}

// dragPoints drags with the mouse from one viewport point to another; hold (optional) runs
// before the button is released.
func (c *client) dragPoints(x0, y0, x1, y1 float64, hold ...func()) {
	c.t.Helper()
	left := chromedp.ButtonType(input.MouseButtonLeft)
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, left, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, left))
	}
	c.do(steps...)
	for _, f := range hold {
		f()
	}
	c.do(chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, left, chromedp.ClickCount(1)))
}

// dragTo drags the man on a square of the board onto the element the CSS selector finds.
func (c *client) dragTo(square, selector string) {
	c.t.Helper()
	x1, y1 := c.point(selector)
	x0, y0 := c.center(square)
	c.dragPoints(x0, y0, x1, y1)
}

// dragFrom drags from the element the CSS selector finds onto a square of the board.
func (c *client) dragFrom(selector, square string) {
	c.t.Helper()
	x0, y0 := c.point(selector)
	x1, y1 := c.center(square)
	c.dragPoints(x0, y0, x1, y1)
}
