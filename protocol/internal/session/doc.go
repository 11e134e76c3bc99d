// Package session holds what the engine protocols (UCI, XBoard/CECP) share:
// a command loop that reads the input line by line while a search runs in a
// goroutine beside it, the output that both write to, the engine that is
// (re)built when its options change, and the reading and writing of moves.
//
// The loop runs every command and every finished search on the caller's
// goroutine, one at a time, so a protocol keeps its state without locks; only
// the search's progress reports come from the search goroutine, and they only
// write output.
package session
