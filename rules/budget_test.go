package rules_test

import (
	"context"
	"errors"
	"testing"

	"timechess/rules"
	_ "timechess/variant/chess"
)

// spin polls b forever: only a stop ends it.
func spin(b *rules.Budget) {
	for {
		b.Poll()
	}
}

func TestBudgetStopsAfterItsSteps(t *testing.T) {
	var b *rules.Budget
	err := rules.Bounded(context.Background(), 100, func(bb *rules.Budget) {
		b = bb
		spin(bb)
	})
	if !errors.Is(err, rules.ErrBudget) {
		t.Fatalf("got %v, want %v", err, rules.ErrBudget)
	}
	if n := b.Polls(); n != 100 {
		t.Fatalf("stopped after %d polls, want 100 (the 101st stops)", n)
	}
	if !errors.Is(b.Err(), rules.ErrBudget) {
		t.Fatalf("Err() = %v after the stop", b.Err())
	}
	// A stopped budget stops again at once, inside its Run; outside, a
	// poll does nothing.
	if err := b.Run(func() { b.Poll() }); !errors.Is(err, rules.ErrBudget) {
		t.Fatalf("a stopped budget's next poll gave %v", err)
	}
	b.Poll()
}

func TestBudgetStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	polls := int64(-1)
	err := rules.Bounded(ctx, 0, func(b *rules.Budget) {
		for i := 0; i < 1000; i++ {
			b.Poll()
		}
		cancel()
		polls = b.Polls()
		spin(b)
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want %v", err, context.Canceled)
	}
	if polls != 1000 {
		t.Fatalf("%d polls before the cancel, want 1000: the context stopped it early", polls)
	}
}

func TestBudgetFinishes(t *testing.T) {
	done := false
	err := rules.Bounded(context.Background(), 10, func(b *rules.Budget) {
		for range 10 {
			b.Poll()
		}
		done = true
	})
	if err != nil || !done {
		t.Fatalf("err %v, done %v: ten polls fit a budget of ten", err, done)
	}
	var none *rules.Budget
	none.Poll() // a nil budget never stops
}

// TestBudgetRecoversOnlyItsOwnStop checks that Run lets other panics go on,
// a nested budget's stop included when it is not its own.
func TestBudgetRecoversOnlyItsOwnStop(t *testing.T) {
	outer := rules.NewBudget(context.Background(), 5)
	err := outer.Run(func() {
		inner := rules.NewBudget(context.Background(), 0)
		inner.Run(func() { spin(outer) }) // outer's stop passes inner's Run
		t.Error("outer's stop was recovered by inner's Run")
	})
	if !errors.Is(err, rules.ErrBudget) {
		t.Fatalf("outer got %v, want %v", err, rules.ErrBudget)
	}
	defer func() {
		if r := recover(); r != "boom" {
			t.Fatalf("recovered %v, want the original panic", r)
		}
	}()
	rules.Bounded(context.Background(), 0, func(*rules.Budget) { panic("boom") })
}

// TestPositionPollsItsBudget checks that Legal polls the bound budget, that
// copies and siblings share it and that unbound positions never stop.
func TestPositionPollsItsBudget(t *testing.T) {
	p := chessStart(t)
	calls := 0
	err := rules.Bounded(context.Background(), 3, func(b *rules.Budget) {
		q := p.Copy()
		q.Bind(b)
		if q.Budget() != b || q.Copy().Budget() != b {
			t.Error("a copy of a bound position does not share its budget")
		}
		if sib := q.Sibling(q.State); sib.Budget() != b {
			t.Error("a sibling of a bound position does not share its budget")
		}
		for {
			q.Copy().Legal(nil)
			calls++
		}
	})
	if !errors.Is(err, rules.ErrBudget) || calls != 3 {
		t.Fatalf("got %v after %d lists, want %v after 3", err, calls, rules.ErrBudget)
	}
	if p.Budget() != nil {
		t.Fatal("binding a copy bound the original")
	}
	for range 5 {
		p.Legal(nil) // unbound: never stops
	}
}

// TestBudgetStopUnwindsPastDeferredUnmakes stops a computation between an
// Unmake and its Make (as a search that asks about the position before the
// last move does) under a deferred Unmake: that Unmake finds the history
// shorter than it was and panics, and the stop is still what Run returns.
func TestBudgetStopUnwindsPastDeferredUnmakes(t *testing.T) {
	p := chessStart(t)
	err := rules.Bounded(context.Background(), 1, func(b *rules.Budget) {
		q := p.Copy()
		q.Bind(b)
		q.Make(q.Legal(nil)[0])
		defer q.Unmake() // the history is empty by then: this panics
		q.Unmake()
		q.Legal(nil) // the second poll: the stop
	})
	if !errors.Is(err, rules.ErrBudget) {
		t.Fatalf("got %v, want %v", err, rules.ErrBudget)
	}
}

// chessStart returns the start position of chess.
func chessStart(t *testing.T) *rules.Position {
	t.Helper()
	v, err := rules.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.NewPosition(v, v.Spec().Start)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
