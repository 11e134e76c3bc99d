// Package travelers implements Time Traveler's Chess (variant `travelers`):
// FIDE chess in which every man is untraveled, traveling or traveled, a
// player may explode a traveling and a traveled man onto the board and must
// later annihilate each traveling man with a resonator, and a player whose
// traveling men can no longer all be annihilated has lost (rulings R1-R10,
// docs/rules/travelers.md).
//
// The heart of the package is the three-move reachability of ruling R2
// (survey.go): which untraveled men could stand on which squares, as which
// types, after at most three moves of their side. Move generation asks it
// once per position and settles each candidate action from recorded
// witnesses (witness.go), falling back to an exact search only when a
// candidate touches every witness. After an explosion of the opponent's the
// survey is shared from the position before it (share.go).
//
// What one question lends the next (legal lists, survey records, proofs,
// remembered resonances, nodes) lives in the position's working memory
// (session.go, rules.Position.Memory), owned by whoever owns the position:
// the package keeps no state in package variables (state_test.go), and
// games on different goroutines share nothing (concurrent_test.go).
//
// A position bound to a rules.Budget is polled by every Legal, once per
// root move of a survey and once per explosion slot. A stop unwinds the
// computation: the memory stores only finished answers, a node stopped
// while it surveys is never given back, and the kept surveys and decision
// logs count only once finished (budget_test.go interrupts Legal everywhere
// and compares what follows with fresh answers).
//
// How it decides fast, and why each shortcut is exact:
// docs/travelers-algorithm.md. The files, and where a change goes:
//
//	The rules (a change of a ruling starts here, then reference_test.go)
//	variant.go      the Variant: what it overrides of the orthodox core
//	men.go          the three states of a man (R1), surviving kings (R7)
//	hypo.go         a hypothetical line's board and moves (R2, A1)
//	explosion.go    explosions (R3, A2, A3): generation and settling
//	resonance.go    resonators (R4): the exact resonance search
//	matching.go     grammatical correctness (R6): the one-to-one matching
//	check.go        check, kingless, resolved (R7, A5)
//	castle.go       castling (R8, A6)
//	make.go         making an action: annihilation, en passant undoing it (R5, A4)
//	status.go       the end of the game (A7)
//	legal.go        Legal and Count: every kind of action, in order
//	capture.go      the captures a search tries first (rules.Capturer)
//	notation.go     SAN and coordinate forms (R9, A9, A10)
//	text.go         the position text (A8)
//	explain.go      why an action is refused (rules.Explainer)
//	notice.go       what is special about a turn (rules.Announcer)
//	api.go          Resonators, for the UI
//
//	The survey (R2 computed exactly)
//	survey.go       the depth-two tree of hypothetical moves
//	record.go       final moves recorded in bulk
//	witness.go      witness lines of supports and resonances
//	node.go         a position's analysis: its survey, its actions
//
//	Shortcuts in front of the exact verdict (docs/travelers-algorithm.md)
//	approach.go, aside.go, shortlines.go, distance.go, fill.go
//
//	Reuse between positions, in the position's working memory
//	session.go      the working memory
//	cache.go        legal lists; the recent-values table
//	share.go        surveys shared from the board before the opponent's action
//	vacancy.go      ... after a normal move, double step or annihilation
//	kept.go         surveys kept per node
//	decisions.go    answers replayed by siblings
//	memo.go         remembered resonance answers
//	proof.go        proofs of resonance from the board before an explosion
package travelers
