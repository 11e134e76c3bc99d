// Package travelers implements Time Traveler's Chess (variant `travelers`):
// FIDE chess in which every man is untraveled, traveling or traveled, a
// player may explode a traveling and a traveled man onto the board and must
// later annihilate each traveling man with a resonator, and a player whose
// traveling men can no longer all be annihilated has lost (rulings R1-R10,
// docs/rules/travelers.md).
//
// The rules are stated once, plainly, in plain.go: every hypothetical line
// of R2 tried on the board of hypothetical lines (hypo.go), every candidate
// action played and asked R6 and R7. That is the exact path; in front of it
// stand the provers (provers.go), each of which answers a question as
// proved, refuted or unknown, an unknown falling through to the next and at
// last to an exact answer. Every action goes through one pipeline
// (decide.go). The registered variant has every prover; WithProvers makes
// one with any set, and the tests run the whole suite with all on
// (`go test`), with each one off (TestEachProverOff) and with none
// (`go test ./variant/travelers -provers=none`).
//
// The main prover is the survey (survey.go): R2 computed once per position
// with bitboards, with a witness line for every support and resonance
// (witness.go), from which most actions are settled without being played.
//
// What one question lends the next (legal lists, survey records, proofs,
// remembered resonances, nodes) lives in the position's working memory
// (session.go, rules.Position.Memory), owned by whoever owns the position:
// the package keeps no state in package variables (state_test.go), and
// games on different goroutines share nothing (concurrent_test.go).
//
// A position bound to a rules.Budget is polled by every Legal, once per
// root move of a survey and once per explosion slot (the plain rules: per
// candidate and per line's first two moves). A stop unwinds the
// computation: the memory stores only finished answers, a node stopped
// while it surveys is never given back, and the kept surveys and decision
// logs count only once finished (budget_test.go interrupts Legal everywhere
// and compares what follows with fresh answers).
//
// How the provers decide fast, and why each is sound:
// docs/travelers-algorithm.md. The files, and where a change goes:
//
//	The rules (a change of a ruling starts in plain.go, then in the
//	provers that decide the questions it changes; the suite with
//	-provers=none checks the first step, TestEachProverOff the second)
//	plain.go        the rulings R2-R8, A1-A7 stated plainly: the exact path
//	variant.go      the Variant: what it overrides of the orthodox core
//	men.go          the three states of a man (R1), surviving kings (R7)
//	hypo.go         the board of hypothetical lines (R2, A1)
//	make.go         making an action: annihilation, en passant undoing it (R5, A4)
//	status.go       the end of the game (A7)
//	notation.go     SAN and coordinate forms (R9, A9, A10)
//	text.go         the position text (A8)
//	explain.go      why an action is refused (rules.Explainer)
//	notice.go       what is special about a turn (rules.Announcer)
//	api.go          Resonators and Supports, for the UI
//	offboard.go     the off-board state and sight (rules.OffBoarder)
//
//	The provers and the pipeline
//	provers.go      the set of provers, WithProvers
//	decide.go       the verdict type and the pipeline every action goes through
//	legal.go        Legal and Count: every kind of action, in order
//	check.go        check (R7, A5) as the three cases it comes down to
//	castle.go       castling (R8, A6)
//	explosion.go    explosions (R3, A2, A3): generation, refutations, settling
//	resonance.go    the exact resonance search
//	matching.go     the one-to-one matching of R6
//	capture.go      the captures a search tries first (rules.Capturer)
//	survey.go       the survey: the depth-two tree of hypothetical moves
//	record.go       final moves recorded in bulk
//	witness.go      witness lines of supports and resonances
//	node.go         a position's analysis: its survey, its actions
//	approach.go, aside.go, shortlines.go, distance.go, fill.go
//	                the aside, short-lines and lower-bound provers
//
//	Reuse between positions, in the position's working memory
//	session.go      the working memory
//	cache.go        legal lists, asked once by game, notation and SAN (every set of provers); the recent-values table
//	share.go        surveys shared from the board before the opponent's action (Sharing)
//	vacancy.go      ... after a normal move, double step or annihilation
//	kept.go         surveys kept per node (Kept)
//	decisions.go    answers replayed by siblings (Decisions)
//	memo.go         remembered resonance answers (Memo)
//	proof.go        proofs of resonance from the board before an explosion (Proofs)
package travelers
