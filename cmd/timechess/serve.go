package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os/signal"
	"strings"
	"syscall"

	"timechess/server"
	"timechess/store"
	"timechess/web"
)

// ServeCmd runs the web server: the browser UI and the HTTP/WebSocket API.
type ServeCmd struct {
	Addr            string   `default:"127.0.0.1:8080" help:"Listen on this address; default ${default}." placeholder:"HOST:PORT"`
	DB              string   `name:"db" default:"timechess.db" help:"The database: a SQLite file (created when missing) or postgres://...; default ${default}." placeholder:"PATH|URL"`
	EngineWorkers   int      `name:"engine-workers" help:"Engine replies in games searched at once (default: half the CPUs)." placeholder:"N"`
	AnalysisWorkers int      `name:"analysis-workers" help:"Analyses and mate searches at once, apart from the games' (default: 1)." placeholder:"N"`
	MaxConns        int      `name:"max-conns" help:"Connections (HTTP and WebSocket) open at once (default: half the descriptor limit, at most 10000; negative: no cap)." placeholder:"N"`
	MaxConnsPerAddr int      `name:"max-conns-per-addr" help:"Connections open at once from one client address (default 128; negative: no cap)." placeholder:"N"`
	NoRateLimits    bool     `name:"no-rate-limits" help:"Turn every per-address and per-token rate limit and the per-address caps on connections off (load tests on loopback)."`
	Hosts           []string `name:"host" help:"A name the server answers to in the Host header (repeatable); default: localhost on a loopback address, any name elsewhere." placeholder:"NAME"`
}

// Run serves until SIGINT or SIGTERM, then shuts down gracefully (see
// server.Serve) and closes the store.
func (c *ServeCmd) Run(ctx context.Context, env *Env) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(env.Stderr, nil))
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	st, err := store.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	srv, err := server.New(ctx, server.Config{Store: st, UI: web.Handler(), Logger: log, Now: env.Now,
		EngineWorkers: c.EngineWorkers, AnalysisWorkers: c.AnalysisWorkers, NoRateLimits: c.NoRateLimits,
		MaxConns: c.MaxConns, MaxConnsPerAddr: c.MaxConnsPerAddr, Hosts: c.Hosts})
	if err != nil {
		st.Close()
		return err
	}
	fmt.Fprintf(env.Stdout, "timechess serving on http://%s/\n", ln.Addr())
	log.Info("serving", "addr", ln.Addr().String(), "db", dbKind(c.DB))
	err = errors.Join(srv.Serve(ctx, ln), st.Close())
	log.Info("stopped", "err", err)
	return err
}

// dbKind names the database without its credentials, for the log.
func dbKind(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		return u.Scheme + "://" + u.Host + u.Path
	}
	return "sqlite:" + strings.TrimPrefix(dsn, "sqlite:")
}
