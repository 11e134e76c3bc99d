// Package notation writes and reads the move notation of every timechess
// variant: Standard Algebraic Notation (SAN), the coordinate form of the
// engine protocols (UCI's long algebraic notation), and Game Courier's full
// algebraic notation, as used by the rule texts' sources.
//
// The orthodox actions (moves, captures, en passant, castling, promotion) are
// handled here for every board size. A variant whose actions need notation of
// their own (time travel, Time Thief captures) implements Notator, and
// CoordNotator for the coordinate form, in its own package; SAN, Coord and
// Parse consult those hooks first.
package notation
