package server

import (
	"unicode"
	"unicode/utf8"
)

// checkPersonText refuses, in a name or comment that people will read, the
// characters that hide or disguise text: control characters (a comment's
// newlines and tabs aside), text-direction controls (U+202A-U+202E,
// U+2066-U+2069, U+200E, U+200F, U+061C), the other invisible format
// characters (category Cf: soft hyphens, word joiners, the tag characters
// that can smuggle hidden text, ...), line and paragraph separators, and
// U+FFFD, which JSON decoding puts in the place of invalid UTF-8. The zero-width joiner and non-joiner (U+200D, U+200C) stay:
// emoji sequences and Persian and Indic spelling need them, and they do not
// reorder or hide text. The error names the field, the character and its
// position, counted in characters from 1.
func checkPersonText(field, text string, multiline bool) error {
	pos := 0
	for _, r := range text {
		pos++
		if r == utf8.RuneError {
			return invalid("%s: character %d is %U, the mark of invalid UTF-8; send the text as UTF-8", field, pos, r)
		}
		if what := hiddenKind(r, multiline); what != "" {
			return invalid("%s: character %d is %U (%s), which names and comments may not hold; remove it", field, pos, r, what)
		}
	}
	return nil
}

// hiddenKind says what kind of refused character r is, "" when it is
// allowed.
func hiddenKind(r rune, multiline bool) string {
	switch {
	case multiline && (r == '\n' || r == '\t'):
		return ""
	case r == '\u200c' || r == '\u200d':
		return ""
	case unicode.Is(unicode.Cc, r):
		return "a control character"
	case unicode.Is(unicode.Bidi_Control, r):
		return "a text-direction control"
	case unicode.Is(unicode.Cf, r):
		return "an invisible format character"
	case unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r):
		return "a line or paragraph separator"
	}
	return ""
}
