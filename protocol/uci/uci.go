package uci

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"timechess/engine"
	"timechess/protocol/internal/session"
	"timechess/rules"
)

// Config sets up a session.
type Config struct {
	// Name is the engine's name for "id name"; empty means "timechess".
	Name string
	// Variant is the variant in force until UCI_Variant changes it; empty
	// means "chess".
	Variant string
	// Engine holds the initial Hash and Threads (the engine's defaults when zero).
	Engine engine.Options
}

// Author is the engine's author for "id author".
const Author = "the timechess authors"

// Run speaks UCI: it reads commands from in and writes answers to out until
// quit, the end of the input or the end of ctx. At the end of the input a
// running search with limits is finished and answered first (so a piped
// script gets its bestmove); an infinite one is stopped. Run returns the
// first error of reading or writing, or ctx's error; it leaves no goroutine
// running but the one in a Read of in that has not returned.
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	if cfg.Name == "" {
		cfg.Name = "timechess"
	}
	if cfg.Variant == "" {
		cfg.Variant = "chess"
	}
	// The engine's own defaults, filled in so that "uci" declares them.
	cfg.Engine.Threads = max(cfg.Engine.Threads, 1)
	if cfg.Engine.HashMB < 1 {
		cfg.Engine.HashMB = 16
	}
	v, err := rules.Lookup(cfg.Variant)
	if err != nil {
		return err
	}
	start, err := rules.NewPosition(v, v.Spec().Start)
	if err != nil {
		return fmt.Errorf("variant %s: start position: %w", v.Spec().Name, err)
	}
	s := session.New(out, cfg.Engine)
	h := &handler{s: s, out: s.Out, cfg: cfg, variant: v, pos: start, multiPV: 1,
		overhead: int(engine.DefaultOverhead / time.Millisecond)}
	return s.Run(ctx, in, h)
}

// handler is the state of a UCI session between commands.
type handler struct {
	s   *session.Session
	out *session.Output
	cfg Config

	variant  rules.Variant
	chess960 bool // UCI_Chess960: castling is written king-takes-rook
	multiPV  int
	overhead int  // Move Overhead, milliseconds
	ponder   bool // the Ponder option (the GUI's business: see go ponder)
	pos      *rules.Position

	// root is the position of the last go and write the notation of its
	// answers.
	root  *rules.Position
	write session.MoveWriter
	// waitStop is set for go infinite and go ponder: bestmove waits for
	// stop or ponderhit even when the search ends by itself, in which case
	// held keeps its result.
	waitStop bool
	held     *engine.Result
	// onHit holds the limits of a go ponder, searched on ponderhit.
	onHit *engine.Limits
}

// command is one UCI command: it gets the words after its name.
type command func(h *handler, args []string) (quit bool)

// commands are the UCI commands by name.
var commands = map[string]command{
	"uci":        (*handler).identify,
	"debug":      func(*handler, []string) bool { return false }, // there is no debugging output
	"register":   func(*handler, []string) bool { return false }, // nothing to register
	"isready":    (*handler).isReady,
	"setoption":  (*handler).setOption,
	"ucinewgame": (*handler).newGame,
	"position":   (*handler).position,
	"go":         (*handler).goSearch,
	"stop":       (*handler).stop,
	"ponderhit":  (*handler).ponderHit,
	"quit":       (*handler).quit,
	"d":          (*handler).display,
}

// Command runs one line. As UCI asks, unknown words before a command are
// skipped ("joho debug on" is "debug on").
func (h *handler) Command(line string) bool {
	words := strings.Fields(line)
	for i, w := range words {
		if c, ok := commands[w]; ok {
			return c(h, words[i+1:])
		}
	}
	if len(words) > 0 {
		h.errorf("unknown command %q", words[0])
	}
	return false
}

// Refused reports a line that could not be read.
func (h *handler) Refused(err error) { h.errorf("%v", err) }

// Finished answers a search that ended by itself, unless the GUI must say
// stop or ponderhit first.
func (h *handler) Finished(res engine.Result) {
	if h.waitStop {
		h.held = &res
		return
	}
	h.bestMove(res)
}

// EndOfInput finishes a search with limits and stops an infinite one.
func (h *handler) EndOfInput() {
	if h.s.Searching() && !h.waitStop {
		res, _ := h.s.Wait()
		h.bestMove(res)
		return
	}
	h.stop(nil)
}

// errorf writes an error as an info string.
func (h *handler) errorf(format string, args ...any) {
	h.out.Line("info string error: " + fmt.Sprintf(format, args...))
}

// quit stops a running search, which answers its bestmove as for stop, and
// ends the session.
func (h *handler) quit([]string) bool {
	h.stop(nil)
	return true
}

// identify answers uci.
func (h *handler) identify([]string) bool {
	h.out.Line("id name " + h.cfg.Name)
	h.out.Line("id author " + Author)
	for _, o := range options {
		h.out.Line("option name " + o.name + " " + o.declare(h))
	}
	h.out.Line("uciok")
	return false
}

// isReady builds the engine if its options changed, then answers readyok;
// it does not wait for a running search.
func (h *handler) isReady([]string) bool {
	if !h.s.Searching() {
		h.s.Ready()
	}
	h.out.Line("readyok")
	return false
}

// newGame stops a running search (which answers bestmove) and clears the
// engine's memory of the game.
func (h *handler) newGame([]string) bool {
	h.stop(nil)
	h.s.NewGame()
	return false
}
