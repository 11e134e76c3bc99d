package engine

import "timechess/rules"

// evaluation accumulates the terms of one static evaluation, per colour,
// each side's terms from its own point of view.
type evaluation struct {
	p   *rules.Position
	t   *tables
	pr  *profile
	mg  [2]int32
	eg  [2]int32
	npm int32 // non-pawn material of both sides, for the game phase
	// Attack bookkeeping for king safety: the squares around colour c's
	// Kings, and the weighted hits of the enemy on them.
	zone        [2]rules.Bitboard
	kingHits    [2]int32
	kingHitters [2]int32
}

// add adds a phased term for colour c.
func (ev *evaluation) add(c rules.Color, v phased) {
	ev.mg[c] += v.mg
	ev.eg[c] += v.eg
}

// addBoth adds the same amount to colour c's middlegame and endgame.
func (ev *evaluation) addBoth(c rules.Color, v int32) {
	ev.mg[c] += v
	ev.eg[c] += v
}

// Evaluation weights, in centipawns.
var (
	// mobility per square a man of each kind reaches.
	mobilityWeight = [rules.NumKinds]phased{
		rules.Knight: {4, 4}, rules.Bishop: {5, 5}, rules.Rook: {2, 4}, rules.Queen: {1, 2},
		rules.Guard: {2, 3}, rules.TimeThief: {2, 2}, rules.Dwarf: {2, 2}, rules.Spirit: {3, 3}, rules.Witch: {2, 2},
	}
	// kingAttackWeight per square next to an enemy King a man hits.
	kingAttackWeight = [rules.NumKinds]int32{
		rules.Knight: 2, rules.Bishop: 2, rules.Rook: 3, rules.Queen: 5, rules.Guard: 2, rules.Dwarf: 2,
	}
	bishopPair   = phased{30, 50}
	rookOpen     = phased{20, 10}
	rookHalfOpen = phased{10, 5}
	doubledPawn  = phased{-10, -20}
	isolatedPawn = phased{-10, -15}
	shieldPawn   = int32(12)
	tempo        = int32(10)
	// maxKingDanger caps the middlegame penalty of an attacked King.
	maxKingDanger = int32(600)
)

// lazyMargin bounds what mobility and king safety usually add to the
// material, piece-square and pawn terms: when those alone are this far
// outside the window, the evaluation stops there.
const lazyMargin = 300

// within returns the static evaluation of p for the side to move, or a
// cheaper estimate when it lies clearly outside (alpha, beta). ev is
// scratch space: a worker keeps one, so that no evaluation allocates.
func (ev *evaluation) within(p *rules.Position, pr *profile, alpha, beta Score) Score {
	*ev = evaluation{p: p, t: tablesOf(p.Geometry()), pr: pr}
	for c := rules.White; c <= rules.Black; c++ {
		ev.material(c)
		ev.pawns(c)
	}
	if pr.extra != nil {
		pr.extra(p, ev)
	}
	if s := ev.total(); s-lazyMargin >= beta || s+lazyMargin <= alpha {
		return s
	}
	for c := rules.White; c <= rules.Black; c++ {
		for ks := p.Pieces(c, rules.King); !ks.IsZero(); {
			s := ks.PopLSB()
			ev.zone[c] = ev.zone[c].Or(p.Geometry().King[s])
			ev.zone[c].Set(s)
		}
	}
	for c := rules.White; c <= rules.Black; c++ {
		ev.activity(c)
	}
	for c := rules.White; c <= rules.Black; c++ {
		ev.kingSafety(c)
	}
	return ev.total()
}

// total returns the tapered sum of the terms for the side to move.
func (ev *evaluation) total() Score {
	us := ev.p.Side
	mg := ev.mg[us] - ev.mg[us.Other()] + tempo
	eg := ev.eg[us] - ev.eg[us.Other()]
	phase := min(ev.npm*256/max(ev.pr.startNPM, 1), 256)
	s := Score((mg*phase + eg*(256-phase)) / 256)
	return max(-maxEval+1, min(maxEval-1, s))
}

// material adds colour c's material and piece-square values. A traveling
// man (Time Traveler's Chess) never moves and counts nothing here; its
// variant values it. A possessed man carries a Spirit: the Spirit's value.
func (ev *evaluation) material(c rules.Color) {
	p := ev.p
	bishops := 0
	for b := p.ByColor[c].AndNot(p.Flagged(rules.Traveling)); !b.IsZero(); {
		s := b.PopLSB()
		pc := p.At(s)
		k := pc.Kind()
		ev.add(c, ev.t.pst[c][k][s])
		v := ev.pr.values[k]
		if pc.Flags()&rules.Possessed != 0 {
			v += ev.pr.values[rules.Spirit]
		}
		ev.addBoth(c, v)
		if k != rules.Pawn && k != rules.King {
			ev.npm += v
		}
		if k == rules.Bishop {
			bishops++
		}
	}
	if bishops >= 2 {
		ev.add(c, bishopPair)
	}
}

// activity adds the mobility of colour c's men (a possessed man moves as a
// Knight too), rooks on open files, and records the hits of c's capturing
// men around the enemy Kings.
func (ev *evaluation) activity(c rules.Color) {
	p, g := ev.p, ev.p.Geometry()
	own := p.ByColor[c]
	empty := g.Mask.AndNot(p.Occupied())
	slide := p.SlideOcc(c)
	them := c.Other()
	skip := p.Flagged(rules.Traveling).Or(p.ByKind[rules.Pawn]).Or(p.ByKind[rules.King])
	for b := own.AndNot(skip); !b.IsZero(); {
		s := b.PopLSB()
		pc := p.At(s)
		k := pc.Kind()
		att := g.Attacks(k, c, s, slide)
		if pc.Flags()&rules.Possessed != 0 {
			att = att.Or(g.Knight[s])
		}
		reach := att.AndNot(own)
		if !k.Captures() {
			reach = att.And(empty)
		} else if hits := att.And(ev.zone[them]); !hits.IsZero() {
			ev.kingHits[them] += kingAttackWeight[k] * int32(hits.Count())
			ev.kingHitters[them]++
		}
		n := int32(reach.Count())
		w := mobilityWeight[k]
		ev.add(c, phased{w.mg * n, w.eg * n})
		if k == rules.Rook {
			file := g.Files[s.File()]
			switch {
			case !file.Intersects(p.ByKind[rules.Pawn]):
				ev.add(c, rookOpen)
			case !file.Intersects(p.Pieces(c, rules.Pawn)):
				ev.add(c, rookHalfOpen)
			}
		}
	}
}

// pawns adds colour c's pawn structure: doubled, isolated and passed pawns.
func (ev *evaluation) pawns(c rules.Color) {
	p, t := ev.p, ev.t
	frozen := p.Flagged(rules.Traveling)
	own := p.Pieces(c, rules.Pawn).AndNot(frozen)
	enemy := p.Pieces(c.Other(), rules.Pawn).AndNot(frozen)
	for b := own; !b.IsZero(); {
		s := b.PopLSB()
		blocked := t.front[c][s].Intersects(own)
		if blocked {
			ev.add(c, doubledPawn)
		}
		if !t.adjacent[s.File()].Intersects(own) {
			ev.add(c, isolatedPawn)
		}
		if !blocked && !t.passed[c][s].Intersects(enemy) {
			ev.add(c, t.passer[c][s])
		}
	}
}

// kingSafety adds the middlegame safety of colour c's Kings: a pawn shield
// in front of each King that has left the central files (a King in the
// centre is not yet castled, and its pawns must be free to advance), and a
// penalty growing with the square of the enemy's hits around the Kings
// once two or more enemy men take part.
func (ev *evaluation) kingSafety(c rules.Color) {
	p := ev.p
	pawns := p.Pieces(c, rules.Pawn)
	w := p.Geometry().W
	for ks := p.Pieces(c, rules.King); !ks.IsZero(); {
		s := ks.PopLSB()
		if f := s.File(); f == (w-1)/2 || f == w/2 {
			continue
		}
		n := int32(ev.t.shield[c][s].And(pawns).Count())
		ev.mg[c] += shieldPawn * min(n, 3)
	}
	if ev.kingHitters[c] >= 2 {
		h := ev.kingHits[c]
		ev.mg[c] -= min(h*h/4, maxKingDanger)
	}
}
