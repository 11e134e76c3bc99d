package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"timechess/engine"
	"timechess/game"
	"timechess/notation"
	"timechess/protocol/internal/session"
	"timechess/rules"
)

// goSearch runs go: a search still running answers first, then a search of
// the current position starts. Parameters that cannot be read are reported
// and left out; the search runs with the others, since the GUI waits for a
// bestmove either way, and when no limit is left it searches one ply rather
// than until stop.
func (h *handler) goSearch(args []string) bool {
	h.stop(nil)
	write := h.moveWriter()
	l, ponder, errs := readGo(h.pos, args, write)
	for _, err := range errs {
		h.errorf("go: %v", err)
	}
	if len(errs) > 0 && !ponder && l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 &&
		l.WTime == 0 && l.BTime == 0 && !l.Infinite {
		l.Depth = 1
	}
	l.MultiPV = h.multiPV
	l.Overhead = time.Duration(h.overhead) * time.Millisecond
	h.root, h.write = h.pos.Copy(), write
	h.waitStop = l.Infinite || ponder
	if ponder {
		onHit := l
		h.onHit = &onHit
		l = engine.Limits{Infinite: true, MultiPV: l.MultiPV, Moves: l.Moves}
	}
	h.s.Start(h.root, l, h.info(h.root, write))
	return false
}

// stop ends the running search and answers its bestmove, or answers the
// bestmove held for stop.
func (h *handler) stop([]string) bool {
	h.onHit = nil
	if res, ok := h.s.Stop(); ok {
		h.bestMove(res)
	} else if h.held != nil {
		h.bestMove(*h.held)
	}
	return false
}

// ponderHit turns a ponder search into a search with the limits go ponder
// gave: the ponder search is dropped and a new one starts, which finds the
// transposition table already filled.
func (h *handler) ponderHit([]string) bool {
	if h.onHit == nil {
		return false // not pondering: the GUI's ponderhit came late
	}
	l := *h.onHit
	h.onHit, h.held, h.waitStop = nil, nil, l.Infinite
	h.s.Start(h.root, l, h.info(h.root, h.write))
	return false
}

// bestMove answers a finished search. A root with no legal move (the game is
// over) gets its score on a depth-0 info line and "bestmove (none)".
func (h *handler) bestMove(res engine.Result) {
	h.held, h.waitStop = nil, false
	if res.Best.IsNull() {
		h.out.Line("info depth 0 score " + res.Score.String())
		h.out.Line("bestmove (none)")
		return
	}
	line := "bestmove " + h.write(h.root, res.Best)
	if after := h.root.Copy(); !res.Ponder.IsNull() {
		after.Make(res.Best)
		if game.IsLegal(after, res.Ponder) {
			line += " ponder " + h.write(after, res.Ponder)
		}
	}
	h.out.Line(line)
}

// info returns the progress reporter of a search of root: one info line per
// line of each completed depth.
func (h *handler) info(root *rules.Position, write session.MoveWriter) func(engine.Info) {
	return func(in engine.Info) {
		var b strings.Builder
		fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s nodes %d nps %d time %d hashfull %d",
			in.Depth, in.SelDepth, in.MultiPV, in.Score, in.Nodes, in.NPS, in.Time.Milliseconds(), in.HashFull)
		if pv := session.Line(root, in.PV, write); pv != "" {
			b.WriteString(" pv " + pv)
		}
		h.out.Line(b.String())
	}
}

// moveWriter returns the notation of moves under the current options: the
// variant's coordinate form, with castling as king-takes-rook under
// UCI_Chess960.
func (h *handler) moveWriter() session.MoveWriter {
	if !h.chess960 {
		return notation.Coord
	}
	return func(p *rules.Position, m rules.Move) string {
		if m.Kind == rules.Castle {
			return m.From.String() + m.Via.String()
		}
		return notation.Coord(p, m)
	}
}

// goParams are the go parameters that take a number, with where it goes.
var goParams = map[string]func(l *engine.Limits, n int64){
	"depth":     func(l *engine.Limits, n int64) { l.Depth = int(min(n, engine.MaxDepth)) },
	"nodes":     func(l *engine.Limits, n int64) { l.Nodes = uint64(n) },
	"mate":      func(l *engine.Limits, n int64) { l.Depth = int(min(2*n, engine.MaxDepth)) },
	"movetime":  func(l *engine.Limits, n int64) { l.MoveTime = clockTime(n) },
	"wtime":     func(l *engine.Limits, n int64) { l.WTime = clockTime(n) },
	"btime":     func(l *engine.Limits, n int64) { l.BTime = clockTime(n) },
	"winc":      func(l *engine.Limits, n int64) { l.WInc = time.Duration(n) * time.Millisecond },
	"binc":      func(l *engine.Limits, n int64) { l.BInc = time.Duration(n) * time.Millisecond },
	"movestogo": func(l *engine.Limits, n int64) { l.MovesToGo = int(min(n, 1<<20)) },
}

// clockTime converts a time in milliseconds; a clock at or below zero (a
// GUI's late report) still counts as one millisecond left, not as no clock.
func clockTime(ms int64) time.Duration {
	return max(time.Duration(ms)*time.Millisecond, time.Millisecond)
}

// goWords are the words of go that take no number.
var goWords = map[string]bool{"infinite": true, "ponder": true, "searchmoves": true}

// readGo reads the parameters of go in position p. "mate N" searches 2N
// plies (the engine has no mate limit of its own). searchmoves takes the
// moves up to the next parameter. It returns every problem found; what was
// read is in the limits.
func readGo(p *rules.Position, args []string, write session.MoveWriter) (l engine.Limits, ponder bool, errs []error) {
	for i := 0; i < len(args); i++ {
		w := args[i]
		if set, ok := goParams[w]; ok {
			if i+1 == len(args) {
				errs = append(errs, fmt.Errorf("%s needs a number", w))
				break
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil || n < 0 && w != "wtime" && w != "btime" {
				errs = append(errs, fmt.Errorf("%s %q: not a number of at least 0", w, args[i]))
				continue
			}
			set(&l, max(n, 0))
			continue
		}
		switch w {
		case "infinite":
			l.Infinite = true
		case "ponder":
			ponder = true
		case "searchmoves":
			for ; i+1 < len(args) && goParams[args[i+1]] == nil && !goWords[args[i+1]]; i++ {
				m, err := session.ReadMove(p, args[i+1], write)
				if err != nil {
					errs = append(errs, fmt.Errorf("searchmoves: %v", err))
					continue
				}
				l.Moves = append(l.Moves, m)
			}
		default:
			errs = append(errs, fmt.Errorf("unknown parameter %q", w))
		}
	}
	return l, ponder, errs
}
