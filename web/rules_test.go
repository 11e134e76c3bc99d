package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"timechess/docs"
	"timechess/rules"
)

// TestRulesBoards replays every `board` block of every rules document through the rules: its
// variant, position text and moves must all be accepted. A failure names the document and the
// line of the block, so a board that no longer fits the rules is found at once.
func TestRulesBoards(t *testing.T) {
	names, err := fs.Glob(docs.Rules, "rules/*.md")
	if err != nil || len(names) < 4 {
		t.Fatalf("rules documents: %v %v", names, err)
	}
	boards := 0
	for _, file := range names {
		doc := strings.TrimSuffix(path.Base(file), ".md")
		t.Run(doc, func(t *testing.T) {
			variant := doc
			if _, err := rules.Lookup(variant); err != nil {
				variant = "chess"
			}
			d, err := renderRules(doc, variant)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range d.Errs {
				t.Errorf("docs/rules/%s.md:%d: %v", doc, e.Line, e.Err)
			}
			n := strings.Count(string(d.Body), `<figure class="liveboard"`)
			if want := boardFences(mustRead(t, file)); n+len(d.Errs) != want {
				t.Errorf("%s: %d boards rendered and %d refused, but the document has %d board blocks", file, n, len(d.Errs), want)
			}
			boards += n
		})
	}
	if boards < 30 {
		t.Errorf("only %d live boards in all documents", boards)
	}
}

// boardFences counts the `board` blocks of a document as plain Markdown sees them.
func boardFences(src []byte) int {
	n := 0
	_ = ast.Walk(goldmark.New().Parser().Parse(text.NewReader(src)), func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := c.(*ast.FencedCodeBlock); ok && entering && string(f.Language(src)) == "board" {
			n++
		}
		return ast.WalkContinue, nil
	})
	return n
}

func mustRead(t *testing.T, file string) []byte {
	t.Helper()
	b, err := fs.ReadFile(docs.Rules, file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadBoard checks the reading of one block: defaults, moves in several notations with
// their numbers, and the errors that say what is wrong.
func TestReadBoard(t *testing.T) {
	b, err := readBoard("moves: 1. d2//5 Nc6 2. e4\ncaption: A send.\n", "gifford")
	if err != nil {
		t.Fatal(err)
	}
	if b.Variant != "gifford" || b.Caption != "A send." || b.Width != 8 || b.Height != 8 {
		t.Errorf("board %+v", b)
	}
	got := []string{}
	for _, m := range b.Moves {
		got = append(got, m.Number+m.SAN+"="+m.Coord)
	}
	if want := "1.d2//5=d2//5 1…Nc6=b8c6 2.e4=e2e4"; strings.Join(got, " ") != want {
		t.Errorf("moves %q, want %q", strings.Join(got, " "), want)
	}
	b, err = readBoard("variant: timethief\nfen: 9k/5r4/10/10/2T7/10/10/K9 b - - 0 1\nmoves: Rf2 Txf7", "chess")
	if err != nil || len(b.Moves) != 2 || b.Width != 10 || b.Moves[1].Number != "2." {
		t.Errorf("timethief board %+v, %v", b, err)
	}
	for _, c := range []struct{ block, want string }{
		{"colour: white", `"colour: white" is not one of the keys variant, fen, moves, caption`},
		{"fen: x\nfen: y", `key "fen" is given twice`},
		{"variant: checkers", `unknown variant "checkers"`},
		{"fen: 8/8/8 w", "fen:"},
		{"moves: e4 e4", "moves:"},
		{"moves: 1. e4 e5 2. Ke3", "moves: move 2 (Ke3): "},
	} {
		_, err := readBoard(c.block, "chess")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("block %q: error %v, want one containing %q", c.block, err, c.want)
		}
	}
}

// TestBrokenBoard renders a document whose board the rules refuse: the page shows the refusal
// with the document's line, and the error names that line for the tests.
func TestBrokenBoard(t *testing.T) {
	src := "# T\n\nText.\n\n```board\nmoves: 1. e4 e5 2. Ke3\n```\n\n```\nplain code\n```\n"
	d, err := renderMarkdown([]byte(src), "chess")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Errs) != 1 || d.Errs[0].Line != 5 {
		t.Fatalf("errors %+v, want one on line 5", d.Errs)
	}
	for _, want := range []string{"This board cannot be set up (line 5 of the document): moves: move 2 (Ke3)", "<pre><code>plain code"} {
		if !strings.Contains(string(d.Body), want) {
			t.Errorf("the page lacks %q:\n%s", want, d.Body)
		}
	}
	if d.Title != "T" || !strings.Contains(string(d.Head), "<h1") {
		t.Errorf("title %q, head %q", d.Title, d.Head)
	}
}

// TestRulesPages checks the rules routes: the index lists every registered variant, each page
// has its document, headings with ids, the guided game's link and live boards, a shared page's
// variant is sent to its section, and an unknown variant gets 404 with the list of variants.
func TestRulesPages(t *testing.T) {
	for _, name := range rules.Names() {
		if _, ok := rulesEntry(name); !ok {
			t.Errorf("variant %s has no line on /rules: add it to rulesVariants", name)
		}
	}
	h := Handler()
	get := func(p string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		return rec
	}
	idx := get("/rules")
	if idx.Code != 200 || !strings.Contains(idx.Body.String(), `src="/static/js/main.js"`) {
		t.Fatalf("/rules: %d, shell: %v", idx.Code, strings.Contains(idx.Body.String(), "main.js"))
	}
	for _, v := range rulesVariants {
		if !strings.Contains(idx.Body.String(), `href="`+v.href()+`"`) {
			t.Errorf("/rules does not link %s to %s", v.Name, v.href())
		}
	}
	cases := []struct {
		path     string
		status   int
		location string
		has      []string
	}{
		{"/rules/gifford", 200, "", []string{`<title>Time Travel Chess (Gifford) · timechess</title>`, `id="sending-a-man-forward-g3"`, `href="/learn/gifford"`, `class="liveboard"`, `href="#backward-travel-g5"`}},
		{"/rules/chess", 200, "", []string{`id="boards-men-and-moves-c1"`, `href="/learn/chess"`, `href="/learn/chess10x8"`}},
		{"/rules/timethief", 200, "", []string{`id="the-king-restoration-rules-timethief-restore-t7"`, `data-variant="timethief-restore"`, "<table>"}},
		{"/rules/travelers", 200, "", []string{`id="explosions-r3"`, `data-moves="`}},
		{"/rules/chess10x8", 302, "/rules/chess#boards-men-and-moves-c1", nil},
		{"/rules/timethief-restore", 302, "/rules/timethief#the-king-restoration-rules-timethief-restore-t7", nil},
		{"/rules/", 302, "/rules", nil},
		{"/rules/checkers", 404, "", []string{"No rules for “checkers”", `href="/rules/gifford"`, `src="/static/js/main.js"`}},
		{"/rules/%3Cb%3E", 404, "", []string{"No rules for “&lt;b&gt;”"}},
		{"/rules/gifford/x", 404, "", nil},
	}
	for _, c := range cases {
		rec := get(c.path)
		if rec.Code != c.status {
			t.Errorf("GET %s: status %d, want %d", c.path, rec.Code, c.status)
			continue
		}
		if got := rec.Header().Get("Location"); got != c.location {
			t.Errorf("GET %s: Location %q, want %q", c.path, got, c.location)
		}
		for _, want := range c.has {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("GET %s: the page lacks %q", c.path, want)
			}
		}
	}
}

// TestRulesPagesObeyCSP parses every rules page as the shell's test does: no inline script,
// style or event handler, no external resource.
func TestRulesPagesObeyCSP(t *testing.T) {
	h := Handler()
	for _, p := range []string{"/rules", "/rules/chess", "/rules/gifford", "/rules/timethief", "/rules/travelers", "/rules/nope"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		body := rec.Body.String()
		if regexp.MustCompile(`<script[^>]*>[^<]+</script>`).MatchString(body) || strings.Count(body, "<script") != 1 {
			t.Errorf("%s: inline or extra <script>", p)
		}
		for _, tag := range startTags(body) {
			for k, v := range tag.attrs {
				if k == "style" || strings.HasPrefix(k, "on") {
					t.Errorf("%s: <%s> has inline attribute %s=%q", p, tag.name, k, v)
				}
				if (k == "src" || k == "href") && strings.Contains(v, "//") {
					t.Errorf("%s: <%s %s=%q>: external resource", p, tag.name, k, v)
				}
			}
		}
	}
}

// FuzzRulesRoute asks for /rules/<anything>: the answer is a page of the shell (200, 302 or 404),
// never a panic, and the name asked for is never written back unescaped.
func FuzzRulesRoute(f *testing.F) {
	for _, s := range []string{"gifford", "chess10x8", "", "%00", "<script>", "a/b", "..", "%2e%2e", strings.Repeat("x", 300), "timethief-restore#x", "ünïcode"} {
		f.Add(s)
	}
	h := Handler()
	f.Fuzz(func(t *testing.T, name string) {
		target := "/rules/" + url.PathEscape(name)
		req, err := http.NewRequest("GET", "http://timechess.test"+target, nil)
		if err != nil {
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 301, 302, 307, 308, 404:
		default:
			t.Fatalf("GET %s: status %d", target, rec.Code)
		}
		if rec.Code == 404 && strings.ContainsAny(name, "<>&\"") && strings.Contains(rec.Body.String(), "“"+name+"”") {
			t.Fatalf("GET %s: the name is written back unescaped", target)
		}
	})
}

// TestRuleLinksExist checks every link into a rules section that the scripts hold (the
// special-action panel's, ruleslinks.js) against the ids of the rendered documents, so a
// renamed heading cannot leave a link dangling.
func TestRuleLinksExist(t *testing.T) {
	linkRe := regexp.MustCompile(`'/rules/([a-z0-9-]+)#([a-z0-9-]+)'`)
	files, _ := fs.Glob(staticFiles, "static/js/*.js")
	n := 0
	for _, f := range files {
		src, _ := fs.ReadFile(staticFiles, f)
		for _, m := range linkRe.FindAllStringSubmatch(string(src), -1) {
			n++
			d, err := renderRules(m[1], m[1])
			if err != nil {
				t.Errorf("%s links to %s#%s: %v", f, m[1], m[2], err)
				continue
			}
			if !strings.Contains(string(d.Body), ` id="`+m[2]+`"`) {
				t.Errorf("%s links to /rules/%s#%s, but that page has no such heading", f, m[1], m[2])
			}
		}
	}
	if n < 6 {
		t.Errorf("only %d rule links found in the scripts", n)
	}
	for _, v := range rulesVariants {
		if v.Section == "" {
			continue
		}
		d, err := renderRules(v.Doc, v.Doc)
		if err != nil || !strings.Contains(string(d.Body), ` id="`+v.Section+`"`) {
			t.Errorf("%s is sent to /rules/%s#%s, which has no such heading (%v)", v.Name, v.Doc, v.Section, err)
		}
	}
}
