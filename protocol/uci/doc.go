// Package uci speaks the Universal Chess Interface to a GUI or a match
// runner: Run reads commands from an io.Reader and writes the engine's
// answers to an io.Writer, searching with timechess's engine in a goroutine
// so that stop, isready and quit are answered while it thinks.
//
// The commands are UCI's (uci, debug, isready, setoption, register,
// ucinewgame, position, go, stop, ponderhit, quit) and the debugging helper
// d, which prints the board. Besides Hash, Threads, MultiPV, Ponder, Clear
// Hash and UCI_Chess960, the option UCI_Variant picks the variant, as
// Fairy-Stockfish does. Moves are read and written in each variant's
// coordinate form (notation.Coord; docs/protocol.md lists every time-travel
// action's); a move is also accepted in any notation notation.Parse reads.
// Input that cannot be used (an unknown command, a bad position, an illegal
// move, an option out of range) is answered by an "info string error: ..."
// line and otherwise ignored.
package uci
