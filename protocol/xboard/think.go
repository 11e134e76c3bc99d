package xboard

import (
	"fmt"
	"strconv"
	"strings"

	"timechess/engine"
	"timechess/notation"
	"timechess/protocol/internal/session"
	"timechess/rules"
)

// protover answers "protover N" (N at least 2) with the engine's features.
func (h *handler) protover(args string) bool {
	if n, err := strconv.Atoi(args); err != nil || n < 2 {
		return false // version 1 knows no features
	}
	h.out.Line("feature done=0")
	h.out.Line(fmt.Sprintf("feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 sigterm=0 "+
		"reuse=1 analyze=1 colors=0 name=0 nps=0 debug=1 memory=1 smp=1 myname=%q variants=%q",
		h.cfg.Name, strings.Join(xboardVariants(), ",")))
	h.out.Line("feature done=1")
	return false
}

// goCmd runs go: the engine plays the side to move and thinks.
func (h *handler) goCmd(string) bool {
	h.abort()
	h.force, h.engine = false, h.pos().Side
	if !h.announce() {
		h.think()
	}
	return false
}

// moveNow runs ?: the engine plays the best move it has found so far.
func (h *handler) moveNow(string) bool {
	if h.thinking {
		res, _ := h.s.Stop()
		h.play(res)
	}
	return false
}

// analyze runs analyze: the engine searches the position without end and
// without moving, starting afresh after each change, until exit.
func (h *handler) analyze(string) bool {
	h.abort()
	h.analyzing = true
	h.resume()
	return false
}

// think starts the search for the engine's move.
func (h *handler) think() {
	p := h.pos().Copy() // the reports read it on the search's goroutine
	h.thinking = true
	h.s.Start(p, h.clock.limits(p, h.game.Start().Fullmove), h.report(p, h.post))
}

// startAnalysis starts the search of analyze mode, unless the game is over.
func (h *handler) startAnalysis() {
	if h.game.Status().Over() {
		return
	}
	p := h.pos().Copy()
	h.s.Start(p, engine.Limits{Infinite: true}, h.report(p, true))
}

// play makes the engine's move, then claims the result if the game is over,
// or thinks again if the engine is still to move (never in chess).
func (h *handler) play(res engine.Result) {
	h.thinking = false
	if res.Best.IsNull() {
		h.announce()
		return
	}
	text := h.write(h.pos(), res.Best)
	if err := h.game.PlayMove(res.Best); err != nil {
		h.errorf(err.Error(), "move "+text) // the engine's move is always legal
		return
	}
	h.out.Line("move " + text)
	if !h.announce() {
		h.resume()
	}
}

// report returns the thinking output of a search of root, or nil when
// there is none: post was off when the search started (analysis always
// reports). A line is "PLY SCORE TIME NODES PV": the time in centiseconds,
// the line in SAN, a mate in N moves scored 100000+N (-100000-N when
// mated), as CECP version 2 asks.
func (h *handler) report(root *rules.Position, post bool) func(engine.Info) {
	if !post {
		return nil
	}
	return func(in engine.Info) {
		h.out.Linef("%d %d %d %d %s", in.Depth, score(in.Score), in.Time.Milliseconds()/10, in.Nodes,
			session.Line(root, in.PV, notation.SAN))
	}
}

// score converts a score to XBoard's: centipawns, or 100000 plus the moves
// to mate.
func score(s engine.Score) int {
	switch m := s.Mate(); {
	case m > 0:
		return 100000 + m
	case m < 0:
		return -100000 + m
	case s.IsMate():
		return -100000 // mated now: the game is over
	}
	return int(s)
}
