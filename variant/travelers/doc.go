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
package travelers
