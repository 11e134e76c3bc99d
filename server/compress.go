package server

import (
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// HTTP answers are gzip-compressed for the clients that accept it: a
// travelers game's JSON at the start (its legal actions listed) is 137 KB and
// shrinks to 17 KB, the UI's scripts and styles from 114 KB to 43 KB. Text answers of
// at least gzipMin bytes (or of a length not declared up front) are
// compressed; smaller ones, other media types, WebSocket upgrades
// (compressed per message, ws.go) and answers without a body are sent as
// they are. A HEAD request gets the headers its GET would. A compressed answer's ETag is made weak (the encoded
// bytes differ from the identity ones, the content does not), and so is the
// ETag of a 304 to a client that accepts gzip, so the browser's If-None-Match
// still matches (weak comparison).

// gzipMin is the smallest declared body worth compressing: below it the
// gzip header and the compression time cost more than they save.
const gzipMin = 1024

// gzipLevel trades the server's time for bytes: level 1 compresses a
// travelers game's JSON 8.2 times in 0.46 ms, the default level 9.5 times
// in 2.5 ms (BenchmarkCompress, 2-core machine).
const gzipLevel = gzip.BestSpeed

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzipLevel)
	return w
}}

// compress wraps next so that its answers are gzip-compressed where the
// client accepts it (see above).
func compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isUpgrade(r) {
			next.ServeHTTP(w, r)
			return
		}
		cw := &gzipResponse{ResponseWriter: w, accepts: acceptsGzip(r.Header.Get("Accept-Encoding"))}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

// isUpgrade reports whether r asks to switch protocols (a WebSocket).
func isUpgrade(r *http.Request) bool {
	return r.Header.Get("Upgrade") != ""
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip: it
// names gzip (or x-gzip) or "*" with a non-zero quality, and does not name
// gzip with quality zero.
func acceptsGzip(header string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		ok := qualityNonZero(params)
		switch coding {
		case "gzip", "x-gzip":
			return ok
		case "*":
			star = ok
		}
	}
	return star
}

// qualityNonZero reports whether the parameters of one Accept-Encoding
// entry ("q=0.5", or nothing) give it a quality above zero.
func qualityNonZero(params string) bool {
	for _, p := range strings.Split(params, ";") {
		name, value, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		return err == nil && q > 0
	}
	return true
}

// compressible reports whether an answer of the media type is text worth
// compressing.
func compressible(contentType string) bool {
	media, _, _ := strings.Cut(contentType, ";")
	media = strings.ToLower(strings.TrimSpace(media))
	switch {
	case strings.HasPrefix(media, "text/"):
		return true
	case media == "application/json", media == "image/svg+xml", media == "application/x-chess-pgn",
		media == "application/javascript":
		return true
	}
	return false
}

// gzipResponse compresses the answer it carries once WriteHeader has found
// it worth it.
type gzipResponse struct {
	http.ResponseWriter
	accepts bool // the client accepts gzip
	decided bool // WriteHeader has run
	gz      *gzip.Writer
}

// WriteHeader decides whether the answer is compressed and sets its headers.
func (g *gzipResponse) WriteHeader(code int) {
	if g.decided || code < 200 {
		g.ResponseWriter.WriteHeader(code)
		return
	}
	g.decided = true
	h := g.Header()
	bodyless := code == http.StatusNoContent || code == http.StatusNotModified || code == http.StatusPartialContent
	text := !bodyless && h.Get("Content-Encoding") == "" && compressible(h.Get("Content-Type"))
	if text {
		h.Add("Vary", "Accept-Encoding")
	}
	if g.accepts && (text || code == http.StatusNotModified) {
		weakenETag(h)
	}
	if g.accepts && text && worthIt(h.Get("Content-Length")) {
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		g.gz = gzipWriters.Get().(*gzip.Writer)
		g.gz.Reset(g.ResponseWriter)
	}
	g.ResponseWriter.WriteHeader(code)
}

// worthIt reports whether a body of the declared length (empty: unknown)
// is worth compressing.
func worthIt(length string) bool {
	if length == "" {
		return true
	}
	n, err := strconv.Atoi(length)
	return err != nil || n >= gzipMin
}

// weakenETag marks a strong ETag weak.
func weakenETag(h http.Header) {
	if tag := h.Get("ETag"); tag != "" && !strings.HasPrefix(tag, "W/") {
		h.Set("ETag", "W/"+tag)
	}
}

// Write writes body bytes, compressed when so decided.
func (g *gzipResponse) Write(b []byte) (int, error) {
	if !g.decided {
		if g.Header().Get("Content-Type") == "" {
			g.Header().Set("Content-Type", http.DetectContentType(b))
		}
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		return g.gz.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

// finish ends the compressed stream, if any, and returns its writer to the
// pool.
func (g *gzipResponse) finish() {
	if g.gz == nil {
		return
	}
	g.gz.Close()
	g.gz.Reset(nil)
	gzipWriters.Put(g.gz)
	g.gz = nil
}
