package timethief

import "timechess/rules"

// This file writes the rulings' legality out the slow way, independently of
// legal.go, as an oracle for the property tests: it trusts the core for the
// movement of the men (GeneratePseudo) and for check (RoyalAttacked), and
// decides everything else from the text of rulings T3-T10 directly:
//
//   - sight walks the line square by square, with Witch transparency spelt
//     out (T3, T10);
//   - a frozen King is found by playing its move and asking whether an enemy
//     Time Thief could then take the King by a TT-capture (T6);
//   - a Dwarf's attackers are the origins of the pseudo-legal captures onto
//     its square (T8).

// refLegal returns the legal actions of the side to move.
func refLegal(v *Variant, p *rules.Position) []rules.Move {
	us := p.Side
	if v.S.KingRestoration && p.Pieces(us, rules.King).IsZero() {
		return refTTCaptures(p) // T7: the King was taken; only restoring it is legal
	}
	free := v.S.KingRestoration && !p.Pieces(us, rules.TimeThief).IsZero()
	cands := append(p.GeneratePseudo(nil), refSpiritMoves(p)...)
	cands = append(cands, refTTCaptures(p)...)
	var out []rules.Move
	for _, m := range cands {
		if m.Piece == rules.Pawn && refFirstRank(p, m.To) {
			continue // ruling timechess adds: no pawn jumps back to its own first rank
		}
		if refDwarfRule(p, m) && (free || refSafe(p, m)) {
			out = append(out, m)
		}
	}
	return out
}

// refFirstRank reports whether s lies on the first rank of the side to move.
func refFirstRank(p *rules.Position, s rules.Square) bool {
	if p.Side == rules.White {
		return s.Rank() == 0
	}
	return s.Rank() == p.Geometry().H-1
}

// refSafe reports whether m leaves the mover's King unattacked and, for a
// King move, gives no enemy Time Thief a TT-capture of that King (T5, T6).
func refSafe(p *rules.Position, m rules.Move) bool {
	us := p.Side
	p.Make(m)
	defer p.Unmake()
	if p.RoyalAttacked(us) {
		return false
	}
	if m.Piece == rules.King && m.Kind != rules.TTCapture {
		for _, r := range refTTCaptures(p) {
			if r.To == m.From {
				return false
			}
		}
	}
	return true
}

// refDwarfRule reports whether m, if it captures an enemy Dwarf by a normal
// move, has a second attacker (T8).
func refDwarfRule(p *rules.Position, m rules.Move) bool {
	victim := p.At(m.To)
	if m.Kind != rules.Normal || m.Piece == rules.Spirit || victim.Kind() != rules.Dwarf || victim.Color() == p.Side {
		return true
	}
	return len(captureOrigins(p, m.To)) >= 2
}

// captureOrigins returns the squares of the men of the side to move that
// have a pseudo-legal capture onto s.
func captureOrigins(p *rules.Position, s rules.Square) map[rules.Square]bool {
	out := map[rules.Square]bool{}
	for _, m := range p.GeneratePseudo(nil) {
		if m.Kind == rules.Normal && m.To == s && p.At(s) != rules.NoPiece {
			out[m.From] = true
		}
	}
	return out
}

// refTTCaptures returns the TT-captures of the side to move, legal or not by
// T5 (T3, T4, T8, T9).
func refTTCaptures(p *rules.Position) []rules.Move {
	if p.Ply() == 0 {
		return nil
	}
	us := p.Side
	last := p.LastMove()
	q := p.Copy()
	q.Unmake() // the state before the last move, which the TT-capture restores
	a := last.From
	victim := q.At(a)
	if victim == rules.NoPiece || victim.Color() == us {
		return nil
	}
	g := p.Geometry()
	var out []rules.Move
	for f := 0; f < g.W; f++ {
		for r := 0; r < g.H; r++ {
			t := rules.SquareAt(f, r)
			now, tt := p.At(t), q.At(t)
			if now.Kind() != rules.TimeThief || now.Color() != us || tt.Kind() != rules.TimeThief || tt.Color() != us {
				continue // not a Time Thief of ours both now and in the restored state
			}
			if !refSees(q, t, a, us) {
				continue
			}
			if last.Piece == rules.Spirit && tt.Flags()&rules.Possessed == 0 {
				continue // T9: a Spirit falls only to a possessed Time Thief
			}
			if victim.Kind() == rules.Dwarf && last.Piece != rules.Spirit && !refCoAttacker(q, a, us) {
				continue // T8
			}
			out = append(out, rules.Move{Kind: rules.TTCapture, Piece: rules.TimeThief, From: t, To: a, Via: rules.NoSquare})
		}
	}
	return out
}

// refCoAttacker reports whether a man of colour us other than a Time Thief
// attacks a in the restored state q.
func refCoAttacker(q *rules.Position, a rules.Square, us rules.Color) bool {
	st := q.State
	st.Side, st.EP = us, rules.NoSquare
	view := q.Sibling(st)
	return len(captureOrigins(&view, a)) > 0
}

// refSees reports whether a Queen of colour us on t could reach a in q: a
// line with nothing between, except men transparent to us (T3, T10).
func refSees(q *rules.Position, t, a rules.Square, us rules.Color) bool {
	df, dr := a.File()-t.File(), a.Rank()-t.Rank()
	if (df == 0 && dr == 0) || (df != 0 && dr != 0 && abs(df) != abs(dr)) {
		return false
	}
	sf, sr := sign(df), sign(dr)
	for f, r := t.File()+sf, t.Rank()+sr; f != a.File() || r != a.Rank(); f, r = f+sf, r+sr {
		s := rules.SquareAt(f, r)
		if q.At(s) != rules.NoPiece && !refTransparent(q, s, us) {
			return false
		}
	}
	return true
}

// refTransparent reports whether the man on s is transparent to colour us:
// a Witch of us, or any man next to a Witch of us (T10).
func refTransparent(q *rules.Position, s rules.Square, us rules.Color) bool {
	g := q.Geometry()
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := s.File()+df, s.Rank()+dr
			if !g.On(f, r) {
				continue
			}
			if w := q.At(rules.SquareAt(f, r)); w.Kind() == rules.Witch && w.Color() == us {
				return true
			}
		}
	}
	return false
}

// knightJumps lists the eight Knight steps.
var knightJumps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}

// refSpiritMoves returns the Spirit moves that are not plain Knight moves
// to empty squares: a lone Spirit entering a friendly man, and a Spirit
// leaving its host to an empty square or into another man (T9).
func refSpiritMoves(p *rules.Position) []rules.Move {
	g := p.Geometry()
	us := p.Side
	hostable := func(s rules.Square) bool {
		pc := p.At(s)
		return pc != rules.NoPiece && pc.Color() == us && pc.Kind() != rules.King &&
			pc.Kind() != rules.Spirit && pc.Flags()&rules.Possessed == 0
	}
	var out []rules.Move
	for f := 0; f < g.W; f++ {
		for r := 0; r < g.H; r++ {
			from := rules.SquareAt(f, r)
			pc := p.At(from)
			if pc == rules.NoPiece || pc.Color() != us {
				continue
			}
			lone := pc.Kind() == rules.Spirit
			if !lone && pc.Flags()&rules.Possessed == 0 {
				continue
			}
			for _, j := range knightJumps {
				if !g.On(f+j[0], r+j[1]) {
					continue
				}
				to := rules.SquareAt(f+j[0], r+j[1])
				if hostable(to) || (!lone && p.At(to) == rules.NoPiece) {
					out = append(out, rules.Move{Kind: rules.Normal, Piece: rules.Spirit, From: from, To: to, Via: rules.NoSquare})
				}
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
