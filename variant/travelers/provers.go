package travelers

import (
	"strings"

	"timechess/rules"
)

// Provers is a set of the shortcuts that decide Time Traveler's Chess fast.
// Each answers a question of the plain rules (plain.go) as proved, refuted
// or unknown, and an unknown falls through to the next prover and at last
// to an exact answer; docs/travelers-algorithm.md says what each proves and
// why it is sound. Any set gives the same legal actions: the tests run the
// suite with every prover on, with each one off, and with all off.
type Provers uint32

// The provers. Survey carries all the others: without it every question is
// answered by the plain rules.
const (
	// Survey computes R2 and R4 with bitboards, once per position, and
	// decides an action by a resonance search pruned by lower bounds on
	// the moves a man needs (survey.go, resonance.go, distance.go).
	Survey Provers = 1 << iota
	// Witnesses proves that an action keeps the mover correct when it
	// touches no square the matching's witness lines read (witness.go).
	Witnesses
	// Rematch matches the traveling men afresh to the resonances whose
	// lines the action leaves alone (node.rematch).
	Rematch
	// Targeted surveys, after an action, only the traveling men it touched
	// (node.correctAfter).
	Targeted
	// CheckShortcut decides check (R7) by the three cases it comes down to
	// (check.go), and from the board after an action without playing it
	// where it comes down to an attack (node.quickThreat).
	CheckShortcut
	// Refutations refutes explosions by upper bounds on the resonators
	// after them (explosion.go: hopeless, kindHopeless, refutedAtOnce).
	Refutations
	// Aside proves a support line that the traveled man steps out of
	// (aside.go).
	Aside
	// ShortLines proves resonances of one or two moves (shortlines.go).
	ShortLines
	// Calm counts, at perft's last ply, the explosions the witnesses prove
	// in bulk (node.calmExplosions).
	Calm
	// Sharing replays the survey of the board before the last action and
	// searches only the lines that read a square it changed (share.go,
	// vacancy.go).
	Sharing
	// Kept gives siblings that fill the same two squares one survey
	// (kept.go).
	Kept
	// Decisions replays a sibling's answers about explosions
	// (decisions.go).
	Decisions
	// Memo gives a resonance search's answer again for a board that agrees
	// on the squares it read (memo.go, fill.go).
	Memo
	// Proofs keeps the opponent's resonances that an explosion leaves
	// alone (proof.go).
	Proofs

	// AllProvers is every prover: the registered variant's set.
	AllProvers Provers = 1<<iota - 1
)

// proverNames names the provers, in the order of their bits.
var proverNames = [...]string{
	"survey", "witnesses", "rematch", "targeted", "checkshortcut", "refutations", "aside",
	"shortlines", "calm", "sharing", "kept", "decisions", "memo", "proofs",
}

// String names the provers in the set, joined by "+", or "none".
func (ps Provers) String() string {
	var names []string
	for i, name := range proverNames {
		if ps&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// EachProver returns each prover of AllProvers alone.
func EachProver() []Provers {
	out := make([]Provers, len(proverNames))
	for i := range out {
		out[i] = 1 << i
	}
	return out
}

// WithProvers returns Time Traveler's Chess deciding with the provers ps
// only: the same rules as the registered Travelers, for tests and
// measurements (it is not registered).
func WithProvers(ps Provers) *Variant {
	return &Variant{Orthodox: Travelers.Orthodox, off: AllProvers &^ ps}
}

// Provers returns the provers v decides with.
func (v *Variant) Provers() Provers { return AllProvers &^ v.off }

// plain reports whether v decides by the plain rules alone.
func (v *Variant) plain() bool { return v.off&Survey != 0 }

// offIn returns the provers switched off for p's variant: none unless it
// is a Variant made by WithProvers (or a type embedding one).
func offIn(p *rules.Position) Provers {
	if v, ok := p.Variant().(interface{ Provers() Provers }); ok {
		return AllProvers &^ v.Provers()
	}
	return 0
}

// has reports whether the node may use prover pr.
func (n *node) has(pr Provers) bool { return n.off&pr == 0 }
