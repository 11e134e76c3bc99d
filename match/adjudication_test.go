package match

import (
	"testing"

	"timechess/engine"
	"timechess/rules"
)

// TestAdjudication feeds score sequences (each from the mover's view,
// White moving first) to the resign and draw rules.
func TestAdjudication(t *testing.T) {
	const none = engine.Score(-99999) // a reply without a score
	tests := []struct {
		name   string
		resign ResignRule
		draw   DrawRule
		scores []engine.Score
		at     int // the ply (from 1) that ends the game, 0 for none
		result rules.Result
	}{
		{"white ahead for 2 moves each", ResignRule{500, 2}, DrawRule{}, []engine.Score{600, -700, 550, -900}, 4, rules.WhiteWins},
		{"black ahead", ResignRule{500, 1}, DrawRule{}, []engine.Score{-500, 520}, 2, rules.BlackWins},
		{"disagreement resets the count", ResignRule{500, 2}, DrawRule{}, []engine.Score{600, -700, 550, -100, 600, -600}, 0, rules.Ongoing},
		{"a missing score resets the count", ResignRule{500, 1}, DrawRule{}, []engine.Score{600, none, 600}, 0, rules.Ongoing},
		{"mate scores count", ResignRule{1000, 1}, DrawRule{}, []engine.Score{engine.MateIn(3), engine.MatedIn(2)}, 2, rules.WhiteWins},
		{"level scores draw", ResignRule{}, DrawRule{10, 2, 1}, []engine.Score{5, -3, 0, 10}, 4, rules.Draw},
		{"not before move After", ResignRule{}, DrawRule{10, 1, 2}, []engine.Score{0, 0, 0, 0}, 4, rules.Draw},
		{"an unbalanced score resets", ResignRule{}, DrawRule{10, 2, 1}, []engine.Score{0, 0, 30, 0, 0, 0}, 0, rules.Ongoing},
		{"rules off", ResignRule{}, DrawRule{}, []engine.Score{2000, -2000, 2000, -2000}, 0, rules.Ongoing},
	}
	for _, tc := range tests {
		a := adjudicator{resign: tc.resign, draw: tc.draw}
		at, result := 0, rules.Ongoing
		for i, s := range tc.scores {
			r := Reply{Score: s, Scored: s != none}
			if st, ok := a.observe(r, rules.Color(i%2), i/2+1); ok {
				at, result = i+1, st.Result
				if st.Reason == "" {
					t.Errorf("%s: no reason", tc.name)
				}
				break
			}
		}
		if at != tc.at || result != tc.result {
			t.Errorf("%s: ended at ply %d with %s, want ply %d with %s", tc.name, at, result, tc.at, tc.result)
		}
	}
}
