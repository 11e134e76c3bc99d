package gifford

import (
	"fmt"

	"timechess/rules"
)

// Notices says what is special about the turn (rules.Announcer): a man
// due to arrive now and where he may land, or one Lost in Time because he
// has no square (G4); a King in check (G6); Kings that may travel back and
// how many travels are left (G5). It reads the legal actions t holds and
// the bookings; it surveys no turn of its own.
func (v *Variant) Notices(p *rules.Position, t *rules.Turn) []rules.Refusal {
	us := p.Side
	var out []rules.Refusal
	i := due(&p.State, us)
	var turn turns
	if i >= 0 {
		turn.drop = p.Bookings[us][i]
		turn.dropTo = arrivalSquares(p, turn.drop, t.Check)
		turn.arrival = !turn.dropTo.IsZero() || turn.drop.Piece.Kind() == rules.King
	}
	if t.Check {
		advice := "" // the laws of chess'
		if turn.arrival {
			advice = "only the arrival can meet it, landing where it blocks every check"
		}
		if n := p.CheckNotice(advice); n != nil {
			n.Rule = "G6" // every King of the side is royal
			out = append(out, *n)
		}
	}
	if i >= 0 {
		b := turn.drop
		kind := b.Piece.Kind()
		turn.check = t.Check
		sent := fmt.Sprintf("sent to move %d", b.Due)
		if at := sentAt(p, b); at > 0 {
			sent = fmt.Sprintf("sent at move %d", at)
		}
		if !turn.arrival {
			out = append(out, *rules.Refuse("G4", "Lost in Time", "%s's %s, %s, has no square to arrive on: it is Lost in Time and leaves the game; play this turn as usual",
				us.Title(), kind, sent))
		} else {
			out = append(out, *rules.Refuse("G4", "arrival", "%s's %s, %s, arrives now: this turn is its arrival; place it %s",
				us.Title(), kind, sent, arrivalWhere(p, kind, b, &turn)))
		}
		return out
	}
	if n := travelNotice(p, t.Legal); n != nil {
		out = append(out, *n)
	}
	return out
}

// sentAt returns the move number at which the side to move sent the man of
// booking b, read off the send in the game's record; 0 when the record does
// not show it within a send's reach on the current line (a position set up
// with the booking, or a backward travel in between).
func sentAt(p *rules.Position, b rules.Booking) int {
	for i := p.Ply() - 1; i >= 0 && i >= p.Ply()-2*sendReach; i-- {
		m := p.Action(i)
		if m.Kind == rules.BackTravel {
			return 0
		}
		if m.Kind != rules.Send || m.Num != b.Due || m.Piece != b.Piece.Kind() {
			continue
		}
		if st, ok := p.SavedState(i); ok && st.Side == p.Side {
			return st.Fullmove
		}
	}
	return 0
}

// travelNotice says that a King of the side to move may travel back, to
// which moves, and how many travels the side has left (G5); nil when no
// legal action is a backward travel.
func travelNotice(p *rules.Position, legal []rules.Move) *rules.Refusal {
	first, last := 0, 0
	for _, m := range legal {
		if m.Kind != rules.BackTravel {
			continue
		}
		n := int(m.Num)
		if first == 0 || n < first {
			first = n
		}
		last = max(last, n)
	}
	if first == 0 {
		return nil
	}
	to := fmt.Sprintf("move %d", first)
	if last > first {
		to = fmt.Sprintf("a move from %d to %d", first, last)
	}
	left := travelsLeft(p, p.Side)
	travels := "travels"
	if left == 1 {
		travels = "travel"
	}
	return rules.Refuse("G5", "backward travel", "instead of moving, %s's King may travel back to %s, landing on an empty square not attacked then; %s has %d backward %s left",
		p.Side.Title(), to, p.Side.Title(), left, travels)
}
