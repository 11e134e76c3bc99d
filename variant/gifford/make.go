package gifford

import "timechess/rules"

// Make plays a legal turn. Every turn saves the whole state, so that the
// states of the current line stay at hand for backward travel. At the start
// of the turn the oldest due booking arrives (a Drop) or, when the turn is
// something else, is Lost in Time (G4) before the turn is played: a
// backward travel then no longer finds it among the present's bookings.
func (v *Variant) Make(p *rules.Position, m rules.Move) {
	us := p.Side
	var past rules.State
	if m.Kind == rules.BackTravel {
		st, _ := pastState(p, us, int(m.Num))
		past = *st // a copy: SaveState may move the saved states
	}
	i := due(&p.State, us)
	p.SaveState(m)
	if i >= 0 {
		b := unbook(&p.State, us, i)
		if m.Kind == rules.Drop {
			p.Put(b.Piece, m.To)
			p.EndTurn(true)
			return
		}
	}
	switch m.Kind {
	case rules.Send:
		pc := p.Remove(m.From)
		p.LoseCastling(m.From, m.From)
		book(&p.State, us, rules.Booking{Piece: pc, Due: m.Num, Order: p.NextOrder, Light: pc.Kind() == rules.Bishop && light(m.From)})
		p.NextOrder++
		p.EndTurn(true)
	case rules.BackTravel:
		p.State = resetTo(p, &past)
		p.Hash ^= travelKey(us, p.Travels[us])
		p.Travels[us]++
		p.Hash ^= travelKey(us, p.Travels[us])
		p.Put(rules.MakePiece(us, rules.King, 0), m.To)
		p.EndTurn(true)
	default:
		p.ApplyOrthodox(m)
	}
}
