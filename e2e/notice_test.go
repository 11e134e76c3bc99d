package e2e

import (
	"fmt"
	"net/url"

	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserNotices shows the turn banner above the board on a 390 px phone: on the game page
// for a Gifford arrival (White's pawn sent at move 1 arrives at move 3), then a King that may
// travel back, and on the analysis board for a Time Thief's frozen King; the banner is gone on
// an ordinary turn.
func TestBrowserNotices(t *testing.T) {
	e := newEnv(t)

	t.Run("gifford-arrival", func(t *testing.T) {
		g := newFriendGame(t, e, "gifford")
		g.white.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		g.white.click("special-d2//3")
		g.played(1, "a send")
		g.white.waitJS(`document.querySelector('[data-testid=turn-banner]').hidden`, "no banner on Black's ordinary turn")
		g.black.waitMyTurn()
		g.black.typeMove("Nc6")
		g.played(2, "typed")
		g.white.typeMove("e4")
		g.played(3, "typed")
		g.black.typeMove("Nf6")
		g.played(4, "typed")
		const want = "White's pawn, sent at move 1, arrives now"
		g.all(func(c *client) {
			c.waitJS(fmt.Sprintf(`(() => { const b = document.querySelector('[data-testid=turn-banner]'); return !b.hidden && b.textContent.includes(%q) && b.querySelector('[data-rule=G4]'); })()`, want), "the arrival banner")
		})
		expectBannerFits(g.white)
		g.white.screenshot("page-arrival-banner")
		g.white.typeMove("P@d4")
		g.played(5, "an arrival")
		// Black's turn: no arrival, and Black's King may now travel back.
		g.all(func(c *client) {
			c.waitJS(`(() => { const b = document.querySelector('[data-testid=turn-banner]'); return !b.hidden && !b.querySelector('[data-rule=G4]') && b.querySelector('[data-rule=G5]') && b.textContent.includes("Black has 2 backward travels left"); })()`, "the travel banner after the arrival")
		})
		g.black.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		expectBannerFits(g.black)
		g.black.screenshot("page-travel-banner")
	})

	t.Run("timethief-frozen-king", func(t *testing.T) {
		c := e.client(t, "analyst")
		c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		c.open("/analysis?" + url.Values{"variant": {"timethief"}, "fen": {"5t4/2k7/10/10/10/10/10/R4K3R w KQ - 0 1"}}.Encode())
		c.waitJS(`(() => { const b = document.querySelector('[data-testid=turn-banner]'); return !b.hidden && b.textContent.includes("White's King on f1 is frozen: the Time Thief on f8 sees him") && b.querySelector('[data-rule=T6]'); })()`, "the frozen-King banner")
		expectBannerFits(c)
		c.screenshot("page-frozen-king-banner")
	})
}

// expectBannerFits fails when the turn banner or the page is wider than the 390 px screen, or
// the banner does not sit above the board.
func expectBannerFits(c *client) {
	c.t.Helper()
	if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > 390 {
		c.fail("the page is %v px wide on a 390 px screen", sw)
	}
	r := eval[[]float64](c, `(() => { const r = document.querySelector('[data-testid=turn-banner]').getBoundingClientRect(); const b = document.querySelector('[data-testid=board]').getBoundingClientRect(); return [r.left, r.right, r.bottom, b.top]; })()`)
	if len(r) != 4 || r[0] < 0 || r[1] > 390 || r[2] > r[3] {
		c.fail("the banner spans x %v, bottom and board top %v on a 390 px screen", r[:2], r[2:])
	}
}
