package game

import "timechess/rules"

// Ply is one action of a line of play with the remarks a record attaches to it.
type Ply struct {
	Move rules.Move
	Annotation
}

// Annotation is what a record says about a ply besides the action itself.
type Annotation struct {
	// NAGs are the Numeric Annotation Glyphs, in order ($1 = "!", $2 = "?", ...).
	NAGs []int
	// Comments are the remarks written after the ply.
	Comments []string
	// Variations are alternatives to the ply, each played from the position
	// before it.
	Variations []Line
}

// Line is a sequence of plies from some position: a variation in a record.
type Line struct {
	// Comments are the remarks before the line's first ply.
	Comments []string
	Plies    []Ply
}
