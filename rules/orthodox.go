package rules

import "fmt"

// Orthodox is FIDE chess on any board up to 16x16, driven by a Spec. It is a
// complete Variant and the base every other variant embeds.
type Orthodox struct{ S *Spec }

// Spec returns the variant's description.
func (o Orthodox) Spec() *Spec { return o.S }

// Legal appends the legal moves: no King of the mover may be left attacked.
func (o Orthodox) Legal(p *Position, ml []Move) []Move { return p.GenerateOrthodox(ml) }

// Make plays an orthodox move.
func (o Orthodox) Make(p *Position, m Move) { p.MakeOrthodox(m) }

// Unmake takes back the last action.
func (o Orthodox) Unmake(p *Position) { p.UnmakeLast() }

// InCheck reports whether a King of the side to move is attacked.
func (o Orthodox) InCheck(p *Position) bool { return p.RoyalAttacked(p.Side) }

// Status applies checkmate, stalemate and the automatic draws of ruling C2.
func (o Orthodox) Status(p *Position) Status {
	var buf [64]Move
	if len(p.Legal(buf[:0])) == 0 {
		if p.InCheck() {
			return Status{WinFor(p.Side.Other()), "checkmate"}
		}
		return Status{Draw, "stalemate"}
	}
	return p.AutomaticDraw()
}

// AutomaticDraw applies the draws of ruling C2 other than stalemate: the
// fifty-move rule, threefold repetition and insufficient material.
func (p *Position) AutomaticDraw() Status {
	switch {
	case p.Halfmove >= 100:
		return Status{Draw, "fifty-move rule"}
	case p.Repetitions() >= 2:
		return Status{Draw, "threefold repetition"}
	case p.InsufficientMaterial():
		return Status{Draw, "insufficient material"}
	}
	return Status{}
}

// InsufficientMaterial reports a dead position by FIDE's usual cases: Kings
// alone, with one minor piece, or with bishops all on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	k := &p.ByKind
	kings := k[King]
	rest := p.Occupied().AndNot(kings)
	if rest.IsZero() {
		return true
	}
	if !rest.AndNot(k[Knight].Or(k[Bishop])).IsZero() || p.Flagged(Traveling|Traveled|Possessed).Intersects(rest) {
		return false
	}
	if !rest.More() {
		return true
	}
	if !k[Knight].IsZero() {
		return false
	}
	var colours [2]bool
	for b := k[Bishop]; !b.IsZero(); {
		s := b.PopLSB()
		colours[(s.File()+s.Rank())&1] = true
	}
	return !(colours[0] && colours[1])
}

// Validate checks that only the variant's men stand on the board, each side
// has exactly one King, no pawn stands on its first or last rank, and the
// side that just moved is not in check.
func (o Orthodox) Validate(p *Position) error {
	if err := p.ValidateMen(); err != nil {
		return err
	}
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Errorf("%s has %d kings; %s needs exactly one", c, n, o.S.Name)
		}
	}
	if p.RoyalAttacked(p.Side.Other()) {
		return fmt.Errorf("the side not to move (%s) is in check", p.Side.Other())
	}
	return nil
}

// ValidateMen checks the men against the variant's kinds, flags and pawn ranks.
func (p *Position) ValidateMen() error {
	spec := p.setup.Variant.Spec()
	g := p.setup.Geo
	for b := p.Occupied(); !b.IsZero(); {
		s := b.PopLSB()
		pc := p.Board[s]
		if !spec.HasKind(pc.Kind()) {
			return fmt.Errorf("%s on %s: %s has no %s", pc, s, spec.Name, pc.Kind())
		}
		if pc.Flags()&^spec.ManFlags != 0 {
			return fmt.Errorf("%s on %s: %s men carry no such marks", pc, s, spec.Name)
		}
		if pc.Kind() == Pawn && (s.Rank() == 0 || s.Rank() == g.H-1) {
			return fmt.Errorf("pawn on %s: pawns cannot stand on the first or last rank", s)
		}
	}
	return nil
}

// ParseExtra accepts no variant fields.
func (o Orthodox) ParseExtra(p *Position, fields []string) error {
	if len(fields) > 0 {
		return fmt.Errorf("%s positions have six fields; unexpected %q", o.S.Name, fields[0])
	}
	return nil
}

// FormatExtra writes no variant fields.
func (o Orthodox) FormatExtra(p *Position) []string { return nil }

// ExtraHash is zero: orthodox positions have no variant state.
func (o Orthodox) ExtraHash(p *Position) uint64 { return 0 }
