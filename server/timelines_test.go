package server

import (
	"net/http"
	"slices"
	"testing"
)

// TestTimelines reads the Timelines of a Gifford game with a King's backward
// travel (GET .../timelines) and of a Time Thief line with a revert (POST
// /timelines): every board with its turn, the timelines and the branch, and
// the refusals of a bad line and of an unknown game.
func TestTimelines(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	s, white, black := ts.friendGame(map[string]any{"variant": "gifford"})
	id := s.Game.ID
	// The travel Ke1//1@a3 at White's move 3 is White's move 1 again.
	for i, m := range []string{"e4", "e5", "Nf3", "Nc6", "Ke1//1@a3"} {
		tok := white
		if i%2 == 1 {
			tok = black
		}
		ts.play(id, tok, i, m)
	}
	var h historyView
	ts.call("GET", "/api/v1/games/"+id+"/timelines", "", nil, http.StatusOK, &h)
	if h.Width != 8 || h.Height != 8 || len(h.Boards) != 6 {
		t.Fatalf("gifford: %dx%d with %d boards, want 8x8 and 6", h.Width, h.Height, len(h.Boards))
	}
	turns := make([]int, len(h.Boards))
	for i, b := range h.Boards {
		turns[i] = b.Turn
	}
	if want := []int{-1, 0, 1, 2, 3, 0}; !slices.Equal(turns, want) {
		t.Errorf("gifford turns %v, want %v", turns, want)
	}
	if got, want := h.Boards[0].Placement, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"; got != want {
		t.Errorf("the start board is %s, want %s", got, want)
	}
	// After the travel the board is the start's, with a second white King on a3.
	if got, want := h.Boards[5].Placement, "rnbqkbnr/pppppppp/8/8/8/K7/PPPPPPPP/RNBQKBNR"; got != want {
		t.Errorf("the board after the travel is %s, want %s", got, want)
	}
	if len(h.Timelines) != 2 || !h.Timelines[0].Abandoned || !slices.Equal(h.Timelines[0].Plies, []int{1, 2, 3, 4}) ||
		h.Timelines[1].Abandoned || !slices.Equal(h.Timelines[1].Plies, []int{5}) {
		t.Errorf("gifford timelines %+v", h.Timelines)
	}
	if len(h.Branches) != 1 || h.Branches[0].Ply != 5 || h.Branches[0].Revert {
		t.Errorf("gifford branches %+v", h.Branches)
	}
	// The same game read again is the kept answer; a move makes a new one.
	again := ts.call("GET", "/api/v1/games/"+id+"/timelines", "", nil, http.StatusOK, nil)
	ts.play(id, black, 5, "d5")
	var after historyView
	ts.call("GET", "/api/v1/games/"+id+"/timelines", "", nil, http.StatusOK, &after)
	if len(again.body) == 0 || len(after.Boards) != 7 || !slices.Equal(after.Timelines[1].Plies, []int{5, 6}) {
		t.Errorf("after 1... d5: %d boards, timelines %+v", len(after.Boards), after.Timelines)
	}

	// Time Thief: 2. Txa7 takes back 1... a5, so Black plays move 1 again;
	// timeline 2 keeps 1. f4.
	var tt historyView
	ts.call("POST", "/api/v1/timelines", "", map[string]any{"variant": "timethief", "moves": []string{"f4", "a5", "Txa7", "e5"}}, http.StatusOK, &tt)
	turns = turns[:0]
	for _, b := range tt.Boards {
		turns = append(turns, b.Turn)
	}
	if tt.Width != 10 || !slices.Equal(turns, []int{-1, 0, 1, 0, 1}) {
		t.Errorf("timethief: width %d, turns %v", tt.Width, turns)
	}
	if len(tt.Timelines) != 2 || !slices.Equal(tt.Timelines[0].Plies, []int{1, 2}) || !slices.Equal(tt.Timelines[1].Plies, []int{1, 3, 4}) {
		t.Errorf("timethief timelines %+v", tt.Timelines)
	}
	if len(tt.Branches) != 1 || !tt.Branches[0].Revert || tt.Branches[0].Ply != 3 ||
		tt.Branches[0].Note != "timeline 2 branches from timeline 1 by taking back Black's move 1, where timeline 1 ends" {
		t.Errorf("timethief branches %+v", tt.Branches)
	}

	if r := ts.do("POST", "/api/v1/timelines", "", map[string]any{"variant": "timethief", "moves": []string{"f4", "Txa7"}}); r.status != http.StatusBadRequest || r.errorCode() != codeIllegalMove {
		t.Errorf("an illegal line: %d %s", r.status, r.body)
	}
	if r := ts.do("GET", "/api/v1/games/aaaaaaaaaaaa/timelines", "", nil); r.status != http.StatusNotFound {
		t.Errorf("an unknown game: %d %s", r.status, r.body)
	}
}
