package timethief

import "timechess/rules"

// Legal appends the legal actions of the side to move: the orthodox moves of
// every man (Witch transparency and possessed men's Knight moves included),
// the Spirit's possessions and departures, and the TT-captures, filtered by
// the Dwarf's capture rule and, unless the side is free of check rules, by
// King safety and the frozen King (T6).
func (v *Variant) Legal(p *rules.Position, ml []rules.Move) []rules.Move {
	start := len(ml)
	if v.mustRestore(p) {
		return v.ttCaptures(p, ml)
	}
	free := v.free(p, p.Side)
	if !free && p.FastLegal() {
		// Orthodox legality is exact here; only the frozen King and the
		// TT-captures remain to be settled.
		ml = p.GenerateOrthodox(ml)
		if king := p.Pieces(p.Side, rules.King).LSB(); seenBy(p, king) {
			ml = dropFrozen(p, ml, start)
		}
		n := len(ml)
		ml = v.ttCaptures(p, ml)
		return v.filter(p, ml, n, false)
	}
	ml = p.GeneratePseudo(ml)
	ml = spiritMoves(p, ml)
	ml = v.ttCaptures(p, ml)
	return v.filter(p, ml, start, free)
}

// Count returns the number of legal actions, counting orthodox moves in bulk
// when no Time Thief holds the King and no TT-capture is possible.
func (v *Variant) Count(p *rules.Position) int {
	if v.mustRestore(p) || v.free(p, p.Side) || !p.FastLegal() ||
		seenBy(p, p.Pieces(p.Side, rules.King).LSB()) {
		return len(v.Legal(p, nil))
	}
	var buf [8]rules.Move
	return p.CountOrthodox() + len(v.filter(p, v.ttCaptures(p, buf[:0]), 0, false))
}

// seenBy reports whether an enemy Time Thief sees square s now.
func seenBy(p *rules.Position, s rules.Square) bool {
	return frozen(p, rules.Move{From: s, To: rules.NoSquare})
}

// dropFrozen removes the King moves of a frozen King from ml[start:].
func dropFrozen(p *rules.Position, ml []rules.Move, start int) []rules.Move {
	n := start
	for _, m := range ml[start:] {
		if m.Piece == rules.King && frozen(p, m) {
			continue
		}
		ml[n] = m
		n++
	}
	return ml[:n]
}

// filter keeps the moves of ml[start:] that pass allowed.
func (v *Variant) filter(p *rules.Position, ml []rules.Move, start int, free bool) []rules.Move {
	n := start
	for _, m := range ml[start:] {
		if v.allowed(p, m, free) {
			ml[n] = m
			n++
		}
	}
	return ml[:n]
}

// allowed applies the legality rules beyond movement to the pseudo-legal m.
func (v *Variant) allowed(p *rules.Position, m rules.Move, free bool) bool {
	us, them := p.Side, p.Side.Other()
	if m.Kind == rules.Normal && m.Piece != rules.Spirit {
		if victim := p.At(m.To); victim.Kind() == rules.Dwarf && victim.Color() == them &&
			p.AttackersTo(m.To, us, p.SlideOcc(us)).Count() < 2 {
			return false // T8: a Dwarf falls only to two attackers
		}
	}
	if free {
		return true
	}
	if m.Piece == rules.King && (m.Kind == rules.Normal || m.Kind == rules.Castle) && frozen(p, m) {
		return false
	}
	p.Make(m)
	safe := !p.RoyalAttacked(us)
	p.Unmake()
	return safe
}

// frozen reports whether the King move m leaves a square that an enemy Time
// Thief sees and that Time Thief survives the move: the Time Thief could
// revert the move and take the King (T6).
func frozen(p *rules.Position, m rules.Move) bool { return freezer(p, m) != rules.NoSquare }

// freezer returns the square of an enemy Time Thief that freezes the King
// move m (T6), or NoSquare.
func freezer(p *rules.Position, m rules.Move) rules.Square {
	them := p.Side.Other()
	occ := p.SlideOcc(them)
	for tts := p.Pieces(them, rules.TimeThief); !tts.IsZero(); {
		if t := tts.PopLSB(); t != m.To && sees(p.Geometry(), t, m.From, occ) {
			return t
		}
	}
	return rules.NoSquare
}

// sees reports whether a Queen on t reaches a with blockers occ (T3).
func sees(g *rules.Geometry, t, a rules.Square, occ rules.Bitboard) bool {
	return g.RookRays[t].Or(g.BishopRays[t]).Has(a) && !g.Between(t, a).Intersects(occ)
}

// possessable returns colour c's men a Spirit may enter: not a King, not a
// Spirit and not already possessed (T9).
func possessable(p *rules.Position, c rules.Color) rules.Bitboard {
	return p.ByColor[c].AndNot(p.ByKind[rules.Spirit].Or(p.ByKind[rules.King]).Or(p.Flagged(rules.Possessed)))
}

// spiritMoves appends the Spirit moves the core does not generate: a lone
// Spirit entering a friendly man, and a Spirit leaving its host by a Knight
// move to an empty square or into another man (T9).
func spiritMoves(p *rules.Position, ml []rules.Move) []rules.Move {
	g := p.Geometry()
	us := p.Side
	hosts := possessable(p, us)
	empty := g.Mask.AndNot(p.Occupied())
	for b := p.Pieces(us, rules.Spirit); !b.IsZero(); {
		from := b.PopLSB()
		for t := g.Knight[from].And(hosts); !t.IsZero(); {
			ml = append(ml, rules.Move{Kind: rules.Normal, Piece: rules.Spirit, From: from, To: t.PopLSB(), Via: rules.NoSquare})
		}
	}
	for b := p.Flagged(rules.Possessed).And(p.ByColor[us]); !b.IsZero(); {
		from := b.PopLSB()
		for t := g.Knight[from].And(hosts.Or(empty)); !t.IsZero(); {
			ml = append(ml, rules.Move{Kind: rules.Normal, Piece: rules.Spirit, From: from, To: t.PopLSB(), Via: rules.NoSquare})
		}
	}
	return ml
}

// ttCaptures appends the TT-captures of the side to move: for the last move,
// which took a man P from square a, each Time Thief of the side still on the
// board that saw a on the board before that move may revert it and capture P
// on a (T3, T4). A Spirit falls only to a possessed Time Thief (T9); a Dwarf
// needs a co-attacker in the restored position unless it is the host a
// departing Spirit returns into (T8, T9).
func (v *Variant) ttCaptures(p *rules.Position, ml []rules.Move) []rules.Move {
	us := p.Side
	tts := p.Pieces(us, rules.TimeThief)
	if p.Ply() == 0 || tts.IsZero() {
		return ml
	}
	last := p.LastMove()
	a := last.From
	g := p.Geometry()
	if a == rules.NoSquare {
		return ml
	}
	cand := tts.And(g.RookRays[a].Or(g.BishopRays[a]))
	if cand.IsZero() {
		return ml
	}
	before := p.Sibling(p.Previous())
	moved := before.At(a)
	if moved == rules.NoPiece || moved.Color() == us {
		return ml
	}
	occ := before.SlideOcc(us)
	for !cand.IsZero() {
		// The Time Thief that acts is the one of the restored state: the
		// last move cannot have moved it, but a TT-capture reverting a
		// Spirit's entry into it may have changed its possession.
		t := cand.PopLSB()
		tt := before.At(t)
		if tt.Kind() != rules.TimeThief || tt.Color() != us || !sees(g, t, a, occ) {
			continue
		}
		if last.Piece == rules.Spirit && tt.Flags()&rules.Possessed == 0 {
			continue
		}
		if moved.Kind() == rules.Dwarf && last.Piece != rules.Spirit && before.AttackersTo(a, us, occ).IsZero() {
			continue
		}
		ml = append(ml, rules.Move{Kind: rules.TTCapture, Piece: rules.TimeThief, From: t, To: a, Via: rules.NoSquare})
	}
	return ml
}
