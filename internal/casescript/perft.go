package casescript

import (
	"context"
	"errors"
	"fmt"

	"timechess/notation"
	"timechess/perft"
	"timechess/rules"
)

// CountListed counts the action sequences of depth plies from p by listing
// the actions of every node with legal (the position's own Legal when nil)
// instead of counting the last ply in bulk as perft does.
func CountListed(p *rules.Position, depth int, legal func(*rules.Position) []rules.Move) uint64 {
	if depth == 0 {
		return 1
	}
	var ml []rules.Move
	if legal == nil {
		ml = p.Legal(nil)
	} else {
		ml = legal(p)
	}
	if depth == 1 {
		return uint64(len(ml))
	}
	var n uint64
	for _, m := range ml {
		p.Make(m)
		n += CountListed(p, depth-1, legal)
		p.Unmake()
	}
	return n
}

// CheckDivide checks perft.Divide of depth plies from p: the shares of the
// root actions sum to total, each is what recount gives for the position
// after its action and depth-1 plies, and p is left as it was. It returns
// every disagreement found, joined.
func CheckDivide(ctx context.Context, p *rules.Position, depth int, total uint64,
	recount func(p *rules.Position, depth int) (uint64, error)) error {
	fen := p.FEN()
	divs, err := perft.Divide(ctx, p, depth, nil)
	if err != nil {
		return err
	}
	var errs []error
	var sum uint64
	for _, d := range divs {
		sum += d.Nodes
		move := notation.Coord(p, d.Move)
		p.Make(d.Move)
		n, err := recount(p, depth-1)
		p.Unmake()
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("after %s: %v", move, err))
		case n != d.Nodes:
			errs = append(errs, fmt.Errorf("after %s: %d nodes in the divide, %d recounted", move, d.Nodes, n))
		}
	}
	if sum != total {
		errs = append(errs, fmt.Errorf("the divide of depth %d sums to %d, want %d", depth, sum, total))
	}
	if p.FEN() != fen {
		errs = append(errs, fmt.Errorf("the divide changed the position to %s", p.FEN()))
	}
	return errors.Join(errs...)
}
