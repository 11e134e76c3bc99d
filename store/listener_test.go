package store_test

import (
	"context"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"timechess/store"
)

// When the listening connection dies, the store reconnects, tells its
// subscribers to resynchronise, and goes on delivering events.
func TestPostgresListenerReconnects(t *testing.T) {
	dsn := postgresBackend(t).fresh(t)
	s := openStore(t, dsn)
	ctx := testContext(t)
	g := newChessGame(t, s)
	events := must[<-chan store.Event](t)(s.Subscribe(ctx, g.ID))

	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	admin, err := pgx.Connect(ctx, os.Getenv(postgresEnv))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	var killed int
	err = admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = $1 AND query LIKE 'LISTEN %'`, strings.TrimPrefix(u.Path, "/")).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d listeners (%v), want 1", killed, err)
	}
	expect(t, events, g.ID, store.EventResync, 0)
	play(t, s, g, "e2e4")
	expect(t, events, g.ID, store.EventMove, 1)
}
