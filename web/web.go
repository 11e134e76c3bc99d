// Package web holds the browser UI of `timechess serve`: plain ES modules, CSS and SVG of our
// own (no framework, no build step), embedded in the binary and served by Handler. The UI
// talks only to the HTTP JSON and WebSocket API of docs/api.md.
//
// Pages (each answers with the same app shell; static/js/main.js draws the page, and the rules
// pages come with their text already in it):
//
//	/            create a game (the form prefilled by ?variant=&fen=&color=&tc=&minutes=&increment=&days=&opponent=&level=,
//	             as a finished game's "New game" links it), the open seeks (live), my games, games being played
//	/seeks       the open seek list alone
//	/game/{id}   play or watch a game; a friend's invitation link is /game/{id}#seat=TOKEN,
//	             an open game's link is /game/{id} itself (a visitor joins with one click); an id that names
//	             no game gets a page that says so
//	/analysis    analysis board (?variant=&fen=&moves=a,b&mate=N, moves the main line): variations
//	             as a tree, continuous engine analysis with an evaluation bar and best-move arrow,
//	             engine lines, PGN import and export
//	/editor      position editor (?variant=&fen=)
//	/rules       the variants, a line each on what is special about it (rules.go)
//	/rules/{v}   the rules document of variant v (docs/rules/*.md, package timechess/docs),
//	             rendered on the server with goldmark; its `board` blocks become live boards
//	             (rulesboard.go) that static/js/rules.js mounts. A variant that shares a page
//	             (chess10x8, timethief-restore) is sent to its section; an unknown one gets 404
//	             and the list of variants.
//	/learn       the guided first games, one per variant (static/learn/index.json)
//	/learn/{variant}  a guided first game: a script of steps (static/learn/VARIANT.json) played
//	             on the board, each special action of the variant once
//
// Assets are under /static/ with their content types, Cache-Control: no-cache and a strong
// ETag, so browsers revalidate cheaply (304) and a new binary's files show at once. The
// server gzip-compresses them for browsers that accept it, with the ETag made weak
// (server/compress.go).
package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

//go:embed static
var staticFiles embed.FS

// PageRoutes are the URL paths (patterns for net/http.ServeMux) that answer with the app
// shell; the script reads location.pathname and draws the page.
var PageRoutes = []string{"/", "/game/{id}", "/analysis", "/editor", "/seeks", "/learn", "/learn/{variant}"}

// Handler serves the app shell for the page routes and the embedded assets under /static/.
// Everything else is 404, so the server can mount it as its fallback.
func Handler() http.Handler {
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic("web: embedded static directory missing: " + err.Error())
	}
	shell, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		panic("web: embedded index.html missing: " + err.Error())
	}
	mux := http.NewServeMux()
	for _, route := range PageRoutes {
		pattern := "GET " + route
		if route == "/" {
			pattern = "GET /{$}"
		}
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			serveShell(w, http.StatusOK, shell)
		})
	}
	rp := &rulesPages{shell: shell, pages: map[string][]byte{}}
	mux.HandleFunc("GET /rules", rp.index)
	mux.HandleFunc("GET /rules/{$}", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/rules", http.StatusFound) })
	mux.HandleFunc("GET /rules/{variant}", rp.variant)
	mux.Handle("GET /static/", http.StripPrefix("/static/", &assets{files: sub, etags: map[string]string{}}))
	return mux
}

// serveShell writes the HTML page every route shares (a rules page is the shell with the
// document in its main element) with the given status.
func serveShell(w http.ResponseWriter, status int, shell []byte) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(shell)))
	w.WriteHeader(status)
	_, _ = w.Write(shell)
}

// assets serves the embedded files with their content types. Clients revalidate every
// asset (Cache-Control: no-cache) against a strong ETag of its content, so an unchanged file
// costs a 304 and a new binary's files show at once without versioned URLs.
type assets struct {
	files fs.FS
	mu    sync.Mutex
	etags map[string]string
}

func (a *assets) etag(name string, data []byte) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	tag, ok := a.etags[name]
	if !ok {
		sum := sha256.Sum256(data)
		tag = `"` + hex.EncodeToString(sum[:12]) + `"`
		a.etags[name] = tag
	}
	return tag
}

func (a *assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" || name == "index.html" {
		http.NotFound(w, r)
		return
	}
	data, err := fs.ReadFile(a.files, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	tag := a.etag(name, data)
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", tag)
	h.Set("X-Content-Type-Options", "nosniff")
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", contentType(name))
	h.Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
}

// contentType names the media type of an asset by its extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".html":
		return "text/html; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}
