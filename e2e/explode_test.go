package e2e

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserExplosions plays a Travelers explosion by the board gesture (type in the palette,
// square and first move on the board) with its supporting line drawn as arrows, shows a
// traveling man's resonators and annihilation by a tap, a Time Thief's sight by a tap, and
// the reason of every refused board gesture with its rule's name, on a desktop and on a 390 px
// phone.
func TestBrowserExplosions(t *testing.T) {
	e := newEnv(t)

	t.Run("explosion-by-board", func(t *testing.T) {
		g := newFriendGame(t, e, "travelers")
		w := g.white
		// Black's palette keeps its height when Black's turn comes and it fills.
		barBefore := g.black.rect(`[data-testid=explode-bar]`)
		w.click("explode-type-N")
		w.waitJS(`document.querySelector('[data-testid=board] rect.mark-explode[data-square=f6]') && document.querySelector('[data-testid=explode-text]').textContent.includes('choose the explosion square')`, "the knight's explosion squares marked")
		w.screenshot("1-type-chosen")
		w.clickSquare("f6")
		w.waitJS(`document.querySelectorAll('[data-testid=board] path.arrow-line').length === 3`, "the supporting line's three arrows")
		arrows := eval[string](w, `[...document.querySelectorAll('[data-testid=board] path.arrow-line')].map(a => a.dataset.from + '-' + a.dataset.to).join(' ')`)
		if arrows != "b1-c3 c3-d5 d5-f6" {
			w.fail("the supporting line's arrows are %q, want b1-c3 c3-d5 d5-f6", arrows)
		}
		expectText(w, "explode-text", "Knight on f6, supported by Nb1-c3-d5-f6 (3 moves, R3): choose where the traveled knight goes")
		if eval[int](w, `document.querySelectorAll('[data-testid=board] rect.mark-explode-to').length`) == 0 {
			w.fail("no destination of the traveled knight is marked")
		}
		w.screenshot("2-square-chosen")
		// The same step on a phone: the palette and its sentence fit under the board.
		w.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		w.waitJS(`document.querySelectorAll('[data-testid=board] path.arrow-line').length === 3`, "the line kept on the phone")
		if sw := eval[float64](w, `document.documentElement.scrollWidth`); sw > 390 {
			w.fail("the game page is %v px wide on a 390 px screen", sw)
		}
		w.screenshot("page-2-square-chosen-phone")
		w.clickSquare("d5")
		g.played(1, "the explosion")
		g.black.waitMyTurn()
		g.black.waitJS(`document.querySelector('[data-testid=explode-type-N]')`, "Black's palette")
		if after := g.black.rect(`[data-testid=explode-bar]`); after[3] != barBefore[3] || after[2] != barBefore[2] {
			g.black.fail("the explosion palette changed size from %v to %v when Black's turn came", barBefore, after)
		}
		expectTexts(w, "[data-testid=move-list] li[data-ply='1']", "1. Nf6/d5")
		expectPiece(w, "f6", "white traveling knight")
		expectPiece(w, "d5", "white traveled knight")
		if n := eval[int](w, `document.querySelectorAll('[data-testid=board] path.arrow').length`); n != 0 {
			w.fail("%d arrows stay after the explosion", n)
		}

		// A tap on the traveling knight shows its resonator, for the player who cannot move
		// and for the watcher.
		for _, c := range []*client{w, g.watcher} {
			c.clickSquare("f6")
			c.waitJS(`document.querySelector('[data-testid=board] rect.mark-resonator[data-square=b1]') && !document.querySelector('[data-testid=board-note]').hidden && document.querySelector('[data-testid=resonator-note]').textContent.includes('its resonator (marked) is the man on b1')`, "the resonator b1 shown by a tap")
		}
		w.screenshot("3-resonators-tapped")
		w.clickSquare("f6")
		w.waitJS(`!document.querySelector('[data-testid=board] rect.mark-resonator') && document.querySelector('[data-testid=board-note]').hidden`, "a second tap hides the resonators")
	})

	t.Run("annihilation-and-traveling-refusal", func(t *testing.T) {
		c := e.client(t, "analyst")
		c.open("/analysis?" + url.Values{"variant": {"travelers"}, "fen": {"4k3/8/8/8/3P*4/8/3P4/4K3 w - - 0 1"}}.Encode())
		c.waitJS(`document.querySelector('[data-testid=board]').dataset.fen.startsWith('4k3/8/8/8/3P*4')`, "the position")
		c.clickSquare("d4")
		c.waitJS(`document.querySelector('[data-testid=board] path.arrow-annihilation[data-from=d2][data-to=d4]') && document.querySelector('[data-testid=board-note] [data-rule=R1]') && document.querySelector('[data-testid=board-note]').textContent.includes('Annihilate now: d2//d4')`,
			"the traveling pawn's refusal (R1), its resonator and its annihilation arrow")
		expectNote(c, "Traveling man (R1): The traveling pawn on d4 never moves")
		c.screenshot("annihilation-arrow")
		// A tap on the resonator shows its annihilation too; the arrow's move plays it.
		c.clickSquare("e1")
		c.waitJS(`!document.querySelector('[data-testid=board] path.arrow-annihilation')`, "the arrow gone with a tap elsewhere")
		c.clickSquare("d2")
		c.waitJS(`document.querySelector('[data-testid=board] path.arrow-annihilation[data-from=d2][data-to=d4]')`, "the resonator's annihilation arrow")
		c.clickSquare("d4")
		c.waitJS(`document.querySelector('[data-testid=move-list]').textContent.includes('d2//d4')`, "the annihilation played")
	})

	t.Run("refusal-explosion", func(t *testing.T) {
		c := e.client(t, "analyst")
		c.open("/analysis?variant=travelers&moves=" + url.QueryEscape("Nf3/e5"))
		c.waitJS(`document.querySelector('[data-testid=explode-type-N]') && document.querySelector('[data-testid=board]').dataset.fen.includes('5N*2')`, "Black's palette after 1.Nf3/e5")
		c.click("explode-type-N")
		c.clickSquare("a3")
		expectNote(c, "Explosion support (R3): No untraveled man of Black could stand on a3 as a knight within three moves")
		c.screenshot("no-support")
		c.clickSquare("d4")
		c.waitJS(`document.querySelector('[data-testid=board] rect.mark-explode-to[data-square=e6]')`, "the traveled knight's moves from d4")
		c.clickSquare("f3")
		expectNote(c, "Explosion (R3): The traveled knight may not capture the traveling knight on f3")
		c.screenshot("no-capture-of-traveling")
		c.clickSquare("e6")
		c.waitJS(`document.querySelector('[data-testid=move-list]').textContent.includes('Nd4/e6')`, "the explosion played after the refusals")
	})

	t.Run("refusal-gifford-arrival", func(t *testing.T) {
		g := newFriendGame(t, e, "gifford")
		for i, mv := range []string{"Bf1//3", "e5", "g3", "d5"} {
			p := []*client{g.white, g.black}[i%2]
			p.waitMyTurn()
			p.typeMove(mv)
			g.played(i+1, "typed")
		}
		g.white.waitMyTurn()
		g.white.clickSquare("g1")
		expectNote(g.white, "Arrival (G4): White's bishop, sent to move 3, is due: this turn must be its arrival; place it on")
		g.white.screenshot("knight-refused")
		// The same from a drag of a man that may not move now.
		g.white.drag("e2", "e4")
		expectNote(g.white, "Arrival (G4)")
		if n := eval[int](g.white, `document.getElementById('app').dataset.ply | 0`); n != 4 {
			g.white.fail("the refused drag played a move: ply %d", n)
		}
		// The bishop may not land on a dark square: a click there says so.
		g.white.clickSquare("c5")
		expectNote(g.white, "Arrival (G4): The bishop may not arrive on c5: a bishop arrives on squares of the colour it started on")
		g.white.screenshot("arrival-square-refused")
		g.white.clickSquare("c4")
		g.played(5, "the arrival on a light square")
		expectPiece(g.watcher, "c4", "white bishop")
	})

	t.Run("refusal-timethief-restore", func(t *testing.T) {
		c := e.client(t, "analyst")
		c.open("/analysis?" + url.Values{"variant": {"timethief-restore"}, "fen": {"k3t5/10/10/1T8/10/10/10/4K5 w - - 0 1"}, "moves": {"Kd1,Txe1"}}.Encode())
		c.waitJS(`document.querySelector('[data-testid=move-list] li[data-ply="2"]')`, "the two moves")
		c.drag("b5", "b6")
		expectNote(c, "King restoration (T7): White's King was captured: this move must restore it with a TT-capture")
		c.screenshot("restore-refused")
	})

	t.Run("refusal-travelers-grammar", func(t *testing.T) {
		c := e.client(t, "analyst")
		c.open("/analysis?" + url.Values{"variant": {"travelers"}, "fen": {"4k3/8/8/8/3P*4/4p3/3P4/4K3 w - - 0 1"}}.Encode())
		c.waitJS(`document.querySelector('[data-testid=board]').dataset.fen.startsWith('4k3/8/8/8/3P*4/4p3')`, "the position")
		c.drag("d2", "e3")
		expectNote(c, "Grammatical correctness (R6): It would leave White grammatically incorrect")
		c.screenshot("dxe3-refused")
		// A man that nothing but the board stops: said plainly.
		c.open("/analysis?variant=chess")
		c.waitJS(`document.querySelector('[data-testid=board]').dataset.fen.startsWith('rnbqkbnr/pppppppp')`, "the start")
		c.clickSquare("a1")
		expectNote(c, "The rook on a1 has no move: every square it could go to is blocked.")
		if rule := eval[string](c, `document.querySelector('[data-testid=board-note] p').dataset.rule`); rule != "" {
			c.fail("a rule (%s) named where none forbids", rule)
		}
	})

	t.Run("timethief-sight", func(t *testing.T) {
		c := e.client(t, "analyst")
		c.open("/analysis?" + url.Values{"variant": {"timethief"}, "fen": {"5t4/2k7/10/10/10/10/10/R4K3R w KQ - 0 1"}}.Encode())
		c.waitJS(`document.querySelector('[data-testid=board]').dataset.fen.startsWith('5t4')`, "the position")
		if n := eval[int](c, `document.querySelectorAll('[data-testid=board] rect.mark-sight').length`); n != 0 {
			c.fail("%d squares marked as seen before any tap", n)
		}
		c.clickSquare("f8")
		c.waitJS(`document.querySelector('[data-testid=sight-note]') && document.querySelector('[data-testid=board] rect.mark-sight[data-square=f1]')`, "the Thief's sight")
		expectNote(c, "Black's Time Thief on f8 sees")
		seen := eval[int](c, `document.querySelectorAll('[data-testid=board] rect.mark-sight').length`)
		if want := eval[int](c, `(() => { const t = document.querySelector('[data-testid=sight-note]').textContent; return Number(/sees (\d+) square/.exec(t)[1]); })()`); seen != want || seen < 10 {
			c.fail("%d squares marked, the note says %d", seen, want)
		}
		c.screenshot("sight-tapped")
		// The frozen King's refusal names the Thief's rule.
		c.clickSquare("f1")
		expectNote(c, "Frozen King (T6): The King on f1 is frozen: the Time Thief on f8 sees him")
		c.screenshot("frozen-king-refused")
	})

	t.Run("phone", func(t *testing.T) {
		c := e.client(t, "phone")
		c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		c.open("/analysis?variant=travelers")
		c.waitJS(`document.querySelector('[data-testid=explode-type-N]')`, "the explosion palette")
		c.click("explode-type-N")
		c.clickSquare("f6")
		c.waitJS(`document.querySelectorAll('[data-testid=board] path.arrow-line').length === 3`, "the supporting line on the phone")
		c.screenshot("page-phone-explosion")
		if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > 390 {
			c.fail("the page is %v px wide on a 390 px screen", sw)
		}
		c.clickSquare("e4")
		c.waitJS(`document.querySelector('[data-testid=move-list] li[data-ply="1"]') && document.querySelector('[data-testid=move-list]').textContent.includes('Nf6/e4')`, "the explosion played on the phone")
		c.clickSquare("b8")
		c.clickSquare("a5")
		expectNote(c, "the knight on b8 cannot move to a5")
		fitsBoard(c)
		c.screenshot("page-phone-refusal")
		// The square first: a click on an empty square asks for the type, then shows the line.
		c.clickSquare("e5")
		c.waitJS(`document.querySelector('[data-testid=explode-text]').textContent.includes('Explode on e5: choose the type') && document.querySelector('[data-testid=explode-type-N].fits')`, "the types that can explode on e5")
		c.click("explode-type-N")
		c.waitJS(`document.querySelector('[data-testid=explode-text]').textContent.includes('Knight on e5, supported by Nb8-c6-e5') && document.querySelectorAll('[data-testid=board] path.arrow-line').length === 2`, "the knight's support of e5 drawn")
		c.screenshot("page-phone-square-first")
		c.clickSquare("d3")
		c.waitJS(`document.querySelector('[data-testid=move-list]').textContent.includes('Ne5/d3')`, "the square-first explosion played")
	})
}

// expectNote waits until the board note shows text.
func expectNote(c *client, text string) {
	c.t.Helper()
	c.waitJS(fmt.Sprintf(`(() => { const n = document.querySelector('[data-testid=board-note]'); return n && !n.hidden && n.textContent.toLowerCase().includes(%q); })()`, strings.ToLower(text)),
		fmt.Sprintf("the board note %q", text))
}

// expectText fails unless the element with the data-testid holds text.
func expectText(c *client, testid, text string) {
	c.t.Helper()
	if got := eval[string](c, fmt.Sprintf(`document.querySelector('[data-testid=%q]').textContent`, testid)); !strings.Contains(got, text) {
		c.fail("%s reads %q, want %q in it", testid, got, text)
	}
}

// fitsBoard fails unless the board note lies within the board.
func fitsBoard(c *client) {
	c.t.Helper()
	r := eval[[]float64](c, `(() => { const n = document.querySelector('[data-testid=board-note]').getBoundingClientRect(); const b = document.querySelector('[data-testid=board]').getBoundingClientRect(); return [n.left - b.left, b.right - n.right, n.top - b.top, b.bottom - n.bottom]; })()`)
	for _, d := range r {
		if d < 0 {
			c.fail("the board note leaves the board: %v", r)
		}
	}
}
