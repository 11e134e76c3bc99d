package loadgen

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"

	"timechess/server"
	"timechess/store"

	// The in-process server plays every variant.
	_ "timechess/variant/all"
)

// StartServer starts a timechess server in this process, on a loopback
// port, over the database dsn (see store.Open), with the rate limits off
// as a load test from one address needs. It returns the server's base URL
// and a function that stops it and closes the store.
func StartServer(ctx context.Context, dsn string) (url string, stop func() error, err error) {
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return "", nil, err
	}
	srv, err := server.New(ctx, server.Config{Store: st, NoRateLimits: true})
	if err != nil {
		return "", nil, errors.Join(err, st.Close())
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, errors.Join(fmt.Errorf("listening on loopback: %w", err), srv.Close(), st.Close())
	}
	hs := &http.Server{Handler: srv.Handler()}
	go func() { _ = hs.Serve(ln) }()
	stop = func() error {
		// Close the WebSocket connections (the server's) before the listener
		// waits for the handlers to end.
		return errors.Join(srv.Close(), hs.Close(), st.Close())
	}
	return "http://" + ln.Addr().String(), stop, nil
}
