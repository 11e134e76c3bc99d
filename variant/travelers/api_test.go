package travelers

import (
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// TestSupportsWriteTheLines: the supports of the rules document's
// examples, written as it writes them (docs/rules/travelers.md, R3 and the
// Game 2 quiz): the knight's three moves in a row, and a line of two men
// that takes the traveling bishop on the way.
func TestSupportsWriteTheLines(t *testing.T) {
	needProvers(t, Survey) // Supports reads the survey
	for _, c := range []struct {
		moves string
		kind  rules.Kind
		sq    string
		line  string
	}{
		{"", rules.Knight, "f6", "Nb1-c3-d5-f6"},
		{"", rules.Pawn, "e4", "e2-e4"},
		{"e4 d6 Bb5/e8 d4/d3 Bxd3", rules.Rook, "a4", "a7-a6xb5, Ra8-a4"},
		{"e4 d6 Bb5/e8 d4/d3 Bxd3", rules.Knight, "e3", "Ng8-f6-d5-e3"},
	} {
		p, err := rules.NewPosition(Travelers, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if c.moves != "" {
			if _, err := notation.ParseMoves(p, c.moves); err != nil {
				t.Fatal(err)
			}
		}
		got := ""
		for _, s := range Supports(p) {
			if s.Kind == c.kind && s.Square.String() == c.sq {
				got = s.Line
			}
		}
		if got != c.line {
			t.Errorf("after %q, %s on %s: line %q, want %q", c.moves, c.kind, c.sq, got, c.line)
		}
	}
}
