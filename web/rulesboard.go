package web

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"timechess/notation"
	"timechess/pgn"
	"timechess/rules"
)

// liveBoard is a `board` block of a rules document, replayed through the rules: the board the
// page draws, with the moves the reader steps through (package docs describes the block).
type liveBoard struct {
	Variant string
	Start   string // the position text the moves start from
	Moves   []boardMove
	Caption string
	Width   int
	Height  int
}

// boardMove is one move of a live board: its coordinate form (what the page sends to the API),
// its SAN and its number as the score sheet writes it before the move ("1." or "1…").
type boardMove struct {
	Coord, SAN, Number string
}

// boardKeys are the keys a `board` block may hold.
var boardKeys = []string{"variant", "fen", "moves", "caption"}

// readBoard reads the text of a `board` block and replays it: the variant (pageVariant when the
// block names none), the start position and every move must be accepted by the rules. The
// error says which key or move is wrong.
func readBoard(block, pageVariant string) (liveBoard, error) {
	fields := map[string]string{}
	for _, line := range strings.Split(block, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || !slices.Contains(boardKeys, key) {
			return liveBoard{}, fmt.Errorf("line %q is not one of the keys %s followed by a colon and its value", line, strings.Join(boardKeys, ", "))
		}
		if _, dup := fields[key]; dup {
			return liveBoard{}, fmt.Errorf("key %q is given twice; write each key once", key)
		}
		fields[key] = strings.TrimSpace(value)
	}
	b := liveBoard{Variant: fields["variant"], Caption: fields["caption"]}
	if b.Variant == "" {
		b.Variant = pageVariant
	}
	v, err := rules.Lookup(b.Variant)
	if err != nil {
		return liveBoard{}, err
	}
	start := fields["fen"]
	if start == "" {
		start = v.Spec().Start
	}
	p, err := rules.NewPosition(v, start)
	if err != nil {
		return liveBoard{}, fmt.Errorf("fen: %w", err)
	}
	b.Start, b.Width, b.Height = p.FEN(), p.Geometry().W, p.Geometry().H
	if fields["moves"] == "" {
		return b, nil
	}
	record := fmt.Sprintf("[Variant %q]\n[FEN %q]\n\n%s\n", b.Variant, b.Start, fields["moves"])
	games, err := pgn.Read(strings.NewReader(record))
	var fault *pgn.Error
	if errors.As(err, &fault) && fault.Where != "" {
		// The line of the record built here means nothing to the document's writer.
		return liveBoard{}, fmt.Errorf("moves: %s: %w", fault.Where, fault.Err)
	}
	if err != nil {
		return liveBoard{}, fmt.Errorf("moves: %w", err)
	}
	if len(games) != 1 {
		return liveBoard{}, fmt.Errorf("moves: %d games in the movetext; write one line of play", len(games))
	}
	for _, ply := range games[0].Plies() {
		number := strconv.Itoa(p.Fullmove) + "."
		if p.Side == rules.Black {
			number = strconv.Itoa(p.Fullmove) + "…"
		}
		b.Moves = append(b.Moves, boardMove{Coord: notation.Coord(p, ply.Move), SAN: notation.SAN(p, ply.Move), Number: number})
		p.Make(ply.Move)
	}
	return b, nil
}

// boardNode is a `board` block in a document's tree: the board it sets up, or why it cannot.
type boardNode struct {
	ast.BaseBlock
	board liveBoard
	err   error
	line  int // the line of the block's fence in the document, from 1
}

// kindBoard is the node kind of boardNode.
var kindBoard = ast.NewNodeKind("LiveBoard")

// Kind implements ast.Node.
func (n *boardNode) Kind() ast.NodeKind { return kindBoard }

// Dump implements ast.Node.
func (n *boardNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Variant": n.board.Variant}, nil)
}

// boardError is a `board` block that the rules refuse, with the line it starts on.
type boardError struct {
	Line int
	Err  error
}

func (e boardError) Error() string { return fmt.Sprintf("line %d: board: %v", e.Line, e.Err) }

// boardBlocks is the goldmark extension that turns `board` fences into live boards: a
// transformer that replays each and a renderer that writes its placeholder for rules.js.
type boardBlocks struct {
	variant string       // the page's variant, the default of the blocks
	errs    []boardError // the blocks the rules refused, in document order
}

// Extend implements goldmark.Extender.
func (b *boardBlocks) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(b, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(b, 100)))
}

// Transform implements parser.ASTTransformer: each `board` fence becomes a boardNode.
func (b *boardBlocks) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var fences []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && entering && string(f.Language(source)) == "board" {
			fences = append(fences, f)
		}
		return ast.WalkContinue, nil
	})
	for _, f := range fences {
		var body bytes.Buffer
		lines := f.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			body.Write(seg.Value(source))
		}
		node := &boardNode{line: fenceLine(source, f)}
		node.board, node.err = readBoard(body.String(), b.variant)
		if node.err != nil {
			b.errs = append(b.errs, boardError{Line: node.line, Err: node.err})
		}
		f.Parent().ReplaceChild(f.Parent(), f, node)
	}
}

// fenceLine is the line (from 1) of a fenced block's opening fence.
func fenceLine(source []byte, f *ast.FencedCodeBlock) int {
	start := 0
	if f.Info != nil {
		start = f.Info.Segment.Start
	} else if f.Lines().Len() > 0 {
		start = f.Lines().At(0).Start
	}
	return bytes.Count(source[:start], []byte("\n")) + 1
}

// RegisterFuncs implements renderer.NodeRenderer.
func (b *boardBlocks) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindBoard, b.render)
}

// render writes a board's placeholder: a figure whose data attributes rules.js reads to mount
// the board, with the moves and caption as text until it does. A board the rules refuse is
// shown as that refusal.
func (b *boardBlocks) render(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	node := n.(*boardNode)
	if node.err != nil {
		fmt.Fprintf(w, "<p class=\"form-error liveboard-error\" role=\"alert\">This board cannot be set up (line %d of the document): %s</p>\n",
			node.line, html.EscapeString(node.err.Error()))
		return ast.WalkSkipChildren, nil
	}
	lb := node.board
	var coords, sans, numbers, sheet []string
	for _, m := range lb.Moves {
		coords, sans, numbers = append(coords, m.Coord), append(sans, m.SAN), append(numbers, m.Number)
		sheet = append(sheet, m.Number+" "+m.SAN)
	}
	attr := func(name, value string) { fmt.Fprintf(w, " %s=\"%s\"", name, html.EscapeString(value)) }
	fmt.Fprintf(w, "<figure class=\"liveboard\"")
	attr("data-line", strconv.Itoa(node.line))
	attr("data-variant", lb.Variant)
	attr("data-fen", lb.Start)
	attr("data-size", fmt.Sprintf("%dx%d", lb.Width, lb.Height))
	attr("data-moves", strings.Join(coords, " "))
	attr("data-san", strings.Join(sans, " "))
	attr("data-numbers", strings.Join(numbers, " "))
	fmt.Fprintf(w, ">\n")
	if len(sheet) > 0 {
		fmt.Fprintf(w, "<p class=\"liveboard-moves\">%s</p>\n", html.EscapeString(strings.Join(sheet, " ")))
	} else {
		fmt.Fprintf(w, "<p class=\"liveboard-moves\"><code>%s</code></p>\n", html.EscapeString(lb.Start))
	}
	if lb.Caption != "" {
		fmt.Fprintf(w, "<figcaption>%s</figcaption>\n", html.EscapeString(lb.Caption))
	}
	fmt.Fprintf(w, "</figure>\n")
	return ast.WalkSkipChildren, nil
}
