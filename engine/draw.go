package engine

import "timechess/rules"

// drawnByRule reports whether the node at ply is drawn by repetition or by
// material. A state repeated inside the search tree is scored as a draw at
// once (the side that could avoid the repetition would have); a state
// repeating the game's history before the root needs two earlier
// occurrences, the threefold repetition of ruling C2. Equal hashes mean
// equal whole states (every variant field is hashed) unless the variant's
// profile says otherwise.
func (w *worker) drawnByRule(ply int) bool {
	p := w.p
	if w.pr.dead(p) {
		return true
	}
	return repeats(p, ply, w.pr)
}

// repeats reports whether p repeats a state at most ply actions back (a
// state of the search line, the root included) or twice further back.
func repeats(p *rules.Position, ply int, pr *profile) bool {
	if !pr.repeatable(p) {
		return false
	}
	n := min(p.Halfmove, p.Ply())
	earlier := 0
	for i := 2; i <= n; i += 2 {
		if p.HashBefore(i) != p.Hash {
			continue
		}
		if i <= ply {
			return true
		}
		if earlier++; earlier >= 2 {
			return true
		}
	}
	return false
}

// terminal scores a node without legal actions by the variant's verdict:
// checkmate, stalemate, a King captured or Lost in Time, grammatical
// incorrectness. Every variant's decisive results come with no legal action
// for the side to move (docs/engine.md, "Terminal states").
func (w *worker) terminal(ply int) Score {
	switch w.p.Status().Result {
	case rules.WinFor(w.p.Side):
		return MateIn(ply)
	case rules.WinFor(w.p.Side.Other()):
		return MatedIn(ply)
	}
	return 0
}
