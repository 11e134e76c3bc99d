package server

import (
	"io"
	"net/http"
	"testing"
)

// TestHostNames: a server on a loopback address answers to localhost and to
// IP literals only, so that a page whose name was made to point at it (DNS
// rebinding) gets 421, WebSocket upgrades included; configured names replace
// localhost. Source: issue 34, finding 8.
func TestHostNames(t *testing.T) {
	cases := []struct {
		hosts []string
		host  string
		want  int
	}{
		{nil, "localhost:8080", http.StatusOK},
		{nil, "LOCALHOST.", http.StatusOK},
		{nil, "127.0.0.1:8080", http.StatusOK},
		{nil, "[::1]:8080", http.StatusOK},
		{nil, "evil.example", http.StatusMisdirectedRequest},
		{nil, "evil.example:8080", http.StatusMisdirectedRequest},
		{nil, "localhost.evil.example", http.StatusMisdirectedRequest},
		{[]string{"chess.example"}, "chess.example", http.StatusOK},
		{[]string{"chess.example"}, "Chess.Example:443", http.StatusOK},
		{[]string{"chess.example"}, "localhost", http.StatusMisdirectedRequest},
		{[]string{"chess.example"}, "10.0.0.1", http.StatusOK},
	}
	for _, c := range cases {
		base := serveOnLoopback(t, c.hosts)
		for _, path := range []string{"/healthz", "/api/v1/lobby/ws"} {
			req, err := http.NewRequest("GET", base+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Host = c.host
			if path != "/healthz" {
				req.Header.Set("Connection", "Upgrade")
				req.Header.Set("Upgrade", "websocket")
				req.Header.Set("Sec-WebSocket-Version", "13")
				req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			got := res.StatusCode
			var body []byte
			if got == http.StatusSwitchingProtocols { // a WebSocket, open until closed
				got = http.StatusOK
			} else {
				body, _ = io.ReadAll(res.Body)
			}
			res.Body.Close()
			if got != c.want {
				t.Errorf("hosts %v, Host %q, %s: %d %s, want %d", c.hosts, c.host, path, res.StatusCode, body, c.want)
			}
			if got == http.StatusMisdirectedRequest && (response{body: body}).errorCode() != codeUnknownHost {
				t.Errorf("hosts %v, Host %q: 421 without its code: %s", c.hosts, c.host, body)
			}
		}
	}
}

// serveOnLoopback serves a fresh server with Config.Hosts hosts on
// 127.0.0.1 through Serve (which sets the names from its listener) and
// returns its base URL.
func serveOnLoopback(t *testing.T, hosts []string) string {
	t.Helper()
	ts := startTuned(t, backends()[0].fresh(t), nil, func(c *Config) { c.Hosts = hosts })
	return "http://" + serve(t, ts).addr
}
