package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"timechess/rules"
	_ "timechess/variant/all"
)

// boardText returns the position text of a board of w files and h ranks
// with the white King on a1 and the black King on the last square.
func boardText(w, h int) string {
	ranks := make([]string, h)
	for i := range ranks {
		ranks[i] = fmt.Sprint(w)
	}
	ranks[0] = fmt.Sprintf("%dk", w-1)
	ranks[h-1] = fmt.Sprintf("K%d", w-1)
	return strings.Join(ranks, "/") + " w - - 0 1"
}

// TestEveryVariantTakesEveryBoard checks the board-size ruling
// (docs/rules/chess.md, "Board sizes"): every variant sets up positions on
// every board of C1, from 3x3 up (smaller boards cannot hold two Kings out
// of each other's reach) to 16x16, and refuses a 17th file or rank.
func TestEveryVariantTakesEveryBoard(t *testing.T) {
	for _, name := range rules.Names() {
		v, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for w := 3; w <= 17; w++ {
			for h := 3; h <= 17; h++ {
				text := boardText(w, h)
				_, err := rules.NewPosition(v, text)
				if big := w > rules.MaxFiles || h > rules.MaxRanks; big != (err != nil) {
					t.Errorf("%s %dx%d %q: %v", name, w, h, text, err)
				}
			}
		}
	}
}
