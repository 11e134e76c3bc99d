package xboard

import (
	"fmt"
	"strconv"

	"timechess/game"
	"timechess/protocol/internal/session"
	"timechess/rules"
)

// Variant names that XBoard knows and timechess plays as chess.
const (
	normal       = "normal"
	fischerandom = "fischerandom"
)

// xboardVariants returns the variants as the variants feature lists them:
// XBoard's names for chess, then timechess's other variants by their names.
func xboardVariants() []string {
	names := []string{normal, fischerandom}
	for _, n := range rules.Names() {
		if n != "chess" {
			names = append(names, n)
		}
	}
	return names
}

// setVariant switches to the variant XBoard calls name; the game starts
// afresh from its start position.
func (h *handler) setVariant(name string) error {
	ours := name
	if name == normal || name == fischerandom {
		ours = "chess"
	}
	v, err := rules.Lookup(ours)
	if err != nil {
		return err
	}
	g, err := game.New(v, "")
	if err != nil {
		return err
	}
	h.variant, h.fischer, h.game = name, name == fischerandom, g
	return nil
}

// abort stops the running search, if any, dropping its result.
func (h *handler) abort() {
	h.s.Stop()
	h.thinking = false
}

// resume starts what the new state calls for: the analysis in analyze mode,
// else the engine's move when it is the engine's turn.
func (h *handler) resume() {
	switch {
	case h.analyzing:
		h.startAnalysis()
	case !h.force && h.pos().Side == h.engine && !h.game.Status().Over():
		h.think()
	}
}

// newGame runs new: chess from the start, the engine playing Black, no
// depth limit, the clocks reset, the engine's memory of the last game gone.
func (h *handler) newGame(string) bool {
	h.abort()
	h.s.NewGame()
	if err := h.setVariant(normal); err != nil {
		h.errorf(err.Error(), "new")
		return false
	}
	h.force, h.engine = false, rules.Black
	h.clock.reset()
	h.resume()
	return false
}

// variantCmd runs variant: the game restarts in the named variant.
func (h *handler) variantCmd(args string) bool {
	h.abort()
	if err := h.setVariant(args); err != nil {
		h.errorf("unsupported variant", "variant "+args)
		return false
	}
	h.resume()
	return false
}

// setBoard runs setboard: the game restarts from the position text (the
// FEN superset of the variant in force).
func (h *handler) setBoard(args string) bool {
	h.abort()
	if args == "" {
		h.out.Line("tellusererror Illegal position: setboard gives no position")
		return false
	}
	g, err := game.New(h.game.Variant(), args)
	if err != nil {
		h.out.Line("tellusererror Illegal position: " + err.Error())
		return false
	}
	h.game = g
	h.resume()
	return false
}

// userMove plays the opponent's move (or either side's in force mode).
func (h *handler) userMove(text string) bool {
	h.abort()
	m, err := session.ReadMove(h.pos(), text, h.write)
	if err == nil {
		err = h.game.PlayMove(m)
	}
	if err != nil {
		h.out.Line("Illegal move: " + text)
		h.out.Line("# " + err.Error())
		h.resume()
		return false
	}
	if !h.announce() {
		h.resume()
	}
	return false
}

// takeBack runs undo (n = 1) and remove (n = 2).
func (h *handler) takeBack(name string, n int) bool {
	h.abort()
	if len(h.game.Plies()) < n {
		h.errorf(fmt.Sprintf("only %d moves to take back", len(h.game.Plies())), name)
		h.resume()
		return false
	}
	for range n {
		if err := h.game.Undo(); err != nil {
			h.errorf(err.Error(), name)
			break
		}
	}
	h.resume()
	return false
}

// result runs result: the game is over, the engine stops and waits for new.
func (h *handler) result(string) bool {
	h.abort()
	h.force = true
	return false
}

// memory runs "memory N": the hash table gets N MiB from the next search on.
func (h *handler) memory(args string) bool {
	return h.setOption("memory", args, maxMemory, func(n int) { h.cfg.Engine.HashMB = n })
}

// cores runs "cores N": the engine searches with N threads from the next
// search on.
func (h *handler) cores(args string) bool {
	return h.setOption("cores", args, maxCores, func(n int) { h.cfg.Engine.Threads = n })
}

// Bounds of memory and cores.
const (
	maxMemory = 1 << 16 // MiB
	maxCores  = 256
)

// setOption sets an engine option from a whole number from 1 to limit.
func (h *handler) setOption(name, args string, limit int, set func(n int)) bool {
	n, err := strconv.Atoi(args)
	if err != nil || n < 1 || n > limit {
		h.errorf(fmt.Sprintf("expected a whole number from 1 to %d", limit), name+" "+args)
		return false
	}
	set(n)
	h.s.SetOptions(h.cfg.Engine)
	return false
}
