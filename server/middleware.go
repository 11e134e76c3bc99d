package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"time"
)

// contentSecurityPolicy allows the UI's own scripts, styles and connections
// only: no inline script, no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

// recorder remembers the status a handler answered with and the bytes of
// its body.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController and the WebSocket library reach the
// connection (Flush, Hijack).
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// protect wraps every request: security headers, a recovered panic answered
// with 500 and logged, the per-address rate limits (see limitRequest), the count of
// answers by status, and the access log (at info level: the method, the
// path without its query, the status, the size and the time; never a
// header, so never a token).
func (s *Server) protect(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		began := time.Now()
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		rec := &recorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic serving a request", "method", r.Method, "path", r.URL.Path,
					"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if rec.status == 0 {
					writeError(rec, fmt.Errorf("panic"))
				}
			}
			if rec.status == 0 {
				rec.status = http.StatusOK
			}
			s.metrics.request(rec.status)
			s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("method", r.Method),
				slog.String("path", r.URL.Path), slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
				slog.Duration("took", time.Since(began)), slog.String("addr", clientAddr(r)))
		}()
		if err := s.limitRequest(r); err != nil {
			setRetryAfter(rec, err)
			writeError(rec, err)
			return
		}
		next.ServeHTTP(rec, r)
		drainBody(r)
	})
}

// drainBody reads what the handler left of the request body, up to the
// import limit: a connection closed with unread data is reset, and the reset
// cuts the answer short while the client still reads it (a client that asks
// for Connection: close and sends its body in a packet of its own to an
// endpoint that reads none, say). A hijacked (WebSocket) connection's body
// reads nothing.
func drainBody(r *http.Request) {
	if r.Body != nil && r.ContentLength != 0 {
		io.CopyN(io.Discard, r.Body, maxImportBody)
	}
}

// clientAddr is the request's remote host (forwarding headers are not
// trusted: put a proxy's own limits in front when there is one).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// apiFunc is an API handler: it answers itself, or returns the error to send.
type apiFunc func(w http.ResponseWriter, r *http.Request) error

// api adapts an apiFunc, logging the server's own faults. A malformed id in
// the path is answered 404 before f runs; a request whose client left is
// counted as statusClientClosed, not as a fault.
func (s *Server) api(f apiFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := checkPathID(r)
		if err == nil {
			err = f(w, r)
		}
		if err != nil {
			ae := asAPIError(err)
			if clientLeft(r) {
				ae = asAPIError(context.Canceled)
			}
			setRetryAfter(w, err)
			if ae.Status >= 500 && ae.Code == codeInternal {
				s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			}
			writeError(w, ae)
		}
	})
}
