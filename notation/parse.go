package notation

import (
	"fmt"
	"strings"

	"timechess/rules"
)

// Parse reads the move text in position p and returns the legal move it
// names. It accepts SAN leniently (with or without "x", check marks and
// annotation glyphs; promotion as "=Q", "Q", "(Q)" or "/Q"; castling as O-O,
// 0-0, O-O-O, 0-0-0; long SAN such as "Ng1-f3" or "Ng1f3"; a pawn capture by
// files such as "gf"), the coordinate form ("e2e4", "e7e8q", castling as the
// King's move or as King takes rook, "e1h1"), and Game Courier's full
// algebraic notation ("P e2-e4", "e2-e4", "p e7-e8; q-e8", "K e1-g1; R h1-f1",
// "P d5-e6; e5-"; the label's case is ignored). A variant that implements
// Notator reads its own actions first. Text refused gets an *Error that
// says what was wrong (or the variant's own error for text in its notation);
// Parse never panics and leaves p unchanged.
func Parse(p *rules.Position, text string) (rules.Move, error) {
	t := clean(text)
	if t == "" {
		return rules.NullMove, errorf(text, Unreadable, "no move in the text")
	}
	if n, ok := p.Variant().(Notator); ok {
		if m, handled, err := n.ParseAction(p, t); handled {
			if err == nil && !isLegal(p, m) {
				err = refusal(p, text, m, func() *Error {
					return errorf(text, NoMatch, "this action is not legal here")
				})
			}
			if err != nil {
				return rules.NullMove, err
			}
			return m, nil
		}
	}
	legal := p.Legal(nil)
	if _, ok := p.Variant().(CoordNotator); ok {
		for _, m := range legal {
			if Coord(p, m) == t {
				return m, nil
			}
		}
	}
	g := p.Geometry()
	f, err := readForm(text, t, board{g.W, g.H})
	if err != nil {
		return rules.NullMove, err
	}
	return f.match(p, text, legal)
}

// clean trims the text and strips the marks that do not name the move:
// check and mate signs, annotation glyphs and an "e.p." suffix.
func clean(text string) string {
	t := strings.TrimSpace(text)
	for {
		s := strings.TrimRight(t, "+#!? ")
		s = strings.TrimSuffix(s, "e.p.")
		if s == t {
			return t
		}
		t = s
	}
}

func isLegal(p *rules.Position, m rules.Move) bool {
	for _, l := range p.Legal(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// match returns the one legal move that fits the form.
func (f *form) match(p *rules.Position, text string, legal []rules.Move) (rules.Move, error) {
	var found []rules.Move
	for _, m := range legal {
		if f.fits(p, m) {
			found = append(found, m)
		}
	}
	if len(found) == 0 {
		return rules.NullMove, f.noMatch(p, text, legal)
	}
	found, err := f.choosePromotion(p, text, found)
	if err != nil {
		return rules.NullMove, err
	}
	if found, err = f.gameCourierParts(p, text, found); err != nil {
		return rules.NullMove, err
	}
	if len(found) > 1 && f.fromFile < 0 && !f.capture {
		// "b6" is the pawn's straight step, not a possessed pawn's Knight
		// jump to the same square (that one is written with its origin).
		if steps := filter(found, func(m rules.Move) bool { return m.Piece == rules.Pawn && m.From.File() == m.To.File() }); len(steps) == 1 {
			found = steps
		}
	}
	if len(found) > 1 {
		names := make([]string, len(found))
		for i, m := range found {
			names[i] = SAN(p, m)
		}
		return rules.NullMove, &Error{Text: text, Kind: Ambiguous, Reason: strings.Join(names, ", ")}
	}
	return found[0], nil
}

// fits reports whether legal move m is one the form may name, promotion and
// Game Courier parts aside.
func (f *form) fits(p *rules.Position, m rules.Move) bool {
	switch {
	case f.castle != noCastle:
		return m.Kind == rules.Castle && kingside(m) == (f.castle == kingsideCastle)
	case m.Kind == rules.Castle:
		// Castling written as the King's move: origin and either the
		// King's destination or the rook's square.
		return f.wholeOrigin() && m.From == f.origin() && (f.to == m.To || f.to == m.Via) &&
			(f.piece == rules.NoKind || f.piece == rules.King)
	case !moveShaped(m.Kind),
		f.piece != rules.NoKind && m.Piece != f.piece,
		f.fromFile >= 0 && m.From.File() != f.fromFile,
		f.fromRank >= 0 && m.From.Rank() != f.fromRank:
		return false
	case f.to == rules.NoSquare:
		return m.To.File() == f.toFile && isCapture(p, m)
	}
	return m.To == f.to
}

func (f *form) wholeOrigin() bool { return f.fromFile >= 0 && f.fromRank >= 0 }

func (f *form) origin() rules.Square { return rules.SquareAt(f.fromFile, f.fromRank) }

// choosePromotion keeps the fitting moves with the promotion the text asks
// for, or refuses a missing or impossible one.
func (f *form) choosePromotion(p *rules.Position, text string, found []rules.Move) ([]rules.Move, error) {
	var keep []rules.Move
	promotes := false
	for _, m := range found {
		promotes = promotes || m.Promo != rules.NoKind
		if m.Promo == f.promo {
			keep = append(keep, m)
		}
	}
	if len(keep) > 0 {
		return keep, nil
	}
	spec := p.Variant().Spec()
	choice := make([]string, len(spec.Promotions))
	for i, k := range spec.Promotions {
		choice[i] = "=" + string(k.Letter())
	}
	allowed := strings.Join(choice, ", ")
	switch {
	case f.promo == rules.NoKind:
		return nil, errorf(text, BadPromotion, "the pawn must promote: add one of %s", allowed)
	case !promotes:
		return nil, errorf(text, BadPromotion, "the move does not promote: only a pawn reaching the last rank does")
	}
	return nil, errorf(text, BadPromotion, "a pawn cannot promote to a %s in %s; it may promote with %s",
		f.promo, spec.Name, allowed)
}

// gameCourierParts keeps the fitting moves that agree with the removal and
// the rook's move the text adds, and prefers a King's plain step to castling
// when the text says no more.
func (f *form) gameCourierParts(p *rules.Position, text string, found []rules.Move) ([]rules.Move, error) {
	if f.removed != rules.NoSquare {
		found = filter(found, func(m rules.Move) bool {
			if m.Kind == rules.EnPassant {
				return rules.SquareAt(m.To.File(), m.From.Rank()) == f.removed
			}
			return m.To == f.removed && isCapture(p, m)
		})
		if len(found) == 0 {
			return nil, errorf(text, NoMatch, "the move takes no man on %s", f.removed)
		}
	}
	if f.rookFrom != rules.NoSquare {
		found = filter(found, func(m rules.Move) bool {
			return m.Kind == rules.Castle && m.Via == f.rookFrom && rookDestination(p, m) == f.rookTo
		})
		if len(found) == 0 {
			return nil, errorf(text, NoMatch, "%s-%s is not the rook's part of a castling here", f.rookFrom, f.rookTo)
		}
	}
	if plain := filter(found, func(m rules.Move) bool { return m.Kind != rules.Castle }); len(plain) > 0 {
		return plain, nil
	}
	return found, nil
}

// rookDestination returns where the castling m puts the rook, by the
// variant's castling files.
func rookDestination(p *rules.Position, m rules.Move) rules.Square {
	file := p.Variant().Spec().CastleRookFromEdge
	if kingside(m) {
		file = p.Geometry().W - file
	}
	return rules.SquareAt(file, m.From.Rank())
}

func filter(ms []rules.Move, keep func(rules.Move) bool) []rules.Move {
	var out []rules.Move
	for _, m := range ms {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

// noMatch explains why no legal move fits the form.
func (f *form) noMatch(p *rules.Position, text string, legal []rules.Move) error {
	us := p.Side
	if len(legal) == 0 {
		reason := fmt.Sprintf("%s has no legal move", us)
		if st := p.Status(); st.Over() {
			reason += " (" + st.Reason + ")"
		}
		return errorf(text, NoMatch, "%s", reason)
	}
	if f.to == rules.NoSquare {
		// A pawn capture by files ("gf"): the variant's reason for the
		// first of the side's captures by the laws of chess that fits it.
		for _, c := range p.GeneratePseudo(nil) {
			if c.Piece == rules.Pawn && c.To.File() == f.toFile && (f.fromFile < 0 || c.From.File() == f.fromFile) &&
				isCapture(p, c) && (f.promo == rules.NoKind || c.Promo == f.promo) {
				if r := rules.Explain(p, c); r != nil {
					return &Error{Text: text, Kind: NoMatch, Reason: r.Reason, Rule: r}
				}
			}
		}
	}
	return refusal(p, text, f.attempt(p), func() *Error { return f.shapeError(p, text) })
}

// attempt is the action the form names, as far as it names one: a
// castling (O-O, or the King's move of two files or onto his Rook), or a
// move of a man (its kind and origin when given) to a square.
func (f *form) attempt(p *rules.Position) rules.Move {
	m := rules.Move{Kind: rules.Normal, Piece: f.piece, Promo: f.promo, From: rules.NoSquare, To: f.to, Via: rules.NoSquare}
	if f.wholeOrigin() {
		m.From = f.origin()
	}
	king := p.Pieces(p.Side, rules.King)
	if f.castle != noCastle && !king.IsZero() {
		// The King's square: his castling is told apart by the side he
		// goes to.
		from := king.LSB()
		to := from.File() - 2
		if f.castle == kingsideCastle {
			to = from.File() + 2
		}
		to = max(0, min(p.Geometry().W-1, to))
		return rules.Move{Kind: rules.Castle, Piece: rules.King, From: from, To: rules.SquareAt(to, from.Rank()), Via: rules.NoSquare}
	}
	if m.From != rules.NoSquare && m.To != rules.NoSquare && king.Has(m.From) && m.To.Rank() == m.From.Rank() {
		if d := m.To.File() - m.From.File(); d >= 2 || d <= -2 || p.At(m.To) == rules.MakePiece(p.Side, rules.Rook, 0) {
			return rules.Move{Kind: rules.Castle, Piece: rules.King, From: m.From, To: m.To, Via: rules.NoSquare}
		}
	}
	return m
}

// shapeError says which part of the form fits no legal action: no right to
// castle, no man on the origin, no man of the kind that can reach the
// destination.
func (f *form) shapeError(p *rules.Position, text string) *Error {
	us := p.Side
	inCheck := ""
	if p.InCheck() {
		inCheck = fmt.Sprintf(" (%s is in check)", us)
	}
	if f.castle != noCastle {
		side, bit := "kingside", 0
		if f.castle == queensideCastle {
			side, bit = "queenside", 1
		}
		if p.Castle&(1<<(2*int(us)+bit)) == 0 {
			return errorf(text, NoMatch, "%s has no right to castle %s", us, side)
		}
		return errorf(text, NoMatch, "%s cannot castle %s now: the way is blocked or attacked%s", us, side, inCheck)
	}
	if f.wholeOrigin() {
		from := f.origin()
		pc := p.At(from)
		switch {
		case pc == rules.NoPiece:
			return errorf(text, NoMatch, "there is no man on %s", from)
		case pc.Color() != us:
			return errorf(text, NoMatch, "%s holds a %s %s, but %s is to move", from, pc.Color(), pc.Kind(), us)
		case f.piece != rules.NoKind && pc.Kind() != f.piece:
			return errorf(text, NoMatch, "%s holds a %s, not a %s", from, pc.Kind(), f.piece)
		}
		return errorf(text, NoMatch, "the %s on %s cannot move to %s%s", pc.Kind(), from, f.to, inCheck)
	}
	who := "no " + f.piece.String()
	if f.fromFile >= 0 {
		who += fmt.Sprintf(" on the %c-file", fileLetter(f.fromFile))
	}
	if f.fromRank >= 0 {
		who += " on rank " + rankName(f.fromRank)
	}
	switch {
	case f.to == rules.NoSquare:
		return errorf(text, NoMatch, "%s can capture on the %c-file%s", who, fileLetter(f.toFile), inCheck)
	case f.capture:
		return errorf(text, NoMatch, "%s can capture on %s%s", who, f.to, inCheck)
	}
	return errorf(text, NoMatch, "%s can move to %s%s", who, f.to, inCheck)
}
