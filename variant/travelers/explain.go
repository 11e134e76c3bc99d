package travelers

import (
	"slices"

	"timechess/rules"
)

// Explain says why m is not a legal action (rules.Explainer): a traveling
// man never moves (R1); an explosion needs an empty square that an
// untraveled man of the side could reach as the exploding type within three
// moves (R2, R3), and its traveled man may not capture a traveling man or a
// resonator (R3); an action that passes these leaves its side grammatically
// incorrect (R6) or in check (R7). A normal move the laws of chess forbid
// (a move no man can make) gets no reason here: the caller describes it.
func (v *Variant) Explain(p *rules.Position, m rules.Move) *rules.Refusal {
	if from, ok := travelingMover(p, m); ok {
		return rules.Refuse("R1", "traveling man", "the traveling %s on %s never moves; it leaves the board only when a resonator annihilates it (R5)", p.At(from).Kind(), from)
	}
	switch m.Kind {
	case rules.Explosion:
		if r := explosionRefusal(p, m); r != nil {
			return r
		}
	case rules.Annihilation:
		return annihilationRefusal(p, m)
	}
	return v.afterRefusal(p, m)
}

// travelingMover returns the square of the side's traveling man that the
// normal move m would move, were traveling men to move as others do: its
// origin, or, when m names none and no other man could make it, the one
// traveling man that could.
func travelingMover(p *rules.Position, m rules.Move) (rules.Square, bool) {
	if m.Kind != rules.Normal {
		return rules.NoSquare, false
	}
	moving := traveling(&p.State, p.Side)
	if m.From != rules.NoSquare {
		return m.From, moving.Has(m.From)
	}
	if _, ok := pseudoFit(p, m); ok {
		return rules.NoSquare, false
	}
	for men := moving; !men.IsZero(); {
		t := men.PopLSB()
		pc := p.At(t)
		if m.Piece != rules.NoKind && pc.Kind() != m.Piece {
			continue
		}
		q := p.Copy()
		q.Remove(t)
		q.Put(rules.MakePiece(p.Side, pc.Kind(), 0), t)
		for _, c := range pseudoMoves(q, nil) {
			if c.From == t && c.Kind != rules.Castle && rules.Fits(c, m) {
				return t, true
			}
		}
	}
	return rules.NoSquare, false
}

// explosionRefusal says why the explosion m breaks R3, or nil when it
// keeps R3's conditions.
func explosionRefusal(p *rules.Position, m rules.Move) *rules.Refusal {
	us := p.Side
	x, k := m.From, m.Piece
	if x == rules.NoSquare || k == rules.NoKind {
		return nil
	}
	if p.At(x) != rules.NoPiece {
		return rules.Refuse("R3", "explosion", "the explosion square %s must be empty", x)
	}
	ses := sessionOf(p)
	s := ses.survey()
	defer ses.putSurvey(s)
	s.run(p, us, fullSurvey)
	if !s.support[k].Has(x) {
		return rules.Refuse("R3", "explosion support", "no untraveled man of %s could stand on %s as a %s within three moves of its own (R2), so a %s cannot explode there",
			us.Title(), x, k, k)
	}
	if m.To == rules.NoSquare {
		return nil
	}
	them := us.Other()
	switch victim := p.At(m.To); {
	case victim.Color() == them && traveling(&p.State, them).Has(m.To):
		return rules.Refuse("R3", "explosion", "the traveled %s may not capture the traveling %s on %s", k, victim.Kind(), m.To)
	case victim.Color() == them && victim != rules.NoPiece:
		for t, men := range Resonators(p) {
			if p.At(t).Color() == them && slices.Contains(men, m.To) {
				return rules.Refuse("R3", "explosion", "the traveled %s may not capture the %s on %s: it is a resonator of the traveling %s on %s", k, victim.Kind(), m.To, p.At(t).Kind(), t)
			}
		}
	}
	return nil
}

// annihilationRefusal says why the annihilation m breaks R5: its target
// holds no traveling man of the side, or the man on its origin is not one
// of that traveling man's resonators.
func annihilationRefusal(p *rules.Position, m rules.Move) *rules.Refusal {
	us := p.Side
	if m.To == rules.NoSquare || m.From == rules.NoSquare {
		return nil
	}
	if !traveling(&p.State, us).Has(m.To) {
		return rules.Refuse("R5", "annihilation", "an annihilation is a resonator's move onto a traveling man of its own side, and %s holds none", m.To)
	}
	if !slices.Contains(Resonators(p)[m.To], m.From) {
		return rules.Refuse("R5", "annihilation", "the man on %s is no resonator of the traveling %s on %s: he could not reach it as a %s within three moves, the last onto it (R4)",
			m.From, p.At(m.To).Kind(), m.To, p.At(m.To).Kind())
	}
	return nil
}

// afterRefusal plays m, which no rule of R1-R3 forbids, when it is one of
// the side's pseudo-legal actions, and says whether it leaves the side
// grammatically incorrect (R6) or else in check (R7). Nil when m is no such
// action.
func (v *Variant) afterRefusal(p *rules.Position, m rules.Move) *rules.Refusal {
	us := p.Side
	fit, ok := pseudoFit(p, m)
	if !ok {
		return nil
	}
	p.Make(fit)
	correct := !p.LostTraveling[us] && matchable(p, us)
	p.Unmake()
	if !correct {
		return rules.Refuse("R6", "grammatical correctness", "it would leave %s grammatically incorrect: its traveling men could not each be annihilated by a resonator of their own", us.Title())
	}
	return rules.Refuse("R7", "check", "it would leave %s in check: were %s to pass, %s could leave it kingless and be resolved", us.Title(), us.Title(), us.Other().Title())
}

// pseudoFit returns the action of the side that m names, among its
// explosions when m is one and its moves by the laws of chess otherwise,
// with traveling men kept still.
func pseudoFit(p *rules.Position, m rules.Move) (rules.Move, bool) {
	if m.Kind == rules.Explosion {
		// The traveled man's move from the explosion square, as a normal
		// move of a man of the type standing there.
		if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Piece == rules.NoKind || p.At(m.From) != rules.NoPiece {
			return m, false
		}
		q := p.Copy()
		q.Put(rules.MakePiece(p.Side, m.Piece, rules.Traveled), m.From)
		for _, c := range pseudoMoves(q, nil) {
			if c.From == m.From && c.To == m.To && c.Kind != rules.Castle && (m.Promo == rules.NoKind || c.Promo == m.Promo) {
				return m, true
			}
		}
		return m, false
	}
	for _, c := range pseudoMoves(p, nil) {
		if c.Kind != rules.Castle && rules.Fits(c, m) {
			return c, true
		}
	}
	return m, false
}

// matchable reports whether colour c's traveling men can each be matched to
// a resonator of their own (R6's matching).
func matchable(p *rules.Position, c rules.Color) bool {
	var mt matcher
	men := traveling(&p.State, c).Squares()
	res := Resonators(p)
	mt.reset(len(men))
	for j, t := range men {
		for _, r := range res[t] {
			mt.add(j, r)
		}
	}
	return mt.solve()
}
