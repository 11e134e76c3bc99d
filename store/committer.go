package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// maxBatch is the most writes a committer puts in one transaction.
const maxBatch = 128

// The savepoint of each write in a batch.
const (
	savepoint           = "SAVEPOINT request"
	rollbackToSavepoint = "ROLLBACK TO request"
	releaseSavepoint    = "RELEASE request"
)

// committerQueries are the committer's own statements, prepared.
var committerQueries = []string{savepoint, rollbackToSavepoint, releaseSavepoint}

// committer runs the writes of a SQLite store on its one writer connection,
// with group commit: the writes that wait while a transaction commits go
// together into the next one, each in a savepoint of its own, so that one
// disk flush (synchronous FULL) acknowledges them all, and a write that fails
// is rolled back alone. A write's caller gets its result once the
// transaction that holds it has committed.
type committer struct {
	writes  *statements // of the writer connection
	hub     *hub
	queue   chan *writeRequest
	quit    chan struct{} // closed by stop
	stopped chan struct{} // closed when the loop has ended
	once    sync.Once
}

type writeRequest struct {
	ctx    context.Context
	fn     writeFunc
	events []Event
	err    error
	done   chan struct{}
}

func startCommitter(writes *statements, h *hub) *committer {
	c := &committer{writes: writes, hub: h, queue: make(chan *writeRequest), quit: make(chan struct{}), stopped: make(chan struct{})}
	go c.loop()
	return c
}

// do runs fn in a transaction of the writer and returns when that
// transaction has committed (or failed). A request that a cancelled context
// catches while it waits is not run; once it runs, it runs to the end.
func (c *committer) do(ctx context.Context, fn writeFunc) error {
	r := &writeRequest{ctx: ctx, fn: fn, done: make(chan struct{})}
	select {
	case c.queue <- r:
	case <-c.quit:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	<-r.done // the loop finishes every request it has taken
	return r.err
}

// stop ends the loop after the transaction under way.
func (c *committer) stop() {
	c.once.Do(func() { close(c.quit) })
	<-c.stopped
}

func (c *committer) loop() {
	defer close(c.stopped)
	for {
		var batch []*writeRequest
		select {
		case <-c.quit:
			return
		case r := <-c.queue:
			batch = append(batch, r)
		}
	gather:
		for len(batch) < maxBatch {
			select {
			case r := <-c.queue:
				batch = append(batch, r)
			default:
				break gather
			}
		}
		c.commit(batch)
		for _, r := range batch {
			if r.err == nil {
				for _, ev := range r.events {
					c.hub.publish(ev)
				}
			}
			close(r.done)
		}
	}
}

// commit runs the batch in one transaction and sets each request's result.
func (c *committer) commit(batch []*writeRequest) {
	fail := func(err error) {
		for _, r := range batch {
			if r.err == nil {
				r.err = err
			}
		}
	}
	tx, err := c.writes.db.BeginTx(context.Background(), nil)
	if err != nil {
		fail(err)
		return
	}
	for _, r := range batch {
		if r.err = r.ctx.Err(); r.err != nil {
			continue
		}
		if err := c.run(tx, r); err != nil {
			// The transaction cannot go on (SQLite rolls back the whole
			// transaction on some errors): none of the batch is stored.
			tx.Rollback()
			fail(fmt.Errorf("the write transaction failed: %w", err))
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(err)
	}
}

// run runs one request in a savepoint, which is rolled back when the request
// fails. It returns an error only when the transaction itself is broken.
func (c *committer) run(tx *sql.Tx, r *writeRequest) error {
	// The statements run to the end even if the caller goes away: an
	// interrupted statement could roll back the whole batch.
	ctx := context.WithoutCancel(r.ctx)
	cn := conn{ps: c.writes, tx: tx}
	if _, err := cn.exec(ctx, savepoint); err != nil {
		return err
	}
	r.events, r.err = r.fn(ctx, cn)
	if r.err != nil {
		if _, err := cn.exec(ctx, rollbackToSavepoint); err != nil {
			return errors.Join(r.err, err)
		}
	}
	_, err := cn.exec(ctx, releaseSavepoint)
	return err
}
