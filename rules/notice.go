package rules

// Turn is what the caller already knows of the side to move's turn, so that
// a notice costs no second generation of the legal actions.
type Turn struct {
	// Legal holds the legal actions of the side to move.
	Legal []Move
	// Check is set when the side to move is in check (Position.InCheck).
	Check bool
}

// Announcer is a variant that says what is special about a turn, for a
// player who does not know the variant yet. Orthodox implements it with
// check; a variant words its own rules and hands check to Orthodox.Notices
// when its check is the laws of chess'.
type Announcer interface {
	// Notices returns what is special about the turn of the side to move
	// in p, each with the rule it comes from (Refusal.Reason holds the
	// text); none when the turn is an ordinary one. p is left as it was.
	Notices(p *Position, t *Turn) []Refusal
}

// Notices asks p's variant what is special about the turn t of p; nil when
// the variant says nothing.
func Notices(p *Position, t *Turn) []Refusal {
	if a, ok := p.Variant().(Announcer); ok {
		return a.Notices(p, t)
	}
	return nil
}

// Notices says the side to move is in check, naming the King and the man
// that gives it (FIDE 3.9).
func (o Orthodox) Notices(p *Position, t *Turn) []Refusal {
	if !t.Check {
		return nil
	}
	if n := p.CheckNotice(""); n != nil {
		return []Refusal{*n}
	}
	return nil
}

// CheckNotice names the first attacked King of the side to move and a man
// that attacks it, then says how to meet the check: advice, or when advice
// is "" the ways the laws of chess give ("White's King on e1 is in check
// from the black bishop on b4: take the checking man, ..."). Nil when no
// King of the side is attacked.
func (p *Position) CheckNotice(advice string) *Refusal {
	us, them := p.Side, p.Side.Other()
	for k := p.Pieces(us, King); !k.IsZero(); {
		sq := k.PopLSB()
		by := p.AttackersTo(sq, them, p.Occupied())
		if by.IsZero() {
			continue
		}
		if by.More() {
			if advice == "" {
				advice = "only a King move can meet it"
			}
			return Refuse(lawCheck, "check", "%s's King on %s is in double check, from %s and %s: %s",
				us.Title(), sq, p.describeMan(by.LSB()), p.describeMan(by.AndNot(BB(by.LSB())).LSB()), advice)
		}
		if advice == "" {
			advice = "take the checking man, block its line, or move the King"
		}
		return Refuse(lawCheck, "check", "%s's King on %s is in check from %s: %s",
			us.Title(), sq, p.describeMan(by.LSB()), advice)
	}
	return nil
}
