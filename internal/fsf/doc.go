// Package fsf runs Fairy-Stockfish, the multi-variant chess engine, as a
// separate UCI process: timechess uses it as an independent oracle for its
// move generator (perft) and, later, as a sparring partner in engine matches.
//
// Fairy-Stockfish is GPL software; timechess never links or copies it, it only
// talks to the installed program through the UCI text protocol. The package
// defines the orthodox timechess variants that Fairy-Stockfish lacks (such as
// chess10x8) in a variants.ini written to a private temporary directory.
package fsf
