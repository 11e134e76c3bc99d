// Package rules is the core of timechess: board geometry up to 16x16, pieces,
// positions with make/unmake and incremental Zobrist hashing, the orthodox
// (FIDE) move generator, the position text (a FEN superset) and the Variant
// interface through which every game plugs its own rules into that core.
// A Budget (budget.go) bounds a computation on positions: long loops poll
// it, and it stops them when its context ends or its work runs out.
//
// Squares use a fixed stride of 16 (index = rank*16 + file) whatever the
// board's width, so one 256-bit Bitboard type serves every board size and a
// Square means the same thing on every board.
//
// Why an action is refused is told by refusal.go: a Refusal names the rule
// and the reason, Orthodox explains the laws of chess (pins, checks,
// castling), and a variant that implements Explainer explains its own.
// What is special about a turn is told by notice.go: an Announcer gives the
// notices of a turn as Refusals (check in Orthodox, a variant's own rules in
// its notice.go), from the legal actions its caller already has.
// What a variant keeps off the board is told by offboard.go: an OffBoarder
// gives the front ends its OffBoard (men in transit, travels left, Kings,
// lost traveling men) and its Sight (what they mark on the board), so that
// none of them asks which variant it has.
package rules
