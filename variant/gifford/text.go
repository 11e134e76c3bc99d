package gifford

import (
	"fmt"
	"strconv"
	"strings"

	"timechess/rules"
)

// The position text of a Gifford game adds two fields when they are not empty:
//
//	book=LIST     the men in transit in booking order, each as its letter
//	              (upper case White), "l" or "d" after a bishop for the square
//	              colour it keeps, "@" and the move it is due: book=P@5,Bl@9,n@12
//	travels=W,B   the backward travels each side has used: travels=1,0
//
// Backward travel needs the states before the current one, which the text
// does not hold: a position read from text can travel back only to states
// reached since.

// FormatExtra writes book= and travels= when they are not empty.
func (v *Variant) FormatExtra(p *rules.Position) []string {
	var out []string
	type entry struct {
		c rules.Color
		b rules.Booking
	}
	var all []entry
	for c := rules.White; c <= rules.Black; c++ {
		for _, b := range bookings(&p.State, c) {
			all = append(all, entry{c, b})
		}
	}
	if len(all) > 0 {
		for i := 1; i < len(all); i++ { // booking order across both sides
			for j := i; j > 0 && all[j].b.Order < all[j-1].b.Order; j-- {
				all[j], all[j-1] = all[j-1], all[j]
			}
		}
		items := make([]string, len(all))
		for i, e := range all {
			s := e.b.Piece.String()
			if e.b.Piece.Kind() == rules.Bishop {
				s += map[bool]string{true: "l", false: "d"}[e.b.Light]
			}
			items[i] = s + "@" + strconv.Itoa(int(e.b.Due))
		}
		out = append(out, "book="+strings.Join(items, ","))
	}
	if p.Travels != [2]uint8{} {
		out = append(out, fmt.Sprintf("travels=%d,%d", p.Travels[rules.White], p.Travels[rules.Black]))
	}
	return out
}

// ParseExtra reads book= and travels=.
func (v *Variant) ParseExtra(p *rules.Position, fields []string) error {
	f, err := rules.SplitExtra("gifford", fields, "book=LIST", "travels=W,B")
	if err != nil {
		return err
	}
	if val, ok := f["book"]; ok {
		if err := parseBookings(p, val); err != nil {
			return err
		}
	}
	if val, ok := f["travels"]; ok {
		var w, b int
		if n, err := fmt.Sscanf(val, "%d,%d", &w, &b); n != 2 || err != nil || w < 0 || b < 0 ||
			w > maxTravels || b > maxTravels || fmt.Sprintf("%d,%d", w, b) != val {
			return fmt.Errorf("gifford: travels=%s is not two counts from 0 to %d like travels=1,0", val, maxTravels)
		}
		p.Travels = [2]uint8{uint8(w), uint8(b)}
		p.Hash ^= travelKey(rules.White, p.Travels[rules.White]) ^ travelKey(rules.Black, p.Travels[rules.Black])
	}
	return nil
}

// parseBookings reads the list of book=. Two men of one side are never due
// at the same move (G3; a backward travel merges bookings whose due moves
// differ), so such a list is refused.
func parseBookings(p *rules.Position, val string) error {
	for _, item := range strings.Split(val, ",") {
		man, dueText, ok := strings.Cut(item, "@")
		due, err := strconv.Atoi(dueText)
		if !ok || err != nil || due < 1 || due > 10000 || len(man) == 0 {
			return fmt.Errorf("gifford: booking %q is not like B@9 or Pl@5", item)
		}
		k, ok := rules.KindOfLetter(man[0])
		if !ok || !p.Variant().Spec().HasKind(k) {
			return fmt.Errorf("gifford: booking %q: %q is not a piece letter", item, man[0])
		}
		c := rules.White
		if man[0] >= 'a' {
			c = rules.Black
		}
		b := rules.Booking{Piece: rules.MakePiece(c, k, 0), Due: int16(due), Order: p.NextOrder}
		switch {
		case k == rules.Bishop && (man[1:] == "l" || man[1:] == "d"):
			b.Light = man[1:] == "l"
		case len(man) > 1 || k == rules.Bishop:
			return fmt.Errorf("gifford: booking %q: a bishop needs l or d for its square colour, other men nothing", item)
		}
		if int(p.NBookings[c]) >= rules.MaxBookings {
			return fmt.Errorf("gifford: more than %d men in transit for %s", rules.MaxBookings, c)
		}
		if bookedFor(&p.State, c, due) {
			return fmt.Errorf("gifford: booking %q: %s already has a man booked for move %d", item, c, due)
		}
		book(&p.State, c, b)
		p.NextOrder++
	}
	return nil
}
