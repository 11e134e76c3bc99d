package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserTimelines plays the timelines picture through the UI: a Gifford King's backward
// travel chosen on it (the King, a past turn, then the landing square on that past board), the
// two timelines it then shows joined at the branch, an old board browsed from it; and a Time
// Thief's revert (1. f4 a5 2. Txa7), with the cue in the move list that says why the numbers run
// back, the taken-back move animated, and its picture. The players play on a 390x844 phone.
func TestBrowserTimelines(t *testing.T) {
	e := newEnv(t)

	t.Run("gifford-back-travel", func(t *testing.T) {
		g := newFriendGame(t, e, "gifford")
		g.white.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		for i, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
			c := g.white
			if i%2 == 1 {
				c = g.black
			}
			c.waitMyTurn()
			c.typeMove(m)
			g.played(i+1, "typed")
		}
		g.all(func(c *client) {
			c.waitJS(`document.querySelectorAll('[data-testid=timeline-1] li').length === 5`, "the start and four boards in one timeline")
		})
		expectTexts(g.watcher, `[data-testid=timeline-1] li`, "Start", "1. e4", "1… e5", "2. Nf3", "2… Nc6")
		tall := g.watcher.rect(`[data-testid=timelines]`)[3]
		timelinesFitPhone(g.white)
		timelinesShot(g.white, "before-travel")

		// The King, then a past turn: only moves 1 and 2 are offered, the other boards are disabled.
		g.white.clickSquare("e1")
		g.white.waitJS(`(() => { const p = document.querySelector('[data-testid=travel-prompt]'); return !p.hidden && p.textContent.includes("White's King on e1 may travel back in time"); })()`, "the travel prompt")
		expectTexts(g.white, `[data-testid=timelines] li.target .tl-target`, "move 1", "move 2")
		if n := eval[int](g.white, `document.querySelectorAll('[data-testid=timelines] button.tl-board:disabled').length`); n != 3 {
			g.white.fail("%d boards are disabled while choosing a turn, want 3 (all but the two targets)", n)
		}
		timelinesShot(g.white, "choose-turn")
		g.white.click("travel-cancel")
		g.white.waitJS(`document.querySelector('[data-testid=travel-prompt]').hidden && !document.querySelector('[data-testid=timelines] li.target')`, "the travel cancelled")

		// Again by keyboard: the "travel back" button, then Enter on the board of move 1.
		g.white.click("travel-back")
		g.white.waitJS(`document.querySelectorAll('[data-testid=timelines] li.target').length === 2`, "the targets again")
		eval[bool](g.white, `(document.querySelector('[data-testid=timelines] li.target button').focus(), true)`)
		g.white.do(chromedp.KeyEvent(kb.Enter))
		g.white.waitJS(`document.querySelector('[data-testid=travel-prompt]').textContent.includes("travels back to White's move 1")`, "the landing prompt")
		// The main board shows the board as it was at White's move 1, with the landing squares marked.
		g.white.waitJS(`document.querySelector('[data-testid=board]').dataset.fen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w')`, "the start board")
		g.white.waitJS(`!!document.querySelector('[data-testid=board] rect.mark-landing[data-square=c3]')`, "a3 marked for the landing")
		timelinesShot(g.white, "choose-landing")
		g.white.clickSquare("e2")
		g.white.waitJS(`document.getElementById('toast').textContent.includes('cannot land on e2')`, "the refusal of an occupied square")
		g.white.clickSquare("a3")
		g.played(5, "the backward travel")
		expectPiece(g.watcher, "a3", "white king")
		expectPiece(g.watcher, "e1", "white king")
		expectPiece(g.watcher, "e4", "")

		// Two timelines, the first abandoned, joined where the second branched: the start board.
		g.all(func(c *client) {
			c.waitJS(`document.querySelector('[data-testid=timelines] h3').textContent === 'Timelines (2)' && document.querySelectorAll('[data-testid=timeline-2] li').length === 1`, "the second timeline")
		})
		expectTexts(g.watcher, `[data-testid=timeline-2] li`, "1. Ke1//1@a3")
		if !eval[bool](g.watcher, `!!document.querySelector('[data-testid=timelines] path.tl-branch[data-from="0"][data-to="5"]') && document.querySelector('[data-testid=timeline-1]').classList.contains('abandoned') && document.querySelector('[data-testid=timeline-2] li[data-ply="5"]').classList.contains('current')`) {
			g.watcher.fail("the picture does not join the start board to the travel, or does not mark the abandoned and the current board")
		}
		g.watcher.waitJS(`document.querySelector('[data-testid=back-cue-5]').textContent.startsWith('⟲ back to move 1') && document.querySelector('[data-testid=back-cue-5]').textContent.includes("White's King travelled back in time")`, "the cue in the move list")
		g.white.screenshot("page-after-travel")
		timelinesShot(g.watcher, "two-timelines")
		g.watcher.screenshot("page-watcher-two-timelines")

		g.black.waitMyTurn()
		g.black.typeMove("d5")
		g.played(6, "typed")
		expectTexts(g.watcher, `[data-testid=timeline-2] li`, "1. Ke1//1@a3", "1… d5")
		// The picture kept the room of the second timeline: what is below it did not move.
		if now := g.watcher.rect(`[data-testid=timelines]`)[3]; now != tall {
			g.watcher.fail("the timelines picture grew from %v to %v px with the second timeline", tall, now)
		}

		// Browse an old board from the picture, then go back to the live one.
		g.watcher.do(chromedp.Click(chromedp.CSS(`[data-testid=timeline-1] li[data-ply="3"] button`), chromedp.NodeVisible))
		g.watcher.waitJS(`document.querySelector('[data-testid=browse-banner]').textContent.startsWith("Viewing the board after White's move 2 (ply 3).")`, "the old board")
		expectPiece(g.watcher, "f3", "white knight")
		g.watcher.waitJS(`document.querySelector('[data-testid=timeline-1] li[data-ply="3"]').classList.contains('viewing')`, "the viewed board marked")
		timelinesShot(g.watcher, "browse-old-board")
		g.watcher.click("back-to-live")
		g.watcher.waitJS(`document.querySelector('[data-testid=browse-banner]').hidden`, "the live board again")
		expectPiece(g.watcher, "f3", "")
	})

	t.Run("timethief-revert", func(t *testing.T) {
		g := newFriendGame(t, e, "timethief")
		g.black.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		g.white.drag("f2", "f4")
		g.played(1, "a drag")
		g.black.waitMyTurn()
		g.black.typeMove("a5")
		g.played(2, "typed")
		g.white.waitMyTurn()
		// Black asks for reduced motion: the taken-back man only fades where he came from.
		if _, err := chromedp.Call(g.black.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
		}); err != nil {
			t.Fatalf("emulate reduced motion: %v", err)
		}
		for _, c := range []*client{g.black, g.watcher} {
			eval[bool](c, `(() => { window.backFrames = new Set(); new MutationObserver(() => { const g = document.querySelector('[data-testid=board] .taken-back g.piece'); if (g) window.backFrames.add(g.getAttribute('transform')); }).observe(document.querySelector('[data-testid=board]'), { subtree: true, childList: true }); return true; })()`)
		}
		g.white.click("tt-g1xa7")
		g.white.waitJS(`document.querySelector('[data-testid=board]').dataset.takenBack === 'a5-a7'`, "the revert animation")
		g.white.screenshot("revert-animation")
		g.played(3, "a TT-capture")
		// The taken-back move a7-a5 is shown going back on every board.
		g.all(func(c *client) {
			c.waitJS(`document.querySelector('[data-testid=board]').dataset.takenBack === 'a5-a7'`, "the revert animation")
		})
		g.watcher.waitJS(`window.backFrames.size >= 3`, "the taken-back pawn sliding on the watcher's board")
		if n := eval[int](g.black, `window.backFrames.size`); n != 1 {
			g.black.fail("with reduced motion the taken-back pawn was drawn at %d places, want 1 (fading on a7)", n)
		}
		g.black.waitMyTurn()
		g.black.typeMove("e5")
		g.played(4, "typed")
		expectTexts(g.watcher, `[data-testid=move-list] li[data-ply] .num`, "1.", "1…", "2.", "1…")
		g.all(func(c *client) {
			c.waitJS(`(() => { const c = document.querySelector('[data-testid=back-cue-3]'); return c && c.textContent.startsWith('⟲ back to move 1') && c.textContent.includes("Txa7 took back 1… a5") && c.textContent.includes("Black's move 1 comes again"); })()`, "the cue after Txa7")
		})
		expectTexts(g.watcher, `[data-testid=timeline-1] li`, "Start", "1. f4", "1… a5")
		expectTexts(g.watcher, `[data-testid=timeline-2] li`, "2. Txa7", "1… e5")
		if !eval[bool](g.watcher, `!!document.querySelector('[data-testid=timelines] path.tl-branch[data-from="1"][data-to="3"]') && document.querySelector('[data-testid=timeline-1]').classList.contains('abandoned')`) {
			g.watcher.fail("the picture does not join 1. f4 to Txa7")
		}
		timelinesFitPhone(g.black)
		g.black.screenshot("page-phone")
		timelinesShot(g.black, "phone")
		timelinesShot(g.watcher, "revert")
		g.black.do(chromedp.Click(chromedp.CSS(`[data-testid=timeline-1] li[data-ply="2"] button`), chromedp.NodeVisible))
		g.black.waitJS(`document.querySelector('[data-testid=browse-banner]').textContent.startsWith("Viewing the board after Black's move 1 (ply 2).")`, "the taken-back board")
		expectPiece(g.black, "a5", "black pawn")
	})

	t.Run("analysis", func(t *testing.T) {
		// The analysis board draws the picture of its line too; a board of it shows that position.
		c := e.client(t, "analyst")
		c.open("/analysis?variant=timethief&moves=f4,a5,Txa7,e5")
		c.waitJS(`document.querySelectorAll('[data-testid=timeline-2] li').length === 2 && !!document.querySelector('[data-testid=back-cue-3]')`, "the picture and the cue of the line")
		expectTexts(c, `[data-testid=timeline-1] li`, "Start", "1. f4", "1… a5")
		expectTexts(c, `[data-testid=move-list] li[data-ply]`, "1. f4", "1… a5", "2. Txa7", "1… e5")
		c.do(chromedp.Click(chromedp.CSS(`[data-testid=timeline-1] li[data-ply="2"] button`), chromedp.NodeVisible))
		c.waitJS(`document.querySelector('[data-testid=move-list] li.current') && document.querySelector('[data-testid=move-list] li.current').dataset.ply === '2' && document.querySelector('[data-testid=timeline-1] li[data-ply="2"]').classList.contains('current')`, "the board after 1... a5")
		expectPiece(c, "a5", "black pawn")
		timelinesShot(c, "analysis")

		// A backward travel on the analysis board, by the same gesture.
		c.open("/analysis?variant=gifford&moves=e4,e5,Nf3,Nc6")
		c.waitJS(`document.querySelectorAll('[data-testid=timeline-1] li').length === 5`, "the Gifford line's picture")
		c.clickSquare("e1")
		c.waitJS(`document.querySelectorAll('[data-testid=timelines] li.target').length === 2`, "the turns the King may travel to")
		c.do(chromedp.KeyEvent(kb.Escape))
		c.waitJS(`!document.querySelector('[data-testid=timelines] li.target') && document.querySelector('[data-testid=travel-prompt]').hidden`, "the travel cancelled by Escape")
		c.clickSquare("e1")
		c.waitJS(`document.querySelectorAll('[data-testid=timelines] li.target').length === 2`, "the turns the King may travel to, again")
		c.do(chromedp.Click(chromedp.CSS(`[data-testid=timelines] li.target[data-ply="3"] button`), chromedp.NodeVisible))
		c.waitJS(`!!document.querySelector('[data-testid=board] rect.mark-landing[data-square=c3]')`, "the landing squares on the board of move 2")
		c.clickSquare("c3")
		c.waitJS(`document.querySelectorAll('[data-testid=timeline-2] li').length === 1 && document.querySelector('[data-testid=move-list] li[data-ply="5"]').textContent === '3. Ke1//2@c3'`, "the travel in the line and its timeline")
		expectPiece(c, "c3", "white king")
		timelinesShot(c, "analysis-travel")
	})
}

// timelinesFitPhone fails when the page (fitsPhone) or the timelines picture is wider than a
// 390 px screen.
func timelinesFitPhone(c *client) {
	c.t.Helper()
	fitsPhone(c)
	if r := c.rect(`[data-testid=timelines]`); r[0] < 0 || r[0]+r[2] > 390 {
		c.fail("the timelines picture spans x %v to %v on a 390 px screen", r[0], r[0]+r[2])
	}
}

// timelinesShot saves the board column (board, timelines picture) as a PNG artifact.
func timelinesShot(c *client, name string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 15*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`.board-col`), chromedp.NodeVisible))
	if err != nil {
		c.t.Logf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(c.e.artifacts, strings.ReplaceAll(c.t.Name(), "/", "_")+"-"+c.name+"-"+name+".png")
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		c.t.Logf("screenshot %s: %v", name, err)
	}
}
