package session

import (
	"slices"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// MoveWriter writes a legal move of p in a protocol's notation.
type MoveWriter func(p *rules.Position, m rules.Move) string

// ReadMove returns the legal move of p named by text: the one that write
// spells exactly so, else the one notation.Parse reads (any coordinate form,
// SAN, Game Courier). p is left as it was.
func ReadMove(p *rules.Position, text string, write MoveWriter) (rules.Move, error) {
	for _, m := range p.Legal(nil) {
		if write(p, m) == text {
			return m, nil
		}
	}
	return notation.Parse(p, text)
}

// Line writes the moves of pv from p, separated by spaces. It stops before
// a move that is not legal where it comes (a line that went stale), so the
// text is always playable. p is left as it was.
func Line(p *rules.Position, pv []rules.Move, write MoveWriter) string {
	q := p.Copy()
	words := make([]string, 0, len(pv))
	var buf []rules.Move
	for _, m := range pv {
		buf = q.Legal(buf[:0])
		if !slices.Contains(buf, m) {
			break
		}
		words = append(words, write(q, m))
		q.Make(m)
	}
	return strings.Join(words, " ")
}
