package store

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// listener holds a connection of its own that LISTENs to the feed's channel
// and hands the events to the hub. When the connection breaks it reconnects,
// and tells every subscriber to resynchronise, since events may have passed
// while it was away.
type listener struct {
	config *pgx.ConnConfig
	hub    *hub
	cancel context.CancelFunc
	done   sync.WaitGroup
}

// start connects and listens, then keeps doing so in the background until
// stop. It returns once the first LISTEN is in place, so that every event
// committed after Open returns is heard.
func (l *listener) start(ctx context.Context) error {
	conn, err := l.connect(ctx)
	if err != nil {
		return err
	}
	bg, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	l.done.Go(func() { l.run(bg, conn) })
	return nil
}

func (l *listener) stop() {
	l.cancel()
	l.done.Wait()
}

func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.config)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return conn, nil
}

// run receives notifications on conn until it breaks, then reconnects, with
// a growing pause between failed attempts, until ctx ends.
func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	const minPause, maxPause = 50 * time.Millisecond, 5 * time.Second
	pause := minPause
	for {
		if conn != nil {
			l.receive(ctx, conn)
			closing, cancel := context.WithTimeout(context.Background(), time.Second)
			conn.Close(closing)
			cancel()
			conn = nil
		}
		if ctx.Err() != nil {
			return
		}
		var err error
		if conn, err = l.connect(ctx); err == nil {
			pause = minPause
			l.hub.resyncAll()
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, maxPause)
	}
}

// receive hands every notification on conn to the hub until conn breaks or
// ctx ends.
func (l *listener) receive(ctx context.Context, conn *pgx.Conn) {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return
		}
		var ev Event
		if err := json.Unmarshal([]byte(n.Payload), &ev); err != nil || ev.Topic == "" {
			continue // not one of ours: ignore it
		}
		l.hub.publish(ev)
	}
}
