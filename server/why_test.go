package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestWhyNamesTheRule asks POST /api/v1/why about moves and men of the
// rules documents' examples: each refusal names the rule (in every
// notation), a man with no legal action gets the reason of his first
// refused move, and what no rule explains is said plainly.
func TestWhyNamesTheRule(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	gifford := map[string]any{"variant": "gifford", "moves": []string{"Bf1//3", "e5", "g3", "d5"}}
	travelers := map[string]any{"variant": "travelers", "moves": []string{"Nf3/e5", "Nc6"}}
	grammar := map[string]any{"variant": "travelers", "fen": "4k3/8/8/8/3P*4/4p3/3P4/4K3 w - - 0 1"}
	frozen := map[string]any{"variant": "timethief", "fen": "5t4/2k7/10/10/10/10/10/R4K3R w KQ - 0 1"}
	restore := map[string]any{"variant": "timethief-restore", "fen": "k3t5/10/10/1T8/10/10/10/4K5 w - - 0 1", "moves": []string{"Kd1", "Txe1"}}
	pinned := map[string]any{"variant": "chess", "fen": "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"}
	start := map[string]any{"variant": "chess"}
	for _, c := range []struct {
		pos   map[string]any
		moves []string
		legal bool
		rule  string // "" for no rule
		says  string
	}{
		{gifford, []string{"g1", "Nf3", "g1f3", "Ng1-f3", "N g1-f3"}, false, "G4", "bishop, sent to move 3, is due"},
		{travelers, []string{"f3", "Ng5", "f3g5", "N f3-g5"}, false, "R1", "the traveling knight on f3 never moves"},
		{grammar, []string{"dxe3", "de", "d2e3", "P d2-e3"}, false, "R6", "grammatically incorrect"},
		{frozen, []string{"f1", "Ke1", "f1e1", "O-O"}, false, "T6", "frozen"},
		{restore, []string{"Tb6", "b5b6", "T b5-b6"}, false, "T7", "must restore it"},
		{pinned, []string{"d2", "Nf3", "d2f3"}, false, "FIDE 3.9", "pinned"},
		{start, []string{"a1"}, false, "", "the rook on a1 has no move: every square it could go to is blocked"},
		{start, []string{"e8"}, false, "", "the king on e8 is Black's, and it is White's move"},
		{start, []string{"e4"}, false, "", "e4 is empty"},
		{start, []string{"g1", "Nf3", "g1f3"}, true, "", ""},
	} {
		for _, mv := range c.moves {
			body := map[string]any{"move": mv}
			for k, v := range c.pos {
				body[k] = v
			}
			var v whyView
			ts.call("POST", "/api/v1/why", "", body, http.StatusOK, &v)
			switch {
			case v.Legal != c.legal:
				t.Errorf("%v %s: legal %v, want %v (%+v)", c.pos, mv, v.Legal, c.legal, v)
			case c.legal && v.SAN == "":
				t.Errorf("%v %s: legal without its SAN", c.pos, mv)
			case c.rule == "" && v.Refusal != nil:
				t.Errorf("%v %s: a rule named where none forbids: %+v", c.pos, mv, v.Refusal)
			case c.rule != "" && (v.Refusal == nil || v.Refusal.Rule != c.rule || v.Refusal.Name == ""):
				t.Errorf("%v %s: refusal %+v, want rule %s with its name", c.pos, mv, v.Refusal, c.rule)
			case !strings.Contains(v.Message, c.says):
				t.Errorf("%v %s: message %q does not say %q", c.pos, mv, v.Message, c.says)
			}
		}
	}
	for _, bad := range []map[string]any{{"move": "zz9"}, {"move": ""}, {"move": strings.Repeat("a", 300)}, {"variant": "nope", "move": "e4"}} {
		if res := ts.do("POST", "/api/v1/why", "", bad); res.status != http.StatusBadRequest || res.errorCode() != codeInvalid {
			t.Errorf("%v: %d %s, want 400 invalid", bad, res.status, res.body)
		}
	}
}

// TestGameWhy asks a game's why route about its current position: the due
// Gifford arrival refuses the knight's move, by the man's square and by
// the move, and the game is left as it was.
func TestGameWhy(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	s, white, black := ts.friendGame(map[string]any{"variant": "gifford"})
	id := s.Game.ID
	for ply, mv := range []string{"Bf1//3", "e5", "g3", "d5"} {
		ts.play(id, []string{white, black}[ply%2], ply, mv)
	}
	for _, mv := range []string{"g1", "Nf3", "Ng1-f3"} {
		var v whyView
		ts.call("GET", "/api/v1/games/"+id+"/why?move="+url.QueryEscape(mv), "", nil, http.StatusOK, &v)
		if v.Legal || v.Refusal == nil || v.Refusal.Rule != "G4" || !strings.Contains(v.Refusal.Reason, "place it") {
			t.Errorf("%s: %+v, want the G4 refusal that says where to place the bishop", mv, v)
		}
	}
	var v whyView
	ts.call("GET", "/api/v1/games/"+id+"/why?move=B@c4", "", nil, http.StatusOK, &v)
	if !v.Legal || v.SAN == "" {
		t.Errorf("the bishop's arrival on c4: %+v, want legal", v)
	}
	if res := ts.do("GET", "/api/v1/games/"+id+"/why", "", nil); res.status != http.StatusBadRequest || !strings.Contains(string(res.body), "give a move") {
		t.Errorf("no move: %d %s", res.status, res.body)
	}
	var g apiGame
	ts.call("GET", "/api/v1/games/"+id, "", nil, http.StatusOK, &g)
	if g.Ply != 4 {
		t.Errorf("the game moved: ply %d", g.Ply)
	}
}
