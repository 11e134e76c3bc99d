package travelers

import "timechess/rules"

// Hash keys of the variant's state (rules.Extra): a side that lost a
// traveling man, and an en passant square left by an annihilation.
const (
	lostTag = 0x5454_4c4f // "TTLO"
	epTag   = 0x5454_4550 // "TTEP"
)

func lostKey(c rules.Color) uint64 { return rules.StateKey(lostTag, uint64(c), 0) }

var epAnnihilationKey = rules.StateKey(epTag, 0, 0)

// ExtraHash returns the hash of the lost-traveling-man marks and the en
// passant mark of an annihilation.
func (v *Variant) ExtraHash(p *rules.Position) uint64 {
	var h uint64
	for c := rules.White; c <= rules.Black; c++ {
		if p.LostTraveling[c] {
			h ^= lostKey(c)
		}
	}
	if p.EPAnnihilation {
		h ^= epAnnihilationKey
	}
	return h
}

// setLost marks colour c as having lost a traveling man.
func setLost(p *rules.Position, c rules.Color) {
	if !p.LostTraveling[c] {
		p.LostTraveling[c] = true
		p.Hash ^= lostKey(c)
	}
}

// setEPAnnihilation sets the en passant mark of an annihilation.
func setEPAnnihilation(p *rules.Position, on bool) {
	if p.EPAnnihilation != on {
		p.EPAnnihilation = on
		p.Hash ^= epAnnihilationKey
	}
}

// Make plays a legal action. Normal moves are the core's; a capture of a
// traveling man marks its side (R6); an explosion puts the traveling man on
// its square and moves the traveled man from there (R3); an annihilation
// takes both men off (R5), and its double step may be taken en passant,
// which brings the traveling pawn back (A4). Explosions and annihilations restart
// the fifty-move count (C2).
func (v *Variant) Make(p *rules.Position, m rules.Move) {
	us := p.Side
	switch m.Kind {
	case rules.Explosion:
		p.SaveState(m)
		p.Put(rules.MakePiece(us, m.Piece, rules.Traveled), m.From)
		p.ApplyOrthodox(rules.Move{Kind: stepKind(m), Piece: m.Piece, Promo: m.Promo, From: m.From, To: m.To, Via: rules.NoSquare})
		p.Put(rules.MakePiece(us, m.Piece, rules.Traveling), m.From)
		p.Halfmove = 0
		setEPAnnihilation(p, false)
	case rules.Annihilation:
		p.SaveState(m)
		p.Remove(m.To)
		p.ApplyOrthodox(rules.Move{Kind: stepKind(m), Piece: m.Piece, Promo: m.Promo, From: m.From, To: m.To, Via: rules.NoSquare})
		p.Remove(m.To)
		p.Halfmove = 0
		setEPAnnihilation(p, p.EP != rules.NoSquare)
	case rules.EnPassant:
		if !p.EPAnnihilation {
			p.MakeOrthodox(m)
			return
		}
		p.SaveState(m)
		p.ApplyOrthodox(rules.Move{Kind: rules.Normal, Piece: rules.Pawn, From: m.From, To: m.To, Via: rules.NoSquare})
		p.Put(rules.MakePiece(us.Other(), rules.Pawn, rules.Traveling), m.To-forward(us))
		setEPAnnihilation(p, false)
	default:
		taken := p.Board[m.To]
		lost := m.Kind == rules.Normal && taken.Flags()&rules.Traveling != 0
		if !lost && !p.EPAnnihilation {
			p.MakeOrthodox(m)
			return
		}
		p.SaveState(m)
		p.ApplyOrthodox(m)
		if lost {
			setLost(p, taken.Color())
		}
		setEPAnnihilation(p, false)
	}
}

// stepKind returns the orthodox kind of the one-man move inside an explosion
// or annihilation: a double step when a pawn moves two ranks.
func stepKind(m rules.Move) rules.MoveKind {
	if m.Piece == rules.Pawn && (m.To-m.From == 32 || m.From-m.To == 32) {
		return rules.DoublePush
	}
	return rules.Normal
}

// InCheck reports whether the side to move is in check by R7.
func (v *Variant) InCheck(p *rules.Position) bool {
	if v.plain() || v.off&CheckShortcut != 0 {
		return plainThreat(p, p.Side)
	}
	return threat(p, p.Side)
}
