package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// TestPositionNotices asks for positions whose turn has something special
// and checks the notices of docs/api.md: the rule, the name and the text
// that names what the player must do; none on an ordinary turn and none
// once the game is over.
func TestPositionNotices(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	cases := []struct {
		name string
		req  map[string]any
		rule string // "" for no notice
		says []string
	}{
		{"ordinary", map[string]any{"variant": "chess"}, "", nil},
		{"check", map[string]any{"moves": []string{"e4", "f5", "Qh5+"}}, "FIDE 3.9",
			[]string{"Black's King on e8 is in check from the white queen on h5"}},
		{"mate", map[string]any{"moves": []string{"f3", "e5", "g4", "Qh4#"}}, "", nil},
		{"arrival", map[string]any{"variant": "gifford", "moves": []string{"e4", "e5", "Nf3", "Nc6", "Bf1//4", "Nf6"}}, "G4",
			[]string{"White's bishop, sent at move 3, arrives now", "any empty light square"}},
		{"frozen", map[string]any{"variant": "timethief", "fen": "5t4/2k7/10/10/10/10/10/R4K3R w KQ - 0 1"}, "T6",
			[]string{"White's King on f1 is frozen", "Time Thief on f8"}},
		{"threat", map[string]any{"variant": "travelers", "fen": "4k2r/8/8/8/8/8/8/R3K3 w - - 0 1", "moves": []string{"Ra8+"}}, "R7",
			[]string{"Black's last surviving King on e8 is attacked"}},
	}
	for _, c := range cases {
		var p positionView
		ts.call("POST", "/api/v1/position", "", c.req, http.StatusOK, &p)
		if p.Notices == nil {
			t.Errorf("%s: notices is null, want a list", c.name)
			continue
		}
		if c.rule == "" {
			if len(p.Notices) != 0 {
				t.Errorf("%s: notices %+v, want none", c.name, p.Notices)
			}
			continue
		}
		if len(p.Notices) == 0 {
			t.Errorf("%s: no notice, want one by %s", c.name, c.rule)
			continue
		}
		n := p.Notices[0]
		if n.Rule != c.rule || n.Name == "" {
			t.Errorf("%s: notice %+v, want rule %s with a name", c.name, n, c.rule)
		}
		for _, s := range c.says {
			if !strings.Contains(n.Text, s) {
				t.Errorf("%s: notice text %q does not say %q", c.name, n.Text, s)
			}
		}
	}
	// The field names are those of docs/api.md.
	data, err := json.Marshal(noticeView{Rule: "G4", Name: "arrival", Text: "x"})
	if err != nil || string(data) != `{"rule":"G4","name":"arrival","text":"x"}` {
		t.Errorf("notice JSON %s, %v", data, err)
	}
}

// BenchmarkNotices measures what the notices add to describePosition
// (go test -bench Notices ./server): the notices alone, from the legal
// actions describePosition already has, and the whole description, for a
// position of each variant with something special to say.
func BenchmarkNotices(b *testing.B) {
	cases := []struct{ variant, fen, moves string }{
		{"chess", "", "e4 f5 Qh5+"},
		{"gifford", "", "d2//3 Nc6 e4 Nf6"},
		{"timethief", "5t4/2k7/10/10/10/10/10/R4K3R w KQ - 0 1", ""},
		{"travelers", "", "e4 e5 Nf3/e5 Nc6/e5"},
	}
	for _, c := range cases {
		v, err := rules.Lookup(c.variant)
		if err != nil {
			b.Fatal(err)
		}
		fen := c.fen
		if fen == "" {
			fen = v.Spec().Start
		}
		p, err := rules.NewPosition(v, fen)
		if err != nil {
			b.Fatal(err)
		}
		if c.moves != "" {
			if _, err := notation.ParseMoves(p, c.moves); err != nil {
				b.Fatal(err)
			}
		}
		turn := rules.Turn{Legal: p.Legal(nil), Check: p.InCheck()}
		if len(rules.Notices(p, &turn)) == 0 {
			b.Fatalf("%s: no notice", c.variant)
		}
		b.Run(c.variant+"/notices", func(b *testing.B) {
			for b.Loop() {
				rules.Notices(p, &turn)
			}
		})
		b.Run(c.variant+"/describe", func(b *testing.B) {
			for b.Loop() {
				describePosition(p)
			}
		})
	}
}
