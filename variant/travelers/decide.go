package travelers

import "timechess/rules"

// An action is legal when the mover stays grammatically correct (R6) and is
// not in check unless the action leaves the opponent incorrect (R7): the
// plain rules' verdict (plainVerdict). The node answers it in one pipeline,
// decide: the provers that read the board before the action first, then,
// for what they leave unknown, the action played out (exact), where the
// targeted survey comes before the full resonance search. Each prover
// answers proved, refuted or unknown, and is skipped when switched off.

// verdict is a prover's answer to a question about one action.
type verdict int8

const (
	unknown verdict = iota // the prover cannot tell: ask the next one
	proved                 // yes, for sure
	refuted                // no, for sure
)

// verdictOf turns an exact answer into a verdict.
func verdictOf(yes bool) verdict {
	if yes {
		return proved
	}
	return refuted
}

// provedOrUnknown is the verdict of a prover that proves or cannot tell.
func provedOrUnknown(yes bool) verdict {
	if yes {
		return proved
	}
	return unknown
}

// candidate is one action of the side to move with what the provers read of
// it without playing it.
type candidate struct {
	m       rules.Move
	changed rules.Bitboard // the squares whose contents it changes
	drop    int            // an annihilation's traveling man (index in the survey's goals), else -1
	gone    rules.Square   // an annihilation's resonator, else NoSquare
	root    bool           // a normal move whose survey lines may go on after it (rootMoves)
	kings   kingCount      // the mover's kings after it
	taken   rules.Bitboard // the enemy men it takes
	// correct is the mover's correctness after it as settled already (an
	// explosion's, by settleExplosion); settled says that it was, and the
	// provers of correctness are not asked again.
	correct verdict
	settled bool
	// playOnly sends the action straight to exact: en passant undoing an
	// annihilation, which brings a traveling pawn back (R5).
	playOnly bool
}

// decide reports whether the candidate action c is legal.
func (n *node) decide(c *candidate) bool {
	if c.playOnly {
		return n.exact(c.m)
	}
	correct := c.correct
	if !c.settled {
		correct = n.correctBefore(c)
	}
	switch {
	case correct == refuted:
		return false
	case correct != proved:
	case c.taken.Intersects(n.foeT):
		return true // the opponent has lost a traveling man: incorrect (R6)
	case !n.has(CheckShortcut):
	case n.checkless(c.kings):
		return true // correct, and in check on no board (R7)
	default:
		if th, known := n.quickThreat(c.kings, n.occupiedAfter(c.m, c.taken), c.taken); known && !th {
			return true // correct, and not in check (R7)
		}
	}
	return n.exact(c.m)
}

// occupiedAfter returns the squares occupied after the action m, which
// takes the enemy men on taken.
func (n *node) occupiedAfter(m rules.Move, taken rules.Bitboard) rules.Bitboard {
	occ := n.p.Occupied()
	switch m.Kind {
	case rules.Explosion:
		occ.Set(m.From)
		occ.Set(m.To)
	case rules.Annihilation:
		occ.Clear(m.From)
		occ.Clear(m.To)
	case rules.Castle:
		cg := castlings(n.p).geo[int(n.us)*2]
		if cg.rook != m.Via {
			cg = castlings(n.p).geo[int(n.us)*2+1]
		}
		occ = occ.AndNot(rules.BB(cg.king, cg.rook)).Or(rules.BB(cg.kingTo, cg.rookTo))
	default:
		occ = occ.AndNot(taken)
		occ.Clear(m.From)
		occ.Set(m.To)
	}
	return occ
}

// correctBefore asks the provers that read the board before the action
// whether the mover stays correct after c: the witnesses of the matching
// (stillCorrect, keepsMatching), then the recorded lines matched afresh
// (rematch). They prove or leave unknown.
func (n *node) correctBefore(c *candidate) verdict {
	if c.drop >= 0 && n.keepsMatching(c.drop, c.gone) || c.drop < 0 && n.stillCorrect(c.changed) {
		return proved
	}
	first := noFirst
	if c.root {
		first = n.rootMoves(c.m)
	}
	if n.rematch(c.changed, c.drop, c.gone, first) {
		return proved
	}
	return unknown
}

// exact decides the legality of action m by playing it: the mover must stay
// correct (the targeted survey, else the full resonance search), and must
// not be in check unless the opponent is now incorrect.
func (n *node) exact(m rules.Move) bool {
	p := n.p
	p.Make(m)
	defer p.Unmake()
	correct := n.correctAfter(p, m)
	if correct == unknown {
		correct = verdictOf(n.correctNow(p, n.us))
	}
	if correct == refuted {
		return false
	}
	return !n.threat(p, n.us) || !n.correctNow(p, n.them)
}

// threat reports whether colour c is in check in p (R7): by the three
// cases it comes down to (check.go) with the check shortcut, else by the
// plain rules.
func (n *node) threat(p *rules.Position, c rules.Color) bool {
	if n.has(CheckShortcut) {
		return threat(p, c)
	}
	return plainThreat(p, c)
}
