// Command timechess plays, checks and counts the games of the timechess
// family (chess and the time-travel variants) from the command line.
//
//	timechess perft --depth 5 --divide
//	timechess moves --fen "..." --moves "e4 e5"
//	timechess replay game.pgn
//	timechess bench
//	timechess variants
//	timechess version
//
// Every verb takes --json for machine-readable output. Errors go to stderr;
// the exit status is 1 for a bad position, move, file or game and 2 for a
// command line that does not parse.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	env := &Env{
		Stdin:    os.Stdin,
		Stdout:   os.Stdout,
		Stderr:   os.Stderr,
		Terminal: isTerminal(os.Stderr),
	}
	code := run(ctx, os.Args[1:], env)
	stop()
	os.Exit(code)
}

// isTerminal reports whether f is a character device, such as a terminal
// (or /dev/null, where a progress display does no harm).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
