package main

import (
	"context"

	"timechess/engine"
	"timechess/protocol/xboard"
)

// XBoardCmd speaks the XBoard/WinBoard protocol (CECP version 2) on standard
// input and output, for GUIs and match runners (docs/protocol.md).
type XBoardCmd struct {
	Hash    int `name:"hash" default:"16" help:"Transposition table size in MiB until the GUI sends memory."`
	Threads int `name:"threads" default:"1" help:"Search threads until the GUI sends cores."`
}

// Run serves one XBoard session until quit or the end of the input.
func (c *XBoardCmd) Run(ctx context.Context, env *Env) error {
	return xboard.Run(ctx, env.Stdin, env.Stdout, xboard.Config{
		Engine: engine.Options{Threads: c.Threads, HashMB: c.Hash},
	})
}
