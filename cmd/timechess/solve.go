package main

import (
	"context"
	"fmt"
	"sort"

	"timechess/engine"
	"timechess/notation"
)

// SolveCmd looks for a forced mate.
type SolveCmd struct {
	LineFlags `embed:""`
	Mate      int  `required:"" help:"Mate in at most N moves of the side to move." placeholder:"N"`
	All       bool `help:"Print every key move (first move of a forced mate), one a line."`
	JSON      bool `name:"json" help:"Print JSON."`
}

// solveResult is the JSON shape of a mate search.
type solveResult struct {
	Variant string      `json:"variant"`
	FEN     string      `json:"fen"`
	Mate    int         `json:"mate"`
	Found   bool        `json:"found"`
	In      int         `json:"in,omitempty"` // the shortest mate found
	Keys    []moveNames `json:"keys"`
	Line    []string    `json:"line,omitempty"`
	Nodes   uint64      `json:"nodes"`
}

// Run searches and prints the key (and the mating line), every key with
// --all, or "no mate in N".
func (c *SolveCmd) Run(ctx context.Context, env *Env) error {
	p, err := c.position()
	if err != nil {
		return err
	}
	start := env.now()
	m, err := engine.SolveMate(ctx, p, c.Mate, c.All)
	if err != nil {
		return err
	}
	elapsed := env.now().Sub(start)
	fmt.Fprintf(env.Stderr, "mate search: %d nodes in %.3f s (%.0f nodes/s)\n", m.Nodes, elapsed.Seconds(), rate(m.Nodes, elapsed.Seconds()))
	res := solveResult{Variant: c.Variant, FEN: p.FEN(), Mate: c.Mate, Found: len(m.Keys) > 0, In: m.In, Keys: []moveNames{}, Nodes: m.Nodes}
	for _, k := range m.Keys {
		res.Keys = append(res.Keys, moveNames{notation.SAN(p, k), notation.Coord(p, k)})
	}
	sort.Slice(res.Keys, func(i, j int) bool { return res.Keys[i].SAN < res.Keys[j].SAN })
	if !c.All {
		res.Line = sanMoves(p, m.Line)
	}
	if c.JSON {
		return writeJSON(env.Stdout, res)
	}
	if !res.Found {
		_, err := fmt.Fprintf(env.Stdout, "no mate in %d\n", c.Mate)
		return err
	}
	for _, k := range res.Keys {
		fmt.Fprintln(env.Stdout, k.SAN)
	}
	if !c.All {
		_, err = fmt.Fprintln(env.Stdout, numberedLine(p, m.Line))
	}
	return err
}
