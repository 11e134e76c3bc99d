package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// pgBatchers is how many batches of a PostgreSQL store run at once, each on
// a connection of the pool: while one waits for its commit, the next is
// gathered and sent.
const pgBatchers = 2

// pgBatcher is PostgreSQL's group commit of the changes that run as one
// statement (pgOneStatement: moves, states, seats). The statements that queue
// up while a batch runs go together into the next one, sent as one pipeline
// (pgx's batch), which PostgreSQL runs as one implicit transaction: one round
// trip, one commit, one WAL flush and one turn at the lock that serialises
// the commits that NOTIFY, for them all. Every statement is guarded, so a
// refused change returns no row and leaves the others alone; a statement
// that fails rolls the whole batch back, and its statements then run one by
// one, each in a transaction of its own, so that only the failing one fails.
// A caller hears back once the transaction that holds its statement has
// committed, or failed.
//
// The statements of a batch run in the order of their games' ids (those of
// one game in the order they came), so that two batches lock their games in
// the same order and never wait for each other in a cycle.
type pgBatcher struct {
	db      *sql.DB
	mu      sync.Mutex
	pending []*pgStatement // guarded by mu
	closed  bool           // guarded by mu
	ready   chan struct{}  // holds a token when statements may be pending
	quit    chan struct{}  // closed by stop
	loops   sync.WaitGroup
}

// pgStatement is one change's statement, with $n marks, and its result.
type pgStatement struct {
	ctx   context.Context
	game  string // the id of the game it changes
	query string
	args  []any
	g     Game
	err   error
	done  chan struct{} // closed when g and err are set
}

func startPGBatcher(db *sql.DB) *pgBatcher {
	b := &pgBatcher{db: db, ready: make(chan struct{}, 1), quit: make(chan struct{})}
	for range pgBatchers {
		b.loops.Go(b.loop)
	}
	return b
}

// do runs query with args in the next batch and returns the game it
// returns, or sql.ErrNoRows. A statement that a cancelled context catches
// before its batch runs is not run; once it runs it runs to the end, but do
// returns when ctx ends.
func (b *pgBatcher) do(ctx context.Context, game, query string, args []any) (Game, error) {
	st := &pgStatement{ctx: ctx, game: game, query: query, args: args, done: make(chan struct{})}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return Game{}, ErrClosed
	}
	b.pending = append(b.pending, st)
	b.mu.Unlock()
	b.signal()
	select {
	case <-st.done:
		return st.g, st.err
	case <-ctx.Done():
		return Game{}, ctx.Err()
	}
}

// signal tells a loop that statements are pending.
func (b *pgBatcher) signal() {
	select {
	case b.ready <- struct{}{}:
	default: // a token is there already
	}
}

// stop ends the loops after the batches under way, and fails the statements
// still pending with ErrClosed.
func (b *pgBatcher) stop() {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	b.mu.Unlock()
	close(b.quit)
	b.loops.Wait()
	b.mu.Lock()
	left := b.pending
	b.pending = nil
	b.mu.Unlock()
	for _, st := range left {
		st.err = ErrClosed
		close(st.done)
	}
}

func (b *pgBatcher) loop() {
	for {
		select {
		case <-b.quit:
			return
		case <-b.ready:
		}
		batch := b.take(maxBatch)
		b.run(batch)
		for _, st := range batch {
			close(st.done)
		}
	}
}

// take removes up to n pending statements and returns them, leaving the
// token for another loop when more are pending.
func (b *pgBatcher) take(n int) []*pgStatement {
	b.mu.Lock()
	defer b.mu.Unlock()
	n = min(n, len(b.pending))
	batch := slices.Clone(b.pending[:n])
	b.pending = slices.Delete(b.pending, 0, n)
	if len(b.pending) > 0 {
		b.signal()
	}
	return batch
}

// run runs the batch and sets each statement's result. A statement whose
// caller has gone already is not run. The batch itself is left as it is
// (the loop closes every statement's done).
func (b *pgBatcher) run(taken []*pgStatement) {
	batch := make([]*pgStatement, 0, len(taken))
	for _, st := range taken {
		if st.err = st.ctx.Err(); st.err == nil {
			batch = append(batch, st)
		}
	}
	if len(batch) == 0 {
		return
	}
	slices.SortStableFunc(batch, func(x, y *pgStatement) int { return strings.Compare(x.game, y.game) })
	err := b.send(batch)
	var pgErr *pgconn.PgError
	switch {
	case err == nil:
		return
	case len(batch) > 1 && errors.As(err, &pgErr):
		// PostgreSQL refused a statement and rolled the batch back: none of
		// it is stored. Run each statement alone.
		for _, st := range batch {
			if err := b.send([]*pgStatement{st}); err != nil {
				st.err = err
			}
		}
	default:
		for _, st := range batch {
			st.err = err
		}
	}
}

// send runs the batch as one pipeline on one connection, in one implicit
// transaction, and sets each statement's result; it returns an error when
// the transaction failed, and then every result is void. The statements
// run to the end even if their callers go away.
func (b *pgBatcher) send(batch []*pgStatement) error {
	ctx := context.Background()
	c, err := b.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Raw(func(driverConn any) error {
		dc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("a batch needs a pgx connection, not %T", driverConn)
		}
		var pipeline pgx.Batch
		for _, st := range batch {
			pipeline.Queue(st.query, st.args...)
		}
		results := dc.Conn().SendBatch(ctx, &pipeline)
		for _, st := range batch {
			st.g, st.err = scanGame(results.QueryRow())
			if errors.Is(st.err, pgx.ErrNoRows) {
				st.err = sql.ErrNoRows
			} else if st.err != nil {
				return errors.Join(st.err, results.Close())
			}
		}
		// Close reads to the end of the pipeline: the commit.
		return results.Close()
	})
}
