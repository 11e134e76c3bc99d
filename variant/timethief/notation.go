package timethief

import (
	"errors"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// FormatAction writes a TT-capture as a capture from the Time Thief's square
// to the origin square of the reverted move: "Txg4", or "Td7xg4" when
// another Time Thief could make the same TT-capture (T11). It also writes a
// possessed pawn's Knight jump to an empty square with the pawn's letter,
// "Pd2-b1": the orthodox "d2-b1" names any man on d2, and the pawn's Spirit
// may leave d2 for b1 too.
func (v *Variant) FormatAction(p *rules.Position, m rules.Move) (string, bool) {
	if m.Piece == rules.Pawn && m.Kind == rules.Normal && m.From.File() != m.To.File() && p.At(m.To) == rules.NoPiece {
		s := "P" + m.From.String() + "-" + m.To.String()
		if m.Promo != rules.NoKind {
			s += "=" + string(m.Promo.Letter())
		}
		return s, true
	}
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

// ParseAction reads the Time Thief's own notation: a TT-capture as "Txg4",
// "Tdxg4", "T7xg4", "Td7xg4", the seed's "TTxf3", or the coordinate form
// "d7xg4" (a Time Thief never captures normally, so an "x" after its square
// always means a TT-capture); and the seed's "TT" for the Time Thief's
// letter in a plain move ("TTg1"). Other text is left to the orthodox parser.
func (v *Variant) ParseAction(p *rules.Position, text string) (rules.Move, bool, error) {
	if rest, ok := strings.CutPrefix(text, "TT"); ok && !strings.Contains(rest, "x") {
		m, err := notation.Parse(p, "T"+rest)
		var ne *notation.Error
		if errors.As(err, &ne) {
			named := *ne
			named.Text = text
			err = &named
		}
		return m, true, err
	}
	hint, target, ok := strings.Cut(text, "x")
	if !ok {
		return rules.NullMove, false, nil
	}
	g := p.Geometry()
	if h, cut := strings.CutPrefix(hint, "TT"); cut {
		hint = h
	} else if h, cut := strings.CutPrefix(hint, "T"); cut {
		hint = h
	} else if from, err := rules.ParseSquare(hint, g.W, g.H); err != nil ||
		p.At(from).Kind() != rules.TimeThief || p.At(from).Color() != p.Side {
		return rules.NullMove, false, nil
	}
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
		tried := rules.Move{Kind: rules.TTCapture, Piece: rules.TimeThief, From: rules.NoSquare, To: to, Via: rules.NoSquare}
		if from, err := rules.ParseSquare(hint, g.W, g.H); err == nil {
			tried.From = from
		}
		return rules.NullMove, true, notation.Refusal(p, text, tried, "no Time Thief can revert the last move and capture on "+to.String())
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
