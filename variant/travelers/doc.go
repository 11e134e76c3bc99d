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
package travelers
