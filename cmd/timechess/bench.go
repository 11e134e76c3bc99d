package main

import (
	"context"

	"timechess/internal/perfbench"
)

// BenchCmd compares the perft speed of timechess with Fairy-Stockfish's on
// Kiwipete, a chess10x8 middlegame and the start position.
type BenchCmd struct {
	Reps  int    `default:"5" help:"Runs of each count; the median time is reported. Default ${default}." placeholder:"N"`
	Quick bool   `help:"Count one ply less everywhere: a check of the set-up, not a measure."`
	FSF   string `name:"fsf" help:"Path of fairy-stockfish (default: $$FAIRY_STOCKFISH, /usr/games/fairy-stockfish, then the PATH)." placeholder:"PATH"`
	NoFSF bool   `name:"no-fsf" help:"Measure timechess only."`
	JSON  bool   `name:"json" help:"Print JSON."`
}

// Run measures, logging each run on stderr, and prints the comparison.
func (c *BenchCmd) Run(ctx context.Context, env *Env) error {
	cases := append([]perfbench.Case(nil), perfbench.Cases...)
	if c.Quick {
		for i := range cases {
			cases[i].Depth--
		}
	}
	rep, err := perfbench.Run(ctx, perfbench.Config{
		Cases: cases, Reps: c.Reps, Engine: c.FSF, WithoutEngine: c.NoFSF, Log: env.Stderr,
	})
	if err != nil {
		return err
	}
	if c.JSON {
		return writeJSON(env.Stdout, rep)
	}
	return rep.WriteText(env.Stdout)
}
