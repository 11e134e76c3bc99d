package gifford

import "timechess/rules"

// lineDepth bounds how many states back along one line a search looks:
// enough for a backward travel of five moves, with room to spare. Each
// earlier backward travel met on the way starts a search of its own along
// the line it left, with the same bound: the state it went back to lies at
// most five moves before it there, however long that line was.
const lineDepth = 4*backReach + 4

// pastState returns the state at the start of colour c's move `move` on the
// current line of history, following earlier backward travels past the
// timelines they abandoned, or false when the history since set-up does not
// reach it (G5).
func pastState(p *rules.Position, c rules.Color, move int) (*rules.State, bool) {
	_, st, ok := findOnLine(p, p.Ply()-1, c, move, lineDepth)
	return st, ok
}

// findOnLine walks back along the line whose last state was produced by
// action a and returns the index of the action played from the state where
// colour c was to play move `move`, with that state.
func findOnLine(p *rules.Position, a int, c rules.Color, move, depth int) (int, *rules.State, bool) {
	for ; a >= 0 && depth > 0; depth-- {
		idx := a
		if m := p.Action(a); m.Kind == rules.BackTravel {
			// Action a reset the state to the start of its mover's move
			// m.Num on the line before it: that state precedes the landing.
			before, ok := p.SavedState(a)
			if !ok {
				return -1, nil, false
			}
			if idx, _, ok = findOnLine(p, a-1, before.Side, int(m.Num), lineDepth); !ok {
				return -1, nil, false
			}
		}
		st, ok := p.SavedState(idx)
		if !ok {
			return -1, nil, false
		}
		if st.Side == c && st.Fullmove == move {
			return idx, st, true
		}
		a = idx - 1
	}
	return -1, nil, false
}

// resetTo returns the state a backward travel by colour c resets to: the
// past state, with the bookings of past and present both kept (each once,
// in booking order) and the present's travel counters (G5).
func resetTo(p *rules.Position, past *rules.State) rules.State {
	st := *past
	for c := rules.White; c <= rules.Black; c++ {
		merged := make([]rules.Booking, 0, rules.MaxBookings)
		old, now := bookings(past, c), bookings(&p.State, c)
		for len(old) > 0 || len(now) > 0 {
			switch {
			case len(now) == 0 || (len(old) > 0 && old[0].Order < now[0].Order):
				merged, old = append(merged, old[0]), old[1:]
			case len(old) == 0 || now[0].Order < old[0].Order:
				merged, now = append(merged, now[0]), now[1:]
			default: // the same booking in both
				merged, old, now = append(merged, old[0]), old[1:], now[1:]
			}
		}
		if len(merged) > rules.MaxBookings {
			merged = merged[:rules.MaxBookings]
		}
		st.Bookings[c] = [rules.MaxBookings]rules.Booking{}
		copy(st.Bookings[c][:], merged)
		st.NBookings[c] = uint8(len(merged))
	}
	st.Travels = p.Travels
	st.NextOrder = p.NextOrder
	st.Hash = past.Hash ^ extraHash(past) ^ extraHash(&st)
	return st
}
