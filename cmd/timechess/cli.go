package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/alecthomas/kong"

	// Every variant registers itself for --variant.
	_ "timechess/variant/all"
)

// Exit statuses of the command.
const (
	exitOK    = 0
	exitError = 1 // a bad position, move, file or game
	exitUsage = 2 // a command line that does not parse
)

// Env is what a command takes from the outside world: main passes the
// process's streams, tests their own buffers and clock.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Terminal tells whether Stderr is a terminal, where long runs show progress.
	Terminal bool
	// Now is the clock for the timing lines on Stderr; nil means time.Now.
	Now func() time.Time
}

// now reads the environment's clock.
// open opens a named input file, or standard input for "-".
func (e *Env) open(file string) (io.ReadCloser, error) {
	if file == "-" {
		return io.NopCloser(e.Stdin), nil
	}
	return os.Open(file)
}

func (e *Env) now() time.Time {
	if e.Now == nil {
		return time.Now()
	}
	return e.Now()
}

// CLI is the command line: one field per verb.
type CLI struct {
	Perft    PerftCmd    `cmd:"" help:"Count the leaf nodes of the legal move tree."`
	Moves    MovesCmd    `cmd:"" help:"List the legal moves of the side to move."`
	Replay   ReplayCmd   `cmd:"" help:"Check every move of a game (PGN or bare movetext) and print where it ends."`
	Bench    BenchCmd    `cmd:"" help:"Compare perft speed with Fairy-Stockfish's."`
	Solve    SolveCmd    `cmd:"" help:"Find a forced mate in N moves."`
	Analyze  AnalyzeCmd  `cmd:"" help:"Search a position and print the best lines per depth."`
	Import   ImportCmd   `cmd:"" help:"Read a Time Thief position saved by its inventor's engine (JSON)."`
	Match    MatchCmd    `cmd:"" help:"Play engine-versus-engine games and estimate the Elo difference."`
	Play     PlayCmd     `cmd:"" help:"Play against the engine in the terminal."`
	UCI      UCICmd      `cmd:"" name:"uci" help:"Speak UCI on stdin/stdout (for GUIs and match runners)."`
	XBoard   XBoardCmd   `cmd:"" name:"xboard" help:"Speak XBoard/CECP v2 on stdin/stdout (for GUIs and match runners)."`
	Serve    ServeCmd    `cmd:"" help:"Serve the browser UI and the HTTP/WebSocket API (docs/api.md)."`
	Backup   BackupCmd   `cmd:"" help:"Write a database's portable backup (JSON lines; docs/operations.md) to a file or standard output."`
	Restore  RestoreCmd  `cmd:"" help:"Read a backup into an empty database, all or nothing."`
	Loadtest LoadtestCmd `cmd:"" help:"Play many concurrent live games through the WebSocket API and compare with a WebSocket relay."`
	Variants VariantsCmd `cmd:"" help:"List the registered variants."`
	Version  VersionCmd  `cmd:"" help:"Print the version."`
}

// exitRequest carries kong's request to end the program (after --help, or
// a usage error) out of the parser, so that run returns instead of exiting.
type exitRequest int

// run executes one command line and returns the exit status.
func run(ctx context.Context, args []string, env *Env) (code int) {
	var cli CLI
	parser, err := kong.New(&cli,
		kong.Name("timechess"),
		kong.Description("Chess and time-travel chess: perft, legal moves, game replay, speed benchmark."),
		kong.Writers(env.Stdout, env.Stderr),
		kong.Exit(func(c int) { panic(exitRequest(c)) }),
		kong.BindTo(ctx, (*context.Context)(nil)),
		kong.Bind(env),
	)
	if err != nil {
		panic(err) // the CLI struct's tags are wrong: a programming error
	}
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(exitRequest)
			if !ok {
				panic(r)
			}
			code = int(c)
			if code != exitOK {
				code = exitUsage
			}
		}
	}()
	kctx, err := parser.Parse(args)
	if err != nil {
		parser.Errorf("%v", err)
		fmt.Fprintf(env.Stderr, "run 'timechess --help' for usage\n")
		return exitUsage
	}
	if err := kctx.Run(); err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(env.Stderr, "timechess: interrupted")
		} else {
			fmt.Fprintf(env.Stderr, "timechess: error: %v\n", err)
		}
		return exitError
	}
	return exitOK
}
