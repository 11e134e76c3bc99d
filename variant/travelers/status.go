package travelers

import "timechess/rules"

// Status ends the game: a side to move that is grammatically incorrect has
// lost (R6; the opponent's last move made it so, or the position was set up
// that way); a side with no legal action is checkmated when in check and
// stalemated otherwise (R7); the draws of ruling C2 apply, of which the
// material one is bare kings with no man traveling.
func (v *Variant) Status(p *rules.Position) rules.Status {
	them := rules.WinFor(p.Side.Other())
	if v.plain() {
		switch {
		case !plainCorrect(p, p.Side):
			return rules.Status{Result: them, Reason: "grammatical incorrectness"}
		case len(v.Legal(p, nil)) > 0:
		case plainThreat(p, p.Side):
			return rules.Status{Result: them, Reason: "checkmate"}
		default:
			return rules.Status{Result: rules.Draw, Reason: "stalemate"}
		}
		return drawn(p)
	}
	if n, ok := cachedCount(p); !ok || n == 0 {
		n := analyse(p)
		defer n.release()
		if !n.correct {
			return rules.Status{Result: them, Reason: "grammatical incorrectness"}
		}
		n.list = false
		n.generate()
		switch {
		case n.n == 0 && n.inCheck():
			return rules.Status{Result: them, Reason: "checkmate"}
		case n.n == 0:
			return rules.Status{Result: rules.Draw, Reason: "stalemate"}
		}
	}
	return drawn(p)
}

// drawn returns the draw of ruling C2 the position has, if any: the
// fifty-move rule, threefold repetition, bare kings.
func drawn(p *rules.Position) rules.Status {
	switch {
	case p.Halfmove >= 100:
		return rules.Status{Result: rules.Draw, Reason: "fifty-move rule"}
	case p.Repetitions() >= 2:
		return rules.Status{Result: rules.Draw, Reason: "threefold repetition"}
	case bareKings(p):
		return rules.Status{Result: rules.Draw, Reason: "insufficient material"}
	}
	return rules.Status{}
}

// bareKings reports whether only kings stand on the board, none traveling.
func bareKings(p *rules.Position) bool {
	return p.Occupied() == p.ByKind[rules.King] && p.Flagged(rules.Traveling).IsZero()
}
