package travelers

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"timechess/rules"
)

// interruptAt stops the legal actions of p, on a copy bound to a budget of
// steps polls (rules.Budget), and reports whether the budget stopped them.
// count asks for the number of actions instead of the list. The copy's
// working memory (session.go) starts empty; unless cold, it is warmed first
// by the legal actions of the copy and of the position before its last
// action, less the copy's own list, so that the stop falls in a computation
// that uses the records, proofs, memo and nodes they left.
func interruptAt(t *testing.T, p *rules.Position, steps int64, count, cold bool) bool {
	t.Helper()
	q := p.Copy()
	if !cold {
		warm(q)
	}
	err := rules.Bounded(context.Background(), steps, func(b *rules.Budget) {
		q.Bind(b)
		if count {
			q.CountLegal()
		} else {
			q.Legal(nil)
		}
	})
	if err != nil && !errors.Is(err, rules.ErrBudget) {
		t.Fatalf("%s: the budget stopped with %v, want %v", p.FEN(), err, rules.ErrBudget)
	}
	return err != nil
}

// warm fills p's working memory by computing the legal actions of p and of
// the position before its last action, then forgets p's own list (cache.go):
// the next Legal of p computes it, with the memo, the records and the proofs
// that were left.
func warm(p *rules.Position) {
	p.Legal(nil)
	if p.Ply() > 0 {
		m := p.LastMove()
		p.Unmake()
		p.Legal(nil)
		p.Make(m)
	}
	sessionOf(p).legal = legalSlots{}
}

// budgetCase is a position whose legal actions were computed afresh (the
// caches emptied first), before any interruption.
type budgetCase struct {
	p    *rules.Position
	want []rules.Move
}

// freshLegal returns p's legal actions computed on a copy, whose working
// memory starts empty.
func freshLegal(p *rules.Position) []rules.Move {
	return p.Copy().Legal(nil)
}

// TestInterruptedLegal stops Legal and Count part-way, at every step of a
// growing series of work budgets, on the positions one action deep below
// the benchmark positions (siblings after explosions share surveys through
// the pooled nodes, the records and the decision logs), on some two
// actions deep and on small random positions, and checks after each stop
// that the next Legal and Count of the same position, and of the sibling
// that follows, give what a fresh computation gave, and the oracle's
// answer on the small positions: a stop leaves the package's caches and
// pools consistent (no lock held, no half-built entry kept).
func TestInterruptedLegal(t *testing.T) {
	needProvers(t, Survey)
	var cases []budgetCase
	add := func(p *rules.Position) {
		q := p.Copy()
		cases = append(cases, budgetCase{p: q, want: freshLegal(q)})
	}
	every, deepStep := 9, 40009
	if testing.Short() {
		every, deepStep = 27, 400009
	}
	for _, bp := range benchPositions {
		p, err := rules.NewPosition(Travelers, bp.fen)
		if err != nil {
			t.Fatal(err)
		}
		add(p)
		for i, a1 := range p.Legal(nil) {
			p.Make(a1)
			if i%every == 0 || a1.Kind == rules.Explosion && i%every == 1 {
				add(p)
			}
			p.Unmake()
		}
	}
	inBenchTrees(t, deepStep, func(p *rules.Position) { add(p) })
	small := len(cases)
	rng := rand.New(rand.NewPCG(*seed, 34))
	for len(cases) < small+20 {
		w, h := 4+rng.IntN(3), 4+rng.IntN(3)
		p, err := rules.NewPosition(Travelers, randomPosition(rng, w, h, 4+rng.IntN(5)))
		if err != nil {
			continue
		}
		c := budgetCase{p: p, want: freshLegal(p)}
		if d := moveDiff(p, c.want, plainLegal(p, nil)); d != "" {
			t.Fatalf("%s: fresh legal actions differ from the oracle's: %s", p.FEN(), d)
		}
		cases = append(cases, c)
	}
	check := func(c budgetCase, after string) {
		t.Helper()
		if got := c.p.Legal(nil); !sameMoves(got, c.want) {
			t.Fatalf("%s after %s: legal actions differ from a fresh computation: %s", c.p.FEN(), after, moveDiff(c.p, got, c.want))
		}
		if n := c.p.CountLegal(); n != len(c.want) {
			t.Fatalf("%s after %s: count %d, want %d", c.p.FEN(), after, n, len(c.want))
		}
	}
	stops, maxPolls := 0, int64(0)
	for i, c := range cases {
		polls := pollsOf(c.p)
		maxPolls = max(maxPolls, polls)
		for steps := int64(1); ; steps += 1 + steps/2 {
			count := steps%2 == 0
			if !interruptAt(t, c.p, steps, count, true) {
				break
			}
			stops++
			check(c, "a stop")
			if i+1 < len(cases) {
				check(cases[i+1], "a stop of the previous case")
			}
			// Stop again with the caches warm, then cold, and go on to
			// the next sibling with what that stop left.
			interruptAt(t, c.p, steps, !count, false)
			check(c, "a stop with warm caches")
			interruptAt(t, c.p, steps, count, true)
			if i+1 < len(cases) {
				check(cases[i+1], "a stop of the previous case")
			}
		}
	}
	if stops < len(cases) {
		t.Fatalf("only %d stops on %d positions: the budget is not polled", stops, len(cases))
	}
	t.Logf("%d positions, %d stops, at most %d polls per computation", len(cases), stops, maxPolls)
}

// pollsOf returns how many times Legal polls its budget on p, its legal
// actions not cached.
func pollsOf(p *rules.Position) int64 {
	q := p.Copy()
	b := rules.NewBudget(context.Background(), 0)
	q.Bind(b)
	q.Legal(nil)
	return b.Polls()
}

// TestBudgetStopsHostile checks that a position that takes long to
// describe (16x16 filled with queens: its children take about 0.3 s each
// with every prover, far longer by the plain rules) stops soon after its
// context ends, which it does 0.3 s into the first child's computation.
func TestBudgetStopsHostile(t *testing.T) {
	p, err := rules.NewPosition(Travelers, "qqqqqqqqqqqqqqqk/qqqqqqqqqqqqqqqq/16/16/16/16/16/16/16/16/16/16/16/16/QQQQQQQQQQQQQQQQ/QQQQQQQQQQQQQQQK w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer time.AfterFunc(300*time.Millisecond, cancel).Stop() // in the first child's computation
	var polls int64
	err = rules.Bounded(ctx, 0, func(b *rules.Budget) {
		q := p.Copy()
		q.Bind(b)
		defer func() { polls = b.Polls() }()
		for _, m := range plainNormal(p) {
			q.Make(m)
			q.Legal(nil)
			q.Unmake()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want %v", err, context.Canceled)
	}
	t.Logf("cancelled after %d polls", polls)
}
