// Package xboard speaks the Chess Engine Communication Protocol (XBoard,
// WinBoard; CECP version 2) to a GUI or a match runner: Run reads commands
// from an io.Reader and writes the engine's answers to an io.Writer,
// searching with timechess's engine in a goroutine so that ping, ?, force
// and quit are answered while it thinks.
//
// The engine asks for setboard, usermove, ping, playother, analyze, memory
// and smp in its features, and lists its variants: XBoard's "normal" and
// "fischerandom" are timechess's chess, the others go by timechess's names.
// Moves are read and written in each variant's coordinate form
// (notation.Coord; castling in fischerandom as O-O and O-O-O), and a user
// move is also accepted in any notation notation.Parse reads. An illegal
// move is answered "Illegal move: MOVE", a position that cannot be set up
// "tellusererror Illegal position", any other command that cannot be used
// "Error (REASON): COMMAND". When a move ends the game the engine claims the
// result ("1-0 {Checkmate}").
package xboard
