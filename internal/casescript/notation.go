package casescript

import (
	"fmt"

	"timechess/notation"
	"timechess/rules"
)

// CheckNotation checks the SAN and the coordinate form of the actions of
// sample (legal actions of p): each reads back as its action; no two legal
// actions share a coordinate text; writing and reading leave p as it was.
func CheckNotation(p *rules.Position, legal, sample []rules.Move) error {
	fen := p.FEN()
	coords := map[string]rules.Move{}
	for _, m := range legal {
		c := notation.Coord(p, m)
		if o, dup := coords[c]; dup && o != m {
			return fmt.Errorf("%s: %q names two actions", fen, c)
		}
		coords[c] = m
	}
	for _, m := range sample {
		for _, text := range []string{notation.SAN(p, m), notation.Coord(p, m)} {
			got, err := notation.Parse(p, text)
			if err != nil || got != m {
				return fmt.Errorf("%s: %q reads back as %v, %v; want %+v", fen, text, got, err, m)
			}
		}
	}
	if p.FEN() != fen {
		return fmt.Errorf("%s: writing and reading actions changed the position to %s", fen, p.FEN())
	}
	return nil
}
