package rules

import (
	"context"
	"errors"
	"sync/atomic"
)

// ErrBudget is the reason a computation stopped when its work budget ran
// out (Budget.Run returns it; a context that ended gives its own error).
var ErrBudget = errors.New("the computation ran out of its work budget")

// Budget bounds one computation: a context, whose end stops it, and a work
// budget of steps (polls), whose end stops it too. Long computations poll it
// (Position.Poll) in their hot loops; a poll that finds the budget spent
// unwinds the computation to Budget.Run, which returns the reason.
//
// A budget is bound to the positions of one computation (Position.Bind),
// and copies of them share it. It stops only what runs inside its Run: a
// poll outside it does nothing. A stop leaves those positions in the middle
// of a line of play: they must be thrown away, never bound to a budget
// when they are kept for later (a server's cached games). Code between two
// polls must leave shared state (caches, pools) consistent at every poll:
// it unlocks by defer and stores a cached answer only once it is complete.
type Budget struct {
	ctx     context.Context
	limited bool
	left    atomic.Int64  // steps left, when limited
	polls   atomic.Uint32 // polls since the budget began
	runs    atomic.Int32  // the calls of Run under way
	stopped atomic.Pointer[error]
}

// pollStride is how many polls go by between two looks at the context
// (ctx.Err takes a lock): polls come a few microseconds to a few
// milliseconds apart (travelers polls once per root move of a survey).
const pollStride = 4

// NewBudget returns a budget that ends with ctx or after steps polls;
// steps <= 0 sets no work budget.
func NewBudget(ctx context.Context, steps int64) *Budget {
	b := &Budget{ctx: ctx, limited: steps > 0}
	b.left.Store(steps)
	return b
}

// budgetStop is what Poll panics with: the budget that stopped and why.
// Run recovers it and nothing else.
type budgetStop struct {
	b   *Budget
	err error
}

// Poll counts one step of work on b and stops the computation when the
// work budget has run out or the context has ended. A nil budget never
// stops anything (and costs a comparison: Poll is inlined), nor does a
// budget outside its Run.
func (b *Budget) Poll() {
	if b != nil {
		b.poll()
	}
}

// poll is Poll on a budget.
func (b *Budget) poll() {
	if b.runs.Load() == 0 {
		return
	}
	if e := b.stopped.Load(); e != nil {
		panic(budgetStop{b, *e})
	}
	if b.limited && b.left.Add(-1) < 0 {
		b.stop(ErrBudget)
	}
	if b.polls.Add(1)%pollStride == 0 {
		if err := b.ctx.Err(); err != nil {
			b.stop(err)
		}
	}
}

// stop records why b stopped and unwinds to Run.
func (b *Budget) stop(err error) {
	b.stopped.CompareAndSwap(nil, &err)
	panic(budgetStop{b, *b.stopped.Load()})
}

// Err returns why b stopped, or nil while it goes on.
func (b *Budget) Err() error {
	if e := b.stopped.Load(); e != nil {
		return *e
	}
	return nil
}

// Polls returns how many times b was polled: the work done under it.
func (b *Budget) Polls() int64 { return int64(b.polls.Load()) }

// Run calls f and returns nil when it finishes, or why b stopped it
// (ErrBudget, or the context's error). A panic other than b's stop goes on,
// unless b has stopped: the deferred calls that run while a stop unwinds
// (an Unmake of a position the stop left in the middle of a line, say) may
// panic in turn on the positions the stop leaves behind, and that panic is
// part of the stop.
func (b *Budget) Run(f func()) (err error) {
	b.runs.Add(1)
	defer func() {
		b.runs.Add(-1)
		if r := recover(); r != nil {
			if s, ok := r.(budgetStop); ok && s.b == b {
				err = s.err
				return
			}
			if err = b.Err(); err == nil {
				panic(r)
			}
		}
	}()
	f()
	return nil
}

// Bounded calls f with a new budget of ctx and steps (see NewBudget), to
// be bound to the positions f works on, and returns why that budget
// stopped f, or nil when f finished.
func Bounded(ctx context.Context, steps int64, f func(b *Budget)) error {
	b := NewBudget(ctx, steps)
	return b.Run(func() { f(b) })
}
