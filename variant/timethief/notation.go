package timethief

import (
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// FormatAction writes a TT-capture as a capture from the Time Thief's square
// to the origin square of the reverted move: "Txg4", or "Td7xg4" when
// another Time Thief could make the same TT-capture (T11).
func (v *Variant) FormatAction(p *rules.Position, m rules.Move) (string, bool) {
	if m.Kind != rules.TTCapture {
		return "", false
	}
	var others []rules.Square
	for _, o := range p.Legal(nil) {
		if o.Kind == rules.TTCapture && o.To == m.To && o.From != m.From {
			others = append(others, o.From)
		}
	}
	return "T" + notation.Disambiguation(m.From, others) + "x" + m.To.String(), true
}

// ParseAction reads a TT-capture: "Txg4", "Tdxg4", "T7xg4", "Td7xg4", and
// the seed's "TTxf3" spelling. Other text is left to the orthodox parser.
func (v *Variant) ParseAction(p *rules.Position, text string) (rules.Move, bool, error) {
	body := strings.TrimPrefix(text, "TT")
	if body == text {
		body = strings.TrimPrefix(text, "T")
	}
	hint, target, ok := strings.Cut(body, "x")
	if body == text || !ok {
		return rules.NullMove, false, nil
	}
	g := p.Geometry()
	to, err := rules.ParseSquare(target, g.W, g.H)
	if err != nil {
		return rules.NullMove, true, &notation.Error{Text: text, Kind: notation.Unreadable, Reason: err.Error()}
	}
	var found []rules.Move
	for _, m := range p.Legal(nil) {
		if from := m.From.String(); m.Kind == rules.TTCapture && m.To == to &&
			(hint == "" || hint == from || hint == from[:1] || hint == from[1:]) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return rules.NullMove, true, &notation.Error{Text: text, Kind: notation.NoMatch,
			Reason: "no Time Thief can revert the last move and capture on " + to.String()}
	case 1:
		return found[0], true, nil
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i], _ = v.FormatAction(p, m)
	}
	return rules.NullMove, true, &notation.Error{Text: text, Kind: notation.Ambiguous, Reason: strings.Join(names, ", ")}
}

// CoordAction writes the coordinate forms the orthodox one cannot tell apart:
// a TT-capture as "d7xg4" (a plain Time Thief move may join the same
// squares) and a Spirit leaving its host as "f3g5s" (the possessed host may
// make the same Knight move).
func (v *Variant) CoordAction(p *rules.Position, m rules.Move) (string, bool) {
	switch {
	case m.Kind == rules.TTCapture:
		return m.From.String() + "x" + m.To.String(), true
	case m.Piece == rules.Spirit && p.At(m.From).Kind() != rules.Spirit:
		return m.From.String() + m.To.String() + "s", true
	}
	return "", false
}
