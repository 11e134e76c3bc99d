package engine

import "timechess/rules"

// profile is what the engine knows about one variant beyond the rules
// interface: its piece values and evaluation terms, its automatic draws, the
// key its positions are stored under, and whether its games can be won
// without check. Unknown variants get the default profile, which assumes as
// little as it can.
type profile struct {
	values [rules.NumKinds]int32
	// extra adds the variant's own evaluation terms, from White's view.
	extra func(p *rules.Position, ev *evaluation)
	// dead reports a draw by material (ruling C2's bare kings and FIDE's
	// dead positions as the variant defines them).
	dead func(p *rules.Position) bool
	// repeatable reports whether an earlier state with the same hash is the
	// same whole state (false in Gifford while men are in transit: their due
	// moves are absolute, so equal hashes at different move numbers differ).
	repeatable func(p *rules.Position) bool
	// key returns the transposition key: the hash, plus what the hash does
	// not cover but the legal actions below the node depend on.
	key func(p *rules.Position) uint64
	// quietWin reports, for a position just reached, whether its side to
	// move may have lost the game without being in check. When false the mate
	// solver tries only checking moves for the last move of a mate.
	quietWin func(p *rules.Position) bool
	// checkBinds reports whether the side to move must answer a check (not
	// so for a side free of check rules, T7): only then do check extensions
	// and the full-width search of checks in quiescence apply.
	checkBinds func(p *rules.Position) bool

	startNPM int32 // the non-pawn material of the start position, for the game phase
}

// defaultValues are the piece values in centipawns. The King is priceless
// and counts nothing; a traveling man counts nothing either (evaluation.go).
var defaultValues = [rules.NumKinds]int32{
	rules.Pawn: 100, rules.Knight: 320, rules.Bishop: 330, rules.Rook: 500, rules.Queen: 950,
	rules.Guard: 320, rules.TimeThief: 450, rules.Dwarf: 330, rules.Spirit: 200, rules.Witch: 400,
}

func always(*rules.Position) bool        { return true }
func never(*rules.Position) bool         { return false }
func plainHash(p *rules.Position) uint64 { return p.Hash }

// insufficient is the orthodox dead-position test.
func insufficient(p *rules.Position) bool { return p.InsufficientMaterial() }

// inCheckOnly says a game is won only by mating: a loss without check needs
// no legal move and a King attacked.
func inCheckOnly(*rules.Position) bool { return false }

// orthodoxProfile serves FIDE chess on any board and its 10x8 form.
func orthodoxProfile() *profile {
	return &profile{values: defaultValues, dead: insufficient, repeatable: always, key: plainHash, quietWin: inCheckOnly, checkBinds: always}
}

// profileFor returns the profile of variant v. It is chosen by what v's
// rules hold, never by v's name: the core's FIDE rules (rules.Orthodox)
// get the orthodox profile; men that travel in time (the Traveling flag of
// Time Traveler's Chess) the travelers profile; backward travel (the
// rules.OffBoard of the start gives the travels left) Gifford's; Time
// Thieves the Time Thief's, under the King-restoration rules when the Spec
// says so. Any other variant gets the default profile, which assumes as
// little as it can. It is built afresh at each call, once per search or
// mate solve: it costs one start position.
func profileFor(v rules.Variant) *profile {
	s := v.Spec()
	start, err := rules.NewPosition(v, s.Start)
	var ob rules.OffBoard
	if err == nil {
		ob, _ = rules.OffBoardOf(start)
	}
	var pr *profile
	_, orthodox := v.(rules.Orthodox)
	switch {
	case orthodox:
		pr = orthodoxProfile()
	case s.ManFlags&rules.Traveling != 0:
		pr = travelersProfile()
	case ob.Travels != nil:
		pr = giffordProfile()
	case s.HasKind(rules.TimeThief):
		pr = timeThiefProfile(s.KingRestoration)
	default:
		pr = &profile{values: defaultValues, dead: never, repeatable: always, key: plainHash, quietWin: always, checkBinds: always}
	}
	pr.startNPM = startMaterial(start, pr)
	return pr
}

// startMaterial returns the non-pawn material of the start position p
// (both sides; nil when the variant's start is unreadable), the measure of
// a full middlegame.
func startMaterial(p *rules.Position, pr *profile) int32 {
	const fallback = 6200
	if p == nil {
		return fallback
	}
	var npm int32
	for b := p.Occupied().AndNot(p.ByKind[rules.Pawn]).AndNot(p.ByKind[rules.King]); !b.IsZero(); {
		npm += pr.values[p.At(b.PopLSB()).Kind()]
	}
	if npm == 0 {
		return fallback
	}
	return npm
}
