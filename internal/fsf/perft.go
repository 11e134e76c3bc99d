package fsf

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Perft is the answer to "go perft": the total leaf count and its division
// by root move, in the engine's order.
type Perft struct {
	Nodes  uint64
	Divide []Division
}

// Division is one root move, in the engine's coordinate notation (such as
// "e2e4", "a10a9", "b7a8g", or "e1h1" for castling in UCI_Chess960 mode),
// with the leaf count below it.
type Division struct {
	Move  string
	Nodes uint64
}

// Perft counts the leaf nodes depth plies below the position fen of the
// variant (a UCI_Variant name, see HasVariant). Castling moves are written
// king-takes-rook when the option UCI_Chess960 is "true", which Chess960
// positions need. The count runs until it ends or ctx does; in the latter
// case the engine is stopped for good.
func (e *Engine) Perft(ctx context.Context, variant, fen string, depth int) (Perft, error) {
	if depth < 1 {
		return Perft{}, fmt.Errorf("fairy-stockfish perft: depth %d is below 1", depth)
	}
	if err := e.proc.CheckLine("position", fen); err != nil {
		return Perft{}, err
	}
	if err := e.Variant(ctx, variant); err != nil {
		return Perft{}, err
	}
	if err := e.proc.Send("position fen " + fen); err != nil {
		return Perft{}, err
	}
	if err := e.proc.Send("go perft " + strconv.Itoa(depth)); err != nil {
		return Perft{}, err
	}
	var res Perft
	var sum uint64
	for {
		l, err := e.proc.Next(ctx)
		if err != nil {
			return Perft{}, err
		}
		if n, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
			if res.Nodes, err = strconv.ParseUint(n, 10, 64); err != nil || res.Nodes != sum {
				return Perft{}, e.proc.Fail(fmt.Errorf("fairy-stockfish perft of %q: total line %q does not add up (divide sums to %d)", fen, l, sum))
			}
			return res, nil
		}
		move, count, ok := strings.Cut(l, ": ")
		if !ok || strings.ContainsRune(move, ' ') {
			continue // "info string ..." and blank lines
		}
		n, err := strconv.ParseUint(count, 10, 64)
		if err != nil {
			return Perft{}, e.proc.Fail(fmt.Errorf("fairy-stockfish perft of %q: unreadable line %q", fen, l))
		}
		res.Divide = append(res.Divide, Division{move, n})
		sum += n
	}
}
