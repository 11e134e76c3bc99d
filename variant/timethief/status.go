package timethief

import (
	"fmt"

	"timechess/rules"
)

// Status ends the game. Under the restoration rules a side whose King was
// taken and that cannot restore it loses, and a side free of check rules with
// no move at all is stalemated; otherwise FIDE's mate and stalemate apply,
// and the draws of ruling C2 in every case.
func (v *Variant) Status(p *rules.Position) rules.Status {
	us := p.Side
	switch {
	case v.mustRestore(p):
		if len(p.Legal(nil)) == 0 {
			return rules.Status{Result: rules.WinFor(us.Other()), Reason: "king captured"}
		}
		return rules.Status{}
	case v.free(p, us):
		if len(p.Legal(nil)) == 0 {
			return rules.Status{Result: rules.Draw, Reason: "stalemate"}
		}
		return p.AutomaticDraw()
	}
	return v.Orthodox.Status(p)
}

// Validate checks the men and the Kings: one King a side, except that under
// the restoration rules the side to move may have just lost its King (when
// the position text gives the move that took it), and the side not to move
// may stand in check only while it is free of check rules.
func (v *Variant) Validate(p *rules.Position) error { return v.validate(p, p.Ply() > 0) }

// validate is Validate for a position that may follow the capture of the
// King of the side to move when kingTaken is set.
func (v *Variant) validate(p *rules.Position, kingTaken bool) error {
	if err := p.ValidateMen(); err != nil {
		return err
	}
	for c := rules.White; c <= rules.Black; c++ {
		n := p.Pieces(c, rules.King).Count()
		if n == 1 || (n == 0 && c == p.Side && v.S.KingRestoration && kingTaken) {
			continue
		}
		return fmt.Errorf("%s has %d kings; %s needs exactly one", c, n, v.S.Name)
	}
	if them := p.Side.Other(); !v.free(p, them) && p.RoyalAttacked(them) {
		return fmt.Errorf("the side not to move (%s) is in check", them)
	}
	return nil
}
