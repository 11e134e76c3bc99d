package xboard

import (
	"context"
	"fmt"
	"io"
	"strings"

	"timechess/engine"
	"timechess/game"
	"timechess/notation"
	"timechess/protocol/internal/session"
	"timechess/rules"
)

// Config sets up a session.
type Config struct {
	// Name is the engine's name for the myname feature; empty means "timechess".
	Name string
	// Engine holds the initial hash size and threads (the engine's
	// defaults when zero); the memory and cores commands change them.
	Engine engine.Options
}

// Run speaks XBoard: it reads commands from in and writes answers to out
// until quit, the end of the input or the end of ctx. At the end of the
// input the engine still makes the move it is thinking about; an analysis
// is stopped. Run returns the first error of reading or writing, or ctx's
// error; it leaves no goroutine running but the one in a Read of in that has
// not returned.
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	if cfg.Name == "" {
		cfg.Name = "timechess"
	}
	s := session.New(out, cfg.Engine)
	h := &handler{s: s, out: s.Out, cfg: cfg, engine: rules.Black, clock: newClock()}
	if err := h.setVariant("normal"); err != nil {
		return err
	}
	return s.Run(ctx, in, h)
}

// handler is the state of an XBoard session between commands.
type handler struct {
	s   *session.Session
	out *session.Output
	cfg Config

	variant string // the XBoard name of the variant in force
	fischer bool   // fischerandom: castling is written O-O and O-O-O
	game    *game.Game

	force     bool        // the engine plays neither side
	engine    rules.Color // the side the engine plays when not in force mode
	post      bool        // thinking output
	analyzing bool        // analyze mode: search without end, move never
	thinking  bool        // the running search is for the engine's move
	clock     clock
}

// command is one XBoard command: it gets the text after its name.
type command func(h *handler, args string) (quit bool)

// commands are the XBoard commands by name. Those that only inform an engine
// that has no use for the information are accepted and ignored.
var commands = map[string]command{
	"xboard":   ignore,
	"protover": (*handler).protover,
	"accepted": ignore,
	"rejected": ignore,
	"new":      (*handler).newGame,
	"variant":  (*handler).variantCmd,
	"setboard": (*handler).setBoard,
	"usermove": (*handler).userMove,
	"go":       (*handler).goCmd,
	"playother": func(h *handler, _ string) bool {
		h.abort()
		h.force, h.engine = false, h.pos().Side.Other()
		h.resume()
		return false
	},
	"force": func(h *handler, _ string) bool {
		h.abort()
		h.force = true
		h.resume()
		return false
	},
	"?":       (*handler).moveNow,
	"ping":    func(h *handler, args string) bool { h.out.Line("pong " + args); return false },
	"level":   (*handler).level,
	"st":      (*handler).st,
	"sd":      (*handler).sd,
	"time":    func(h *handler, args string) bool { return h.clockTime(&h.clock.mine, "time", args) },
	"otim":    func(h *handler, args string) bool { return h.clockTime(&h.clock.theirs, "otim", args) },
	"post":    func(h *handler, _ string) bool { h.post = true; return false },
	"nopost":  func(h *handler, _ string) bool { h.post = false; return false },
	"hard":    ignore, // pondering: the engine does not ponder
	"easy":    ignore,
	"result":  (*handler).result,
	"undo":    func(h *handler, _ string) bool { return h.takeBack("undo", 1) },
	"remove":  func(h *handler, _ string) bool { return h.takeBack("remove", 2) },
	"analyze": (*handler).analyze,
	"exit": func(h *handler, _ string) bool {
		h.abort()
		h.analyzing = false
		return false
	},
	"memory":   (*handler).memory,
	"cores":    (*handler).cores,
	"random":   ignore,
	"computer": ignore,
	"name":     ignore,
	"rating":   ignore,
	"ics":      ignore,
	"nps":      ignore, // node-count time controls are not supported
	"egtpath":  ignore,
	"draw":     ignore, // offers are declined by not accepting them
	"hint":     ignore,
	"bk":       ignore,
	".":        ignore, // analysis status: the periodic thinking output says it
	"quit":     func(*handler, string) bool { return true },
}

// ignore accepts a command that needs no answer.
func ignore(*handler, string) bool { return false }

// Command runs one line. A line that is no command but reads as a move is a
// move, as protocol version 1 sends them.
func (h *handler) Command(line string) bool {
	line = strings.TrimSpace(line)
	if line == "" {
		return false
	}
	name, args, _ := strings.Cut(line, " ")
	if c, ok := commands[name]; ok {
		return c(h, strings.TrimSpace(args))
	}
	if _, err := notation.Parse(h.pos(), line); err != nil && isUnreadable(err) {
		h.errorf("unknown command", line)
		return false
	}
	return h.userMove(line)
}

// isUnreadable reports whether a move was refused for not being move text
// at all.
func isUnreadable(err error) bool {
	ne, ok := err.(*notation.Error)
	return ok && ne.Kind == notation.Unreadable
}

// Refused reports a line that could not be read.
func (h *handler) Refused(err error) { h.errorf(err.Error(), "...") }

// Finished plays the move of a search that ended by itself; an analysis
// that ends (every line searched to the end) just stops.
func (h *handler) Finished(res engine.Result) {
	if h.thinking {
		h.play(res)
	}
}

// EndOfInput lets the engine make the move it thinks about and stops an
// analysis.
func (h *handler) EndOfInput() {
	if h.thinking {
		if res, ok := h.s.Wait(); ok {
			h.play(res)
		}
	}
	h.abort()
}

// errorf answers a command that cannot be used: "Error (REASON): COMMAND".
func (h *handler) errorf(reason, command string) {
	h.out.Linef("Error (%s): %s", reason, strings.TrimSpace(command))
}

// pos returns the live position of the game.
func (h *handler) pos() *rules.Position { return h.game.Position() }

// write writes a move of p in the protocol's notation.
func (h *handler) write(p *rules.Position, m rules.Move) string {
	if h.fischer && m.Kind == rules.Castle {
		if m.Via.File() > m.From.File() {
			return "O-O"
		}
		return "O-O-O"
	}
	return notation.Coord(p, m)
}

// announce claims the result when the game is over and reports whether it is.
func (h *handler) announce() bool {
	st := h.game.Status()
	if !st.Over() {
		return false
	}
	reason := st.Reason
	if reason != "" {
		reason = strings.ToUpper(reason[:1]) + reason[1:]
	}
	h.out.Line(fmt.Sprintf("%s {%s}", st.Result, reason))
	return true
}
