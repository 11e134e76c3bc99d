package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHostileRequests sends the requests of testdata/hostile.txt: each gets
// its 4xx status and error code (or, for a few large but valid inputs, its
// answer), the stored data stay as they were (the backups before and after
// are the same), no request is answered 5xx, and no goroutine is left
// behind.
func TestHostileRequests(t *testing.T) {
	type hostile struct {
		line                int
		method, path, token string
		status              int
		code, body          string
	}
	var cases []hostile
	eachLine(t, "testdata/hostile.txt", 6, func(n int, fields []string) {
		if len(fields) < 5 {
			t.Fatalf("hostile.txt:%d: want METHOD PATH TOKEN STATUS CODE [BODY]", n)
		}
		status, err := strconv.Atoi(fields[3])
		if err != nil {
			t.Fatalf("hostile.txt:%d: status %q", n, fields[3])
		}
		c := hostile{line: n, method: fields[0], path: fields[1], token: fields[2], status: status, code: fields[4]}
		if len(fields) == 6 {
			c.body = fields[5]
		}
		cases = append(cases, c)
	})
	forEachBackend(t, func(t *testing.T, b backend) {
		leaks := checkLeaks(t)
		ts := start(t, b.fresh(t), nil)
		s, white, black := ts.friendGame(nil)
		_, other, _ := ts.friendGame(nil)
		tokens := map[string]string{"none": "", "white": white, "black": black, "wrong": "WRONGWRONGWRONGWRONGWRONG2",
			"othergame": other, "huge": strings.Repeat("A", 32<<10), "prefix": white[:len(white)-1]}
		before := ts.backup()
		for _, c := range cases {
			var body any
			switch {
			case c.body == "@empty":
				body = ""
			case repeated.MatchString(c.body):
				body = expandRepeats(c.body)
			case strings.HasPrefix(c.body, "@big:"):
				n, _ := strconv.Atoi(strings.TrimPrefix(c.body, "@big:"))
				body = `{"pgn": "` + strings.Repeat("a", n) + `"}`
			case strings.HasPrefix(c.body, "@tokens:"):
				n, _ := strconv.Atoi(strings.TrimPrefix(c.body, "@tokens:"))
				list := make([]string, n)
				for i := range list {
					list[i] = fmt.Sprint("t", i)
				}
				data, _ := json.Marshal(map[string]any{"tokens": list})
				body = data
			case c.body != "":
				body = c.body
			}
			res := ts.do(c.method, strings.ReplaceAll(c.path, "{id}", s.Game.ID), tokens[c.token], body)
			code := c.code
			if code == "-" {
				code = ""
			}
			if res.status != c.status || res.errorCode() != code {
				t.Errorf("hostile.txt:%d %s %s: %d %.300s, want %d %s", c.line, c.method, c.path, res.status, res.body, c.status, c.code)
			}
			if c.status == http.StatusMethodNotAllowed && res.header.Get("Allow") == "" {
				t.Errorf("hostile.txt:%d: 405 without Allow", c.line)
			}
			if res.header.Get("Content-Type") != "application/json; charset=utf-8" {
				t.Errorf("hostile.txt:%d: content type %q", c.line, res.header.Get("Content-Type"))
			}
		}
		if g := ts.game(s.Game.ID, ""); g.Ply != 0 || g.Version != s.Game.Version || g.Status != "ongoing" {
			t.Errorf("the hostile requests changed the game: ply %d version %d %s", g.Ply, g.Version, g.Status)
		}
		if after := ts.backup(); !bytes.Equal(before, after) {
			t.Errorf("the hostile requests changed the stored data:\nbefore %s\nafter %s", before, after)
		}
		refused := 0
		for _, c := range cases {
			if c.status >= 400 {
				refused++
			}
		}
		t.Logf("%d hostile requests: %d refused with 4xx, %d large but valid ones answered", len(cases), refused, len(cases)-refused)
		if res := ts.do("GET", "/metrics", "", nil); strings.Contains(string(res.body), `code="5`) {
			t.Errorf("a request was answered 5xx:\n%s", res.body)
		}
		ts.close()
		leaks()
	})
}

// eachLine calls f with the number and the fields (at most n, the last
// holding the rest of the line) of each line of the test data file path
// that is neither blank nor a comment ("#").
func eachLine(tb testing.TB, path string, n int, f func(line int, fields []string)) {
	tb.Helper()
	file, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		if text := strings.TrimSpace(sc.Text()); text != "" && !strings.HasPrefix(text, "#") {
			f(line, strings.SplitN(text, " ", n))
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
}

// repeated matches the repetitions <<TEXT*N>> of a hostile.txt body, which
// stand for N copies of TEXT.
var repeated = regexp.MustCompile(`<<(.+?)\*([0-9]+)>>`)

// expandRepeats replaces each <<TEXT*N>> of body by N copies of TEXT.
func expandRepeats(body string) string {
	return repeated.ReplaceAllStringFunc(body, func(m string) string {
		sub := repeated.FindStringSubmatch(m)
		n, _ := strconv.Atoi(sub[2])
		return strings.Repeat(sub[1], n)
	})
}

// TestHeaders checks the security headers on API, UI and error answers.
func TestHeaders(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	for _, path := range []string{"/", "/game/abc", "/api/v1/variants", "/api/v1/games/none", "/healthz", "/metrics"} {
		res := ts.do("GET", path, "", nil)
		for name, want := range map[string]string{
			"Content-Security-Policy": contentSecurityPolicy,
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
		} {
			if got := res.header.Get(name); got != want {
				t.Errorf("%s: %s = %q, want %q", path, name, got, want)
			}
		}
	}
	if res := ts.do("GET", "/", "", nil); string(res.body) != "the UI" {
		t.Errorf("/ is not the UI: %q", res.body)
	}
	if res := ts.do("GET", "/healthz", "", nil); res.status != http.StatusOK {
		t.Errorf("healthz: %d %s", res.status, res.body)
	}
	if res := ts.do("GET", "/metrics", "", nil); !strings.Contains(string(res.body), `timechess_http_requests_total{code="200"}`) ||
		!strings.Contains(string(res.body), "timechess_ws_connections 0") {
		t.Errorf("metrics:\n%s", res.body)
	}
}

// TestRateLimits: a flood from one address gets 429 with Retry-After, and a
// seat token's moves are limited too.
func TestRateLimits(t *testing.T) {
	clock := newFakeClock()
	ts := start(t, backends()[0].fresh(t), clock)
	s, white, _ := ts.friendGame(nil)
	limited := 0
	for range 300 {
		res := ts.do("POST", "/api/v1/games/"+s.Game.ID+"/moves", white, map[string]any{"ply": 9, "move": "e4"})
		if res.status == http.StatusTooManyRequests {
			limited++
			if res.header.Get("Retry-After") == "" || res.errorCode() != codeRateLimited {
				t.Fatalf("429 without Retry-After or code: %s", res.body)
			}
		}
	}
	if limited < 250 {
		t.Errorf("%d of 300 requests limited, want at least 250 (a token's burst is 40)", limited)
	}
	clock.advance(time.Minute)
	if g := ts.game(s.Game.ID, ""); g.Ply != 0 {
		t.Errorf("ply %d", g.Ply)
	}
}
