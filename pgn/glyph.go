package pgn

import "strings"

// suffixGlyphs maps the move suffixes to their NAGs.
var suffixGlyphs = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// splitSuffix splits a move's "!"/"?" suffix from it: "Nf3!?" gives "Nf3" and "!?".
func splitSuffix(s string) (move, suffix string) {
	move = strings.TrimRight(s, "!?")
	return move, s[len(move):]
}
