package rules

import (
	"fmt"
	"strings"
)

// Refusal says why an action is not legal: the rule that forbids it and the
// reason in a player's words.
type Refusal struct {
	// Rule is the rule's label as the rules documents give it: "FIDE 3.9",
	// "G4", "T6", "R3".
	Rule string
	// Name is the rule's name: "check", "castling", "arrival", "frozen King".
	Name string
	// Reason says what forbids the action and, where it helps, what the
	// player may do instead.
	Reason string
}

// String gives the reason with the rule: "the knight on d2 is pinned: ...
// (check, FIDE 3.9)".
func (r *Refusal) String() string {
	return fmt.Sprintf("%s (%s, %s)", r.Reason, r.Name, r.Rule)
}

// Refuse makes a refusal by the rule labelled rule, named name, with the
// reason formatted as fmt.Sprintf does.
func Refuse(rule, name, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Name: name, Reason: fmt.Sprintf(format, args...)}
}

// Explainer is a variant that says why an action is not legal. Orthodox
// implements it for the rules of chess; a variant overrides it for its own
// rules and hands the rest to Orthodox.Explain.
type Explainer interface {
	// Explain says why m, an action of the side to move that is not
	// among p's legal actions, is refused, or returns nil when it can say
	// nothing about m (the caller then describes m's shape itself: "no
	// knight can move to f3"). m may be partial: From is NoSquare when the
	// player named no origin, Piece NoKind when no man. p is left as it was.
	Explain(p *Position, m Move) *Refusal
}

// Explain asks p's variant why m is refused; nil when it cannot say.
func Explain(p *Position, m Move) *Refusal {
	if e, ok := p.Variant().(Explainer); ok {
		return e.Explain(p, m)
	}
	return nil
}

// The labels of the laws of chess that refusals cite.
const (
	lawCheck    = "FIDE 3.9"
	lawCastling = "FIDE 3.8.2"
)

// Explain says why m is refused by the laws of chess: castling without the
// right, out of check, through a man or an attacked square; a move that
// would leave the King attacked (a pin, a check not met, a King stepping
// into attack). Nil when no pseudo-legal move fits m.
func (o Orthodox) Explain(p *Position, m Move) *Refusal {
	if m.Kind == Castle {
		// A castling named by the King's move: its side is where he goes.
		if m.From == NoSquare || m.To == NoSquare {
			return nil
		}
		return p.CastlingRefusal(m.To.File() > m.From.File())
	}
	return p.KingSafetyRefusal(m)
}

// CastlingRefusal says why the side to move may not castle on the kingside
// (or the queenside) by the laws of chess: no right, in check, a man in the
// way, an attacked square on the King's path. Nil when none of these holds.
func (p *Position) CastlingRefusal(kingside bool) *Refusal {
	us := p.Side
	side := "queenside"
	if kingside {
		side = "kingside"
	}
	refuse := func(format string, args ...any) *Refusal { return Refuse(lawCastling, "castling", format, args...) }
	i := castleIndex(us, kingside)
	if p.Castle&(1<<i) == 0 {
		return refuse("%s has no right to castle %s: the King or that Rook has moved (or the position was set up without the right)", us.Title(), side)
	}
	ci := &p.setup.castle[i]
	kr := BB(ci.king, ci.rook)
	if blocked := p.Occupied().AndNot(kr).And(ci.empty); !blocked.IsZero() {
		return refuse("the squares between the King and the Rook must be empty to castle %s; %s %s", side, SquareList(blocked), isAre(blocked))
	}
	rest := p.SlideOcc(us.Other()).AndNot(kr)
	for s := ci.safe; !s.IsZero(); {
		sq := s.PopLSB()
		by := p.AttackersTo(sq, us.Other(), rest)
		if by.IsZero() {
			continue
		}
		attacker := p.describeMan(by.LSB())
		switch sq {
		case ci.king:
			return refuse("%s may not castle out of check: %s attacks the King on %s", us.Title(), attacker, sq)
		case ci.kingTo:
			return refuse("the King would land on %s, which %s attacks", sq, attacker)
		}
		return refuse("the King may not pass through %s, which %s attacks", sq, attacker)
	}
	return nil
}

// KingSafetyRefusal says why the pseudo-legal moves that fit m are not
// legal: each would leave a King of the mover attacked. It names the first
// such move's case: a King stepping into attack, a check not met, a pinned
// man. Nil when no pseudo-legal move fits m or the first one leaves every
// King safe.
func (p *Position) KingSafetyRefusal(m Move) *Refusal {
	us, them := p.Side, p.Side.Other()
	var fit Move
	found := false
	for _, c := range p.GeneratePseudo(nil) {
		if c.Kind != Castle && Fits(c, m) {
			fit, found = c, true
			break
		}
	}
	if !found {
		return nil
	}
	checker := NoSquare
	for k := p.Pieces(us, King); !k.IsZero() && checker == NoSquare; {
		if by := p.AttackersTo(k.PopLSB(), them, p.Occupied()); !by.IsZero() {
			checker = by.LSB()
		}
	}
	p.Make(fit)
	king, by := NoSquare, NoSquare
	for k := p.Pieces(us, King); !k.IsZero() && king == NoSquare; {
		sq := k.PopLSB()
		if a := p.AttackersTo(sq, them, p.Occupied()); !a.IsZero() {
			king, by = sq, a.LSB()
		}
	}
	attacker := ""
	if king != NoSquare {
		attacker = p.describeMan(by)
	}
	p.Unmake()
	refuse := func(format string, args ...any) *Refusal { return Refuse(lawCheck, "check", format, args...) }
	switch {
	case king == NoSquare:
		return nil
	case fit.Piece == King && fit.From == king || king == fit.To:
		return refuse("the King may not move to %s: %s would attack it there", fit.To, attacker)
	case checker != NoSquare:
		return refuse("%s is in check from %s, and this move does not meet the check: take the checking man, block its line, or move the King", us.Title(), p.describeMan(checker))
	}
	return refuse("the %s on %s is pinned: moving it would expose the King on %s to %s", fit.Piece, fit.From, king, attacker)
}

// Fits reports whether action c is one the partial action m names: the
// same kind of man unless m names none, the same origin unless m names
// none, the same destination, and the same promotion when m names one.
func Fits(c, m Move) bool {
	return (m.Piece == NoKind || c.Piece == m.Piece) && (m.From == NoSquare || c.From == m.From) &&
		c.To == m.To && (m.Promo == NoKind || c.Promo == m.Promo)
}

// describeMan names the man on s with his colour: "the black bishop on b4".
func (p *Position) describeMan(s Square) string {
	pc := p.At(s)
	return fmt.Sprintf("the %s %s on %s", pc.Color(), pc.Kind(), s)
}

// SquareList names the squares of b: "f1", "f1 and g1", "b1, c1 and d1".
func SquareList(b Bitboard) string {
	var names []string
	for !b.IsZero() {
		names = append(names, b.PopLSB().String())
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// isAre is "is" for one square and "are" for more.
func isAre(b Bitboard) string {
	if b.More() {
		return "are not"
	}
	return "is not"
}
