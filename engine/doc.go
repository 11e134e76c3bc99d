// Package engine searches positions of every timechess variant: an
// iterative-deepening principal-variation alpha-beta search with a shared
// transposition table, quiescence, multi-PV and lazy SMP threads (Engine,
// Search), an exact forced-mate solver (SolveMate), and an evaluation per
// variant. It depends only on the rules.Variant / rules.Position interface,
// so time-travel actions (arrivals, sends, backward travel, TT-captures,
// explosions, annihilations) are searched like any other move.
//
// The design, each search and evaluation feature and the log of matches
// that justify them are in docs/engine.md.
package engine
