package server

import (
	"encoding/json"
	"net/http"

	"timechess/game"
	"timechess/rules"
)

// timelineView is a Timeline of Game.timelines: its plies, from 1.
type timelineView struct {
	ID        int   `json:"id"`
	Plies     []int `json:"plies"`
	Abandoned bool  `json:"abandoned"`
}

// branchView is a Branch of Game.branches: the ply (from 1) that went back
// in time, the timelines it leaves and starts, and whether it was a Time
// Thief's revert.
type branchView struct {
	Ply    int    `json:"ply"`
	New    int    `json:"new"`
	Old    int    `json:"old"`
	Note   string `json:"note"`
	Revert bool   `json:"revert"`
}

// historyView is the Timelines of docs/api.md: every board of a line of
// play, from the start, with the timelines and branches between them, for
// the picture of the timelines.
type historyView struct {
	Width     int            `json:"width"`
	Height    int            `json:"height"`
	Boards    []boardView    `json:"boards"`
	Timelines []timelineView `json:"timelines"`
	Branches  []branchView   `json:"branches"`
}

// boardView is one board of a historyView: its men, as the first field of
// the position text writes them, and the turn the ply that led to it takes
// on its score sheet (game.TurnIndex less one: White's move n is 2n-2,
// Black's 2n-1; the start board has the turn before the first move).
type boardView struct {
	Placement string `json:"placement"`
	Turn      int    `json:"turn"`
}

// describeTimelines lists the timelines and branches of g, with plies
// numbered from 1.
func describeTimelines(g *game.Game) ([]timelineView, []branchView) {
	lines, branches := []timelineView{}, []branchView{}
	for i, tl := range g.Timelines() {
		plies := make([]int, len(tl.Plies))
		for j, p := range tl.Plies {
			plies[j] = p + 1
		}
		lines = append(lines, timelineView{ID: i + 1, Plies: plies, Abandoned: tl.Abandoned})
	}
	for _, b := range g.Branches() {
		branches = append(branches, branchView{Ply: b.Ply + 1, New: b.New, Old: b.Old, Note: b.Note(), Revert: b.Revert})
	}
	return lines, branches
}

// describeHistory builds the Timelines of g, replaying its plies on a copy
// bound to b.
func describeHistory(g *game.Game, b *rules.Budget) *historyView {
	p := g.Start()
	p.Bind(b)
	geo := p.Geometry()
	v := &historyView{Width: geo.W, Height: geo.H, Boards: make([]boardView, 0, len(g.Plies())+1)}
	v.Boards = append(v.Boards, boardView{Placement: p.Placement(), Turn: game.TurnIndex(p) - 1})
	for _, ply := range g.Plies() {
		p.Make(ply.Move)
		v.Boards = append(v.Boards, boardView{Placement: p.Placement(), Turn: game.TurnIndex(p) - 1})
	}
	v.Timelines, v.Branches = describeTimelines(g)
	return v
}

// handleGameTimelines answers GET /api/v1/games/{id}/timelines: the
// Timelines of the game, computed once per version.
func (s *Server) handleGameTimelines(w http.ResponseWriter, r *http.Request) error {
	rp, err := s.open(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rp.mu.Unlock()
	data, err := rp.history.of(rp.g.Version, func() ([]byte, error) {
		var data []byte
		var encodeErr error
		err := rp.gate.run(r.Context(), clientAddr(r), "the timelines of this game", computeBound, func(b *rules.Budget) {
			data, encodeErr = json.Marshal(describeHistory(rp.play, b))
		})
		if err == nil {
			err = encodeErr
		}
		return data, err
	})
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, data)
	return nil
}

// handleTimelines answers POST /api/v1/timelines: the Timelines of a line
// of play (the analysis board's), as POST /api/v1/position takes it.
func (s *Server) handleTimelines(w http.ResponseWriter, r *http.Request) error {
	var req positionRequest
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	var data []byte
	var rulesErr error
	err := s.compute.run(r.Context(), clientAddr(r), "these timelines", computeBound, func(b *rules.Budget) {
		var g *game.Game
		if g, rulesErr = newGameRules(b, req.Variant, req.FEN, req.Moves); rulesErr == nil {
			data, rulesErr = json.Marshal(describeHistory(g, b))
		}
	})
	if err == nil {
		err = rulesErr
	}
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, data)
	return nil
}
