// Package gifford implements Gary Gifford's Time Travel Chess as variant
// `gifford` (rulings G1-G8; docs/rules/gifford.md): men sent forward to a
// later move next to a friendly King, arrivals that must be played when they
// can, men and Kings Lost in Time, Kings travelling back up to five moves at
// most twice per side, several Kings per side, and the timelines that
// backward travel leaves behind.
package gifford
