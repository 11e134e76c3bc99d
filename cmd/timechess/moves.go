package main

import (
	"context"
	"fmt"
	"sort"

	"timechess/notation"
)

// MovesCmd lists the legal moves of the side to move.
type MovesCmd struct {
	LineFlags `embed:""`
	LAN       bool `name:"lan" help:"Print coordinate notation (e2e4) instead of SAN."`
	JSON      bool `name:"json" help:"Print JSON."`
}

// movesResult is the JSON shape of a move list.
type movesResult struct {
	Variant string      `json:"variant"`
	FEN     string      `json:"fen"`
	Moves   []moveNames `json:"moves"`
}

// moveNames is one legal move in both notations.
type moveNames struct {
	SAN   string `json:"san"`
	Coord string `json:"coord"`
}

// Run lists the moves, sorted by the notation printed (coordinates for JSON).
func (c *MovesCmd) Run(_ context.Context, env *Env) error {
	p, err := c.position()
	if err != nil {
		return err
	}
	res := movesResult{Variant: c.Variant, FEN: p.FEN(), Moves: []moveNames{}}
	for _, m := range p.Legal(nil) {
		res.Moves = append(res.Moves, moveNames{notation.SAN(p, m), notation.Coord(p, m)})
	}
	if len(res.Moves) == 0 {
		st := p.Status()
		fmt.Fprintf(env.Stderr, "no legal moves: %s (%s)\n", st.Reason, st.Result)
	}
	if c.JSON {
		sort.Slice(res.Moves, func(i, j int) bool { return res.Moves[i].Coord < res.Moves[j].Coord })
		return writeJSON(env.Stdout, res)
	}
	names := make([]string, len(res.Moves))
	for i, m := range res.Moves {
		names[i] = m.SAN
		if c.LAN {
			names[i] = m.Coord
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if _, err := fmt.Fprintln(env.Stdout, n); err != nil {
			return err
		}
	}
	return nil
}
