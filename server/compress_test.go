package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"timechess/web"
)

// get sends a GET (or another bodiless method) with the headers given,
// without the transport's own gzip handling, and returns the raw answer.
func get(t *testing.T, method, url string, header map[string]string) response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	// A request that sets Accept-Encoding itself gets the body as sent.
	if req.Header.Get("Accept-Encoding") == "" {
		req.Header.Set("Accept-Encoding", "identity")
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{res.StatusCode, res.Header, data}
}

// gunzip decompresses a gzip body.
func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("bad gzip: %v", err)
	}
	return out
}

// TestCompressGame checks that a travelers game's JSON (its legal actions
// listed, the largest answer of the API) comes gzip-compressed to a client
// that asks for it, decompresses to the plain answer, that HEAD gets the
// headers of its GET, and that small answers and clients that refuse gzip
// get plain bodies.
func TestCompressGame(t *testing.T) {
	ts := start(t, filepath.Join(t.TempDir(), "timechess.db"), nil)
	s, _, _ := ts.friendGame(map[string]any{"variant": "travelers"})
	url := ts.http.URL + "/api/v1/games/" + s.Game.ID

	plain := get(t, "GET", url, nil)
	if plain.status != http.StatusOK || plain.header.Get("Content-Encoding") != "" {
		t.Fatalf("plain GET: status %d, Content-Encoding %q", plain.status, plain.header.Get("Content-Encoding"))
	}
	if got := plain.header.Get("Content-Length"); got != strconv.Itoa(len(plain.body)) {
		t.Errorf("plain GET: Content-Length %q for %d bytes", got, len(plain.body))
	}
	zipped := get(t, "GET", url, map[string]string{"Accept-Encoding": "br;q=1.0, gzip;q=0.8, *;q=0.1"})
	if zipped.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET accepting gzip: Content-Encoding %q", zipped.header.Get("Content-Encoding"))
	}
	if !strings.Contains(zipped.header.Get("Vary"), "Accept-Encoding") {
		t.Errorf("compressed answer: Vary %q", zipped.header.Get("Vary"))
	}
	if got := gunzip(t, zipped.body); !bytes.Equal(got, plain.body) {
		t.Fatalf("the compressed answer decompresses to %d bytes, not the plain %d", len(got), len(plain.body))
	}
	if len(zipped.body)*4 > len(plain.body) {
		t.Errorf("a travelers game compresses from %d to %d bytes: want at least 4 times smaller", len(plain.body), len(zipped.body))
	}
	t.Logf("travelers game at the start: %d bytes plain, %d gzip", len(plain.body), len(zipped.body))

	for _, ae := range []string{"gzip;q=0", "identity", "deflate, br"} {
		if res := get(t, "GET", url, map[string]string{"Accept-Encoding": ae}); res.header.Get("Content-Encoding") != "" || !bytes.Equal(res.body, plain.body) {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q", ae, res.header.Get("Content-Encoding"))
		}
	}
	if res := get(t, "HEAD", url, map[string]string{"Accept-Encoding": "gzip"}); res.status != http.StatusOK || res.header.Get("Content-Encoding") != "gzip" || len(res.body) != 0 {
		t.Errorf("HEAD accepting gzip: status %d, Content-Encoding %q, %d bytes", res.status, res.header.Get("Content-Encoding"), len(res.body))
	}
	if res := get(t, "HEAD", url, nil); res.status != http.StatusOK || res.header.Get("Content-Encoding") != "" || res.header.Get("Content-Length") != strconv.Itoa(len(plain.body)) {
		t.Errorf("plain HEAD: status %d, Content-Encoding %q, Content-Length %q", res.status, res.header.Get("Content-Encoding"), res.header.Get("Content-Length"))
	}
	if res := get(t, "GET", ts.http.URL+"/healthz", map[string]string{"Accept-Encoding": "gzip"}); res.header.Get("Content-Encoding") != "" {
		t.Errorf("GET /healthz (%d bytes): compressed", len(res.body))
	}
}

// TestCompressAssets checks the UI's files through the server: compressed
// with a weak ETag for a client that accepts gzip, which then revalidates
// with it (304, the ETag still weak); plain with the strong ETag otherwise.
func TestCompressAssets(t *testing.T) {
	ts := startTuned(t, filepath.Join(t.TempDir(), "timechess.db"), nil, func(c *Config) { c.UI = web.Handler() })
	url := ts.http.URL + "/static/js/game.js"
	plain := get(t, "GET", url, nil)
	strong := plain.header.Get("ETag")
	if plain.status != http.StatusOK || strong == "" || strings.HasPrefix(strong, "W/") {
		t.Fatalf("plain GET: status %d, ETag %q", plain.status, strong)
	}
	zipped := get(t, "GET", url, map[string]string{"Accept-Encoding": "gzip"})
	weak := zipped.header.Get("ETag")
	if zipped.header.Get("Content-Encoding") != "gzip" || weak != "W/"+strong {
		t.Fatalf("GET accepting gzip: Content-Encoding %q, ETag %q (strong %q)", zipped.header.Get("Content-Encoding"), weak, strong)
	}
	if got := gunzip(t, zipped.body); !bytes.Equal(got, plain.body) {
		t.Fatal("the compressed script differs from the plain one")
	}
	again := get(t, "GET", url, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": weak})
	if again.status != http.StatusNotModified || again.header.Get("ETag") != weak || len(again.body) != 0 {
		t.Errorf("revalidation with %s: status %d, ETag %q, %d bytes", weak, again.status, again.header.Get("ETag"), len(again.body))
	}
	if res := get(t, "GET", url, map[string]string{"If-None-Match": strong}); res.status != http.StatusNotModified || res.header.Get("ETag") != strong {
		t.Errorf("plain revalidation: status %d, ETag %q", res.status, res.header.Get("ETag"))
	}
	if head := get(t, "HEAD", url, map[string]string{"Accept-Encoding": "gzip"}); head.header.Get("ETag") != weak || head.header.Get("Content-Encoding") != "gzip" {
		t.Errorf("HEAD accepting gzip: ETag %q, Content-Encoding %q; its GET gave %q, gzip", head.header.Get("ETag"), head.header.Get("Content-Encoding"), weak)
	}
	icon := get(t, "GET", ts.http.URL+"/static/icon.svg", map[string]string{"Accept-Encoding": "gzip"})
	if icon.status != http.StatusOK || icon.header.Get("Content-Encoding") != "" {
		t.Errorf("the %d-byte icon: status %d, Content-Encoding %q", len(icon.body), icon.status, icon.header.Get("Content-Encoding"))
	}
}

// TestAcceptsGzip reads Accept-Encoding headers (RFC 9110, 12.5.3).
func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                        false,
		"gzip":                    true,
		"GZip":                    true,
		"x-gzip":                  true,
		"gzip, deflate, br, zstd": true,
		"gzip;q=0":                false,
		"gzip; q=0.000":           false,
		"gzip;q=0.5":              true,
		"identity":                false,
		"deflate, br":             false,
		"*":                       true,
		"*;q=0":                   false,
		"gzip;q=0, *":             false,
		"br, *;q=0.1":             true,
		"gzip;q=nonsense":         false,
		";;,,;q=,gzip":            true,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

// BenchmarkCompress measures gzip at the level the server uses and at the
// default level on a travelers game's JSON at the start (go test -bench
// Compress ./server): the bytes saved ("x-smaller") against the time.
func BenchmarkCompress(b *testing.B) {
	s := benchServer(b)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("POST", "/api/v1/games",
		strings.NewReader(`{"variant":"travelers","color":"white","opponent":"friend","time_control":{}}`)))
	id := between(rec.Body.String(), `"id":"`, `"`)
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/games/"+id, nil))
	if rec.Code != http.StatusOK {
		b.Fatalf("GET game: %d %s", rec.Code, rec.Body)
	}
	body := rec.Body.Bytes()
	for _, level := range []struct {
		name  string
		level int
	}{{"server", gzipLevel}, {"default", gzip.DefaultCompression}} {
		b.Run(level.name, func(b *testing.B) {
			var out bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&out, level.level)
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				out.Reset()
				zw.Reset(&out)
				zw.Write(body)
				zw.Close()
			}
			b.ReportMetric(float64(len(body))/float64(out.Len()), "x-smaller")
		})
	}
}

// between returns the text of s between the first from and the next to.
func between(s, from, to string) string {
	_, rest, _ := strings.Cut(s, from)
	out, _, _ := strings.Cut(rest, to)
	return out
}

// FuzzAcceptsGzip reads any Accept-Encoding header without panicking, and
// never finds gzip accepted in one that names neither gzip nor "*".
func FuzzAcceptsGzip(f *testing.F) {
	for _, seed := range []string{"gzip", "gzip;q=0", "*;q=0.1, br", "x-gzip; q=1.0", ";=,;q"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, header string) {
		got := acceptsGzip(header)
		if got && !strings.Contains(strings.ToLower(header), "gzip") && !strings.Contains(header, "*") {
			t.Fatalf("acceptsGzip(%q) = true", header)
		}
	})
}
