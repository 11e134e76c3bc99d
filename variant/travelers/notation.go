package travelers

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// Notation (R9). An explosion is the type's letter (none for a pawn), the
// explosion square, "/" and the traveled man's destination, with "=Q" for a
// promotion: "Nf6/e8", "h3/h4", "e7/d8=Q". An annihilation is the
// resonator's square, "//" and the traveling man's square: "d2//d4", and
// "e7//e8=Q" when a pawn promotes into a traveling queen. Normal moves keep
// SAN; a pawn capture may be written by files ("gf") as the seed does. An
// explosion's capture is written without "x" and read with or without it;
// an annihilation's letter and promotion are optional on input (A9). SAN's
// "+" and "#" are the core's, from check by R7 (A10), so the seed's games
// replay with the marks R10 asks for (testdata/seed.cases).
//
// Coordinate forms: an explosion is the letter, "@", both squares and a
// lower-case promotion letter ("N@f6e8", "P@h3h4", "P@e7d8q"); an
// annihilation is both squares and the promotion as for a move ("d2d4",
// "e7e8q"); no normal move joins those squares, since the destination holds
// the mover's own traveling man.

// FormatAction writes explosions and annihilations.
func (v *Variant) FormatAction(p *rules.Position, m rules.Move) (string, bool) {
	var s string
	switch m.Kind {
	case rules.Explosion:
		if m.Piece != rules.Pawn {
			s = string(m.Piece.Letter())
		}
		s += m.From.String() + "/" + m.To.String()
	case rules.Annihilation:
		s = m.From.String() + "//" + m.To.String()
	default:
		return "", false
	}
	if m.Promo != rules.NoKind {
		s += "=" + string(m.Promo.Letter())
	}
	return s, true
}

// CoordAction writes the coordinate forms of explosions and annihilations.
func (v *Variant) CoordAction(p *rules.Position, m rules.Move) (string, bool) {
	var s string
	switch m.Kind {
	case rules.Explosion:
		s = string(m.Piece.Letter()) + "@" + m.From.String() + m.To.String()
	case rules.Annihilation:
		s = m.From.String() + m.To.String()
	default:
		return "", false
	}
	if m.Promo != rules.NoKind {
		s += string(m.Promo.Letter() + 'a' - 'A')
	}
	return s, true
}

// ParseAction reads explosions ("Nf6/e8", "Nf6/xe8", "h3/h4", "e7/d8=Q")
// and annihilations ("d2//d4", "Nb8//c6", "e7//e8=Q"). Other text, the
// orthodox promotion "e8/Q" among it, is left to the orthodox parser.
func (v *Variant) ParseAction(p *rules.Position, text string) (rules.Move, bool, error) {
	if c := coordExplosion.FindStringSubmatch(text); c != nil {
		// The coordinate form "Q@d4g7", "P@e7d8q": read here too, so that a
		// refused one is told why as its SAN would be.
		g := p.Geometry()
		letter, _ := rules.KindOfLetter(c[1][0])
		from, errFrom := rules.ParseSquare(c[2], g.W, g.H)
		to, errTo := rules.ParseSquare(c[3], g.W, g.H)
		if err := errors.Join(errFrom, errTo); err != nil {
			return bad(text, notation.Unreadable, "%v", err)
		}
		promo := rules.NoKind
		if c[4] != "" {
			promo, _ = rules.KindOfLetter(strings.ToUpper(c[4])[0])
		}
		return find(p, text, rules.Explosion, letter, from, to, promo)
	}
	left, right, annihilation := strings.Cut(text, "//")
	if !annihilation {
		var ok bool
		if left, right, ok = strings.Cut(text, "/"); !ok {
			return rules.NullMove, false, nil
		}
		right = strings.TrimPrefix(right, "x")
		if right == "" || right[0] < 'a' || right[0] > 'p' {
			return rules.NullMove, false, nil // "e8/Q": an orthodox promotion
		}
	}
	g := p.Geometry()
	var letter rules.Kind
	if left != "" && left[0] >= 'A' && left[0] <= 'Z' {
		k, ok := rules.KindOfLetter(left[0])
		if !ok {
			return bad(text, notation.Unreadable, "%c is not a piece letter", left[0])
		}
		letter, left = k, left[1:]
	}
	from, err := rules.ParseSquare(left, g.W, g.H)
	if err != nil {
		return bad(text, notation.Unreadable, "%v", err)
	}
	toText, promoText := right, ""
	if i := strings.IndexAny(right, "=("); i >= 0 {
		toText, promoText = right[:i], right[i:]
	} else if n := len(right); n > 2 && right[n-1] >= 'A' && right[n-1] <= 'Z' {
		toText, promoText = right[:n-1], right[n-1:]
	}
	to, err := rules.ParseSquare(toText, g.W, g.H)
	if err != nil {
		return bad(text, notation.Unreadable, "%v", err)
	}
	promo, err := readPromo(text, promoText)
	if err != nil {
		return rules.NullMove, true, err
	}
	kind := rules.Explosion
	if annihilation {
		kind = rules.Annihilation
	}
	return find(p, text, kind, letter, from, to, promo)
}

// readPromo reads a promotion suffix: "", "=Q", "Q" or "(Q)".
func readPromo(text, s string) (rules.Kind, error) {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s, "="), "("), ")")
	if s == "" {
		return rules.NoKind, nil
	}
	if len(s) == 1 {
		if k, ok := rules.KindOfLetter(s[0]); ok {
			return k, nil
		}
	}
	_, _, err := bad(text, notation.Unreadable, "%q is not a promotion", s)
	return rules.NoKind, err
}

// find returns the legal action of the kind named: an explosion of letter's
// type (a pawn when none) from x to y, or an annihilation from the resonator's
// square onto the traveling man (the letter, when given, the resonator's).
func find(p *rules.Position, text string, kind rules.MoveKind, letter rules.Kind, from, to rules.Square, promo rules.Kind) (rules.Move, bool, error) {
	if kind == rules.Explosion && letter == rules.NoKind {
		letter = rules.Pawn
	}
	var fits []rules.Move
	for _, m := range p.Legal(nil) {
		if m.Kind == kind && m.From == from && m.To == to && (letter == rules.NoKind || m.Piece == letter) {
			fits = append(fits, m)
		}
	}
	what := "explosion"
	if kind == rules.Annihilation {
		what = "annihilation"
	}
	if len(fits) == 0 {
		tried := rules.Move{Kind: kind, Piece: letter, Promo: promo, From: from, To: to, Via: rules.NoSquare}
		return rules.NullMove, true, notation.Refusal(p, text, tried, fmt.Sprintf("no legal %s %s", what, describe(kind, letter, from, to)))
	}
	for _, m := range fits {
		switch {
		case m.Promo == promo:
			return m, true, nil
		case kind == rules.Annihilation && promo == rules.NoKind:
			return m, true, nil // the traveling man's type is the promotion
		}
	}
	if promo == rules.NoKind {
		return bad(text, notation.BadPromotion, "the pawn must promote: add =Q, =R, =B or =N")
	}
	return bad(text, notation.BadPromotion, "the %s %s does not promote to %s", what, describe(kind, letter, from, to), promo)
}

// describe names an action's squares for an error message.
func describe(kind rules.MoveKind, letter rules.Kind, from, to rules.Square) string {
	if kind == rules.Annihilation {
		return fmt.Sprintf("from %s onto %s", from, to)
	}
	return fmt.Sprintf("of a %s on %s moving to %s", letter, from, to)
}

// coordExplosion is an explosion's coordinate form: the type, "@", the
// explosion square, the traveled man's destination, a promotion letter.
var coordExplosion = regexp.MustCompile(`^([PNBRQK])@([a-p][0-9]{1,2})([a-p][0-9]{1,2})([nbrq]?)$`)

// bad returns a refusal of text as ParseAction does.
func bad(text string, kind notation.ErrorKind, format string, args ...any) (rules.Move, bool, error) {
	return rules.NullMove, true, &notation.Error{Text: text, Kind: kind, Reason: fmt.Sprintf(format, args...)}
}
