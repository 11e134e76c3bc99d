package main

import (
	"fmt"

	"timechess/notation"
	"timechess/rules"
)

// PositionFlags choose the variant and the position a command starts from.
type PositionFlags struct {
	Variant string `default:"chess" help:"Variant name (see 'timechess variants'); default ${default}." placeholder:"V"`
	FEN     string `name:"fen" help:"Start position text (default: the variant's start position)." placeholder:"POS"`
}

// position reads the start position the flags name.
func (f *PositionFlags) position() (*rules.Position, error) {
	v, err := rules.Lookup(f.Variant)
	if err != nil {
		return nil, err
	}
	text := f.FEN
	if text == "" {
		text = v.Spec().Start
	}
	p, err := rules.NewPosition(v, text)
	if err != nil {
		return nil, fmt.Errorf("bad position %q: %w", text, err)
	}
	return p, nil
}

// LineFlags are PositionFlags plus moves played before the command acts,
// like UCI's "position ... moves ...".
type LineFlags struct {
	PositionFlags `embed:""`
	Moves         string `help:"Moves to play first, in any accepted notation (\"e4 e5\", \"e2e4 e7e5\")." placeholder:"\"M1 M2 ...\""`
}

// position reads the start position and plays the moves on it.
func (f *LineFlags) position() (*rules.Position, error) {
	p, err := f.PositionFlags.position()
	if err != nil {
		return nil, err
	}
	if _, err := notation.ParseMoves(p, f.Moves); err != nil {
		return nil, fmt.Errorf("--moves: %w", err)
	}
	return p, nil
}
