package gifford

import (
	"regexp"
	"strconv"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// FormatAction writes the time-travel turns in the notation of ruling G8:
// a send "Bf1//9" (a pawn "d2//5"), an arrival "B@c4", a backward travel
// "Ke1//2@a4" (the King on e1 goes back to move 2 and lands on a4).
func (v *Variant) FormatAction(p *rules.Position, m rules.Move) (string, bool) {
	letter := ""
	if m.Piece != rules.Pawn {
		letter = string(m.Piece.Letter())
	}
	switch m.Kind {
	case rules.Send:
		return letter + m.From.String() + "//" + strconv.Itoa(int(m.Num)), true
	case rules.Drop:
		return string(m.Piece.Letter()) + "@" + m.To.String(), true
	case rules.BackTravel:
		return "K" + m.From.String() + "//" + strconv.Itoa(int(m.Num)) + "@" + m.To.String(), true
	}
	return "", false
}

// CoordAction writes the coordinate forms: a send "f1//9", an arrival
// "B@c4", a backward travel "e1//2@a4".
func (v *Variant) CoordAction(p *rules.Position, m rules.Move) (string, bool) {
	switch m.Kind {
	case rules.Send:
		return m.From.String() + "//" + strconv.Itoa(int(m.Num)), true
	case rules.Drop:
		return string(m.Piece.Letter()) + "@" + m.To.String(), true
	case rules.BackTravel:
		return m.From.String() + "//" + strconv.Itoa(int(m.Num)) + "@" + m.To.String(), true
	}
	return "", false
}

var (
	// "Bf1//9", "d2//5", "Bf1// to 9"
	sendText = regexp.MustCompile(`^([NBRQKnbrqk]?)([a-p][0-9]{1,2})\s*//\s*(?:to\s*)?([0-9]+)$`)
	// "B@c4", "@c4", "[B]c4", "[Bw]c4"
	dropText = regexp.MustCompile(`^(?:([PNBRQKpnbrqk]?)@|\[([PNBRQKpnbrqk])[wbld]?\]\s*)([a-p][0-9]{1,2})$`)
	// "Ke1//2@a4", "K//2@a4"
	backText = regexp.MustCompile(`^[Kk]([a-p][0-9]{1,2})?//([0-9]+)@([a-p][0-9]{1,2})$`)
	// the seed's "K // to 6" followed by "K f3 // FTF"
	seedBackText = regexp.MustCompile(`^[Kk]\s*([a-p][0-9]{1,2})?\s*//\s*to\s*([0-9]+)\s+[Kk]\s*([a-p][0-9]{1,2})\s*//\s*FTF$`)
)

// ParseAction reads the G8 notation and the seed's spellings of it.
func (v *Variant) ParseAction(p *rules.Position, text string) (rules.Move, bool, error) {
	var kind rules.MoveKind
	var letter, from, num, to string
	if s := sendText.FindStringSubmatch(text); s != nil {
		kind, letter, from, num = rules.Send, s[1], s[2], s[3]
	} else if s := dropText.FindStringSubmatch(text); s != nil {
		kind, letter, to = rules.Drop, s[1]+s[2], s[3]
	} else if s := backText.FindStringSubmatch(text); s != nil {
		kind, letter, from, num, to = rules.BackTravel, "K", s[1], s[2], s[3]
	} else if s := seedBackText.FindStringSubmatch(text); s != nil {
		kind, letter, from, num, to = rules.BackTravel, "K", s[1], s[2], s[3]
	} else {
		return rules.NullMove, false, nil
	}
	var found []rules.Move
	for _, m := range p.Legal(nil) {
		if m.Kind == kind && (from == "" || m.From.String() == from) && (to == "" || m.To.String() == to) &&
			(num == "" || strconv.Itoa(int(m.Num)) == num) &&
			(letter == "" || strings.EqualFold(letter, string(m.Piece.Letter())) || kind == rules.Send && m.Piece == rules.Pawn && letter == "") {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], true, nil
	case 0:
		return rules.NullMove, true, &notation.Error{Text: text, Kind: notation.NoMatch, Reason: noMatchReason(p, kind)}
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i], _ = v.FormatAction(p, m)
	}
	return rules.NullMove, true, &notation.Error{Text: text, Kind: notation.Ambiguous, Reason: strings.Join(names, ", ")}
}

// noMatchReason says why no turn of the kind fits.
func noMatchReason(p *rules.Position, kind rules.MoveKind) string {
	us := p.Side
	switch {
	case kind == rules.Drop && due(&p.State, us) < 0:
		return "no man of " + us.String() + " is due to arrive"
	case kind == rules.Drop:
		return "the arriving man cannot land there"
	case due(&p.State, us) >= 0 && !arrivalSquares(p, p.Bookings[us][due(&p.State, us)], p.RoyalAttacked(us)).IsZero():
		return "a man is due to arrive: this turn must be its arrival"
	case p.RoyalAttacked(us):
		return "no time travel while a King is in check"
	case kind == rules.Send:
		return "no such send: only a man next to a friendly King, or a King, to a free move 1 to 10 ahead"
	}
	return "no such backward travel: a King goes back 1 to 5 moves on this line, twice a game, onto a safe empty square"
}
