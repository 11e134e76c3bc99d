package e2e

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// engineGame has c create a game against the engine at level 1 on the home page, from fen
// ("" for the start position), and waits for the game page.
func engineGame(c *client, fen string) string {
	c.t.Helper()
	c.open("/")
	c.click("opponent-engine")
	eval[bool](c, `(() => { const l = document.querySelector('[data-testid=engine-level]'); l.value = '1'; return true; })()`)
	if fen != "" {
		c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=create-fen]`), fen))
	}
	c.click("create-submit")
	c.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true'`, "the game page")
	return strings.TrimPrefix(eval[string](c, `location.pathname`), "/game/")
}

// resign resigns c's game with the two clicks the Resign button asks for.
func resign(c *client) {
	c.t.Helper()
	c.click("resign")
	c.waitJS(`document.querySelector('[data-testid=resign]').textContent.startsWith('Really')`, "the resign button to ask again")
	c.click("resign")
	c.waitJS(`document.getElementById('app').dataset.status === 'ended' && !!document.querySelector('[data-testid=game-end]')`, "the end of the game")
}

// textOf is the text of the element with the data-testid, or "".
func textOf(c *client, testid string) string {
	c.t.Helper()
	return eval[string](c, fmt.Sprintf(`(document.querySelector('[data-testid=%q]') || {}).textContent || ''`, testid))
}

// newGameOpened waits until c is on a game page other than old and returns its id.
func newGameOpened(c *client, old string) string {
	c.t.Helper()
	c.waitJS(fmt.Sprintf(`location.pathname.startsWith('/game/') && location.pathname !== '/game/%s' && document.getElementById('app').dataset.ready === 'true' && document.getElementById('app').dataset.status === 'ongoing'`, old), "the rematch's page")
	return strings.TrimPrefix(eval[string](c, `location.pathname`), "/game/")
}

// press sends one key to the page, with the focus off the board and every field.
func press(c *client, key string) {
	c.t.Helper()
	eval[bool](c, `(document.activeElement && document.activeElement.blur(), true)`)
	c.do(chromedp.KeyEvent(key))
}

// TestEndOfGame: what a finished game offers (a rematch, a new game with its settings, the
// analysis board), the arrow keys, premoves, draw offers to the engine and the page of an
// unknown game, all through the UI.
func TestEndOfGame(t *testing.T) {
	e := newEnv(t)

	t.Run("engine rematch", func(t *testing.T) {
		c := e.client(t, "player")
		id := engineGame(c, "")
		c.waitMyTurn()
		c.typeMove("e4")
		c.waitPly(2)
		resign(c)
		if got := textOf(c, "end-text"); got != "You lost by resignation." {
			c.fail("the end reads %q", got)
		}
		c.screenshot("page-engine-ended")
		c.click("rematch")
		next := newGameOpened(c, id)
		// Colours swapped: the engine is White now and moves first; the player sits at the bottom as Black.
		c.waitPly(1)
		c.waitMyTurn()
		if o := eval[string](c, `document.querySelector('[data-testid=board] svg').dataset.orientation`); o != "black" {
			c.fail("the rematch's board shows %s at the bottom, want black", o)
		}
		if name := textOf(c, "name-white"); !strings.HasPrefix(name, "Engine (level 1)") {
			c.fail("White in the rematch is %q, want the engine", name)
		}
		c.screenshot("rematch-engine-first")

		// The finished game leads to its rematch, with the seat, even from a browser that forgot it.
		eval[bool](c, fmt.Sprintf(`(() => { const s = JSON.parse(localStorage.getItem('timechess.seats')); delete s[%q]; localStorage.setItem('timechess.seats', JSON.stringify(s)); return true; })()`, next))
		c.open("/game/" + id)
		c.click("rematch-link")
		c.waitJS(fmt.Sprintf(`location.pathname === '/game/%s' && document.getElementById('app').dataset.ready === 'true'`, next), "the rematch again")
		c.waitMyTurn()

		// Analyse opens the analysis board with the game's moves; New game the home form with its settings.
		resign(c)
		c.click("analyse")
		c.waitJS(`location.pathname === '/analysis' && document.querySelectorAll('[data-testid=move-list] li[data-ply]').length === 1`, "the analysis board with the game's move")
		c.screenshot("page-analysis-of-game")
		c.open("/game/" + next)
		c.click("new-game")
		c.waitJS(`location.pathname === '/' && document.getElementById('app').dataset.ready === 'true'`, "the home page")
		for _, sel := range []string{"opponent-engine", "color-black", "tc-live"} {
			if !eval[bool](c, fmt.Sprintf(`document.querySelector('[data-testid=%q]').checked`, sel)) {
				c.fail("the new game form does not have %s chosen", sel)
			}
		}
		if lvl := eval[string](c, `document.querySelector('[data-testid=engine-level]').value`); lvl != "1" {
			c.fail("the new game form has engine level %s, want 1", lvl)
		}
		if fen := eval[string](c, `document.querySelector('[data-testid=create-fen]').value`); fen != "" {
			c.fail("the new game form has the set-up position %q, want none (the start position)", fen)
		}
		c.screenshot("page-new-game-prefilled")
	})

	t.Run("friend rematch", func(t *testing.T) {
		g := newFriendGame(t, e, "chess")
		g.white.typeMove("e4")
		g.played(1, "e4")
		g.white.click("takeback")
		g.black.waitJS(`!!document.querySelector('[data-testid=decline-takeback]')`, "White's takeback request")
		g.black.click("decline-takeback")
		g.white.waitJS(`document.getElementById('toast').textContent === 'Your opponent declined your takeback request.'`, "the note of the declined takeback")
		resign(g.black)
		g.white.waitJS(`!!document.querySelector('[data-testid=rematch]')`, "the rematch button")
		g.black.click("rematch")
		g.black.waitJS(`!!document.querySelector('[data-testid=rematch-offered]')`, "the offer shown to its maker")
		g.white.waitJS(`!!document.querySelector('[data-testid=accept-rematch]')`, "the offer shown to the opponent")
		if note := textOf(g.white, "rematch-note"); !strings.Contains(note, "offers a rematch") {
			g.white.fail("the offer reads %q", note)
		}
		g.white.screenshot("page-rematch-offered")
		if eval[bool](g.watcher, `!!document.querySelector('[data-testid=rematch], [data-testid=accept-rematch]')`) {
			g.watcher.fail("a watcher is offered a rematch")
		}
		g.white.click("accept-rematch")
		next := newGameOpened(g.white, g.id)
		if other := newGameOpened(g.black, g.id); other != next {
			g.black.fail("Black went to game %s, White to %s", other, next)
		}
		g.watcher.waitJS(fmt.Sprintf(`(document.querySelector('[data-testid=rematch-link]') || {}).textContent === 'Watch the rematch' && document.querySelector('[data-testid=rematch-link]').getAttribute('href') === '/game/%s'`, next), "the watcher's link to the rematch")
		// The old Black plays White now.
		g.black.waitMyTurn()
		g.black.drag("d2", "d4")
		g.black.waitPly(1)
		g.white.waitPly(1)
		g.white.waitMyTurn()
		g.white.screenshot("page-rematch-black")
	})

	t.Run("arrow keys and premove", func(t *testing.T) {
		g := newFriendGame(t, e, "chess")
		g.white.typeMove("e4")
		g.played(1, "e4")
		g.black.waitMyTurn()
		g.black.typeMove("e5")
		g.played(2, "e5")
		g.white.waitMyTurn()
		g.white.typeMove("Nf3")
		g.played(3, "Nf3")

		w := g.white
		press(w, kb.ArrowLeft)
		w.waitJS(`!document.querySelector('[data-testid=browse-banner]').hidden && document.querySelector('[data-testid=browse-banner]').textContent.includes('(ply 2)')`, "the board after ply 2")
		press(w, kb.ArrowLeft)
		w.waitJS(`document.querySelector('[data-testid=browse-banner]').textContent.includes('(ply 1)') && document.querySelector('[data-testid=board]').dataset.fen.startsWith('rnbqkbnr/pppppppp/8/8/4P3/')`, "the board after ply 1")
		press(w, kb.Home)
		w.waitJS(`document.querySelector('[data-testid=browse-banner]').textContent.includes('at the start')`, "the start board")
		w.screenshot("page-browse-start")
		press(w, kb.End)
		w.waitJS(`document.querySelector('[data-testid=browse-banner]').hidden`, "the live board")
		// On the focused board the arrows move its cursor and browse nothing.
		eval[bool](w, `(document.querySelector('[data-testid=board] svg').focus(), true)`)
		w.do(chromedp.KeyEvent(kb.ArrowLeft))
		if !eval[bool](w, `document.querySelector('[data-testid=browse-banner]').hidden`) {
			w.fail("an arrow key on the focused board browsed the moves")
		}

		// Black is to move: White sets a premove, cancels it with a right click, sets another.
		w.drag("b1", "c3")
		w.waitJS(`document.querySelector('[data-testid=status]').textContent.includes('premove b1–c3')`, "the premove b1-c3")
		x, y := w.center("a6")
		w.do(chromedp.MouseClickXY(x, y, chromedp.ButtonType(input.MouseButtonRight)))
		w.waitJS(`!document.querySelector('[data-testid=status]').textContent.includes('premove') && !document.querySelector('.mark-premove')`, "the premove cancelled")
		w.drag("d2", "d4")
		w.waitJS(`document.querySelector('[data-testid=status]').textContent.includes('premove d2–d4') && document.querySelectorAll('[data-testid=board] .mark-premove').length === 2`, "the premove d2-d4 shown")
		w.screenshot("premove-set")
		g.black.waitMyTurn()
		g.black.typeMove("Nc6")
		g.played(5, "the premove played as Black's move came")
		expectPiece(g.watcher, "d4", "white pawn")

		// A premove that is not legal when the turn comes is dropped with a note: e4-e5 while
		// Black's pawn stays on e5.
		w.drag("e4", "e5")
		w.waitJS(`document.querySelector('[data-testid=status]').textContent.includes('premove e4–e5')`, "the premove e4-e5")
		g.black.waitMyTurn()
		g.black.typeMove("Nf6")
		g.played(6, "Nf6")
		w.waitJS(`document.getElementById('toast').textContent === 'Premove e4–e5 dropped: it is not legal now.' && !document.getElementById('toast').hidden`, "the note of the dropped premove")
		w.waitMyTurn()
		w.screenshot("page-premove-dropped")
	})

	t.Run("draw offers to the engine", func(t *testing.T) {
		c := e.client(t, "drawer")
		// A queen down, the engine takes the draw offered with the move before its turn.
		engineGame(c, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")
		c.waitMyTurn()
		c.click("offer-draw")
		c.waitJS(`!!document.querySelector('[data-testid=controls] button[disabled]') && document.querySelector('[data-testid=controls]').textContent.includes('Draw offered')`, "the offer made")
		c.typeMove("Qa2")
		c.waitJS(`document.getElementById('app').dataset.status === 'ended'`, "the engine's answer")
		if got := textOf(c, "end-text"); got != "Draw by agreement." {
			c.fail("the end reads %q, want a draw by agreement", got)
		}
		c.waitJS(`document.getElementById('toast').textContent === 'The engine accepted your draw offer: the game is drawn.'`, "the note of the accepted offer")
		c.screenshot("page-engine-accepted-draw")

		// A queen up, it declines and plays on.
		engineGame(c, "q3k3/8/8/8/8/8/8/4K3 w - - 0 1")
		c.waitMyTurn()
		c.click("offer-draw")
		c.waitJS(`document.querySelector('[data-testid=controls]').textContent.includes('Draw offered')`, "the offer made")
		c.typeMove("Ke2")
		c.waitJS(`document.getElementById('toast').textContent === 'The engine declined your draw offer.'`, "the note of the declined offer")
		c.waitPly(2)
		if s := eval[string](c, `document.getElementById('app').dataset.status`); s != "ongoing" {
			c.fail("the game is %s after the engine declined", s)
		}
		c.screenshot("page-engine-declined-draw")
	})

	t.Run("unknown game", func(t *testing.T) {
		c := e.client(t, "visitor")
		c.open("/game/abcdefabcdef")
		c.waitJS(`!!document.querySelector('[data-testid=unknown-game]')`, "the unknown game page")
		if got := textOf(c, "unknown-text"); got != "No game with id abcdefabcdef. It may have been aborted before anyone moved, or the link is mistyped." {
			c.fail("the unknown game page reads %q", got)
		}
		if eval[bool](c, `!!document.querySelector('[data-testid=board], [data-testid=connection]')`) {
			c.fail("the unknown game page shows a board or a connection")
		}
		c.screenshot("page-unknown-game")
		c.open("/game/unknown")
		c.waitJS(`(document.querySelector('[data-testid=unknown-text]') || {}).textContent.startsWith('“unknown” is not a game id')`, "the page of a malformed id")
		c.screenshot("page-bad-id")
		c.click("unknown-home")
		c.waitJS(`location.pathname === '/' && !!document.querySelector('[data-testid=create-form]')`, "the home page")
	})

	t.Run("readable errors", func(t *testing.T) {
		c := e.client(t, "importer")
		c.open("/analysis")
		c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=pgn-input]`), "1. e4 zz9 2. Nf3"))
		c.click("import")
		want := "The PGN could not be read at game 1, line 1, move 1... (zz9): no destination square. Correct it there and import again."
		c.waitJS(fmt.Sprintf(`document.querySelector('[data-testid=import-output]').textContent === %q`, want), "the import's refusal")
		c.screenshot("page-bad-pgn")
	})

	t.Run("phone", func(t *testing.T) {
		c := e.client(t, "phone")
		c.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		// The 16x16 editor's refusal wraps instead of widening the page.
		c.open("/editor?variant=chess&fen=" + url.QueryEscape("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1"))
		c.waitJS(`document.querySelector('[data-testid=editor-verdict]').textContent.startsWith('The position text (fen) is not a valid chess position: white has 0 kings')`, "the editor's refusal")
		fits(c)
		c.screenshot("page-phone-editor-error")
		id := engineGame(c, "")
		c.waitMyTurn()
		c.drag("e2", "e4")
		c.waitPly(2)
		resign(c)
		fits(c)
		if r := c.rect(`[data-testid=game-end]`); r[0] < 0 || r[0]+r[2] > 390 {
			c.fail("the end panel spans x %v..%v on a 390 px screen", r[0], r[0]+r[2])
		}
		c.screenshot("page-phone-ended")
		c.click("rematch")
		newGameOpened(c, id)
		c.open("/game/unknown")
		fits(c)
		c.screenshot("page-phone-unknown")
	})
}
