package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// learner is a newcomer going through a guided game (/learn/VARIANT) in the browser.
type learner struct {
	*client
	variant  string
	boardTop float64 // where expectFits first found the board, to see that it never moves
}

// startLesson opens the home page, follows its "Try the guided game" link for the variant
// (from the /learn list when the picker has no link for it) and waits for step 1.
func startLesson(t *testing.T, e *env, variant string, phone bool) *learner {
	c := e.client(t, "learner")
	if phone {
		c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	}
	c.open("/learn")
	c.waitJS(fmt.Sprintf(`document.querySelector('[data-testid="learn-link-%s"]')`, variant), "the lesson in the list")
	c.click("learn-link-" + variant)
	l := &learner{client: c, variant: variant}
	l.waitStep("1")
	return l
}

// waitStep waits until the lesson shows step n ("done" at the end) and the board takes moves.
func (l *learner) waitStep(n string) {
	l.t.Helper()
	movable := `&& !document.querySelector('[data-testid=typed-move]').disabled`
	if strings.HasSuffix(n, "done") {
		movable = ""
	}
	l.waitJS(fmt.Sprintf(`document.getElementById('app').dataset.step === %q %s`, n, movable), "step "+n)
}

// boardInView scrolls the board into the window, as a player does before touching it.
func (l *learner) boardInView() {
	l.t.Helper()
	eval[bool](l.client, `(() => { const r = document.querySelector('[data-testid=board]').getBoundingClientRect(); if (r.top < 0 || r.bottom > innerHeight) document.querySelector('[data-testid=board]').scrollIntoView({ block: 'nearest' }); return true; })()`)
}

// drag drags a man on the board, scrolled into view first.
func (l *learner) drag(from, to string) {
	l.t.Helper()
	l.boardInView()
	l.client.drag(from, to)
}

// clickSquare clicks a square of the board, scrolled into view first.
func (l *learner) clickSquare(square string) {
	l.t.Helper()
	l.boardInView()
	l.client.clickSquare(square)
}

// goOn waits until step n is done and the next one sets up a new position, keeps a screenshot
// of the result and presses Continue.
func (l *learner) goOn(n int) {
	l.t.Helper()
	l.waitStep(fmt.Sprintf("%d-done", n))
	l.expectCoach("step-title", "done")
	l.shot(fmt.Sprintf("%d-done", n))
	l.click("learn-continue")
	l.waitStep(fmt.Sprint(n + 1))
}

// expectCoach fails unless the part of the coach box says each of the texts.
func (l *learner) expectCoach(part string, texts ...string) {
	l.t.Helper()
	for _, text := range texts {
		l.waitJS(fmt.Sprintf(`document.querySelector('[data-testid=learn-%s]').textContent.includes(%q)`, part, text), fmt.Sprintf("the coach's %s to say %q", part, text))
	}
}

// shot keeps a screenshot of the whole page as an artifact.
func (l *learner) shot(name string) {
	l.screenshot("page-" + l.variant + "-" + name)
}

// pickTestid clicks a choice of the picker that a gesture opened.
func (l *learner) pickTestid(testid string) {
	l.t.Helper()
	l.waitJS(fmt.Sprintf(`document.querySelector('[data-testid=picker] [data-testid=%q]')`, testid), "the picker")
	l.shot("picker")
	l.click(testid)
}

// expectMan fails unless the board shows the man (its title, e.g. "white king") on the square,
// or an empty square for "".
func (l *learner) expectMan(square, man string) {
	l.t.Helper()
	if man == "" {
		l.waitJS(fmt.Sprintf(`!document.querySelector('[data-testid=board] g.piece[data-square=%q]')`, square), square+" empty")
		return
	}
	l.waitJS(fmt.Sprintf(`(() => { const g = document.querySelector('[data-testid=board] g.piece[data-square=%q]'); return g && g.querySelector('title').textContent === %q; })()`, square, man), square+" holding "+man)
}

// finish checks the end of the lesson: the two ways on, to a real game and to the rules.
func (l *learner) finish() {
	l.t.Helper()
	l.waitStep("done")
	l.expectCoach("step-title", "Lesson complete")
	l.expectCoach("progress", "Done: all")
	play := eval[string](l.client, `document.querySelector('[data-testid=learn-play]').getAttribute('href')`)
	rules := eval[string](l.client, `document.querySelector('[data-testid=learn-rules]').getAttribute('href')`)
	if play != "/?variant="+l.variant || rules != "/rules/"+l.variant {
		l.fail("the end links go to %q and %q", play, rules)
	}
	l.shot("done")
}

// expectFits fails when the page is wider than a 390 px phone, the board and, under it, the
// coach's instruction do not both fit the 844 px screen (scrolled to the top), or the board
// moved since the last look.
func (l *learner) expectFits() {
	l.t.Helper()
	if sw := eval[float64](l.client, `document.documentElement.scrollWidth`); sw > 390 {
		l.fail("the page is %v px wide on a 390 px screen", sw)
	}
	r := eval[[]float64](l.client, `(() => { scrollTo(0, 0); const c = document.querySelector('[data-testid=learn-coach]').getBoundingClientRect(); const s = document.querySelector('[data-testid=learn-say]').getBoundingClientRect(); const b = document.querySelector('[data-testid=board]').getBoundingClientRect(); return [c.left, c.right, c.top, s.bottom, b.bottom, b.top]; })()`)
	if len(r) != 6 || r[0] < 0 || r[1] > 390 || r[4] > r[2] || r[3] > 844 {
		l.fail("coach x %v..%v top %v, instruction bottom %v, board bottom %v on a 390x844 screen", r[0], r[1], r[2], r[3], r[4])
	}
	if l.boardTop == 0 {
		l.boardTop = r[5]
	} else if r[5] != l.boardTop {
		l.fail("the board moved from y %v to %v", l.boardTop, r[5])
	}
}

// TestLearnChess plays the short chess lesson by dragging: a wrong but legal move is taken back
// with the lesson's wish, then e4, castling and a promotion chosen in the picker.
func TestLearnChess(t *testing.T) {
	l := startLesson(t, newEnv(t), "chess", false)
	l.shot("1-move")
	l.drag("d2", "d4")
	l.expectCoach("feedback", "That is legal, but this lesson wants e4", "d4 was taken back")
	l.expectMan("d4", "")
	l.expectMan("d2", "white pawn")
	l.shot("1-wrong-move")
	l.drag("e2", "e4")
	l.expectCoach("last", "Black plays e5")
	l.goOn(1)
	l.expectCoach("say", "Castle kingside")
	l.shot("2-castle")
	l.drag("e1", "g1")
	l.expectMan("g1", "white king")
	l.expectMan("f1", "white rook")
	l.goOn(2)
	l.shot("3-promote")
	l.drag("e7", "e8")
	l.pickTestid("pick-e7e8q")
	l.expectMan("e8", "white queen")
	l.finish()
}

// TestLearnChess10x8 plays the 10x8 lesson: a typed move, the Guard dragged, castling to i1
// typed as O-O, and a promotion to a Guard chosen in the picker.
func TestLearnChess10x8(t *testing.T) {
	l := startLesson(t, newEnv(t), "chess10x8", false)
	l.typeMove("e4")
	l.waitStep("2")
	l.shot("2-guard")
	l.drag("d1", "e2")
	l.expectMan("e2", "white guard")
	l.goOn(2)
	l.typeMove("O-O")
	l.expectMan("i1", "white king")
	l.expectMan("h1", "white rook")
	l.goOn(3)
	l.drag("e7", "e8")
	l.pickTestid("pick-e7e8g")
	l.expectMan("e8", "white guard")
	l.finish()
}

// TestLearnGifford plays the Gifford lesson: a send from the special actions panel, a drag,
// a typed move refused by the due arrival (G4, shown with its rule), the arrival by a click, the
// King's backward travel by a drag and the picker, and the arrival again by typing.
func TestLearnGifford(t *testing.T) {
	l := startLesson(t, newEnv(t), "gifford", false)
	l.expectCoach("say", "send it forward to your move 3")
	l.waitJS(`document.querySelector('[data-testid="special-f1//3"]').classList.contains('learn-target') && document.querySelectorAll('.learn-target').length === 1`, "the send's chip standing out")
	l.shot("1-send")
	l.click("special-f1//3")
	l.waitStep("2")
	l.expectMan("f1", "")
	l.expectCoach("last", "in transit", "Black plays e5")
	l.shot("2-develop")
	l.drag("g1", "f3")
	l.waitStep("3")
	l.typeMove("zz9")
	l.expectCoach("feedback", "zz9 is not a move here: no destination square. Check the spelling")
	l.typeMove("Nc3")
	l.expectCoach("feedback", "Refused by the rules", "this turn must be its arrival", "G4")
	l.shot("3-refused-arrival")
	l.clickSquare("c4")
	l.waitStep("4")
	l.expectMan("c4", "white bishop")
	l.shot("4-travel")
	l.drag("e1", "d3")
	l.pickTestid("pick-e1//2@d3")
	l.waitStep("5")
	l.expectMan("d3", "white king")
	l.expectMan("e1", "white king")
	l.expectMan("g1", "white knight")
	l.expectCoach("last", "two Kings", "Black plays Nc6", "numbers went back with the board")
	l.shot("5-arrive-again")
	l.typeMove("B@b5")
	l.expectMan("b5", "white bishop")
	l.finish()
}

// TestLearnGiffordPhone goes through the Gifford lesson on a 390x844 phone, by taps and
// typing, with Back and Restart: the coach stays above the board and the page never scrolls
// sideways.
func TestLearnGiffordPhone(t *testing.T) {
	l := startLesson(t, newEnv(t), "gifford", true)
	l.expectFits()
	l.shot("phone-1")
	l.typeMove("Bf1//3")
	l.waitStep("2")
	l.expectFits()
	l.click("learn-back")
	l.waitStep("1")
	l.expectMan("f1", "white bishop")
	l.typeMove("Bf1// to 3")
	l.waitStep("2")
	l.clickSquare("g1")
	l.clickSquare("f3")
	l.waitStep("3")
	l.clickSquare("c4")
	l.waitStep("4")
	l.expectFits()
	l.shot("phone-4")
	l.typeMove("Ke1//2@d3")
	l.waitStep("5")
	l.expectFits()
	l.shot("phone-5")
	l.clickSquare("b5")
	l.finish()
	l.expectFits()
	l.click("learn-restart")
	l.waitStep("1")
	l.expectMan("f1", "white bishop")
}

// TestLearnTimeThief plays the Time Thief lesson: the TT-capture chosen in the picker of a
// drag, the move numbers running back in the list, the frozen King's refusal (T6) typed, and
// the rook that frees him.
func TestLearnTimeThief(t *testing.T) {
	l := startLesson(t, newEnv(t), "timethief", false)
	l.shot("1-open-line")
	l.drag("f2", "f4")
	l.waitStep("2")
	l.expectCoach("last", "Black plays a5")
	l.shot("2-tt-capture")
	l.drag("g1", "a7")
	l.waitJS(`document.querySelector('[data-testid="pick-g1xa7"]').classList.contains('learn-target') && !document.querySelector('[data-testid="pick-g1a7"]').classList.contains('learn-target')`, "the TT-capture standing out in the picker")
	l.pickTestid("pick-g1xa7")
	l.waitStep("2-done")
	moves := eval[string](l.client, `[...document.querySelectorAll('[data-testid=move-list] li')].map((li) => li.textContent).join(' | ')`)
	if !strings.Contains(moves, "2. Txa7 | 1… e5") {
		l.fail("the move list reads %q, want the TT-capture 2. Txa7 followed by Black's move 1 again", moves)
	}
	l.expectCoach("last", "the numbers run back")
	l.goOn(2)
	l.expectCoach("say", "Try it anyway: type Kc3")
	l.shot("3-frozen-king")
	l.typeMove("Kc3")
	l.waitStep("4")
	l.expectCoach("last", "Kc3: refused", "frozen", "T6")
	l.shot("4-free-the-king")
	l.drag("a4", "d4")
	l.expectMan("i8", "black king")
	l.finish()
}

// TestLearnTimeThiefRestore plays the King-restoration lesson: an attacked King left alone, its
// capture, a typed move refused until the King is restored (T7), and the restoring TT-capture
// from the Time Thief panel.
func TestLearnTimeThiefRestore(t *testing.T) {
	l := startLesson(t, newEnv(t), "timethief-restore", false)
	l.shot("1-free")
	l.drag("a2", "a3")
	l.waitStep("2")
	l.expectMan("f1", "black queen")
	l.shot("2-king-taken")
	l.typeMove("a4")
	l.waitStep("3")
	l.expectCoach("last", "a4: refused", "King restoration", "T7")
	l.shot("3-restore")
	l.click("tt-c4xf7")
	l.expectMan("f1", "white king")
	l.expectMan("f7", "white time thief")
	l.finish()
}

// TestLearnTravelers plays the Time Traveler's Chess lesson: an explosion chosen on the board
// (the explosion square, then the traveled man's square), a typed explosion refused for
// grammar (R6), the traveled man's move, the resonator brought up and the annihilation.
func TestLearnTravelers(t *testing.T) {
	l := startLesson(t, newEnv(t), "travelers", false)
	if n := eval[int](l.client, `document.querySelectorAll('[data-testid=board] .arrow-line').length`); n != 2 {
		l.fail("%d supporting-line arrows, want b1-c3 and c3-d5", n)
	}
	l.shot("1-explosion")
	// d5 then f4: only a knight explodes on d5 with its traveled man going to f4, so no picker.
	l.clickSquare("d5")
	l.clickSquare("f4")
	l.waitStep("2")
	l.expectMan("d5", "white traveling knight")
	l.expectMan("f4", "white traveled knight")
	l.shot("2-grammar")
	l.typeMove("Na3/b5")
	l.waitStep("3")
	l.expectCoach("last", "Na3/b5: refused", "grammatically incorrect", "R6")
	l.shot("3-traveled-man")
	l.drag("f4", "h5")
	l.waitStep("4")
	l.drag("b1", "c3")
	l.waitStep("5")
	l.expectCoach("last", "attacks your traveling knight on d5")
	l.shot("5-annihilation")
	l.drag("c3", "d5")
	l.expectMan("d5", "")
	l.expectMan("c3", "")
	l.finish()
}

// TestLearnHomeLink follows the home page's "New to <variant>?" link, which follows the variant
// picker; the Learn page lists every guided game, and a variant without one gets a page that
// says so and lists them.
func TestLearnHomeLink(t *testing.T) {
	c := newEnv(t).client(t, "newcomer")
	c.open("/learn")
	c.waitJS(`document.querySelectorAll('[data-testid=learn-list] a[data-testid^=learn-link-]').length === 6 && document.querySelector('.top nav a[aria-current=page]').textContent === 'Learn'`, "six guided games listed under Learn")
	c.screenshot("page-learn-list")
	c.open("/learn/nosuch")
	c.waitJS(`document.querySelector('[data-testid=learn-missing]').textContent.includes('There is no guided game for "nosuch"') && document.querySelector('[data-testid=learn-missing] a[href="/learn/chess10x8"]')`, "the page for a variant without a guided game")
	c.open("/")
	c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=create-variant]`), "travelers"))
	eval[bool](c, `(document.querySelector('[data-testid=create-variant]').dispatchEvent(new Event('change')), true)`)
	c.waitJS(`(() => { const a = document.querySelector('[data-testid=learn-hint-link]'); return a && a.getAttribute('href') === '/learn/travelers' && a.closest('p').textContent.startsWith("New to Time Traveler's Chess?"); })()`, "the guided game link for travelers")
	c.screenshot("page-home-hint")
	c.click("learn-hint-link")
	c.waitJS(`location.pathname === '/learn/travelers' && document.getElementById('app').dataset.step === '1'`, "the travelers lesson")
}
