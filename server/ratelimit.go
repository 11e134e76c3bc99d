package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate is a token bucket's refill rate and size: Burst requests at once, then
// PerSecond a second. The zero Rate imposes no limit.
type Rate struct {
	PerSecond float64
	Burst     int
}

// PerMinute is the Rate of n requests a minute with bursts of burst.
func PerMinute(n float64, burst int) Rate { return Rate{PerSecond: n / 60, Burst: burst} }

// limiter keeps one token bucket per key (a client address or a token
// hash), read on the clock now.
type limiter struct {
	rate Rate
	now  func() time.Time

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	swept   time.Time // the last sweep of the full buckets
}

// maxBuckets bounds the keys a limiter remembers. A bucket that has
// refilled completely is the same as a new one, so the full ones are
// forgotten once a minute and whenever the map reaches maxBuckets; if it
// is still full after that, an arbitrary key is forgotten (its owner
// gets a fresh burst), so memory stays bounded (about 200 bytes a key).
const maxBuckets = 100000

// sweepEvery is how often a limiter forgets its full buckets.
const sweepEvery = time.Minute

func newLimiter(r Rate, now func() time.Time) *limiter {
	return &limiter{rate: r, now: now, buckets: map[string]*rate.Limiter{}}
}

// allow takes one token of key's bucket. It returns false, with the wait
// until the next token, when the bucket is empty.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l == nil || l.rate.PerSecond <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) >= sweepEvery {
		l.forgetFull(now)
	}
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.forgetFull(now)
		}
		for k := range l.buckets {
			if len(l.buckets) < maxBuckets {
				break
			}
			delete(l.buckets, k)
		}
		b = rate.NewLimiter(rate.Limit(l.rate.PerSecond), max(1, l.rate.Burst))
		b.SetBurstAt(now, max(1, l.rate.Burst)) // the bucket starts full at now, not at the zero time
		l.buckets[key] = b
	}
	res := b.ReserveN(now, 1)
	if wait := res.DelayFrom(now); wait > 0 {
		res.CancelAt(now)
		return false, wait
	}
	return true, 0
}

// forgetFull drops the buckets that are full by now.
func (l *limiter) forgetFull(now time.Time) {
	l.swept = now
	for k, b := range l.buckets {
		if b.TokensAt(now) >= float64(b.Burst()) {
			delete(l.buckets, k)
		}
	}
}

// String describes the rate for an error message: "10 a minute, bursts
// of 5".
func (r Rate) String() string {
	if r.PerSecond >= 1 {
		return fmt.Sprintf("%g a second, bursts of %d", r.PerSecond, r.Burst)
	}
	return fmt.Sprintf("%.3g a minute, bursts of %d", r.PerSecond*60, r.Burst)
}

// take takes one token of key's bucket, or refuses with a 429 that says
// which limit (what: "API requests", "new games") was hit and when to
// retry.
func (l *limiter) take(key, what string) error {
	if ok, wait := l.allow(key); !ok {
		return &rateLimitError{wait: wait, apiError: fail(http.StatusTooManyRequests, codeRateLimited,
			"too many %s from your address (at most %v); retry in %v", what, l.rate, wait.Round(time.Millisecond))}
	}
	return nil
}

// rateLimitError is a 429 with the wait until the limit allows the next
// request, which the answer's Retry-After carries.
type rateLimitError struct {
	*apiError
	wait time.Duration
}

func (e *rateLimitError) Unwrap() error { return e.apiError }

// setRetryAfter sets the Retry-After of err's answer when err is a
// rateLimitError: the wait in whole seconds, rounded up.
func setRetryAfter(w http.ResponseWriter, err error) {
	var rl *rateLimitError
	if errors.As(err, &rl) {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int((rl.wait+time.Second-1)/time.Second))))
	}
}

// addrKey is the key of a client address (a host, no port) in the
// per-address limits and caps: an IPv4 address itself, an IPv6 address its
// /64 network, which one subscriber usually holds whole.
func addrKey(host string) string {
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	if ip = ip.Unmap(); ip.Is4() {
		return ip.String()
	}
	p, _ := ip.WithZone("").Prefix(64)
	return p.String()
}

// limitRequest takes a token of the client address's bucket for r's path:
// the API's (/api/, /healthz, /metrics) or the UI files' (everything else).
func (s *Server) limitRequest(r *http.Request) error {
	l, name, what := s.staticLimit, "static", "requests for the UI's files"
	if p := r.URL.Path; strings.HasPrefix(p, "/api/") || p == "/healthz" || p == "/metrics" {
		l, name, what = s.addrLimit, "api", "API requests"
	}
	if err := l.take(addrKey(clientAddr(r)), what); err != nil {
		s.metrics.limited(name)
		return err
	}
	return nil
}

// limitAddr makes f take a token of the client address's bucket of l
// first; what names the limit in the 429, name in the metrics.
func (s *Server) limitAddr(l *limiter, name, what string, f apiFunc) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := l.take(addrKey(clientAddr(r)), what); err != nil {
			s.metrics.limited(name)
			return err
		}
		return f(w, r)
	}
}
