package gifford

import "timechess/rules"

// bookings returns colour c's men in transit, in booking order.
func bookings(st *rules.State, c rules.Color) []rules.Booking {
	return st.Bookings[c][:st.NBookings[c]]
}

// due returns the index of colour c's booking that must arrive now (due at
// or before the current move; the earliest due first, ties by booking
// order), or -1 when none is due (G4).
func due(st *rules.State, c rules.Color) int {
	best := -1
	for i, b := range bookings(st, c) {
		if int(b.Due) > st.Fullmove {
			continue
		}
		if best < 0 || b.Due < st.Bookings[c][best].Due ||
			(b.Due == st.Bookings[c][best].Due && b.Order < st.Bookings[c][best].Order) {
			best = i
		}
	}
	return best
}

// bookedFor reports whether colour c has a man booked for move t.
func bookedFor(st *rules.State, c rules.Color, t int) bool {
	for _, b := range bookings(st, c) {
		if int(b.Due) == t {
			return true
		}
	}
	return false
}

const (
	bookingTag = 0x47424b // "GBK"
	travelTag  = 0x475452 // "GTR"
)

// bookingKey is the hash of one booking: the man, its due move and a bishop's
// square colour (the booking order is not part of a state's identity).
func bookingKey(b rules.Booking) uint64 {
	l := uint64(0)
	if b.Light {
		l = 1
	}
	return rules.StateKey(bookingTag, uint64(b.Piece), uint64(b.Due)<<1|l)
}

// travelKey is the hash of colour c having used n backward travels.
func travelKey(c rules.Color, n uint8) uint64 {
	if n == 0 {
		return 0
	}
	return rules.StateKey(travelTag, uint64(c), uint64(n))
}

// book adds a booking for colour c, keeping the hash in step.
func book(st *rules.State, c rules.Color, b rules.Booking) {
	st.Bookings[c][st.NBookings[c]] = b
	st.NBookings[c]++
	st.Hash ^= bookingKey(b)
}

// unbook removes colour c's booking i, keeping the hash and the order of the rest.
func unbook(st *rules.State, c rules.Color, i int) rules.Booking {
	b := st.Bookings[c][i]
	n := int(st.NBookings[c])
	copy(st.Bookings[c][i:n-1], st.Bookings[c][i+1:n])
	st.Bookings[c][n-1] = rules.Booking{}
	st.NBookings[c]--
	st.Hash ^= bookingKey(b)
	return b
}

// ExtraHash recomputes the hash of the bookings and the travels used.
func (v *Variant) ExtraHash(p *rules.Position) uint64 { return extraHash(&p.State) }

// extraHash is the part of st's hash that its bookings and travels make.
func extraHash(st *rules.State) uint64 {
	var h uint64
	for c := rules.White; c <= rules.Black; c++ {
		for _, b := range bookings(st, c) {
			h ^= bookingKey(b)
		}
		h ^= travelKey(c, st.Travels[c])
	}
	return h
}
