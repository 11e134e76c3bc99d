package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSeatLinks checks that an invitation link seats one person, once, and that a link
// never takes the place of a seat a browser holds: (a) a third browser that opens a used
// invitation watches, and is told so; (b) a browser that holds a seat keeps it whatever
// link of the game it opens. The people who read the messages use a phone-sized screen.
func TestSeatLinks(t *testing.T) {
	e := newEnv(t)

	t.Run("invitation waiting", func(t *testing.T) {
		w := e.client(t, "inviter")
		w.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		w.open("/")
		w.click("create-submit")
		w.waitJS(`location.pathname.startsWith('/game/') && document.getElementById('app').dataset.ready === 'true' && !!document.querySelector('[data-testid=invite-link]')`, "the new game's page with its invitation")
		says := eval[string](w, `document.querySelector('[data-testid=invite]').textContent`)
		if !strings.Contains(says, "It works once: the first person to open it plays ") {
			w.fail("the invitation box says %q", says)
		}
		w.waitJS(`[...document.querySelectorAll('.player-name')].some((n) => n.textContent === 'Friend (invited)')`, "the friend's row to say they are invited")
		w.screenshot("page-phone-invitation-waiting")
		fits(w)
	})

	t.Run("invitation used once", func(t *testing.T) {
		g := newFriendGame(t, e, "chess")
		link := eval[string](g.white, `document.querySelector('[data-testid=invite-link]') ? '' : 'gone'`)
		if link != "gone" {
			g.white.fail("the inviter still offers the invitation link after the friend joined")
		}
		g.white.waitJS(`/^Black joined \d\d?:\d\d/.test(document.querySelector('[data-testid=joined-note]').textContent)`, "the inviter told that Black joined")
		g.white.waitJS(`document.querySelector('[data-testid=name-black]').textContent.startsWith('Black · joined ')`, "Black's row to say when Black joined")
		g.white.screenshot("page-inviter-sees-black-joined")
		invitation := eval[string](g.black, `document.querySelector('[data-testid=seat-notice]').textContent`)
		if !strings.Contains(invitation, "You joined as Black") {
			g.black.fail("the friend is told %q", invitation)
		}
		g.black.screenshot("page-friend-joined")

		third := e.client(t, "third")
		third.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		third.open("/game/" + g.id + "#seat=" + firstInvitation(t, g))
		third.waitJS(`!document.querySelector('[data-testid=seat-notice]').hidden`, "the message to the second visitor")
		says := eval[string](third, `document.querySelector('[data-testid=seat-notice]').textContent`)
		if !strings.Contains(says, "This invitation was already taken: Black joined at") || !strings.Contains(says, "You are watching the game") {
			third.fail("the second visitor is told %q", says)
		}
		third.waitJS(`document.querySelector('[data-testid=status]').textContent.endsWith('(watching)')`, "the spectator's status")
		if n := eval[int](third, `document.querySelectorAll('[data-testid=controls] button, [data-testid=typed-move]').length`); n != 0 {
			third.fail("the spectator has %d game controls", n)
		}
		if held := eval[string](third, `localStorage.getItem('timechess.seats') || ''`); strings.Contains(held, g.id) {
			third.fail("the second visitor's browser keeps a seat: %s", held)
		}
		if hash := eval[string](third, `location.hash`); hash != "" {
			third.fail("the invitation stays in the address bar: %q", hash)
		}
		third.screenshot("page-phone-second-visitor")
		fits(third)

		// The game goes on between the two players; the third's comment is a spectator's even
		// when it signs as Black, the friend's is Black's.
		g.white.typeMove("e4")
		g.played(1, "e4")
		comment(third, "black", "I am Black, honest")
		comment(g.black, "bea", "good luck")
		third.waitJS(`document.querySelectorAll('[data-testid=comments-list] li').length === 2`, "both comments")
		roles := eval[string](third, `[...document.querySelectorAll('[data-testid=comments-list] li')].map((li) => li.dataset.role + ':' + li.querySelector('.comment-role').textContent).join(',')`)
		if roles != "spectator:spectator,black:Black player" {
			third.fail("the comments read %q", roles)
		}
		third.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=comments]`)))
		third.screenshot("page-phone-comments")
	})

	t.Run("a link does not replace a held seat", func(t *testing.T) {
		g := newFriendGame(t, e, "chess")
		whiteToken := heldToken(g.white, g.id)
		blackToken := heldToken(g.black, g.id)

		// Black, who holds a seat, pastes a link that carries White's token into the address
		// bar of the game's page (only the fragment changes): it is not used.
		g.black.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		g.black.do(chromedp.Navigate(e.url + "/game/" + g.id + "#seat=" + whiteToken))
		g.black.waitJS(`document.querySelector('[data-testid=seat-notice]').textContent.includes('You already play Black in this game in this browser, so the invitation link was not used')`,
			"the message about the link")
		if hash := eval[string](g.black, `location.hash`); hash != "" {
			g.black.fail("the link stays in the address bar: %q", hash)
		}
		if got := heldToken(g.black, g.id); got != blackToken {
			g.black.fail("Black's seat token changed to %q", got)
		}
		g.black.waitJS(`document.querySelector('[data-testid=status]').textContent === 'Waiting for the opponent'`, "Black still seated")
		g.black.screenshot("page-phone-held-seat-kept")
		fits(g.black)

		// White opens the invitation it sent, in a new page: it stays the friend's, White
		// stays White.
		invitation := firstInvitation(t, g)
		g.white.open("/")
		g.white.open("/game/" + g.id + "#seat=" + invitation)
		g.white.waitJS(`document.querySelector('[data-testid=seat-notice]').textContent.includes('This is the invitation link you sent. Black took it at ')`, "the message about the own invitation")
		if got := heldToken(g.white, g.id); got != whiteToken {
			g.white.fail("White's seat token changed to %q", got)
		}
		g.white.screenshot("page-inviter-opens-own-link")
		g.white.click("seat-notice-close")
		g.white.waitJS(`document.querySelector('[data-testid=seat-notice]').hidden`, "the message dismissed")

		// Both still play.
		g.white.waitMyTurn()
		g.white.typeMove("d4")
		g.played(1, "d4")
		g.black.waitMyTurn()
		g.black.typeMove("d5")
		g.played(2, "d5")
	})
}

// firstInvitation is the invitation White's browser keeps for the game it created.
func firstInvitation(t *testing.T, g *table) string {
	t.Helper()
	inv := eval[string](g.white, fmt.Sprintf(`(JSON.parse(localStorage.getItem('timechess.seats')) || {})[%q].invite || ''`, g.id))
	if inv == "" {
		g.white.fail("White's browser keeps no invitation for game %s", g.id)
	}
	return inv
}

// heldToken is the seat token the client's browser holds for game id, "" for none.
func heldToken(c *client, id string) string {
	c.t.Helper()
	return eval[string](c, fmt.Sprintf(`((JSON.parse(localStorage.getItem('timechess.seats')) || {})[%q] || {}).token || ''`, id))
}

// comment posts a comment from the game page.
func comment(c *client, author, text string) {
	c.t.Helper()
	c.do(chromedp.SetValue(chromedp.CSS(`[data-testid=comment-author]`), author),
		chromedp.SetValue(chromedp.CSS(`[data-testid=comment-text]`), text))
	c.click("comment-send")
	c.waitJS(fmt.Sprintf(`[...document.querySelectorAll('[data-testid=comments-list] li p')].some((p) => p.textContent === %q)`, text), "the comment "+text)
}

// fits fails when the page is wider than the screen.
func fits(c *client) {
	c.t.Helper()
	width := eval[float64](c, `document.documentElement.clientWidth`)
	if sw := eval[float64](c, `document.documentElement.scrollWidth`); sw > width {
		c.fail("the page is %v px wide on a %v px screen", sw, width)
	}
}
