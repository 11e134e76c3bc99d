package engine

import "timechess/rules"

// Time Traveler's Chess weights. A traveling man cannot move and must be
// annihilated later by a resonator of its kind, which vanishes with it: it
// is a debt of its own value (so an explosion, which adds a traveling and a
// traveled man, gains nothing but the traveled man's activity) and a little
// more for the trouble. Losing one to a capture loses the game (R6), so an
// attacked one is a danger; a kingless side is one step from being checked
// by a resolved opponent (R7).
var (
	travelingMan      = int32(-25)
	travelingAttacked = int32(-100)
	kingless          = int32(-150)
)

// travelersProfile serves travelers, where grammatical incorrectness loses
// without check (R6): only a side that has lost a traveling man or still
// has one can be incorrect.
func travelersProfile() *profile {
	return &profile{
		values: defaultValues,
		extra:  travelersTerms,
		dead: func(p *rules.Position) bool {
			return p.Occupied() == p.ByKind[rules.King] && p.Flagged(rules.Traveling).IsZero()
		},
		repeatable: always,
		checkBinds: always,
		key:        plainHash,
		quietWin: func(p *rules.Position) bool {
			return p.LostTraveling[p.Side] || p.Flagged(rules.Traveling).Intersects(p.ByColor[p.Side])
		},
	}
}

// travelersTerms scores the traveling men and the surviving Kings.
func travelersTerms(p *rules.Position, ev *evaluation) {
	traveling := p.Flagged(rules.Traveling)
	traveled := p.Flagged(rules.Traveled)
	occ := p.Occupied()
	for c := rules.White; c <= rules.Black; c++ {
		them := c.Other()
		movers := p.ByColor[them].AndNot(traveling)
		for t := traveling.And(p.ByColor[c]); !t.IsZero(); {
			s := t.PopLSB()
			ev.addBoth(c, travelingMan-ev.pr.values[p.At(s).Kind()])
			if p.AttackersTo(s, them, occ).Intersects(movers) {
				ev.addBoth(c, travelingAttacked)
			}
		}
		kings := p.Pieces(c, rules.King)
		d := kings.And(traveled).Count()
		t := kings.And(traveling).Count()
		u := kings.Count() - d - t
		if d+max(0, u-t) == 0 {
			ev.addBoth(c, kingless)
		}
	}
}
