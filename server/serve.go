package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Timeouts bound every HTTP connection of Serve. A WebSocket is hijacked
// from the HTTP server, which clears its deadlines: a socket has its own
// limits instead (a write timeout, pings, the queue of a slow client).
type Timeouts struct {
	// ReadHeader bounds the reading of a request's headers (default 5 s),
	// Read the whole request (30 s), Write the answer from the end of the
	// headers on (60 s), Idle a keep-alive connection's wait for the next
	// request (30 s), and CrowdedIdle that wait when the connection's
	// address holds more than half the connections it may open (5 s).
	ReadHeader, Read, Write, Idle, CrowdedIdle time.Duration
	// Shutdown bounds the wait for the requests in flight at shutdown
	// (15 s).
	Shutdown time.Duration
}

// withDefaults fills the zero fields.
func (t Timeouts) withDefaults() Timeouts {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&t.ReadHeader, 5*time.Second)
	def(&t.Read, 30*time.Second)
	def(&t.Write, 60*time.Second)
	def(&t.Idle, 30*time.Second)
	def(&t.CrowdedIdle, 5*time.Second)
	def(&t.Shutdown, 15*time.Second)
	return t
}

// maxHeaderBytes bounds a request's headers.
const maxHeaderBytes = 64 << 10

// Serve serves the Handler on ln, within the caps on connections of
// Config.MaxConns and MaxConnsPerAddr, until ctx ends, then shuts down
// gracefully: it stops accepting connections, waits for the HTTP requests
// in flight (at most Timeouts.Shutdown), and closes the Server, which
// finishes the moves in flight, writes the WebSocket clients what is
// queued for them and closes their connections (1001). It returns nil
// after a shutdown that ctx asked for. The store is the caller's to close.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	t := s.cfg.Timeouts
	hosts := hostsFor(s.cfg.Hosts, ln.Addr())
	s.hosts.Store(&hosts)
	hs := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         trackIdle,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(s.connLimits.listener(ln)) }()
	var err error
	select {
	case err = <-served:
	case <-ctx.Done():
		s.log.Info("shutting down")
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), t.Shutdown)
		err = hs.Shutdown(sctx)
		cancel()
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return errors.Join(err, s.Close())
}
