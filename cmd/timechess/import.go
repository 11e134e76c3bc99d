package main

import (
	"context"
	"fmt"

	"timechess/notation"
	"timechess/rules"
	"timechess/variant/timethief"
)

// ImportCmd reads a position saved by the Time Thief inventor's engine (its
// JSON format) and prints it as position text.
type ImportCmd struct {
	Variant string `default:"timethief" enum:"timethief,timethief-restore" help:"The Time Thief rules to read it for (timethief or timethief-restore)."`
	File    string `arg:"" optional:"" default:"-" help:"JSON file; - (the default) reads standard input." placeholder:"FILE.json|-"`
	JSON    bool   `name:"json" help:"Print JSON."`
}

// importResult is the JSON shape of an imported position.
type importResult struct {
	FEN  string `json:"fen"`
	Last string `json:"last,omitempty"` // the preceding move, coordinate form
}

// Help describes the format.
func (c *ImportCmd) Help() string {
	return "Reads the JSON the Time Thief's inventor's engine saves (boardwidth, boardheight, colourtomove, " +
		"precedingmove, castlinginfo, squares; or positionslast2prev) and prints the position text, then " +
		"\"last: MOVE\" when the file gives the move that led to it (see docs/rules/timethief.md)."
}

// Run imports the file and prints the position.
func (c *ImportCmd) Run(_ context.Context, env *Env) error {
	v, err := rules.Lookup(c.Variant)
	if err != nil {
		return err
	}
	in, err := env.open(c.File)
	if err != nil {
		return err
	}
	defer in.Close()
	p, err := timethief.ImportJSON(v.(*timethief.Variant), in)
	if err != nil {
		return err
	}
	res := importResult{FEN: p.FEN()}
	if p.Ply() > 0 {
		before := p.Sibling(p.Previous())
		res.Last = notation.Coord(&before, p.LastMove())
	}
	if c.JSON {
		return writeJSON(env.Stdout, res)
	}
	fmt.Fprintln(env.Stdout, res.FEN)
	if res.Last != "" {
		fmt.Fprintln(env.Stdout, "last:", res.Last)
	}
	return nil
}
