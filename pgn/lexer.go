package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// tokenKind tells what a token of PGN input is.
type tokenKind uint8

const (
	tokEnd     tokenKind = iota // end of the input
	tokTag                      // a tag pair: text is the name, value the value
	tokComment                  // a comment: text is its content
	tokOpen                     // "(" opens a variation
	tokClose                    // ")" closes it
	tokNAG                      // a Numeric Annotation Glyph: nag is its number
	tokSymbol                   // a move, a move number or a result: text
)

// token is one unit of PGN input.
type token struct {
	kind  tokenKind
	text  string
	value string
	nag   int
	line  int // the line the token starts on
}

// maxSymbol bounds a move, move number or result token.
const maxSymbol = 100

// maxNAG is the largest Numeric Annotation Glyph.
const maxNAG = 255

// lexer splits PGN input into tokens, counting lines and the bytes of the
// current game against the limits.
type lexer struct {
	in        *bufio.Reader
	line      int
	lineStart bool // the next byte starts a line
	used      int  // bytes read since the current game began
	limits    Limits
	// skipping reads past a faulty game: no limits apply and no text is kept.
	skipping bool
	text     []byte
}

func newLexer(r io.Reader) *lexer {
	l := &lexer{in: bufio.NewReader(r), line: 1, lineStart: true}
	if bom, err := l.in.Peek(3); err == nil && string(bom) == "\xef\xbb\xbf" {
		_, _ = l.in.Discard(3)
	}
	return l
}

// begin starts counting the bytes of a new game.
func (l *lexer) begin(limits Limits) {
	l.used, l.limits, l.skipping = 0, limits, false
}

func (l *lexer) errorf(format string, args ...any) error {
	return errorAt(l.line, format, args...)
}

func errorAt(line int, format string, args ...any) error {
	return &syntaxError{line: line, err: fmt.Errorf(format, args...)}
}

func (l *lexer) limitf(format string, args ...any) error {
	return &syntaxError{line: l.line, err: fmt.Errorf("%w: "+format, append([]any{ErrLimit}, args...)...)}
}

// read returns the next byte; io.EOF at the end of the input.
func (l *lexer) read() (byte, error) {
	c, err := l.in.ReadByte()
	if err != nil {
		return 0, err
	}
	l.used++
	if !l.skipping && l.used > l.limits.GameBytes {
		return 0, l.limitf("the game is longer than %d bytes", l.limits.GameBytes)
	}
	if l.lineStart && c != '\n' {
		l.lineStart = false
	}
	if c == '\n' {
		l.line++
		l.lineStart = true
	}
	return c, nil
}

// peek returns the next byte without reading it; io.EOF at the end.
func (l *lexer) peek() (byte, error) {
	b, err := l.in.Peek(1)
	if err != nil {
		return 0, err
	}
	return b[0], nil
}

// keep adds c to the text being collected, within max bytes.
func (l *lexer) keep(c byte, max int, what string) error {
	if l.skipping {
		return nil
	}
	if len(l.text) >= max {
		return l.limitf("%s longer than %d bytes", what, max)
	}
	l.text = append(l.text, c)
	return nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// isDelimiter reports whether c ends a symbol.
func isDelimiter(c byte) bool {
	return isSpace(c) || strings.IndexByte("{}();$\"", c) >= 0
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// next returns the next token. Faults of the input are *syntaxError; other
// errors come from the underlying reader.
func (l *lexer) next() (token, error) {
	for {
		atLineStart := l.lineStart
		c, err := l.read()
		if errors.Is(err, io.EOF) {
			return token{kind: tokEnd, line: l.line}, nil
		}
		if err != nil {
			return token{}, err
		}
		line := l.line
		switch {
		case isSpace(c):
			continue
		case c == '%' && atLineStart:
			if err := l.skipLine(); err != nil {
				return token{}, err
			}
			continue
		case c == '{':
			return l.braceComment(line)
		case c == ';':
			return l.lineComment(line)
		case c == '(':
			return token{kind: tokOpen, line: line}, nil
		case c == ')':
			return token{kind: tokClose, line: line}, nil
		case c == '$':
			return l.nag(line)
		case c == '[' && l.tagAhead():
			return l.tag(line)
		case c == '"':
			return token{}, l.errorf(`a quoted string belongs in a tag pair such as [Event "..."]`)
		case c == '}':
			return token{}, l.errorf("'}' closes a comment that was not opened")
		}
		return l.symbol(c, line)
	}
}

// skipLine reads to the end of the line.
func (l *lexer) skipLine() error {
	for {
		c, err := l.read()
		if errors.Is(err, io.EOF) || c == '\n' {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// braceComment reads a comment up to '}'.
func (l *lexer) braceComment(line int) (token, error) {
	l.text = l.text[:0]
	for {
		c, err := l.read()
		if errors.Is(err, io.EOF) {
			return token{}, errorAt(line, "the comment opened here is not closed with '}'")
		}
		if err != nil {
			return token{}, err
		}
		if c == '}' {
			return token{kind: tokComment, text: cleanText(l.text), line: line}, nil
		}
		if err := l.keep(c, l.limits.TextBytes, "comment"); err != nil {
			return token{}, err
		}
	}
}

// lineComment reads a comment up to the end of the line.
func (l *lexer) lineComment(line int) (token, error) {
	l.text = l.text[:0]
	for {
		c, err := l.peek()
		if errors.Is(err, io.EOF) || c == '\n' {
			return token{kind: tokComment, text: cleanText(l.text), line: line}, nil
		}
		if err != nil {
			return token{}, err
		}
		if _, err := l.read(); err != nil {
			return token{}, err
		}
		if err := l.keep(c, l.limits.TextBytes, "comment"); err != nil {
			return token{}, err
		}
	}
}

// nag reads the digits of a NAG after '$'.
func (l *lexer) nag(line int) (token, error) {
	n, digits := 0, 0
	for {
		c, err := l.peek()
		if err != nil && !errors.Is(err, io.EOF) {
			return token{}, err
		}
		if err != nil || c < '0' || c > '9' {
			break
		}
		if _, err := l.read(); err != nil {
			return token{}, err
		}
		digits++
		if n = n*10 + int(c-'0'); n > maxNAG {
			return token{}, l.errorf("NAG $%d... is above $%d", n, maxNAG)
		}
	}
	if digits == 0 {
		return token{}, l.errorf("'$' must be followed by the number of a NAG, such as $1")
	}
	return token{kind: tokNAG, nag: n, line: line}, nil
}

// tagAhead reports whether the '[' just read opens a tag pair: a name
// followed by a quoted value. Otherwise '[' starts a symbol (Gifford's
// arrival "[B]c4").
func (l *lexer) tagAhead() bool {
	b, _ := l.in.Peek(256)
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	start := i
	for i < len(b) && isNameByte(b[i]) {
		i++
	}
	if i == start {
		return false
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i < len(b) && b[i] == '"'
}

// tag reads a tag pair after its '['; tagAhead has checked its opening.
func (l *lexer) tag(line int) (token, error) {
	c, err := l.skipBlanks()
	var name []byte
	for err == nil && isNameByte(c) {
		if len(name) >= maxSymbol {
			return token{}, l.errorf("tag name %q... is longer than %d bytes", name, maxSymbol)
		}
		name = append(name, c)
		c, err = l.read()
	}
	for err == nil && (c == ' ' || c == '\t') {
		c, err = l.read()
	}
	if err != nil {
		return token{}, err
	}
	l.text = l.text[:0]
	for {
		c, err = l.read()
		if errors.Is(err, io.EOF) || c == '\n' {
			return token{}, errorAt(line, "tag %s: the value has no closing '\"' on its line", name)
		}
		if err != nil {
			return token{}, err
		}
		if c == '"' {
			break
		}
		if next, err := l.peek(); c == '\\' && err == nil && (next == '"' || next == '\\') {
			c, _ = l.read()
		} else if c == '\r' {
			c = ' ' // a line break has no place in a value: read as Write writes it
		}
		if err := l.keep(c, l.limits.TextBytes, "tag value"); err != nil {
			return token{}, err
		}
	}
	value := string(utf8Text(l.text))
	if c, err = l.skipBlanks(); errors.Is(err, io.EOF) || err == nil && c != ']' {
		return token{}, errorAt(line, "tag %s: ']' must follow the value", name)
	}
	if err != nil {
		return token{}, err
	}
	return token{kind: tokTag, text: string(name), value: value, line: line}, nil
}

// skipBlanks reads past spaces and tabs and returns the next byte.
func (l *lexer) skipBlanks() (byte, error) {
	for {
		c, err := l.read()
		if err != nil || (c != ' ' && c != '\t') {
			return c, err
		}
	}
}

// symbol reads a move, move number or result starting with c.
func (l *lexer) symbol(c byte, line int) (token, error) {
	s := []byte{c}
	for {
		next, err := l.peek()
		if errors.Is(err, io.EOF) || err == nil && isDelimiter(next) {
			return token{kind: tokSymbol, text: string(s), line: line}, nil
		}
		if err != nil {
			return token{}, err
		}
		if len(s) >= maxSymbol {
			return token{}, l.errorf("%q... is too long for a move", s[:20])
		}
		if _, err := l.read(); err != nil {
			return token{}, err
		}
		s = append(s, next)
	}
}

// cleanText makes comment text valid UTF-8 and reduces its white space
// runs to single spaces.
func cleanText(b []byte) string {
	return strings.Join(strings.Fields(string(utf8Text(b))), " ")
}

// utf8Text returns b as UTF-8, reading it as ISO 8859-1 when it is not
// valid UTF-8.
func utf8Text(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = utf8.AppendRune(out, rune(c))
	}
	return out
}
