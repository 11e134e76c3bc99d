package gifford

import (
	"fmt"
	"strings"

	"timechess/rules"
)

// Explain says why m is not a legal turn (rules.Explainer): a turn that must
// be an arrival (G4), a send (G3) or a backward travel (G5, G9) that breaks
// one of their conditions, and a move that would leave one of several Kings
// attacked (G6). Castling and pins are told as the laws of chess tell them.
func (v *Variant) Explain(p *rules.Position, m rules.Move) *rules.Refusal {
	var t turns
	survey(p, &t)
	switch {
	case t.arrival:
		return arrivalRefusal(p, m, &t)
	case m.Kind == rules.Drop:
		return rules.Refuse("G4", "arrival", "no man of %s is due to arrive now; a man arrives only at the move he was sent to", p.Side.Title())
	case m.Kind == rules.Send:
		return sendRefusal(p, m, &t)
	case m.Kind == rules.BackTravel:
		return travelRefusal(p, m, &t)
	}
	r := v.Orthodox.Explain(p, m)
	if r != nil && r.Name == "check" {
		r.Rule = "G6" // every King of the side is royal
	}
	return r
}

// arrivalRefusal says why m is refused when the turn must be the arrival of
// t.drop (G4): any other action, or a drop of the due man where he may not
// land.
func arrivalRefusal(p *rules.Position, m rules.Move, t *turns) *rules.Refusal {
	b := t.drop
	kind := b.Piece.Kind()
	where := arrivalWhere(p, kind, b, t)
	if m.Kind != rules.Drop || m.Piece != kind && m.Piece != rules.NoKind {
		return rules.Refuse("G4", "arrival", "%s's %s, sent to move %d, is due: this turn must be its arrival; place it %s",
			p.Side.Title(), kind, b.Due, where)
	}
	if m.To == rules.NoSquare {
		return nil
	}
	why := "it may not land there"
	switch {
	case p.At(m.To) != rules.NoPiece:
		why = fmt.Sprintf("%s is occupied", m.To)
	case kind == rules.Pawn && (m.To.Rank() == 0 || m.To.Rank() == p.Geometry().H-1):
		why = "a pawn never arrives on the first or the last rank"
	case kind == rules.Bishop && light(m.To) != b.Light:
		why = "a bishop arrives on squares of the colour it started on"
	case t.check:
		why = "a King of yours is in check, and the arrival must block every check at once"
	case kind == rules.King:
		why = "an arriving King may not land attacked"
	}
	return rules.Refuse("G4", "arrival", "the %s may not arrive on %s: %s; place it %s", kind, m.To, why, where)
}

// arrivalWhere names the squares the due man may land on: a list when
// there are a few, a description when there are many.
func arrivalWhere(p *rules.Position, kind rules.Kind, b rules.Booking, t *turns) string {
	if n := t.dropTo.Count(); n == 0 {
		return "nowhere: it has no square and is lost"
	} else if n <= 8 {
		list := rules.SquareList(t.dropTo) // "b1, c1 and d1": any one of them
		if i := strings.LastIndex(list, " and "); i >= 0 {
			list = list[:i] + " or " + list[i+len(" and "):]
		}
		return "on " + list
	}
	switch {
	case kind == rules.Pawn:
		return "on any empty square off the first and the last rank"
	case kind == rules.Bishop && b.Light:
		return "on any empty light square"
	case kind == rules.Bishop:
		return "on any empty dark square"
	case kind == rules.King:
		return "on any empty square no enemy man attacks"
	}
	return "on any empty square"
}

// sendRefusal says why the send m breaks G3: in check, too many men in
// transit, a King with no other man on the board, a man next to no King, a
// pinned man, a move number out of reach or taken.
func sendRefusal(p *rules.Position, m rules.Move, t *turns) *rules.Refusal {
	us := p.Side
	if m.From == rules.NoSquare {
		return nil
	}
	pc := p.At(m.From)
	if pc == rules.NoPiece || pc.Color() != us {
		return nil
	}
	kind := pc.Kind()
	kings := p.Pieces(us, rules.King)
	near := rules.Bitboard{}
	for k := kings; !k.IsZero(); {
		near = near.Or(p.Geometry().King[k.PopLSB()])
	}
	first, last := p.Fullmove+1, p.Fullmove+sendReach
	switch {
	case t.check:
		return rules.Refuse("G3", "send", "no man may be sent while a King of %s is in check", p.Side.Title())
	case int(p.NBookings[us]) >= rules.MaxBookings:
		return rules.Refuse("G3", "send", "%s has %d men in transit, the most there may be at once", p.Side.Title(), rules.MaxBookings)
	case kind == rules.King && !hasMan(p, us):
		return rules.Refuse("G3", "send", "a King may be sent only while a man of his side other than a King stays on the board")
	case kind != rules.King && !near.Has(m.From):
		return rules.Refuse("G3", "send", "the %s on %s stands next to no King of %s: only a man next to a friendly King, or a King, may be sent", kind, m.From, p.Side.Title())
	case kind != rules.King && t.pins.Has(m.From):
		return rules.Refuse("G3", "send", "the %s on %s shields a King from attack: sending it away would expose the King", kind, m.From)
	case int(m.Num) < first || int(m.Num) > last:
		return rules.Refuse("G3", "send", "a man returns 1 to %d moves later: now to a move from %d to %d, not %d", sendReach, first, last, m.Num)
	case bookedFor(&p.State, us, int(m.Num)):
		return rules.Refuse("G3", "send", "a man of %s is already due at move %d: one arrival a move; choose another move number", p.Side.Title(), m.Num)
	}
	return nil
}

// travelRefusal says why the backward travel m breaks G5 or G9: in check,
// no travel left, no other man, a move out of reach, a move at which a man
// was due or a King was in check, a landing square taken or attacked.
func travelRefusal(p *rules.Position, m rules.Move, t *turns) *rules.Refusal {
	us := p.Side
	if m.From == rules.NoSquare || p.At(m.From) != rules.MakePiece(us, rules.King, 0) {
		return nil
	}
	first := max(1, p.Fullmove-backReach)
	switch {
	case t.check:
		return rules.Refuse("G5", "backward travel", "a King may not travel back while a King of %s is in check", p.Side.Title())
	case int(p.Travels[us]) >= maxTravels:
		return rules.Refuse("G5", "backward travel", "%s has used both of its backward travels", p.Side.Title())
	case !hasMan(p, us):
		return rules.Refuse("G5", "backward travel", "a King travels back only while a man of his side other than a King is on the board")
	case int(m.Num) >= p.Fullmove || int(m.Num) < first:
		return rules.Refuse("G5", "backward travel", "a King travels back 1 to %d moves: now to a move from %d to %d, not %d", backReach, first, p.Fullmove-1, m.Num)
	}
	past, ok := pastState(p, us, int(m.Num))
	if !ok {
		return rules.Refuse("G5", "backward travel", "this game's history does not reach back to %s's move %d", p.Side.Title(), m.Num)
	}
	if i := due(past, us); i >= 0 {
		return rules.Refuse("G9", "no move conflict", "at move %d %s's %s was due to arrive: that turn is its arrival, so no King may land at that move",
			m.Num, p.Side.Title(), past.Bookings[us][i].Piece.Kind())
	}
	g := p.Geometry()
	threat := threats(g, past, us.Other())
	switch {
	case threat.Intersects(past.ByKind[rules.King].And(past.ByColor[us])):
		return rules.Refuse("G5", "backward travel", "at move %d a King of %s was in check, and no landing meets that check", m.Num, p.Side.Title())
	case m.To == rules.NoSquare:
		return nil
	case past.Board[m.To] != rules.NoPiece:
		return rules.Refuse("G5", "backward travel", "at move %d %s is occupied: a travelling King lands on an empty square", m.Num, m.To)
	case threat.Has(m.To):
		return rules.Refuse("G5", "backward travel", "at move %d %s is attacked: a travelling King may not land attacked", m.Num, m.To)
	}
	return nil
}
