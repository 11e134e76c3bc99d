package timethief

import "timechess/rules"

// prevTag keys the previous state in the hash: the legal TT-captures depend on
// it, so the state's identity includes it (ruling C2).
const prevTag = 0x54545052 // "TTPR"

// prevKey returns the hash part for a previous state with core hash h.
func prevKey(h uint64) uint64 { return rules.StateKey(prevTag, h, 0) }

// Make plays a legal action. A TT-capture restores the whole state before the
// opponent's last move and then moves the Time Thief onto the origin square
// of that move, capturing the man there (T4). A Spirit entering or leaving a
// host changes flags rather than moving a man. Every action records the
// previous state's hash in Aux.
func (v *Variant) Make(p *rules.Position, m rules.Move) {
	core := p.Hash ^ p.Aux
	switch {
	case m.Kind == rules.TTCapture:
		prev := p.Previous()
		us := p.Side
		p.SaveState(m)
		p.State = prev
		p.SetSide(us)
		p.ApplyOrthodox(rules.Move{Kind: rules.Normal, Piece: rules.TimeThief, From: m.From, To: m.To, Via: rules.NoSquare})
	case m.Piece == rules.Spirit && (p.At(m.From).Kind() != rules.Spirit || p.At(m.To) != rules.NoPiece):
		p.SaveState(m)
		moveSpirit(p, m)
	default:
		p.MakeOrthodox(m)
	}
	p.Hash ^= p.Aux
	p.Aux = prevKey(core)
	p.Hash ^= p.Aux
}

// moveSpirit plays a Spirit's entry into a host or departure from one.
func moveSpirit(p *rules.Position, m rules.Move) {
	if from := p.Remove(m.From); from.Kind() != rules.Spirit {
		p.Put(from.WithFlags(from.Flags()&^rules.Possessed), m.From)
	}
	if host := p.At(m.To); host != rules.NoPiece {
		p.Remove(m.To)
		p.Put(host.WithFlags(host.Flags()|rules.Possessed), m.To)
	} else {
		p.Put(rules.MakePiece(p.Side, rules.Spirit, 0), m.To)
	}
	p.EndTurn(false)
}

// ExtraHash recomputes the previous state's part of the hash.
func (v *Variant) ExtraHash(p *rules.Position) uint64 {
	if p.Ply() == 0 {
		return 0
	}
	prev := p.Previous()
	return prevKey(prev.Hash ^ prev.Aux)
}
