package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"regexp"
	"strings"
	"testing"
)

// TestRoutes checks that every page route answers with the app shell and that unknown paths
// are 404 (the server mounts Handler as its fallback).
func TestRoutes(t *testing.T) {
	h := Handler()
	cases := []struct {
		path   string
		status int
		ctype  string
	}{
		{"/", 200, "text/html; charset=utf-8"},
		{"/game/4ttxxhwyoxo3", 200, "text/html; charset=utf-8"},
		{"/analysis", 200, "text/html; charset=utf-8"},
		{"/editor", 200, "text/html; charset=utf-8"},
		{"/seeks", 200, "text/html; charset=utf-8"},
		{"/learn", 200, "text/html; charset=utf-8"},
		{"/learn/gifford", 200, "text/html; charset=utf-8"},
		{"/nope", 404, ""},
		{"/game/", 404, ""},
		{"/static/", 404, ""},
		{"/static/index.html", 404, ""},
		{"/static/missing.js", 404, ""},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != c.status {
			t.Errorf("GET %s: status %d, want %d", c.path, rec.Code, c.status)
			continue
		}
		if c.ctype != "" {
			if got := rec.Header().Get("Content-Type"); got != c.ctype {
				t.Errorf("GET %s: Content-Type %q, want %q", c.path, got, c.ctype)
			}
			if !strings.Contains(rec.Body.String(), `src="/static/js/main.js"`) {
				t.Errorf("GET %s: body is not the app shell", c.path)
			}
		}
	}
}

// TestAssets checks every embedded asset's content type and cache headers, and the 304 on
// revalidation.
func TestAssets(t *testing.T) {
	h := Handler()
	want := map[string]string{
		".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
		".svg": "image/svg+xml", ".html": "", ".json": "application/json",
	}
	n := 0
	err := fs.WalkDir(staticFiles, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ct, ok := want[path.Ext(p)]
		if !ok {
			t.Errorf("%s: no expected content type for this extension; add one to the test", p)
			return nil
		}
		if ct == "" {
			return nil
		}
		n++
		url := "/" + p
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", url, nil))
		if rec.Code != 200 {
			t.Fatalf("GET %s: status %d", url, rec.Code)
		}
		if got := rec.Header().Get("Content-Type"); got != ct {
			t.Errorf("GET %s: Content-Type %q, want %q", url, got, ct)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q", url, got)
		}
		tag := rec.Header().Get("ETag")
		if tag == "" {
			t.Errorf("GET %s: no ETag", url)
		}
		req := httptest.NewRequest("GET", url, nil)
		req.Header.Set("If-None-Match", tag)
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: status %d, want 304", url, rec.Code)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Errorf("only %d assets embedded", n)
	}
}

var (
	tagRe  = regexp.MustCompile(`(?s)<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*/?>`)
	attrRe = regexp.MustCompile(`([^\s=>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?`)
)

// htmlTag is one start tag of an HTML document: its name and attributes.
type htmlTag struct {
	name  string
	attrs map[string]string
}

// startTags lists the start tags of an HTML document (enough of HTML for the shell, which has
// no comments, CDATA or raw-text tricks).
func startTags(doc string) []htmlTag {
	var tags []htmlTag
	for _, m := range tagRe.FindAllStringSubmatch(doc, -1) {
		tag := htmlTag{name: strings.ToLower(m[1]), attrs: map[string]string{}}
		for _, a := range attrRe.FindAllStringSubmatch(m[2], -1) {
			tag.attrs[strings.ToLower(a[1])] = strings.Trim(a[2], `"'`)
		}
		tags = append(tags, tag)
	}
	return tags
}

// TestShellObeysCSP parses the shell: every script is external, no inline style or event
// handler attributes, no <style> element, every referenced asset exists. The server's
// Content-Security-Policy (script-src 'self'; style-src 'self') would block any of them.
func TestShellObeysCSP(t *testing.T) {
	doc, err := fs.ReadFile(staticFiles, "static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	tags := startTags(string(doc))
	if len(tags) < 10 {
		t.Fatalf("parsed only %d tags", len(tags))
	}
	scripts := 0
	for _, tag := range tags {
		if tag.name == "style" {
			t.Errorf("inline <style> element")
		}
		if tag.name == "script" {
			scripts++
			if tag.attrs["src"] == "" {
				t.Errorf("inline <script> without src")
			}
		}
		for k, v := range tag.attrs {
			if k == "style" || strings.HasPrefix(k, "on") {
				t.Errorf("<%s> has inline attribute %s=%q", tag.name, k, v)
			}
			if (k == "src" || k == "href") && strings.HasPrefix(v, "/static/") {
				if _, err := fs.Stat(staticFiles, strings.TrimPrefix(v, "/")); err != nil {
					t.Errorf("<%s %s=%q>: no such asset", tag.name, k, v)
				}
			}
			if (k == "src" || k == "href") && strings.Contains(v, "//") {
				t.Errorf("<%s %s=%q>: external resource", tag.name, k, v)
			}
		}
	}
	if scripts != 1 {
		t.Errorf("%d scripts, want the one module entry point", scripts)
	}
	// A body close after the scripts: the inline text between tags holds no script either.
	if regexp.MustCompile(`<script[^>]*>[^<]+</script>`).Match(doc) {
		t.Errorf("a <script> element has inline content")
	}
}

// TestScriptsObeyCSP checks the modules for what the CSP forbids (eval, new Function, inline
// style attributes written as text) and that every relative import names an embedded module.
func TestScriptsObeyCSP(t *testing.T) {
	forbidden := []string{"eval(", "new Function", "setAttribute('style'", `setAttribute("style"`, "innerHTML", "document.write"}
	importRe := regexp.MustCompile(`(?:from|import\()\s*'(\./[^']+)'`)
	files, err := fs.Glob(staticFiles, "static/js/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no modules: %v", err)
	}
	for _, f := range files {
		src, _ := fs.ReadFile(staticFiles, f)
		for _, bad := range forbidden {
			if strings.Contains(string(src), bad) {
				t.Errorf("%s uses %q", f, bad)
			}
		}
		for _, m := range importRe.FindAllStringSubmatch(string(src), -1) {
			if _, err := fs.Stat(staticFiles, path.Join(path.Dir(f), m[1])); err != nil {
				t.Errorf("%s imports %s, which is not embedded", f, m[1])
			}
		}
	}
}

// TestScriptsParse runs `node --check` on each module when node is installed (it is not
// needed to build or run timechess; this is only a cheap syntax check).
func TestScriptsParse(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed; skipping the JavaScript syntax check")
	}
	files, _ := fs.Glob(staticFiles, "static/js/*.js")
	for _, f := range files {
		src, _ := fs.ReadFile(staticFiles, f)
		cmd := exec.Command(node, "--input-type=module", "--check")
		cmd.Stdin = strings.NewReader(string(src))
		cmd.Env = append(os.Environ(), "NODE_OPTIONS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", f, err, out)
		}
	}
}
