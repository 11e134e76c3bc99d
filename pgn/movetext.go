package pgn

import (
	"errors"
	"fmt"
	"strings"

	"timechess/game"
	"timechess/notation"
	"timechess/rules"
)

// line is a line of play being read: a game's main line or a variation.
type line interface {
	// position returns the position the next move is played in.
	position() *rules.Position
	// play reads the move text and plays it.
	play(text string) error
	// last returns the annotation of the last ply, nil before the first.
	last() *game.Annotation
	// intro returns the comments before the first ply.
	intro() *[]string
	// note returns the derived comment of the last ply (where it begins a
	// timeline), which the writer adds and the reader drops; "" if none.
	note() string
}

// mainLine is the main line of a game: its moves are the game's log. The
// reader keeps its own copy of the live position, on which variations are
// played and taken back.
type mainLine struct {
	g        *game.Game
	p        *rules.Position
	timeline *game.Tracker
	lastNote *string
}

func (l mainLine) position() *rules.Position { return l.p }
func (l mainLine) intro() *[]string          { return &l.g.Comments }

func (l mainLine) note() string { return *l.lastNote }

func (l mainLine) play(text string) error {
	if err := l.g.Play(text); err != nil {
		return err
	}
	l.p.Make(l.g.Plies()[len(l.g.Plies())-1].Move)
	*l.lastNote = ""
	if b, ok := l.timeline.Add(l.p); ok {
		*l.lastNote = b.Note()
	}
	return nil
}

func (l mainLine) last() *game.Annotation {
	if n := len(l.g.Plies()); n > 0 {
		return l.g.Annotate(n - 1)
	}
	return nil
}

// variation is a line played from the position before some ply; it shares
// the position of the line it belongs to.
type variation struct {
	p    *rules.Position
	line game.Line
}

func (v *variation) position() *rules.Position { return v.p }
func (v *variation) note() string              { return "" }
func (v *variation) intro() *[]string          { return &v.line.Comments }

func (v *variation) play(text string) error {
	if st := v.p.Status(); st.Over() {
		return fmt.Errorf("the line is over: %s", game.Describe(st))
	}
	m, err := notation.Parse(v.p, text)
	if err != nil {
		return err
	}
	v.p.Make(m)
	v.line.Plies = append(v.line.Plies, game.Ply{Move: m})
	return nil
}

func (v *variation) last() *game.Annotation {
	if n := len(v.line.Plies); n > 0 {
		return &v.line.Plies[n-1].Annotation
	}
	return nil
}

// line reads the movetext of l up to the game's end (depth 0) or the ')'
// that closes the variation opened on line opened.
//
// A move's text is held until the next token: a token that continues it
// (notation.Joins: Game Courier's parts, the Gifford seed's spaced
// spellings such as "Bf1// to 9") is added to it, anything else plays it.
func (gr *gameReader) line(l line, depth, opened int) error {
	var move token // the move text read but not yet played
	for {
		tok, err := gr.next()
		if err != nil {
			return err
		}
		if move.text != "" {
			if tok.kind == tokSymbol && !isResult(tok.text) {
				text := tok.text
				if notation.AwaitsLanding(move.text) {
					// The new score sheet's move number may stand before
					// the landing: "10. K // to 6 6. K f3 // FTF" (G8).
					if text, _ = splitNumber(text); text == "" {
						continue
					}
				}
				if notation.Joins(move.text, text) {
					move.text += " " + text
					continue
				}
			}
			done, err := gr.symbol(l, move, depth)
			if done || err != nil {
				return err
			}
			move = token{}
		}
		switch tok.kind {
		case tokEnd:
			if depth > 0 {
				return gr.faultAt(opened, "variation", "the variation opened here is not closed with ')'")
			}
			gr.ended = true
			return nil
		case tokTag:
			gr.r.pending = &tok // the next game begins
			gr.ended = true
			if depth > 0 {
				return gr.faultAt(opened, "variation", "the variation opened here is not closed with ')' before the tag %s", tok.text)
			}
			return nil
		case tokComment:
			if a := l.last(); a != nil {
				if tok.text == l.note() {
					continue // derived from the moves: the writer adds it again
				}
				a.Comments = append(a.Comments, tok.text)
			} else {
				*l.intro() = append(*l.intro(), tok.text)
			}
		case tokNAG:
			if err := gr.addNAG(l, tok, tok.nag); err != nil {
				return err
			}
		case tokOpen:
			if err := gr.variation(l, tok, depth); err != nil {
				return err
			}
		case tokClose:
			if depth == 0 {
				return gr.faultAt(tok.line, "", "')' closes a variation that was not opened")
			}
			return nil
		case tokSymbol:
			if text, isNumber := splitNumber(tok.text); !isResult(tok.text) && !isNumber {
				move = token{kind: tokSymbol, text: text, line: tok.line}
				continue
			}
			if done, err := gr.symbol(l, tok, depth); done || err != nil {
				return err
			}
		}
	}
}

// addNAG gives the last ply of l the glyph nag.
func (gr *gameReader) addNAG(l line, tok token, nag int) error {
	a := l.last()
	if a == nil {
		return gr.faultAt(tok.line, "", "the NAG $%d comes before any move", nag)
	}
	a.NAGs = append(a.NAGs, nag)
	return nil
}

// variation reads a variation, opened by tok, of the last ply of l.
func (gr *gameReader) variation(l line, tok token, depth int) error {
	if l.last() == nil {
		return gr.faultAt(tok.line, "variation", "a variation must follow the move it replaces")
	}
	if depth >= gr.limits.Depth {
		return gr.faultAt(tok.line, "variation", "%w: variations nested deeper than %d", ErrLimit, gr.limits.Depth)
	}
	p := l.position()
	replaced := p.LastMove()
	p.Unmake()
	v := &variation{p: p}
	err := gr.line(v, depth+1, tok.line)
	for range v.line.Plies {
		p.Unmake()
	}
	p.Make(replaced)
	if err != nil {
		return err
	}
	if len(v.line.Plies) > 0 || len(v.line.Comments) > 0 {
		a := l.last()
		a.Variations = append(a.Variations, v.line)
	}
	return nil
}

// symbol handles a result, a move number, a move or a move suffix of l. It
// returns true when the symbol ends the game.
func (gr *gameReader) symbol(l line, tok token, depth int) (bool, error) {
	if isResult(tok.text) {
		if depth > 0 {
			return true, gr.faultAt(tok.line, "result "+tok.text, "a result inside a variation: ')' is missing")
		}
		gr.result, gr.resultLine, gr.ended = tok.text, tok.line, true
		return true, nil
	}
	text, isNumber := splitNumber(tok.text)
	if isNumber {
		return false, nil
	}
	move, suffix := splitSuffix(text)
	nag, ok := suffixGlyphs[suffix]
	if suffix != "" && !ok {
		return false, gr.faultAt(tok.line, "", "%q is not a move suffix; use !, ?, !!, ??, !? or ?!", suffix)
	}
	if move == "" {
		return false, gr.addNAG(l, tok, nag)
	}
	where := moveLabel(l.position(), move, depth)
	if err := l.play(move); err != nil {
		var refused *notation.Error
		if errors.As(err, &refused) {
			err = moveFault{refused}
		}
		return false, &Error{Game: gr.number, Line: tok.line, Where: where, Err: err}
	}
	if nag != 0 {
		return false, gr.addNAG(l, tok, nag)
	}
	return false, nil
}

// splitNumber splits a leading move number from a symbol: "12.", "12..."
// and "..." are move numbers alone, "12.e4" gives "e4". A symbol whose digits
// are not followed by a dot ("0-0") is returned whole.
func splitNumber(s string) (rest string, isNumber bool) {
	afterDigits := strings.TrimLeft(s, "0123456789")
	if afterDigits == "" {
		return "", true
	}
	if afterDigits[0] != '.' {
		return s, false
	}
	rest = strings.TrimLeft(afterDigits, ".")
	return rest, rest == ""
}

// moveLabel names a move for errors: "move 14 (Nf9)", "move 14... (Nf9)".
func moveLabel(p *rules.Position, text string, depth int) string {
	dots := ""
	if p.Side == rules.Black {
		dots = "..."
	}
	label := fmt.Sprintf("move %d%s (%s)", p.Fullmove, dots, text)
	if depth > 0 {
		label += " in a variation"
	}
	return label
}

// moveFault is a refused move's reason without its text, which the error's
// place already names.
type moveFault struct{ err *notation.Error }

func (f moveFault) Error() string {
	if f.err.Kind == notation.Ambiguous {
		return "ambiguous: " + f.err.Reason
	}
	return f.err.Reason
}

func (f moveFault) Unwrap() error { return f.err }
