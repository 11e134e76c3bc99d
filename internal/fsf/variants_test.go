package fsf

import (
	"strings"
	"testing"

	"timechess/rules"
	"timechess/variant/chess"
)

// TestChess10x8DefinitionMatchesTheVariant keeps variantsINI in step with
// timechess's own chess10x8: start position, width and promotion kinds.
func TestChess10x8DefinitionMatchesTheVariant(t *testing.T) {
	spec := chess.Chess10x8.S
	promos := ""
	for _, k := range spec.Promotions {
		promos += strings.ToLower(string(k.Letter()))
	}
	p, err := rules.NewPosition(chess.Chess10x8, spec.Start)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"[" + spec.Name + ":chess]",
		"startFen = " + spec.Start,
		"promotionPieceTypes = " + promos,
		"maxFile = " + string(rune('a'+p.Geometry().W-1)),
	} {
		if !strings.Contains(variantsINI, want+"\n") {
			t.Errorf("variants.ini lacks the line %q", want)
		}
	}
}
