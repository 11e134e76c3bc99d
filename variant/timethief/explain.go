package timethief

import (
	"timechess/notation"
	"timechess/rules"
)

// Explain says why m is not a legal action (rules.Explainer): a King that
// must be restored first (T7), a frozen King (T6), a Dwarf taken by one
// attacker (T8), a TT-capture whose Time Thief did not see where the last
// move came from (T3); the rest as the laws of chess tell it, which a side
// free of check rules (T7) is not bound by.
func (v *Variant) Explain(p *rules.Position, m rules.Move) *rules.Refusal {
	us, them := p.Side, p.Side.Other()
	if v.mustRestore(p) {
		var restores []string
		for _, r := range v.ttCaptures(p, nil) {
			restores = append(restores, notation.SAN(p, r))
		}
		if len(restores) == 0 {
			return rules.Refuse("T7", "King restoration", "%s's King was captured and no TT-capture can take that back: the game is lost", us.Title())
		}
		return rules.Refuse("T7", "King restoration", "%s's King was captured: this move must restore it with a TT-capture that takes the capture back (%s)", us.Title(), joinOr(restores))
	}
	if m.Kind == rules.TTCapture {
		return ttRefusal(p, m)
	}
	if m.Kind == rules.Normal && m.To != rules.NoSquare {
		if victim := p.At(m.To); victim.Kind() == rules.Dwarf && victim.Color() == them &&
			p.AttackersTo(m.To, us, p.SlideOcc(us)).Count() < 2 {
			return rules.Refuse("T8", "Dwarf", "a Dwarf is captured only by a man of a side that attacks it twice; only one of %s's men attacks %s", us.Title(), m.To)
		}
	}
	free := v.free(p, us)
	king := p.Pieces(us, rules.King).LSB()
	if m.From == rules.NoSquare && m.Piece == rules.King {
		m.From = king // a King move named without its origin
	}
	if !free && m.From == king && (m.Piece == rules.King || m.Piece == rules.NoKind) && m.To != rules.NoSquare && king != rules.NoSquare {
		move := m
		move.Piece = rules.King
		if thief := freezer(p, move); thief != rules.NoSquare {
			return rules.Refuse("T6", "frozen King", "the King on %s is frozen: the Time Thief on %s sees him, and could take back his move and capture him; he may only capture that Time Thief", king, thief)
		}
	}
	if free {
		return nil
	}
	r := v.Orthodox.Explain(p, m)
	if r != nil && r.Name == "check" {
		r.Rule = "T6" // FIDE check under the basic rules (a TT-capture too: T5)
	}
	return r
}

// ttRefusal says why the TT-capture m is refused: no last move to take
// back, no Time Thief of the side on m.From, or it did not see the square
// the last move came from (T3).
func ttRefusal(p *rules.Position, m rules.Move) *rules.Refusal {
	if p.Ply() == 0 || p.LastMove().From == rules.NoSquare {
		return rules.Refuse("T3", "TT-capture", "there is no last move to take back")
	}
	last := p.LastMove()
	if m.To != rules.NoSquare && m.To != last.From {
		return rules.Refuse("T3", "TT-capture", "a Time Thief captures on the square the last move came from, %s, not on %s", last.From, m.To)
	}
	if m.From != rules.NoSquare && p.At(m.From) == rules.MakePiece(p.Side, rules.TimeThief, p.At(m.From).Flags()) {
		return rules.Refuse("T3", "TT-capture", "the Time Thief on %s did not see %s, where the last move came from, before that move", m.From, last.From)
	}
	return nil
}

// joinOr joins names as "a", "a or b", "a, b or c".
func joinOr(names []string) string {
	out := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			out += " or "
		default:
			out += ", "
		}
		out += n
	}
	return out
}
