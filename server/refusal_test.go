package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestMoveRefusalNamesTheRule: a refused move is answered with the rule
// that forbids it when the variant names one (issue 35): Gifford's due
// arrival (G4) in two notations and a drop where the man may not land; a
// text that names no move at all has no rule.
func TestMoveRefusalNamesTheRule(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	s, white, black := ts.friendGame(map[string]any{"variant": "gifford"})
	id := s.Game.ID
	for ply, mv := range []string{"Bf1//3", "e5", "g3", "d5"} {
		ts.play(id, []string{white, black}[ply%2], ply, mv)
	}
	type answer struct {
		Error struct {
			Code, Message string
			Refusal       *refusalView
		}
	}
	for _, c := range []struct{ move, rule, says string }{
		{"Nf3", "G4", "this turn must be its arrival"},
		{"g1f3", "G4", "this turn must be its arrival"},
		{"B@c5", "G4", "a bishop arrives on squares of the colour it started on"},
		{"Nf9", "", "f9 is not a square of an 8x8 board"},
	} {
		res := ts.do("POST", "/api/v1/games/"+id+"/moves", white, map[string]any{"ply": 4, "move": c.move})
		var a answer
		if err := json.Unmarshal(res.body, &a); err != nil || res.status != http.StatusBadRequest || a.Error.Code != codeIllegalMove {
			t.Fatalf("%s: %d %s", c.move, res.status, res.body)
		}
		if !strings.Contains(a.Error.Message, c.says) {
			t.Errorf("%s: message %q does not say %q", c.move, a.Error.Message, c.says)
		}
		switch {
		case c.rule == "" && a.Error.Refusal != nil:
			t.Errorf("%s: a rule named for a move no man can make: %+v", c.move, a.Error.Refusal)
		case c.rule != "" && (a.Error.Refusal == nil || a.Error.Refusal.Rule != c.rule || a.Error.Refusal.Name == "" || a.Error.Refusal.Reason == ""):
			t.Errorf("%s: refusal %+v, want rule %s with its name and reason", c.move, a.Error.Refusal, c.rule)
		}
	}
}
