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
	// "Ke1//2@a4", "K//2@a4", the coordinate form "e1//2@a4"
	backText = regexp.MustCompile(`^[Kk]?([a-p][0-9]{1,2})?//([0-9]+)@([a-p][0-9]{1,2})$`)
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
		return rules.NullMove, true, notation.Refusal(p, text, attempt(p, kind, letter, from, num, to), noMatchReason(kind))
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i], _ = v.FormatAction(p, m)
	}
	return rules.NullMove, true, &notation.Error{Text: text, Kind: notation.Ambiguous, Reason: strings.Join(names, ", ")}
}

// attempt is the turn of the given kind that the parts of a text name, as
// far as they name one (Explain takes it): the man by his letter, the
// origin (a backward travel's King when he is the only one), the
// destination and the move number.
func attempt(p *rules.Position, kind rules.MoveKind, letter, from, num, to string) rules.Move {
	g := p.Geometry()
	m := rules.Move{Kind: kind, Piece: rules.NoKind, From: rules.NoSquare, To: rules.NoSquare, Via: rules.NoSquare}
	if letter != "" {
		m.Piece, _ = rules.KindOfLetter(strings.ToUpper(letter)[0])
	}
	if sq, err := rules.ParseSquare(from, g.W, g.H); err == nil {
		m.From = sq
	} else if kings := p.Pieces(p.Side, rules.King); kind == rules.BackTravel && from == "" && !kings.More() && !kings.IsZero() {
		m.From = kings.LSB()
	}
	if m.From != rules.NoSquare && m.Piece == rules.NoKind {
		m.Piece = p.At(m.From).Kind()
	}
	if sq, err := rules.ParseSquare(to, g.W, g.H); err == nil {
		m.To = sq
	}
	if n, err := strconv.Atoi(num); err == nil && n < 1<<15 {
		m.Num = int16(n)
	}
	return m
}

// noMatchReason is what a refused turn of the kind is told when Explain
// has nothing to say about it.
func noMatchReason(kind rules.MoveKind) string {
	switch kind {
	case rules.Drop:
		return "no such arrival"
	case rules.Send:
		return "no such send: only a man next to a friendly King, or a King, to a free move 1 to 10 ahead"
	}
	return "no such backward travel: a King goes back 1 to 5 moves on this line, twice a game, onto a safe empty square"
}
