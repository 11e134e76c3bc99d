package pgn

import (
	"strings"

	"timechess/rules"
)

// chessNames are the Variant tag values, lower case without spaces, hyphens
// or underscores, that other programs (lichess, Fairy-Stockfish, ChessBase)
// write for games timechess plays as chess.
var chessNames = map[string]bool{
	"": true, "standard": true, "chess": true, "normal": true, "chess960": true,
	"fischerandom": true, "fischerrandom": true, "fromposition": true,
}

// variantOf returns the rules a Variant tag value names.
func variantOf(name string) (rules.Variant, error) {
	key := strings.NewReplacer(" ", "", "-", "", "_", "").Replace(strings.ToLower(name))
	if chessNames[key] {
		name = "chess"
	}
	if v, err := rules.Lookup(name); err == nil {
		return v, nil
	}
	return rules.Lookup(strings.ToLower(name))
}

// variantName returns the Variant tag value for a game of v from start, or
// "" when the tag is not needed: chess from a Chess960 set-up is written
// "Chess960", as lichess reads it.
func variantName(v rules.Variant, start *rules.Position) string {
	switch {
	case v.Spec().Name != "chess":
		return v.Spec().Name
	case start.Setup().Chess960:
		return "Chess960"
	}
	return ""
}
