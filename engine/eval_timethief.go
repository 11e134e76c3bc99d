package engine

import "timechess/rules"

// Time Thief weights: a man in an enemy Time Thief's sight may not move
// away without being exposed to a TT-capture, and a King in sight is frozen.
var (
	seenMan  = int32(6)
	seenKing = phased{25, 10}
)

// restoreKing is the King's value under the restoration rules, where it
// can be captured: a side without it must restore it at once or lose.
const restoreKing = 1500

// timeThiefProfile serves timethief and, with restore, timethief-restore,
// where a King can be captured and the game lost without check, and a side
// with a Time Thief need not answer a check (T7).
func timeThiefProfile(restore bool) *profile {
	pr := &profile{values: defaultValues, extra: timeThiefTerms, dead: insufficient, repeatable: always,
		key: plainHash, quietWin: inCheckOnly, checkBinds: always}
	if restore {
		pr.values[rules.King] = restoreKing
		pr.quietWin = always
		pr.checkBinds = func(p *rules.Position) bool { return p.Pieces(p.Side, rules.TimeThief).IsZero() }
	}
	return pr
}

// timeThiefTerms scores each Time Thief's sight: the enemy men it sees
// (T3), Witch transparency included.
func timeThiefTerms(p *rules.Position, ev *evaluation) {
	g := p.Geometry()
	for c := rules.White; c <= rules.Black; c++ {
		tts := p.Pieces(c, rules.TimeThief)
		if tts.IsZero() {
			continue
		}
		occ := p.SlideOcc(c)
		them := p.ByColor[c.Other()]
		for !tts.IsZero() {
			sight := g.QueenAttacks(tts.PopLSB(), occ).And(them)
			if sight.Intersects(p.ByKind[rules.King]) {
				ev.add(c, seenKing)
			}
			ev.addBoth(c, seenMan*int32(sight.AndNot(p.ByKind[rules.King]).Count()))
		}
	}
}
