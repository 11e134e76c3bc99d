// Package pgtest gives each test a PostgreSQL database of its own, on the
// server that TIMECHESS_TEST_POSTGRES names (a DSN whose user may create
// databases, such as the throwaway cluster .ci/run starts).
package pgtest

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"timechess/store"
)

// Env names the variable with the administrator's DSN; tests that need
// PostgreSQL skip when it is not set.
const Env = "TIMECHESS_TEST_POSTGRES"

// Fresh creates an empty database on admin's server, named prefix and a
// random suffix, drops it when the test ends, and returns its DSN.
func Fresh(t testing.TB, admin, prefix string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	name := prefix + strings.ToLower(store.NewToken()[:12])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("drop database %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String()
}
