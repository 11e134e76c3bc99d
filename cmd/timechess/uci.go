package main

import (
	"context"

	"timechess/engine"
	"timechess/protocol/uci"
)

// UCICmd speaks the Universal Chess Interface on standard input and output,
// for GUIs and match runners (docs/protocol.md).
type UCICmd struct {
	Variant string `name:"variant" default:"chess" help:"Variant in force until the GUI sets UCI_Variant."`
	Hash    int    `name:"hash" default:"16" help:"Transposition table size in MiB until the GUI sets Hash."`
	Threads int    `name:"threads" default:"1" help:"Search threads until the GUI sets Threads."`
}

// Run serves one UCI session until quit or the end of the input.
func (c *UCICmd) Run(ctx context.Context, env *Env) error {
	return uci.Run(ctx, env.Stdin, env.Stdout, uci.Config{
		Variant: c.Variant,
		Engine:  engine.Options{Threads: c.Threads, HashMB: c.Hash},
	})
}
