package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserRules reads the rules as a newcomer does: /rules lists the variants, Gifford's
// page opens with its guided-game link and contents, a live board steps through the
// document's moves by buttons and arrow keys, the reader plays a send on a board and sees a
// typed move refused with its rule, Reset brings the document's position back, and the
// analysis link carries the board.
func TestBrowserRules(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "reader")
	c.open("/rules")
	if n := eval[int](c, `document.querySelectorAll('.rules-variants li').length`); n != 6 {
		c.fail("/rules lists %d variants, want 6", n)
	}
	c.windowShot("index")
	c.click("rules-link-gifford")
	c.waitJS(`location.pathname === '/rules/gifford' && document.getElementById('app').dataset.ready === 'true'`, "Gifford's rules page")
	if got := eval[string](c, `document.querySelector('[data-testid=try-it-gifford]').getAttribute('href')`); got != "/learn/gifford" {
		c.fail("the guided game link is %q", got)
	}
	if got := eval[string](c, `document.querySelector('.top nav a[aria-current=page]').textContent`); got != "Rules" {
		c.fail("the header marks %q as the current page", got)
	}
	// The first board loads where it stands, without moving the text around it.
	c.watchLayout()
	c.waitBoard(`figure.liveboard`, "White to move")
	c.windowShot("gifford-top")
	if shift := eval[float64](c, `window.layoutShift`); shift > 0.02 {
		c.fail("loading the first board shifts the page by %v: %v", shift, eval[[]string](c, `window.layoutShifted`))
	}
	start := c.liveBoard("The start.")

	// The walkthrough: the bishop sent at move 1 is due at move 3.
	due := c.liveBoard("White's move 3: the Bishop")
	c.waitBoard(due, "White to move")
	if got := c.boardMoves(due); got != "1. Bf1//3 1… e5 2. g3 2… d5" {
		c.fail("the walkthrough's moves read %q", got)
	}
	if !strings.Contains(c.text(due+" [data-testid=turn-banner]"), "arrival") {
		c.fail("the walkthrough's banner does not say the bishop is due: %q", c.text(due+" [data-testid=turn-banner]"))
	}
	c.boardShot(due, "due-at-move-3")
	c.clickIn(due, "liveboard-start")
	c.waitFEN(due, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	c.clickIn(due, "liveboard-forward")
	c.waitFEN(due, "RNBQK1NR")
	if c.pieceIn(due, "f1") != "" {
		c.fail("after 1. Bf1//3 the bishop is still on f1")
	}
	c.boardShot(due, "stepped-to-send")
	// The arrow keys step too, once the board has the focus of a button in it.
	c.do(chromedp.KeyEvent(kb.ArrowRight))
	c.waitJS(fmt.Sprintf(`document.querySelector('%s .move-list li.current')?.dataset.ply === '2'`, due), "the arrow key to step to ply 2")
	c.clickIn(due, "liveboard-end")
	c.waitJS(fmt.Sprintf(`document.querySelector('%s .move-list li.current')?.dataset.ply === '4'`, due), "the end of the walkthrough")

	// A typed move that the arrival rule forbids is refused with its rule.
	c.typeIn(due, "Nf3")
	c.waitJS(fmt.Sprintf(`document.querySelector('%s [data-testid=typed-error]').textContent.includes('G4')`, due), "the refusal naming G4")
	if msg := c.text(due + " [data-testid=typed-error]"); !strings.Contains(msg, "Nf3 is not legal") || !strings.Contains(msg, "arriv") {
		c.fail("the refusal reads %q", msg)
	}
	c.boardShot(due, "typed-refused")
	c.scrollTo(due)
	c.windowShot("typed-refused")

	// The arrival by a click on a highlighted square: B@c4.
	c.clickSquareIn(due, "c4")
	c.waitJS(fmt.Sprintf(`[...document.querySelectorAll('%s .move-list li.own')].some((li) => li.textContent.includes('B@c4'))`, due), "the arrival in the move list")
	if got := c.pieceIn(due, "c4"); !strings.Contains(got, "bishop") {
		c.fail("c4 holds %q after B@c4", got)
	}
	if msg := c.text(due + " [data-testid=typed-error]"); msg != "" {
		c.fail("the refusal of the typed move stays after the arrival: %q", msg)
	}
	c.boardShot(due, "arrived-c4")
	c.clickIn(due, "liveboard-reset")
	c.waitJS(fmt.Sprintf(`!document.querySelector('%s .move-list li.own') && document.querySelector('%s .move-list li.current')?.dataset.ply === '4'`, due, due), "Reset to the document's position")

	// The rule text's own spellings: the King travels from move 10 back to move 6 and lands on
	// f3 beside the King of that time; the Bishop is in transit again.
	back := c.liveBoard("The rule text's spellings")
	c.waitBoard(back, "Black to move")
	c.waitFEN(back, "book=Bl@9 travels=1,0")
	if moves := c.boardMoves(back); !strings.HasSuffix(moves, "10. Ke1//6@f3") {
		c.fail("the back travel's moves end %q", moves[max(0, len(moves)-40):])
	}
	if c.pieceIn(back, "f3") == "" || c.pieceIn(back, "e1") == "" {
		c.fail("after the back travel f3 holds %q and e1 %q; want a King on each", c.pieceIn(back, "f3"), c.pieceIn(back, "e1"))
	}
	c.boardShot(back, "back-travel")

	// A send typed in the rule text's spelling, then one from the special actions list.
	c.typeIn(start, "Bf1// to 9")
	c.waitFEN(start, "book=Bl@9")
	c.clickIn(start, "liveboard-reset")
	c.waitFEN(start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	c.clickIn(start, "special-f1//3")
	c.waitFEN(start, "book=Bl@3")
	if got := c.boardMoves(start); got != "1. Bf1//3" {
		c.fail("after the send the moves read %q", got)
	}
	c.boardShot(start, "sent-bishop")
	href := eval[string](c, fmt.Sprintf(`document.querySelector('%s [data-testid=liveboard-analysis]').getAttribute('href')`, start))
	if !strings.Contains(href, "variant=gifford") || !strings.Contains(href, "moves=f1%2F%2F3") {
		c.fail("the analysis link is %q", href)
	}
	c.do(chromedp.Click(chromedp.CSS(start+` [data-testid=liveboard-analysis]`), chromedp.NodeVisible))
	c.waitJS(`location.pathname === '/analysis' && document.getElementById('app').dataset.ready === 'true' && document.querySelector('[data-testid=current-fen]').value.includes('book=Bl@3')`, "the analysis board with the send")
	c.windowShot("analysis-from-rules")
	if got := eval[string](c, `document.querySelector('[data-testid=rules-link]').getAttribute('href')`); got != "/rules/gifford" {
		c.fail("the analysis board's rules link is %q", got)
	}

	// A variant that does not exist gets a page that says so and lists the real ones.
	c.open("/rules/checkers")
	if got := c.text(`[data-testid=rules-missing]`); !strings.Contains(got, "No rules for “checkers”") || !strings.Contains(got, "Time Traveler's Chess") {
		c.fail("the page for an unknown variant reads %q", got)
	}
	c.windowShot("unknown-variant")
}

// TestBrowserRulesLinks follows the links into the rules: the new-game form's link follows the
// chosen variant, and on a Gifford game's page the special panel's "Send forward in time"
// heading leads to the rule's section, as does the "Rules of" link under the board.
func TestBrowserRulesLinks(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "player")
	c.open("/")
	setSelect(c, "create-variant", "travelers")
	c.waitJS(`document.querySelector('[data-testid=create-rules]').getAttribute('href') === '/rules/travelers' && document.querySelector('[data-testid=create-rules]').textContent === "Rules of Time Traveler's Chess"`, "the form's rules link to follow the variant")
	setSelect(c, "create-variant", "gifford")
	c.waitJS(`document.querySelector('[data-testid=create-rules]').getAttribute('href') === '/rules/gifford'`, "the form's rules link to follow the variant")
	c.windowShot("create-form")
	c.click("opponent-engine")
	c.click("create-submit")
	c.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true' && !!document.querySelector('[data-testid=rule-link-send]')`, "the game page with its special actions")
	c.waitJS(`document.querySelector('[data-testid=rules-link]')?.textContent === 'Rules of Time Travel Chess (Gifford)'`, "the game page's rules link")
	c.scrollTo(`[data-testid=special-actions]`)
	c.windowShot("game-special")
	c.click("rule-link-send")
	c.waitJS(`location.pathname === '/rules/gifford' && location.hash === '#sending-a-man-forward-g3' && document.getElementById('app').dataset.ready === 'true'`, "the send rule")
	c.waitJS(`Math.abs(document.getElementById('sending-a-man-forward-g3').getBoundingClientRect().top) < 40`, "the send rule's heading at the top of the window")
	c.windowShot("send-rule")
}

// TestBrowserRulesPhone reads Time Traveler's Chess and Gifford on a 390 px phone: nothing is
// wider than the screen, and the Game 2 quiz board plays an explosion onto c4 from the
// explosion picker.
func TestBrowserRulesPhone(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "phone")
	c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	c.open("/rules")
	if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > 390 {
		c.fail("/rules is %v px wide on a 390 px screen", sw)
	}
	c.windowShot("index")
	c.open("/rules/travelers")
	c.windowShot("top")
	quiz := c.liveBoard("The Game 2 quiz")
	c.waitBoard(quiz, "Black to move — check")
	if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > 390 {
		c.fail("the page is %v px wide on a 390 px screen", sw)
	}
	if r := c.rect(quiz); r[0] < 0 || r[0]+r[2] > 390 {
		c.fail("the quiz board spans x %v..%v on a 390 px screen", r[0], r[0]+r[2])
	}
	c.scrollTo(quiz)
	c.windowShot("quiz")
	c.clickIn(quiz, "open-explosions")
	setSelect(c, "explosion-type", "R")
	setSelect(c, "explosion-square", "a4")
	setSelect(c, "explosion-dest", "c4")
	c.windowShot("quiz-picker")
	c.click("explosion-play")
	c.waitJS(fmt.Sprintf(`[...document.querySelectorAll('%s .move-list li.own')].some((li) => li.textContent.includes('Ra4/c4'))`, quiz), "Ra4/c4 in the move list")
	if got := c.pieceIn(quiz, "a4"); !strings.Contains(got, "traveling") {
		c.fail("a4 holds %q after Ra4/c4", got)
	}
	c.scrollTo(quiz)
	c.windowShot("quiz-played")

	// Gifford's walkthrough fits too: the arrival's banner, the board and the squares to drop on.
	c.open("/rules/gifford")
	due := c.liveBoard("White's move 3: the Bishop")
	c.waitBoard(due, "White to move")
	if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > 390 {
		c.fail("the Gifford page is %v px wide on a 390 px screen", sw)
	}
	c.boardShot(due, "gifford-due")
}

// TestBrowserRulesTimeThief plays the Time Thief's examples on their boards: the TT-capture
// of the rook's move by two clicks on the board, the Dwarf's mate shown as the game's end, and
// a King move next to a frozen King refused with its reason.
func TestBrowserRulesTimeThief(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "reader")
	c.open("/rules/timethief")
	rook := c.liveBoard("Black plays Rf7-f2.")
	c.waitBoard(rook, "Black to move")
	c.clickIn(rook, "liveboard-back")
	c.waitBoard(rook, "White to move")
	c.waitFEN(rook, "last=f7f2")
	c.boardShot(rook, "rook-moved")
	// c4 to f7 is both a plain Time Thief move (f7 is empty now) and the TT-capture: the
	// picker offers both, the TT-capture saying what it does.
	c.clickSquareIn(rook, "c4")
	c.clickSquareIn(rook, "f7")
	c.waitJS(`!!document.querySelector('[data-testid="pick-c4xf7"]') && !!document.querySelector('[data-testid="pick-c4f7"]')`, "the picker with the TT-capture and the plain move")
	c.windowShot("picker")
	c.click("pick-c4xf7")
	c.waitJS(fmt.Sprintf(`[...document.querySelectorAll('%s .move-list li.own')].some((li) => li.textContent.includes('Txf7'))`, rook), "the TT-capture in the move list")
	if got := c.pieceIn(rook, "f7"); !strings.Contains(got, "white") || !strings.Contains(strings.ToLower(got), "thief") {
		c.fail("f7 holds %q after the TT-capture", got)
	}
	if got := c.pieceIn(rook, "f2"); got != "" {
		c.fail("f2 still holds %q after the TT-capture took the move back", got)
	}
	c.boardShot(rook, "tt-captured")

	dwarf := c.liveBoard("The lone Dwarf on e2")
	c.waitBoard(dwarf, "Game over: 0-1")
	c.boardShot(dwarf, "dwarf-mate")

	frozen := c.liveBoard("The same with Black to move")
	c.waitBoard(frozen, "Black to move")
	c.typeIn(frozen, "Ke4")
	c.waitJS(fmt.Sprintf(`document.querySelector('%s [data-testid=typed-error]').textContent.startsWith('Ke4 is not legal')`, frozen), "Ke4 refused")
	c.boardShot(frozen, "ke4-refused")
}

// TestBrowserRulesChess opens chess10x8's rules, which share the chess page: the link leads to
// the section of the Guard, and the ten-file castling board castles by a drag of the King.
func TestBrowserRulesChess(t *testing.T) {
	e := newEnv(t)
	c := e.client(t, "reader")
	c.open("/rules/chess10x8")
	if got := eval[string](c, `location.pathname + location.hash`); got != "/rules/chess#boards-men-and-moves-c1" {
		c.fail("/rules/chess10x8 leads to %q", got)
	}
	castle := c.liveBoard("Castling on ten files")
	c.waitBoard(castle, "White to move")
	c.dragIn(castle, "f1", "i1")
	c.waitFEN(castle, "R6RK1 b")
	c.boardShot(castle, "castled")
	if got := c.boardMoves(castle); got != "1. O-O" {
		c.fail("after castling the moves read %q", got)
	}
}

// liveBoard finds the live board whose caption begins with caption, scrolls it into view and
// returns a CSS selector for it.
func (c *client) liveBoard(caption string) string {
	c.t.Helper()
	name := fmt.Sprintf("b%d", len(caption))
	for _, r := range caption {
		name += fmt.Sprintf("%x", r%16)
	}
	ok := eval[bool](c, fmt.Sprintf(`(() => {
		const f = [...document.querySelectorAll('figure.liveboard')].find((f) => (f.querySelector('figcaption')?.textContent || '').startsWith(%q));
		if (!f) return false;
		f.dataset.e2e = %q;
		f.scrollIntoView({ block: 'center' });
		return true;
	})()`, caption, name))
	if !ok {
		c.fail("no live board with the caption %q", caption)
	}
	return fmt.Sprintf(`figure[data-e2e=%q]`, name)
}

// waitBoard waits until the live board has loaded its position and its status begins so.
func (c *client) waitBoard(fig, status string) {
	c.t.Helper()
	c.waitJS(fmt.Sprintf(`(document.querySelector('%s [data-testid=liveboard-status]')?.textContent || '').startsWith(%q) && !!document.querySelector('%s [data-testid=board]').dataset.fen`, fig, status, fig), "the board "+fig+" to show "+status)
}

// waitFEN waits until the live board's position text contains part.
func (c *client) waitFEN(fig, part string) {
	c.t.Helper()
	c.waitJS(fmt.Sprintf(`(document.querySelector('%s [data-testid=board]').dataset.fen || '').includes(%q)`, fig, part), "the board "+fig+" to show "+part)
}

// boardMoves is the live board's move list as text, one space between items.
func (c *client) boardMoves(fig string) string {
	c.t.Helper()
	return eval[string](c, fmt.Sprintf(`[...document.querySelectorAll('%s .move-list li[data-ply]')].map((li) => li.textContent.trim()).join(' ')`, fig))
}

// text is the text of the element the selector finds.
func (c *client) text(sel string) string {
	c.t.Helper()
	return eval[string](c, fmt.Sprintf(`document.querySelector(%q)?.textContent || ''`, sel))
}

// clickIn clicks the element with the data-testid inside the live board.
func (c *client) clickIn(fig, testid string) {
	c.t.Helper()
	c.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`%s [data-testid=%q]`, fig, testid)), chromedp.NodeVisible))
}

// typeIn types a move into the live board's move box and submits it.
func (c *client) typeIn(fig, move string) {
	c.t.Helper()
	c.do(chromedp.SendKeys(chromedp.CSS(fig+` [data-testid=typed-move]`), move+"\r", chromedp.NodeVisible))
}

// pieceIn is the live board's man on a square, as its title reads, or "".
func (c *client) pieceIn(fig, square string) string {
	c.t.Helper()
	return eval[string](c, fmt.Sprintf(`(() => { const g = document.querySelector('%s [data-testid=board] g.piece[data-square=%q]'); return g ? g.querySelector('title').textContent : ''; })()`, fig, square))
}

// clickSquareIn clicks a square of the live board.
func (c *client) clickSquareIn(fig, square string) {
	c.t.Helper()
	c.scrollTo(fig)
	x, y := c.centerIn(fig, square)
	c.do(chromedp.MouseClickXY(x, y))
}

// dragIn drags a man of the live board from one square to another with the mouse.
func (c *client) dragIn(fig, from, to string) {
	c.t.Helper()
	c.scrollTo(fig)
	x0, y0 := c.centerIn(fig, from)
	x1, y1 := c.centerIn(fig, to)
	left := chromedp.ButtonType(input.MouseButtonLeft)
	c.do(chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, left, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseMoved, (x0+x1)/2, (y0+y1)/2, left),
		chromedp.MouseEvent(chromedp.MouseMoved, x1, y1, left),
		chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, left, chromedp.ClickCount(1)))
}

// centerIn is the viewport point at the middle of a square of the live board.
func (c *client) centerIn(fig, square string) (float64, float64) {
	c.t.Helper()
	pt := eval[[]float64](c, fmt.Sprintf(`(() => { const r = document.querySelector('%s [data-testid=board] rect.sq[data-square=%q]').getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()`, fig, square))
	if len(pt) != 2 {
		c.fail("no square %s on %s", square, fig)
	}
	return pt[0], pt[1]
}

// scrollTo scrolls the element into the middle of the window.
func (c *client) scrollTo(sel string) {
	c.t.Helper()
	eval[bool](c, fmt.Sprintf(`(document.querySelector(%q).scrollIntoView({ block: 'center' }), true)`, sel))
}

// windowShot saves what the window shows (not the whole long page) as a PNG artifact.
func (c *client) windowShot(name string) {
	c.t.Helper()
	c.shot(name, chromedp.CaptureScreenshot())
}

// elementShot saves the element the selector finds as a PNG artifact.
func (c *client) elementShot(sel, name string) {
	c.t.Helper()
	c.shot(name, chromedp.Screenshot(chromedp.CSS(sel), chromedp.NodeVisible))
}

// shot takes a screenshot and saves it as the test's PNG artifact name; a failure is logged.
func (c *client) shot(name string, take chromedp.Action[[]byte]) {
	ctx, cancel := context.WithTimeout(c.ctx, 15*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, take)
	if err != nil {
		c.t.Logf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(c.e.artifacts, strings.ReplaceAll(c.t.Name(), "/", "_")+"-"+name+".png")
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		c.t.Logf("screenshot %s: %v", name, err)
	}
}

// boardShot saves the whole live board (board, moves, controls) as a PNG artifact.
func (c *client) boardShot(fig, name string) {
	c.t.Helper()
	c.scrollTo(fig)
	c.elementShot(fig, name)
}
