package travelers

import (
	"fmt"
	"strings"

	"timechess/rules"
)

// The position text of Time Traveler's Chess (A8) marks the three states of
// a man with the core's suffixes (none untraveled, "*" traveling, "'" traveled)
// and adds two optional fields after the sixth:
//
//	lost=w|b|wb     the sides that have lost a traveling man to a capture (R6)
//	annihilated=SQ  the en passant square follows a pawn's double step onto
//	                its traveling man on SQ (R5): an en passant capture
//	                brings that traveling pawn back

// FormatExtra writes the lost= and annihilated= fields when they are set.
func (v *Variant) FormatExtra(p *rules.Position) []string {
	var out []string
	if p.LostTraveling[rules.White] || p.LostTraveling[rules.Black] {
		sides := ""
		if p.LostTraveling[rules.White] {
			sides += "w"
		}
		if p.LostTraveling[rules.Black] {
			sides += "b"
		}
		out = append(out, "lost="+sides)
	}
	if p.EPAnnihilation {
		out = append(out, "annihilated="+(p.EP-forward(p.Side)).String())
	}
	return out
}

// ParseExtra reads the lost= and annihilated= fields.
func (v *Variant) ParseExtra(p *rules.Position, fields []string) error {
	f, err := rules.SplitExtra(v.S.Name, fields, "lost=SIDES", "annihilated=SQUARE")
	if err != nil {
		return err
	}
	if val, ok := f["lost"]; ok {
		if val != "w" && val != "b" && val != "wb" {
			return fmt.Errorf("lost=%s: expected lost=w, lost=b or lost=wb", val)
		}
		for i, c := range []byte{'w', 'b'} {
			if strings.IndexByte(val, c) >= 0 {
				setLost(p, rules.Color(i))
			}
		}
	}
	if val, ok := f["annihilated"]; ok {
		g := p.Geometry()
		sq, err := rules.ParseSquare(val, g.W, g.H)
		if err != nil {
			return fmt.Errorf("annihilated=: %v", err)
		}
		if p.EP == rules.NoSquare || p.EP-forward(p.Side) != sq || p.Board[sq] != rules.NoPiece {
			return fmt.Errorf("annihilated=%s: the en passant square must be the one the annihilating double step to %s passed, and %s must be empty", val, val, val)
		}
		setEPAnnihilation(p, true)
	}
	return nil
}

// Validate checks the men (kinds, states, pawn ranks; no man both traveling
// and traveled), that castling rights belong to untraveled Kings and rooks,
// and that the side not to move is grammatically correct and, unless the
// side to move has already lost by incorrectness, not in check: its last move
// would have been illegal (R6, R7). Any number of kings is allowed, none
// included: a side may lose its King and play on (R7).
func (v *Variant) Validate(p *rules.Position) error {
	if err := p.ValidateMen(); err != nil {
		return err
	}
	both := p.Flagged(rules.Traveling).And(p.Flagged(rules.Traveled))
	if !both.IsZero() {
		return fmt.Errorf("the man on %s is marked both traveling and traveled", both.LSB())
	}
	if p.Castle != 0 {
		ct := castlings(p)
		for i := 0; i < 4; i++ {
			if p.Castle&(1<<i) == 0 {
				continue
			}
			for _, s := range []rules.Square{ct.geo[i].king, ct.geo[i].rook} {
				if p.Board[s].Flags() != 0 {
					return fmt.Errorf("castling right for the %s on %s: only an untraveled King and rook may castle", p.Board[s], s)
				}
			}
		}
	}
	if p.EP != rules.NoSquare && !p.EPAnnihilation && p.Board[p.EP-forward(p.Side)] == rules.NoPiece {
		return fmt.Errorf("en passant square %s: no pawn stands beyond it (annihilated= missing?)", p.EP)
	}
	mover := p.Side.Other()
	var moverCorrect, correct, checked bool
	if v.plain() {
		moverCorrect = plainCorrect(p, mover)
		correct = moverCorrect && plainCorrect(p, p.Side)
		checked = correct && plainThreat(p, mover)
	} else {
		n := analyse(p)
		defer n.release()
		moverCorrect = n.correctNow(p, mover)
		correct = n.correct
		checked = moverCorrect && correct && n.threat(p, mover)
	}
	if !moverCorrect {
		return fmt.Errorf("the side not to move (%s) is grammatically incorrect", mover)
	}
	if checked {
		return fmt.Errorf("the side not to move (%s) is in check", mover)
	}
	return nil
}
