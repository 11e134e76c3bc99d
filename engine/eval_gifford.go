package engine

import "timechess/rules"

// Gifford weights: a man in transit is worth most of its value (it must
// come back next to nothing in particular, and may be Lost in Time); a King
// in transit may be lost with the game; an unused backward travel is an
// option worth a little.
var (
	transitShare = int32(7) // eighths of the value of a man in transit
	transitKing  = int32(-40)
	travelLeft   = int32(15)
)

// Transposition-key tags for the state Gifford's hash leaves out.
const (
	moveTag    = 0x47464d // "GFM": the full-move number
	historyTag = 0x474648 // "GFH": an earlier state on the line
	// historyWindow is how many earlier states the key covers while a
	// backward travel is possible: a travel reaches five moves back from any
	// node of a short search, and a few more states when it follows an
	// earlier travel's line.
	historyWindow = 24
)

// giffordProfile serves gifford: several Kings (G6), men in transit and
// backward travel (G3-G5). Its hash covers the bookings with their absolute
// due moves but not the move number, and backward travel depends on the
// line's earlier states, so its key adds both.
func giffordProfile() *profile {
	return &profile{
		values: defaultValues,
		extra:  giffordTerms,
		dead: func(p *rules.Position) bool {
			return p.NBookings == [2]uint8{} && p.Occupied() == p.ByKind[rules.King]
		},
		repeatable: func(p *rules.Position) bool { return p.NBookings == [2]uint8{} },
		key:        giffordKey,
		checkBinds: always,
		quietWin: func(p *rules.Position) bool {
			for _, b := range p.Bookings[p.Side][:p.NBookings[p.Side]] {
				if b.Piece.Kind() == rules.King {
					return true // a King Lost in Time loses without check (G4)
				}
			}
			return false
		},
	}
}

// giffordKey is the hash, plus the move number while men are in transit,
// plus the earlier states of the line while a backward travel is possible.
func giffordKey(p *rules.Position) uint64 {
	k := p.Hash
	if p.NBookings != [2]uint8{} {
		k ^= rules.StateKey(moveTag, uint64(p.Fullmove), 0)
	}
	if p.Travels[rules.White] < 2 || p.Travels[rules.Black] < 2 {
		n := min(p.Ply(), historyWindow)
		k ^= rules.StateKey(moveTag, uint64(p.Fullmove), uint64(n)+1)
		for i := 1; i <= n; i++ {
			k ^= rules.StateKey(historyTag, p.HashBefore(i), uint64(i))
		}
	}
	return k
}

// giffordTerms scores the men in transit and the backward travels left.
func giffordTerms(p *rules.Position, ev *evaluation) {
	for c := rules.White; c <= rules.Black; c++ {
		for _, b := range p.Bookings[c][:p.NBookings[c]] {
			if k := b.Piece.Kind(); k == rules.King {
				ev.addBoth(c, transitKing)
			} else {
				ev.addBoth(c, ev.pr.values[k]*transitShare/8)
			}
		}
		if p.ByColor[c].AndNot(p.ByKind[rules.King]).IsZero() {
			continue
		}
		ev.addBoth(c, travelLeft*int32(2-min(int(p.Travels[c]), 2)))
	}
}
