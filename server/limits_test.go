package server

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestLimiterForgetsIdleKeys: a limiter forgets the keys whose bucket has
// refilled, and never remembers more than maxBuckets.
func TestLimiterForgetsIdleKeys(t *testing.T) {
	clock := newFakeClock()
	l := newLimiter(Rate{PerSecond: 1, Burst: 2}, clock.Now)
	for i := range 1000 {
		if ok, _ := l.allow(strconv.Itoa(i)); !ok {
			t.Fatalf("key %d refused its first request", i)
		}
	}
	l.allow("0")
	if ok, wait := l.allow("0"); ok || wait <= 0 || wait > time.Second {
		t.Errorf("a third request at once: %v, wait %v; want refused, wait at most 1 s", ok, wait)
	}
	clock.advance(2 * sweepEvery)
	l.allow("new")
	if n := len(l.buckets); n != 1 {
		t.Errorf("%d keys remembered after a minute idle, want 1", n)
	}
	for i := range maxBuckets + 100 {
		l.allow("k" + strconv.Itoa(i))
	}
	if n := len(l.buckets); n > maxBuckets {
		t.Errorf("%d keys remembered, more than %d", n, maxBuckets)
	}
	if ok, _ := newLimiter(Rate{}, clock.Now).allow("x"); !ok {
		t.Errorf("the zero Rate refused a request")
	}
}

// TestRateLimitsEveryRoute: /healthz, /metrics and the API share one
// bucket per address, the UI's files another, and a 429 says which limit
// was hit, with Retry-After.
func TestRateLimitsEveryRoute(t *testing.T) {
	clock := newFakeClock()
	ts := startTuned(t, backends()[0].fresh(t), clock, func(cfg *Config) {
		cfg.AddrRate = Rate{PerSecond: 1, Burst: 3}
		cfg.StaticRate = Rate{PerSecond: 2, Burst: 4}
	})
	for i, path := range []string{"/healthz", "/metrics", "/api/v1/variants"} {
		if res := ts.do("GET", path, "", nil); res.status != http.StatusOK {
			t.Errorf("request %d, %s: %d %s", i, path, res.status, res.body)
		}
	}
	for _, path := range []string{"/healthz", "/metrics", "/api/v1/games"} {
		res := ts.do("GET", path, "", nil)
		if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") != "1" ||
			res.errorCode() != codeRateLimited || !strings.Contains(string(res.body), "too many API requests from your address (at most 1 a second, bursts of 3)") {
			t.Errorf("%s over the API's limit: %d %q %s", path, res.status, res.header.Get("Retry-After"), res.body)
		}
	}
	for i := range 4 {
		if res := ts.do("GET", "/game/abc", "", nil); res.status != http.StatusOK {
			t.Errorf("UI request %d: %d %s", i, res.status, res.body)
		}
	}
	if res := ts.do("GET", "/", "", nil); res.status != http.StatusTooManyRequests ||
		!strings.Contains(string(res.body), "too many requests for the UI's files from your address (at most 2 a second, bursts of 4)") {
		t.Errorf("/ over the UI's limit: %d %s", res.status, res.body)
	}
	clock.advance(time.Second)
	res := ts.do("GET", "/metrics", "", nil)
	for _, want := range []string{`timechess_rate_limited_total{limit="api"} 3`, `timechess_rate_limited_total{limit="static"} 1`,
		`timechess_http_requests_total{code="429"} 4`, "timechess_connections 0", "process_open_fds "} {
		if !strings.Contains(string(res.body), want) {
			t.Errorf("metrics without %q:\n%s", want, res.body)
		}
	}
}

// TestCreationLimits: with the default limits, an address creates 5 games,
// seeks and imports at once and then 10 a minute; comments 10 at once and
// then 20 a minute; the 429 says when to retry.
func TestCreationLimits(t *testing.T) {
	clock := newFakeClock()
	ts := startTuned(t, backends()[0].fresh(t), clock, func(cfg *Config) {
		cfg.CreateRate, cfg.CommentRate = Rate{}, Rate{}
	})
	game := map[string]any{"variant": "chess", "color": "white", "opponent": "friend", "time_control": map[string]any{}}
	seek := map[string]any{"variant": "chess", "time_control": map[string]any{}}
	var s seated
	ts.call("POST", "/api/v1/games", "", game, http.StatusCreated, &s)
	for range 2 {
		ts.call("POST", "/api/v1/games", "", game, http.StatusCreated, nil)
		ts.call("POST", "/api/v1/seeks", "", seek, http.StatusCreated, nil)
	}
	for _, path := range []string{"/api/v1/games", "/api/v1/seeks", "/api/v1/import"} {
		res := ts.do("POST", path, "", game)
		if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") != "6" ||
			!strings.Contains(string(res.body), "too many new games, seeks and imports from your address (at most 10 a minute, bursts of 5); retry in 6s") {
			t.Errorf("POST %s, the sixth creation: %d %q %s", path, res.status, res.header.Get("Retry-After"), res.body)
		}
	}
	clock.advance(6 * time.Second)
	ts.call("POST", "/api/v1/games", "", game, http.StatusCreated, nil)
	if res := ts.do("POST", "/api/v1/games", "", game); res.status != http.StatusTooManyRequests {
		t.Errorf("a second game after 6 s: %d %s", res.status, res.body)
	}

	comment := func() response {
		return ts.do("POST", "/api/v1/games/"+s.Game.ID+"/comments", s.Token, map[string]any{"text": "hello"})
	}
	for i := range 10 {
		if res := comment(); res.status != http.StatusCreated {
			t.Fatalf("comment %d: %d %s", i, res.status, res.body)
		}
	}
	res := comment()
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") != "3" ||
		!strings.Contains(string(res.body), "too many comments from your address (at most 20 a minute, bursts of 10)") {
		t.Errorf("the eleventh comment: %d %q %s", res.status, res.header.Get("Retry-After"), res.body)
	}
	if res := ts.do("GET", "/metrics", "", nil); !strings.Contains(string(res.body), `timechess_rate_limited_total{limit="create"} 4`) ||
		!strings.Contains(string(res.body), `timechess_rate_limited_total{limit="comment"} 1`) {
		t.Errorf("metrics:\n%s", res.body)
	}
}

// TestNoRateLimits: NoRateLimits lifts every per-address limit and cap, and
// keeps the total caps.
func TestNoRateLimits(t *testing.T) {
	ts := startTuned(t, backends()[0].fresh(t), nil, func(cfg *Config) {
		cfg.NoRateLimits, cfg.CreateRate = true, Rate{}
	})
	c := ts.srv.cfg
	for name, r := range map[string]Rate{"addr": c.AddrRate, "static": c.StaticRate, "token": c.TokenRate, "create": c.CreateRate, "comment": c.CommentRate} {
		if r != (Rate{}) {
			t.Errorf("%s rate %v with NoRateLimits", name, r)
		}
	}
	if c.MaxConnsPerAddr >= 0 || c.MaxSocketsPerAddr >= 0 || c.MaxConns <= 0 || c.MaxSockets <= 0 || c.MaxSockets > c.MaxConns {
		t.Errorf("caps with NoRateLimits: %d per address (%d sockets), %d in all (%d sockets)",
			c.MaxConnsPerAddr, c.MaxSocketsPerAddr, c.MaxConns, c.MaxSockets)
	}
	game := map[string]any{"variant": "chess", "color": "white", "opponent": "friend", "time_control": map[string]any{}}
	for range 20 {
		ts.call("POST", "/api/v1/games", "", game, http.StatusCreated, nil)
	}
}

// TestAddrKey: the per-address limits count an IPv4 address by itself and
// an IPv6 address by its /64 network.
func TestAddrKey(t *testing.T) {
	for host, want := range map[string]string{
		"192.0.2.7":            "192.0.2.7",
		"::ffff:192.0.2.7":     "192.0.2.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2::ffff":   "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"fe80::1%eth0":         "fe80::/64",
		"::1":                  "::/64",
		"not an address":       "not an address",
	} {
		if got := addrKey(host); got != want {
			t.Errorf("addrKey(%q) = %q, want %q", host, got, want)
		}
	}
}
