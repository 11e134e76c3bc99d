package pgn

import (
	"errors"
	"fmt"
	"io"

	"timechess/game"
	"timechess/rules"
)

// Reader reads the games of PGN input one at a time.
type Reader struct {
	// Limits bound each game; change them before calling Next.
	Limits Limits
	// Budget, when set, is bound to the positions the reader plays the
	// games on (rules.Budget): their legality checks poll it, and a stop
	// unwinds Next to the budget's Run. Set it before calling Next.
	Budget *rules.Budget

	lex     *lexer
	games   int    // games begun so far
	pending *token // a token read ahead: the next game's first tag
	err     error  // the error that ended the reading
}

// NewReader returns a reader of the PGN games in r with DefaultLimits.
func NewReader(r io.Reader) *Reader {
	return &Reader{Limits: DefaultLimits, lex: newLexer(r)}
}

// Read reads every game of r. On a faulty game it stops and returns the
// games before it with the error.
func Read(r io.Reader) ([]*game.Game, error) {
	rd := NewReader(r)
	var games []*game.Game
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// Next reads the next game, or returns io.EOF after the last one. A faulty
// game gives an *Error; the reader then skips the rest of that game, so the
// caller may go on with the next. An error of the underlying reader ends the
// reading and is returned by every later call.
func (r *Reader) Next() (*game.Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	r.lex.begin(r.Limits.orDefault())
	gr := &gameReader{r: r, limits: r.Limits.orDefault()}
	first, err := gr.next()
	if err == nil && first.kind == tokEnd {
		r.err = io.EOF
		return nil, io.EOF
	}
	r.games++
	gr.number = r.games
	var g *game.Game
	if err == nil {
		g, err = gr.read(first)
	}
	var fault *Error
	switch {
	case err == nil:
		return g, nil
	case errors.As(err, &fault):
		fault.Game = r.games
		if !gr.ended {
			r.skipGame(gr.movetext)
		}
		return nil, fault
	}
	r.err = err
	return nil, err
}

// token returns the token read ahead, or the next one of the input.
func (r *Reader) token() (token, error) {
	if t := r.pending; t != nil {
		r.pending = nil
		return *t, nil
	}
	return r.lex.next()
}

// skipGame reads past the rest of a faulty game: up to its result, or up to
// the next tag pair after its movetext has begun.
func (r *Reader) skipGame(inMovetext bool) {
	r.lex.skipping = true
	for {
		tok, err := r.token()
		var fault *syntaxError
		switch {
		case errors.As(err, &fault):
			continue
		case err != nil:
			r.err = err
			return
		}
		switch {
		case tok.kind == tokEnd:
			return
		case tok.kind == tokTag && inMovetext:
			r.pending = &tok
			return
		case tok.kind == tokSymbol && isResult(tok.text):
			return
		case tok.kind != tokTag:
			inMovetext = true
		}
	}
}

// gameReader reads one game.
type gameReader struct {
	r      *Reader
	number int
	limits Limits
	tags   game.Tags
	// tagLines holds the line of each tag, for errors.
	tagLines map[string]int
	// result is the result terminator and resultLine its line; "" when missing.
	result     string
	resultLine int
	movetext   bool // the movetext has begun
	ended      bool // the game's last token has been read
}

// faultAt returns the error of the game at line, in the part named by where.
func (gr *gameReader) faultAt(line int, where string, format string, args ...any) *Error {
	return &Error{Game: gr.number, Line: line, Where: where, Err: fmt.Errorf(format, args...)}
}

// next returns the next token; faults of the input become *Error.
func (gr *gameReader) next() (token, error) {
	tok, err := gr.r.token()
	var fault *syntaxError
	if errors.As(err, &fault) {
		return tok, &Error{Game: gr.number, Line: fault.line, Err: fault.err}
	}
	return tok, err
}

// read reads the game whose first token is tok.
func (gr *gameReader) read(tok token) (*game.Game, error) {
	var comments []string
	gr.tagLines = map[string]int{}
	for tok.kind == tokTag || tok.kind == tokComment {
		if tok.kind == tokComment {
			comments = append(comments, tok.text)
		} else if err := gr.addTag(tok); err != nil {
			return nil, err
		}
		var err error
		if tok, err = gr.next(); err != nil {
			return nil, err
		}
	}
	gr.r.pending = &tok
	g, err := gr.newGame()
	if err != nil {
		return nil, err
	}
	g.Comments = comments
	gr.movetext = true
	p := g.Start()
	p.Bind(gr.r.Budget)
	if err := gr.line(mainLine{g: g, p: p, timeline: &game.Tracker{}, lastNote: new(string)}, 0, tok.line); err != nil {
		return nil, err
	}
	return g, gr.finish(g)
}

// addTag records a tag pair.
func (gr *gameReader) addTag(tok token) error {
	if first, dup := gr.tagLines[tok.text]; dup {
		return gr.faultAt(tok.line, "tag "+tok.text, "the tag is given twice (first on line %d)", first)
	}
	gr.tagLines[tok.text] = tok.line
	gr.tags = append(gr.tags, game.Tag{Name: tok.text, Value: tok.value})
	return nil
}

// derivedTags are the tags the game itself holds: Write writes them from it.
var derivedTags = map[string]bool{"Result": true, "Variant": true, "SetUp": true, "FEN": true, "Timelines": true}

// newGame starts the game the tags describe.
func (gr *gameReader) newGame() (*game.Game, error) {
	name, _ := gr.tags.Get("Variant")
	v, err := variantOf(name)
	if err != nil {
		return nil, gr.faultAt(gr.tagLines["Variant"], fmt.Sprintf("tag Variant %q", name), "%v", err)
	}
	fen, hasFEN := gr.tags.Get("FEN")
	if setUp, _ := gr.tags.Get("SetUp"); setUp == "1" && !hasFEN {
		return nil, gr.faultAt(gr.tagLines["SetUp"], "tag SetUp", `SetUp "1" needs a FEN tag with the start position`)
	}
	g, err := game.NewBound(v, fen, gr.r.Budget)
	if err != nil {
		return nil, gr.faultAt(gr.tagLines["FEN"], "tag FEN", "%v", err)
	}
	for _, t := range gr.tags {
		if !derivedTags[t.Name] {
			g.Tags = append(g.Tags, t)
		}
	}
	return g, nil
}

// finish gives the game the result of its terminator, or else of its Result
// tag; a result the board has not reached is kept as recorded.
func (gr *gameReader) finish(g *game.Game) error {
	text, line := gr.result, gr.resultLine
	if text == "" {
		text, _ = gr.tags.Get("Result")
		line = gr.tagLines["Result"]
	}
	r, ok := resultOf(text)
	if !ok || r == rules.Ongoing {
		return nil
	}
	if err := g.SetResult(r, ""); err != nil {
		return gr.faultAt(line, "result "+text, "%v", err)
	}
	return nil
}

// resultOf returns the result a PGN result token names.
func resultOf(text string) (rules.Result, bool) {
	for _, r := range []rules.Result{rules.Ongoing, rules.WhiteWins, rules.BlackWins, rules.Draw} {
		if r.String() == text {
			return r, true
		}
	}
	return rules.Ongoing, false
}

// isResult reports whether text is a result token.
func isResult(text string) bool {
	_, ok := resultOf(text)
	return ok
}
