// Package perft counts the leaf nodes of the legal move tree of any variant,
// the standard correctness and speed check of a move generator, and reads
// the perft fixture files every variant's tests share.
//
// Files:
//
//	perft.go    Count and Divide
//	fixture.go  the one fixture format (FEN ;D1 n ;D2 n ... under a source
//	            comment), read by ReadFixtures; internal/casescript.RunPerft
//	            checks a file's cases
//
// Fixture files: perft/testdata/*.epd (chess, Chess960, chess10x8) and each
// time-travel variant's testdata/perft.epd.
package perft

import (
	"context"

	"timechess/rules"
)

// Count returns the number of legal action sequences of length depth from p.
// The last ply is counted without making the moves (bulk counting).
func Count(ctx context.Context, p *rules.Position, depth int) (uint64, error) {
	bufs := make([][]rules.Move, depth+1)
	return count(ctx, p, depth, bufs)
}

func count(ctx context.Context, p *rules.Position, depth int, bufs [][]rules.Move) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	if depth == 1 {
		return uint64(p.CountLegal()), nil
	}
	ml := p.Legal(bufs[depth])
	bufs[depth] = ml
	if depth >= 4 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	var n uint64
	for _, m := range ml {
		p.Make(m)
		c, err := count(ctx, p, depth-1, bufs)
		p.Unmake()
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// Division is one root move's share of a perft count.
type Division struct {
	Move  rules.Move
	Nodes uint64
}

// Divide returns the perft count below each root move, in generation order.
// progress, when not nil, is called after each root move.
func Divide(ctx context.Context, p *rules.Position, depth int, progress func(done, total int)) ([]Division, error) {
	if depth < 1 {
		return nil, nil
	}
	root := p.Legal(nil)
	out := make([]Division, 0, len(root))
	for i, m := range root {
		p.Make(m)
		n, err := Count(ctx, p, depth-1)
		p.Unmake()
		if err != nil {
			return out, err
		}
		out = append(out, Division{m, n})
		if progress != nil {
			progress(i+1, len(root))
		}
	}
	return out, nil
}
