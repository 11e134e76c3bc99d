package server

import (
	"net/http"
	"strings"
	"testing"

	"timechess/rules"
)

// TestPositions asks for positions of every variant and checks the variant
// details of docs/api.md. The move lists come from the rule texts' examples
// (docs/rules/): a Gifford send, a Travelers explosion, a Time Thief game.
func TestPositions(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	var variants []rules.Summary
	ts.call("GET", "/api/v1/variants", "", nil, http.StatusOK, &variants)
	if len(variants) < 5 {
		t.Fatalf("%d variants", len(variants))
	}
	for _, v := range variants {
		var p positionView
		ts.call("POST", "/api/v1/position", "", map[string]any{"variant": v.Name}, http.StatusOK, &p)
		if p.Width != v.Width || p.Height != v.Height || len(p.Moves) == 0 || len(p.Board) == 0 || p.Turn != "white" {
			t.Errorf("%s: %dx%d, %d moves, %d men, turn %s", v.Name, p.Width, p.Height, len(p.Moves), len(p.Board), p.Turn)
		}
	}

	var g positionView
	ts.call("POST", "/api/v1/position", "", map[string]any{"variant": "gifford", "moves": []string{"e4", "e5", "Bf1//9"}}, http.StatusOK, &g)
	if g.Gifford == nil || len(g.Gifford.Arrivals) != 1 || g.Gifford.Arrivals[0] != (arrivalView{"white", "B", 9}) ||
		g.Gifford.Travels != (sidesView{2, 2}) || len(g.Gifford.Kings) != 2 {
		t.Errorf("gifford details: %+v", g.Gifford)
	}
	kinds := map[string]bool{}
	for _, m := range g.Moves {
		kinds[m.Kind] = true
		if m.Kind == "send" && (m.To != "" || m.Label == "") {
			t.Errorf("send %+v", m)
		}
	}
	if !kinds["send"] {
		t.Errorf("no send among Black's moves: %v", kinds)
	}

	var tr positionView
	ts.call("POST", "/api/v1/position", "", map[string]any{"variant": "travelers", "moves": []string{"Nf6/e8"}}, http.StatusOK, &tr)
	if tr.Travelers == nil || len(tr.Travelers.Resonators["f6"]) == 0 {
		t.Errorf("travelers details: %+v", tr.Travelers)
	}
	// Every explosion's type and square has its supporting line.
	var start positionView
	ts.call("POST", "/api/v1/position", "", map[string]any{"variant": "travelers"}, http.StatusOK, &start)
	if got := start.Travelers.Supports["N@f6"]; got != "Nb1-c3-d5-f6" {
		t.Errorf("the support of N@f6 at the start: %q", got)
	}
	for _, m := range start.Moves {
		if m.Kind == "explosion" && start.Travelers.Supports[supportKey(m.Coord)] == "" {
			t.Errorf("explosion %s has no support in %v", m.Coord, start.Travelers.Supports)
		}
	}
	states := map[string]string{}
	for _, m := range tr.Board {
		states[m.Square] = m.State
	}
	if states["f6"] != "traveling" || states["e8"] != "traveled" || states["e2"] != "" {
		t.Errorf("travelers states: f6 %q e8 %q e2 %q", states["f6"], states["e8"], states["e2"])
	}

	var tt positionView
	ts.call("POST", "/api/v1/position", "", map[string]any{"variant": "timethief"}, http.StatusOK, &tt)
	if tt.TimeThief == nil || len(tt.TimeThief.Sight) != 2 {
		t.Errorf("time thief details: %+v", tt.TimeThief)
	}
	if tt.Gifford != nil || tt.Travelers != nil {
		t.Errorf("other variants' details in timethief")
	}

	var chk positionView
	ts.call("POST", "/api/v1/position", "", map[string]any{"moves": []string{"e4", "f5", "Qh5+"}}, http.StatusOK, &chk)
	if len(chk.Check) != 1 || chk.Check[0] != "e8" || chk.Last != (squaresView{"d1", "h5"}) {
		t.Errorf("check %v last %v", chk.Check, chk.Last)
	}
}

// TestAnalyzeSolveImport runs the bounded engine endpoints and the PGN
// import.
func TestAnalyzeSolveImport(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	var a struct {
		Depth int
		Lines []analysisLine
	}
	ts.call("POST", "/api/v1/analyze", "", map[string]any{"moves": []string{"e4", "e5"}, "movetime_ms": 100, "multipv": 2}, http.StatusOK, &a)
	if a.Depth < 1 || len(a.Lines) != 2 || len(a.Lines[0].PV) == 0 || len(a.Lines[0].SAN) != len(a.Lines[0].PV) {
		t.Errorf("analysis: %+v", a)
	}
	// Mate in 2 (a back-rank mate).
	var m struct {
		Found    bool
		In       int
		Keys     []string
		Line     []string
		Complete bool
	}
	ts.call("POST", "/api/v1/solve", "", map[string]any{"fen": "6k1/5ppp/8/8/8/8/5PPP/R2R2K1 w - - 0 1", "mate": 2}, http.StatusOK, &m)
	if !m.Found || m.In != 1 || len(m.Keys) != 1 || !strings.HasSuffix(m.Line[len(m.Line)-1], "#") || !m.Complete {
		t.Errorf("solve: %+v", m)
	}

	// The analysis queue is full: analysis answers 503 with Retry-After.
	release := fillAnalysisQueue(t, ts.srv.engines.analysis)
	res := ts.do("POST", "/api/v1/analyze", "", map[string]any{"movetime_ms": 100})
	if res.status != http.StatusServiceUnavailable || res.errorCode() != codeBusy || res.header.Get("Retry-After") == "" {
		t.Errorf("busy engine: %d %s", res.status, res.body)
	}
	release()

	pgn := `[Event "Two games"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Variant "gifford"]

1. e4 e5 2. Bf1//9 *
`
	var imp struct {
		Games []importedGame
	}
	ts.call("POST", "/api/v1/import", "", map[string]any{"pgn": pgn}, http.StatusOK, &imp)
	if len(imp.Games) != 2 || imp.Games[0].Moves[6] != "h5f7" || imp.Games[0].Tags["Event"] != "Two games" ||
		imp.Games[1].Variant != "gifford" || len(imp.Games[1].Moves) != 3 {
		t.Errorf("import: %+v", imp.Games)
	}
}

// TestOpenGameAndLists: an open game waits for a taker, who joins; the lists
// and the history positions follow.
func TestOpenGameAndLists(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		var s seated
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "black", "opponent": "open", "time_control": map[string]any{"initial_ms": 60000}}, http.StatusCreated, &s)
		if s.Game.Status != "waiting" || s.InviteToken != "" {
			t.Fatalf("open game: %s, invite %q", s.Game.Status, s.InviteToken)
		}
		res := ts.do("POST", "/api/v1/games/"+s.Game.ID+"/moves", s.Token, map[string]any{"ply": 0, "move": "e4"})
		if res.status != http.StatusBadRequest {
			t.Errorf("a move while waiting: %d", res.status)
		}
		var waiting []apiGame
		ts.call("GET", "/api/v1/games?status=waiting", "", nil, http.StatusOK, &waiting)
		if len(waiting) != 1 || waiting[0].ID != s.Game.ID || waiting[0].Moves != nil {
			t.Errorf("waiting games: %+v", waiting)
		}
		var j seated
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/join", "", nil, http.StatusOK, &j)
		if j.Side != "white" || j.Game.Status != "ongoing" || *j.Game.You != "white" {
			t.Errorf("join: %s %s", j.Side, j.Game.Status)
		}
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/join", "", nil, http.StatusConflict, nil)
		ts.play(s.Game.ID, j.Token, 0, "e4")
		ts.play(s.Game.ID, s.Token, 1, "e5")
		var p positionView
		ts.call("GET", "/api/v1/games/"+s.Game.ID+"/position?ply=1", "", nil, http.StatusOK, &p)
		if p.Turn != "black" || p.Last != (squaresView{"e2", "e4"}) {
			t.Errorf("position after ply 1: %s %v", p.Turn, p.Last)
		}
		var comments []commentView
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/comments", "", map[string]any{"author": "", "text": "nice"}, http.StatusCreated, nil)
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/comments", "", map[string]any{"author": "Ann", "text": "very"}, http.StatusCreated, nil)
		ts.call("GET", "/api/v1/games/"+s.Game.ID+"/comments?after=1", "", nil, http.StatusOK, &comments)
		if len(comments) != 1 || comments[0].Seq != 2 || comments[0].Author != "Ann" {
			t.Errorf("comments after 1: %+v", comments)
		}
		if g := ts.game(s.Game.ID, ""); g.Ply != 2 || g.Clocks.Running == nil {
			t.Errorf("game: ply %d running %v", g.Ply, g.Clocks.Running)
		}
	})
}

// supportKey is the type and square an explosion's coordinate form begins
// with: "N@f6" of "N@f6e8", "P@e7" of "P@e7d8q".
func supportKey(coord string) string {
	at := strings.IndexByte(coord, '@')
	if at < 0 {
		return coord
	}
	end := at + 2
	for end < len(coord) && coord[end] >= '0' && coord[end] <= '9' {
		end++
	}
	return coord[:min(end, len(coord))]
}
