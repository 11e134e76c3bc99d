package web

import (
	"bytes"
	"html/template"
	"net/http"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"timechess/docs"
	"timechess/rules"
	// The boards of the rules pages are replayed by the rules of every variant.
	_ "timechess/variant/all"
)

// rulesVariant is a variant's line on /rules: the document that explains it, the section of
// that document when it shares the page with another variant, and what is special about it.
type rulesVariant struct {
	Name    string
	Doc     string // the document docs/rules/<Doc>.md, also the page /rules/<Doc>
	Section string // the heading id of the variant's section on a shared page, "" for its own page
	Special string
}

// rulesVariants lists every variant in the order /rules shows them.
var rulesVariants = []rulesVariant{
	{"chess", "chess", "", "FIDE chess, on any board from 1x1 to 16x16, Chess960 castling included. The rules every variant shares."},
	{"chess10x8", "chess", "boards-men-and-moves-c1", "Chess on ten files with a Guard on each side: a King that is not royal."},
	{"gifford", "gifford", "", "Send a man up to ten moves into the future; a King may travel back up to five moves and start a new timeline."},
	{"timethief", "timethief", "", "Chess on 10x8 with the Time Thief, which captures by taking back the opponent's last move; a King it sees is frozen."},
	{"timethief-restore", "timethief", "the-king-restoration-rules-timethief-restore-t7", "The Time Thief game where a side with a Time Thief ignores check, and a lost King must be restored by a TT-capture."},
	{"travelers", "travelers", "", "A man explodes into a traveling and a traveled copy; the traveling man must later be annihilated by his resonator, or his side loses."},
}

// rulesEntry finds a variant's line of /rules.
func rulesEntry(name string) (rulesVariant, bool) {
	for _, v := range rulesVariants {
		if v.Name == name {
			return v, true
		}
	}
	return rulesVariant{}, false
}

// title is the variant's human name.
func (v rulesVariant) title() string {
	if rv, err := rules.Lookup(v.Name); err == nil {
		return rv.Spec().Title
	}
	return v.Name
}

// href is where the variant's rules begin: its page, or its section of a shared page.
func (v rulesVariant) href() string {
	if v.Section != "" {
		return "/rules/" + v.Doc + "#" + v.Section
	}
	return "/rules/" + v.Doc
}

// rulesPages serves /rules and /rules/{variant} inside the app shell. Each document is rendered
// once, on its first request, and kept.
type rulesPages struct {
	shell []byte
	mu    sync.Mutex
	pages map[string][]byte
}

// rulesDoc is a rendered rules document.
type rulesDoc struct {
	Title    string        // the text of its first heading
	Head     template.HTML // the first heading as HTML, when the document begins with it
	Body     template.HTML // the rest of the document as HTML, its boards as placeholders for rules.js
	Contents []docHeading  // its second-level headings
	Errs     []boardError  // the boards the rules refuse
}

// docHeading is a heading of a document: its id (the anchor) and its text.
type docHeading struct {
	ID, Text string
}

// renderRules renders the document docs/rules/<name>.md, whose boards default to variant.
func renderRules(name, variant string) (rulesDoc, error) {
	src, err := docs.Rules.ReadFile("rules/" + name + ".md")
	if err != nil {
		return rulesDoc{}, err
	}
	return renderMarkdown(src, variant)
}

// renderMarkdown renders a rules document's Markdown, whose boards default to variant.
func renderMarkdown(src []byte, variant string) (rulesDoc, error) {
	boards := &boardBlocks{variant: variant}
	md := goldmark.New(goldmark.WithExtensions(extension.Table, boards), goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	tree := md.Parser().Parse(text.NewReader(src))
	var d rulesDoc
	_ = ast.Walk(tree, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		hd, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		id, _ := hd.AttributeString("id")
		idText, _ := id.([]byte)
		switch hd.Level {
		case 1:
			if d.Title == "" {
				d.Title = plainText(hd, src)
			}
		case 2:
			d.Contents = append(d.Contents, docHeading{ID: string(idText), Text: plainText(hd, src)})
		}
		return ast.WalkSkipChildren, nil
	})
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, src, tree); err != nil {
		return rulesDoc{}, err
	}
	// Our own embedded document, rendered without raw HTML.
	body := out.String()
	if end := strings.Index(body, "</h1>"); strings.HasPrefix(body, "<h1") && end >= 0 {
		d.Head, body = template.HTML(body[:end+len("</h1>")]), body[end+len("</h1>"):]
	}
	d.Body = template.HTML(body)
	d.Errs = boards.errs
	return d, nil
}

// plainText is the text of a node's inline children, code spans included.
func plainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				b.WriteByte(' ')
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

var rulesTemplates = template.Must(template.New("page").Parse(`<article class="rules-page" data-testid="rules-page" data-variant="{{.Variant}}">
{{.Doc.Head}}
<nav class="rules-top" aria-label="Rules">
<a href="/rules" data-testid="rules-all">All variants</a>
{{range .Tries}}<a class="button" href="/learn/{{.Name}}" data-testid="try-it-{{.Name}}">Try it: a guided first game{{if gt (len $.Tries) 1}} ({{.Title}}){{end}}</a>
{{end}}</nav>
{{if .Doc.Contents}}<details class="rules-contents panel"><summary>On this page</summary>
<ol>{{range .Doc.Contents}}<li><a href="#{{.ID}}">{{.Text}}</a></li>{{end}}</ol>
</details>
{{end}}{{.Doc.Body}}</article>
{{define "index"}}<article class="rules-index" data-testid="rules-index">
<h1>Rules</h1>
<p>timechess plays chess and three games of time travel. Each page explains one game with boards you can play on: step through the examples, then try your own moves.</p>
<ul class="rules-variants">
{{range .}}<li data-variant="{{.Name}}"><h2><a href="{{.Href}}" data-testid="rules-link-{{.Name}}">{{.Title}}</a></h2>
<p>{{.Special}}</p>
<p class="muted"><code>{{.Name}}</code> · <a href="/learn/{{.Name}}">Try it: a guided first game</a></p></li>
{{end}}</ul>
</article>
{{end}}{{define "missing"}}<article class="rules-index" data-testid="rules-missing">
<h1>No rules for “{{.Name}}”</h1>
<p>timechess has no variant of that name. Pick one of these, or go back to <a href="/rules">all rules</a>:</p>
<ul>{{range .Variants}}<li><a href="{{.Href}}">{{.Title}}</a> (<code>{{.Name}}</code>)</li>{{end}}</ul>
</article>
{{end}}`))

// indexItem is one variant as the templates show it.
type indexItem struct {
	Name, Title, Href, Special string
}

func indexItems() []indexItem {
	items := make([]indexItem, len(rulesVariants))
	for i, v := range rulesVariants {
		items[i] = indexItem{v.Name, v.title(), v.href(), v.Special}
	}
	return items
}

// index serves /rules: every variant, a line on what is special about it and its links.
func (rp *rulesPages) index(w http.ResponseWriter, _ *http.Request) {
	var body bytes.Buffer
	if err := rulesTemplates.ExecuteTemplate(&body, "index", indexItems()); err != nil {
		http.Error(w, "rules: "+err.Error(), http.StatusInternalServerError)
		return
	}
	serveShell(w, http.StatusOK, inShell(rp.shell, "Rules", body.Bytes()))
}

// variant serves /rules/{variant}: the variant's document, or its section of a shared one,
// or a page that lists the variants when there is no such variant.
func (rp *rulesPages) variant(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("variant")
	v, ok := rulesEntry(name)
	if !ok {
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		var body bytes.Buffer
		if err := rulesTemplates.ExecuteTemplate(&body, "missing", map[string]any{"Name": name, "Variants": indexItems()}); err != nil {
			http.Error(w, "rules: "+err.Error(), http.StatusInternalServerError)
			return
		}
		serveShell(w, http.StatusNotFound, inShell(rp.shell, "No such rules", body.Bytes()))
		return
	}
	if v.Doc != v.Name {
		http.Redirect(w, r, v.href(), http.StatusFound)
		return
	}
	page, err := rp.page(v)
	if err != nil {
		http.Error(w, "rules: "+err.Error(), http.StatusInternalServerError)
		return
	}
	serveShell(w, http.StatusOK, page)
}

// page renders the document of v in the shell, once.
func (rp *rulesPages) page(v rulesVariant) ([]byte, error) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if p, ok := rp.pages[v.Doc]; ok {
		return p, nil
	}
	doc, err := renderRules(v.Doc, v.Name)
	if err != nil {
		return nil, err
	}
	var tries []indexItem
	for _, item := range indexItems() {
		if e, _ := rulesEntry(item.Name); e.Doc == v.Doc {
			tries = append(tries, item)
		}
	}
	var body bytes.Buffer
	if err := rulesTemplates.Execute(&body, map[string]any{"Variant": v.Name, "Tries": tries, "Doc": doc}); err != nil {
		return nil, err
	}
	page := inShell(rp.shell, doc.Title, body.Bytes())
	rp.pages[v.Doc] = page
	return page, nil
}

// inShell is the app shell with the given title and the content of its main element replaced
// by body (the shell's <title> and <main id="app" tabindex="-1">, which the tests check are there).
func inShell(shell []byte, title string, body []byte) []byte {
	s := replaceBetween(string(shell), "<title>", "</title>", template.HTMLEscapeString(title)+" · timechess")
	return []byte(replaceBetween(s, `<main id="app" tabindex="-1">`, "</main>", string(body)))
}

// replaceBetween replaces the text between the first from and the next to in s.
func replaceBetween(s, from, to, with string) string {
	_, after, ok := strings.Cut(s, from)
	if !ok {
		return s
	}
	_, rest, ok := strings.Cut(after, to)
	if !ok {
		return s
	}
	return s[:len(s)-len(after)] + with + to + rest
}
