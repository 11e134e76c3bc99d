package server

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"timechess/rules"
)

// The bounds of the computations requests start: legal moves and their
// names, set-ups, imports, replays (docs/api.md, Limits).
const (
	// computeBound is the time one computation may take once it runs; it
	// holds a processor meanwhile, so it is processor time too.
	computeBound = 2 * time.Second
	// computeWait is how long a computation waits for its address's turn,
	// and then for a slot.
	computeWait = 2 * time.Second
	// addrComputeRate is the computing time an address earns per second,
	// addrComputeBurst the most it saves up.
	addrComputeRate  = 500 * time.Millisecond
	addrComputeBurst = 10 * time.Second
	// maxComputeAddrs bounds the addresses the gate remembers; beyond it,
	// those idle with a full bucket are forgotten.
	maxComputeAddrs = 100000
)

// computeGate runs the computations requests start, each under a
// rules.Budget that ends after its bound or when its request's context
// ends. At most slots run at once (one per processor but one, at least
// one; the server's own work on its stored games, bounded, takes none:
// replays, moves and their positions), at most one per
// client address, and an address spends computing time from a token bucket
// (milliseconds as tokens), so one address cannot take the processors from
// everyone else.
type computeGate struct {
	slots chan struct{}
	// perAddr applies the per-address turn and bucket; off, every
	// computation is treated as the server's own (Config.NoRateLimits).
	perAddr bool

	mu    sync.Mutex
	addrs map[string]*addrCompute

	// cancelled counts the computations stopped because their client left,
	// tooComplex those stopped by their bound.
	cancelled, tooComplex atomic.Int64
}

// addrCompute is one client address's share: its turn (a computation of
// the address runs while it is held), its bucket of computing time, and the
// requests that use them (users, under the gate's lock).
type addrCompute struct {
	turn   chan struct{}
	bucket *rate.Limiter
	users  int
}

// newComputeGate returns a gate of slots slots (at least one), which
// shares them between addresses when perAddr is set.
func newComputeGate(slots int, perAddr bool) *computeGate {
	return &computeGate{slots: make(chan struct{}, max(1, slots)), perAddr: perAddr, addrs: map[string]*addrCompute{}}
}

// run calls f under a budget of bound (f binds it to the positions it
// works on) for a request of the client address addr ("" lets it wait for
// a slot but for no address's turn or bucket).
// what names the computation in the answer when its bound stops it: 422
// too_complex. A full address answers 429 rate_limited, a full server 503
// busy, both with Retry-After.
func (g *computeGate) run(ctx context.Context, addr, what string, bound time.Duration, f func(b *rules.Budget)) error {
	var a *addrCompute
	if addr != "" && g.perAddr {
		a = g.enter(addr)
		defer g.leave(addr, a)
		if wait := a.debt(time.Now()); wait > 0 {
			return &apiError{Status: http.StatusTooManyRequests, Code: codeRateLimited, RetryAfter: wait,
				Message: "your address has used its computing time (" + addrComputeRate.String() + " a second, " +
					addrComputeBurst.String() + " at most saved up); retry in " + wait.Round(time.Millisecond).String()}
		}
		if err := acquire(ctx, a.turn); err != nil {
			return g.refused(ctx, fail(http.StatusTooManyRequests, codeRateLimited,
				"another computation of your address did not finish within %v; retry once it has answered", computeWait))
		}
		defer func() { <-a.turn }()
	}
	if err := acquire(ctx, g.slots); err != nil {
		return g.refused(ctx, fail(http.StatusServiceUnavailable, codeBusy,
			"every computing slot of the server (%d) has been taken for %v; retry in a moment", cap(g.slots), computeWait))
	}
	defer func() { <-g.slots }()
	bctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	began := time.Now()
	err := rules.Bounded(bctx, 0, f)
	if a != nil {
		a.charge(time.Since(began))
	}
	return g.outcome(ctx, what, bound, err)
}

// hold waits for addr's turn, as run does for its computations but without
// a bound on the wait, and returns what gives it back: an analysis runs
// holding its address's turn, so that an address computes one thing at a
// time, analyses included, and takes at most one processor. It fails when
// ctx ends first. Without per-address limits it holds nothing.
func (g *computeGate) hold(ctx context.Context, addr string) (release func(), err error) {
	if addr == "" || !g.perAddr {
		return func() {}, nil
	}
	a := g.enter(addr)
	select {
	case a.turn <- struct{}{}:
	case <-ctx.Done():
		g.leave(addr, a)
		return nil, ctx.Err()
	}
	return func() {
		<-a.turn
		g.leave(addr, a)
	}, nil
}

// bounded calls f under a budget of bound, without a slot: the server's
// own work on its stored games (a replay, a move's notation and new
// position), which must not wait behind the computations of clients.
func (g *computeGate) bounded(ctx context.Context, what string, bound time.Duration, f func(b *rules.Budget)) error {
	bctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	return g.outcome(ctx, what, bound, rules.Bounded(bctx, 0, f))
}

// outcome is the answer of a computation of what, bounded by bound, that
// its budget stopped with err (nil: it finished): 499 when the client of
// ctx left, else 422 too_complex.
func (g *computeGate) outcome(ctx context.Context, what string, bound time.Duration, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		g.cancelled.Add(1)
		return fail(statusClientClosed, codeClientClosed, "the client left; the computation stopped")
	}
	g.tooComplex.Add(1)
	return fail(http.StatusUnprocessableEntity, codeTooComplex,
		"%s takes more than %v to compute (the bound of a request); try a smaller board or fewer men, queens above all", what, bound)
}

// acquire takes a place in sem, waiting at most computeWait; it fails when
// that wait ends or ctx does.
func acquire(ctx context.Context, sem chan struct{}) error {
	select {
	case sem <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(computeWait)
	defer t.Stop()
	select {
	case sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return context.DeadlineExceeded
	}
}

// refused is the answer of a computation that did not get its turn or a
// slot: full when the wait ran out, the client's leaving when it left.
func (g *computeGate) refused(ctx context.Context, full *apiError) error {
	if ctx.Err() != nil {
		return fail(statusClientClosed, codeClientClosed, "the client left before the computation began")
	}
	return full
}

// enter returns addr's share, counting one more user of it.
func (g *computeGate) enter(addr string) *addrCompute {
	g.mu.Lock()
	defer g.mu.Unlock()
	a := g.addrs[addr]
	if a == nil {
		if len(g.addrs) >= maxComputeAddrs {
			g.forgetIdle()
		}
		a = &addrCompute{turn: make(chan struct{}, 1),
			bucket: rate.NewLimiter(rate.Limit(addrComputeRate.Milliseconds()), int(addrComputeBurst.Milliseconds()))}
		g.addrs[addr] = a
	}
	a.users++
	return a
}

// leave counts one user of addr's share less, and forgets the share once
// nobody uses it and its bucket is full.
func (g *computeGate) leave(addr string, a *addrCompute) {
	g.mu.Lock()
	defer g.mu.Unlock()
	a.users--
	if a.users == 0 && a.full(time.Now()) {
		delete(g.addrs, addr)
	}
}

// forgetIdle forgets the shares nobody uses whose bucket is full; the
// caller holds the lock.
func (g *computeGate) forgetIdle() {
	now := time.Now()
	for addr, a := range g.addrs {
		if a.users == 0 && a.full(now) {
			delete(g.addrs, addr)
		}
	}
}

// full reports whether a's bucket is full at now.
func (a *addrCompute) full(now time.Time) bool {
	return a.bucket.TokensAt(now) >= float64(a.bucket.Burst())
}

// debt returns how long a must wait at now before it may compute again:
// zero while its bucket holds a millisecond.
func (a *addrCompute) debt(now time.Time) time.Duration {
	tokens := a.bucket.TokensAt(now)
	if tokens >= 1 {
		return 0
	}
	return time.Duration((1 - tokens) / float64(a.bucket.Limit()) * float64(time.Second))
}

// charge takes the computing time used from a's bucket, which may run into
// debt (debt then says how long the address waits).
func (a *addrCompute) charge(used time.Duration) {
	ms := min(max(1, int(used.Milliseconds())), a.bucket.Burst())
	a.bucket.ReserveN(time.Now(), ms)
}
