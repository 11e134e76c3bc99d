package match

import (
	"fmt"

	"timechess/engine"
	"timechess/rules"
)

// ResignRule adjudicates a game as won when both players' scores have
// shown the same side ahead by at least Score for Moves moves each in a
// row. The zero rule is off.
type ResignRule struct {
	Score engine.Score
	Moves int
}

// DrawRule adjudicates a game as drawn when, from full move After on, both
// players' scores have stayed within ±Score for Moves moves each in a row.
// The zero rule (Moves 0) is off.
type DrawRule struct {
	Score engine.Score
	Moves int
	After int
}

// adjudicator watches the scores of a game for the resign and draw rules.
type adjudicator struct {
	resign ResignRule
	draw   DrawRule
	ahead  [2]int // plies in a row whose score had White (0) or Black (1) winning
	level  int    // plies in a row whose score was level
}

// observe takes the reply to a move of mover at full move number fullmove
// and says whether the game is adjudicated now.
func (a *adjudicator) observe(r Reply, mover rules.Color, fullmove int) (rules.Status, bool) {
	if !r.Scored {
		a.ahead, a.level = [2]int{}, 0
		return rules.Status{}, false
	}
	white := r.Score
	if mover == rules.Black {
		white = -white
	}
	if a.resign.Moves > 0 {
		switch {
		case white >= a.resign.Score:
			a.ahead = [2]int{a.ahead[0] + 1, 0}
		case white <= -a.resign.Score:
			a.ahead = [2]int{0, a.ahead[1] + 1}
		default:
			a.ahead = [2]int{}
		}
		for c := rules.White; c <= rules.Black; c++ {
			if a.ahead[c] >= 2*a.resign.Moves {
				return rules.Status{Result: rules.WinFor(c), Reason: fmt.Sprintf(
					"adjudication: both players saw %s ahead by %s or more for %d moves", c, FormatScore(a.resign.Score)[1:], a.resign.Moves)}, true
			}
		}
	}
	if a.draw.Moves > 0 {
		if fullmove >= a.draw.After && white <= a.draw.Score && white >= -a.draw.Score {
			a.level++
		} else {
			a.level = 0
		}
		if a.level >= 2*a.draw.Moves {
			return rules.Status{Result: rules.Draw, Reason: fmt.Sprintf(
				"adjudication: both players scored within ±%s for %d moves", FormatScore(a.draw.Score)[1:], a.draw.Moves)}, true
		}
	}
	return rules.Status{}, false
}
