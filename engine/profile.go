package engine

import (
	"sync"

	"timechess/rules"
)

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

var (
	profileMu sync.Mutex
	profiles  = map[string]*profile{}
)

// orthodoxProfile serves FIDE chess on any board and its 10x8 form.
func orthodoxProfile() *profile {
	return &profile{values: defaultValues, dead: insufficient, repeatable: always, key: plainHash, quietWin: inCheckOnly, checkBinds: always}
}

// profileFor returns the profile of variant v, built on first use.
func profileFor(v rules.Variant) *profile {
	name := v.Spec().Name
	profileMu.Lock()
	defer profileMu.Unlock()
	if pr, ok := profiles[name]; ok {
		return pr
	}
	var pr *profile
	switch name {
	case "chess", "chess10x8":
		pr = orthodoxProfile()
	case "timethief":
		pr = timeThiefProfile(false)
	case "timethief-restore":
		pr = timeThiefProfile(true)
	case "gifford":
		pr = giffordProfile()
	case "travelers":
		pr = travelersProfile()
	default:
		pr = &profile{values: defaultValues, dead: never, repeatable: always, key: plainHash, quietWin: always, checkBinds: always}
	}
	pr.startNPM = startMaterial(v, pr)
	profiles[name] = pr
	return pr
}

// startMaterial returns the non-pawn material of v's start position (both
// sides), the measure of a full middlegame.
func startMaterial(v rules.Variant, pr *profile) int32 {
	const fallback = 6200
	p, err := rules.NewPosition(v, v.Spec().Start)
	if err != nil {
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
