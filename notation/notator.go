package notation

import "timechess/rules"

// Notator is implemented by a variant (the value p.Variant() returns) whose
// actions have notation beyond the orthodox moves, such as Gifford's
// `Bf1//9`, `B@c4` and `Ke1//2@a4`, Time Traveler's `Nf6/e8` and `d2//d4`, or
// the Time Thief's `Txg4`. SAN and Parse ask it before their own rules.
type Notator interface {
	// FormatAction returns the SAN text of the legal action m in p, without a
	// check or mate mark (SAN adds those), and true; or false to leave m to
	// the orthodox notation.
	FormatAction(p *rules.Position, m rules.Move) (string, bool)
	// ParseAction reads text, already trimmed and stripped of check marks and
	// annotation glyphs ("+", "#", "!", "?"). It returns true when the text is
	// in the variant's own notation, with the legal action it names or an
	// error saying what is wrong (preferably an *Error); it returns false to
	// leave the text to the orthodox parser.
	ParseAction(p *rules.Position, text string) (rules.Move, bool, error)
}

// CoordNotator is implemented by a variant whose actions have a coordinate
// form of their own (the form engine protocols exchange). Parse accepts any
// text equal to the coordinate form of a legal action, so a variant needs no
// parser for it.
type CoordNotator interface {
	// CoordAction returns the coordinate text of the legal action m in p and
	// true, or false to leave m to the orthodox coordinate form.
	CoordAction(p *rules.Position, m rules.Move) (string, bool)
}
