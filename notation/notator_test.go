package notation_test

import (
	"errors"
	"testing"

	"timechess/notation"
	"timechess/rules"
	"timechess/variant/chess"
)

// hooked is chess with a notation of its own for castling, standing for a
// time-travel variant that writes its actions through the hooks.
type hooked struct{ rules.Orthodox }

func (hooked) FormatAction(p *rules.Position, m rules.Move) (string, bool) {
	return "castles", m.Kind == rules.Castle
}

func (hooked) ParseAction(p *rules.Position, text string) (rules.Move, bool, error) {
	switch text {
	case "castles":
		for _, m := range p.Legal(nil) {
			if m.Kind == rules.Castle {
				return m, true, nil
			}
		}
		return rules.NullMove, true, errors.New("no castling")
	case "bogus":
		return rules.Move{Kind: rules.Drop, Piece: rules.Queen, From: rules.NoSquare, To: 0, Via: rules.NoSquare}, true, nil
	}
	return rules.NullMove, false, nil
}

func (hooked) CoordAction(p *rules.Position, m rules.Move) (string, bool) {
	return "castle-" + m.Via.String(), m.Kind == rules.Castle
}

func TestNotatorHooks(t *testing.T) {
	p, err := rules.NewPosition(hooked{chess.Chess}, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	castle, err := notation.Parse(p, "castles+")
	if err != nil || castle.Kind != rules.Castle {
		t.Fatalf(`Parse("castles+") = %v, %v; want the castling through ParseAction`, castle, err)
	}
	if got := notation.SAN(p, castle); got != "castles" {
		t.Errorf("SAN of castling = %q; want the variant's %q", got, "castles")
	}
	if got := notation.Coord(p, castle); got != "castle-h1" {
		t.Errorf("Coord of castling = %q; want the variant's %q", got, "castle-h1")
	}
	if m, err := notation.Parse(p, "castle-h1"); err != nil || m != castle {
		t.Errorf(`Parse("castle-h1") = %v, %v; a variant's coordinate form must read back`, m, err)
	}
	if m, err := notation.Parse(p, "Rh8+"); err != nil || notation.SAN(p, m) != "Rh8+" {
		t.Errorf(`Parse("Rh8+") = %v, %v; moves the variant leaves alone keep orthodox notation`, m, err)
	}
	var ne *notation.Error
	if _, err := notation.Parse(p, "bogus"); !errors.As(err, &ne) || ne.Kind != notation.NoMatch {
		t.Errorf(`Parse("bogus") = %v; an illegal action from the variant must be refused as no-match`, err)
	}
	p.Make(castle)
	p.Make(p.Legal(nil)[0])
	if _, err := notation.Parse(p, "castles"); err == nil || err.Error() != "no castling" {
		t.Errorf(`Parse("castles") without castling = %v; want the variant's own error`, err)
	}
}
