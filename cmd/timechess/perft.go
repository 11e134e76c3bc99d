package main

import (
	"context"
	"fmt"
	"sort"

	"timechess/notation"
	"timechess/perft"
)

// PerftCmd counts the leaf nodes of the legal move tree, optionally divided
// by root move as Stockfish's "go perft" prints it.
type PerftCmd struct {
	LineFlags `embed:""`
	Depth     int  `required:"" short:"d" help:"Depth in plies (at least 1)." placeholder:"N"`
	Divide    bool `help:"Print the count below each root move."`
	JSON      bool `name:"json" help:"Print JSON."`
}

// perftResult is the JSON shape of a perft run.
type perftResult struct {
	Variant string      `json:"variant"`
	FEN     string      `json:"fen"`
	Depth   int         `json:"depth"`
	Nodes   uint64      `json:"nodes"`
	Divide  []rootCount `json:"divide,omitzero"`
}

// rootCount is the count below one root move of a divided perft.
type rootCount struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// Run counts and prints.
func (c *PerftCmd) Run(ctx context.Context, env *Env) error {
	if c.Depth < 1 {
		return fmt.Errorf("--depth %d: the depth must be at least 1", c.Depth)
	}
	p, err := c.position()
	if err != nil {
		return err
	}
	res := perftResult{Variant: c.Variant, FEN: p.FEN(), Depth: c.Depth}
	start := env.now()
	bar := startProgress(env, len(p.Legal(nil)), fmt.Sprintf("perft %d", c.Depth))
	divs, err := perft.Divide(ctx, p, c.Depth, func(done, _ int) { bar.set(done) })
	bar.finish()
	if err != nil {
		return err
	}
	elapsed := env.now().Sub(start)
	if c.Divide {
		res.Divide = make([]rootCount, 0, len(divs))
	}
	for _, d := range divs {
		res.Nodes += d.Nodes
		if c.Divide {
			res.Divide = append(res.Divide, rootCount{notation.Coord(p, d.Move), d.Nodes})
		}
	}
	sort.Slice(res.Divide, func(i, j int) bool { return res.Divide[i].Move < res.Divide[j].Move })
	fmt.Fprintf(env.Stderr, "perft %d: %d nodes in %.3f s (%.0f nodes/s)\n",
		c.Depth, res.Nodes, elapsed.Seconds(), rate(res.Nodes, elapsed.Seconds()))
	if c.JSON {
		return writeJSON(env.Stdout, res)
	}
	return printPerft(env, res)
}

// printPerft writes the text form: the divide lines, then the total.
func printPerft(env *Env, res perftResult) error {
	for _, d := range res.Divide {
		fmt.Fprintf(env.Stdout, "%s: %d\n", d.Move, d.Nodes)
	}
	if len(res.Divide) > 0 {
		fmt.Fprintln(env.Stdout)
	}
	_, err := fmt.Fprintf(env.Stdout, "Nodes searched: %d\n", res.Nodes)
	return err
}

// rate returns n per second, 0 for no elapsed time.
func rate(n uint64, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return float64(n) / seconds
}
