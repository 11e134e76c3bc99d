package uci

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"timechess/notation"
	"timechess/protocol/internal/session"
	"timechess/rules"
)

// position runs "position startpos|fen FEN [moves M...]". A position that
// cannot be set up is reported and the previous one stays.
func (h *handler) position(args []string) bool {
	p, err := readPosition(h.variant, args, h.moveWriter())
	if err != nil {
		h.errorf("position: %v", err)
		return false
	}
	h.pos = p
	return false
}

// readPosition sets up the position that the words after "position" give,
// in variant v: startpos (the variant's start) or fen and the position text
// (the FEN superset, up to "moves"), then the moves played from it.
func readPosition(v rules.Variant, args []string, write session.MoveWriter) (*rules.Position, error) {
	if len(args) == 0 {
		return nil, errors.New("expected startpos or fen")
	}
	var text string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		text = v.Spec().Start
	case "fen":
		end := slices.Index(rest, "moves")
		if end < 0 {
			end = len(rest)
		}
		text, rest = strings.Join(rest[:end], " "), rest[end:]
		if text == "" {
			return nil, errors.New("fen: no position text")
		}
	default:
		return nil, fmt.Errorf("expected startpos or fen, not %q", args[0])
	}
	p, err := rules.NewPosition(v, text)
	if err != nil {
		return nil, fmt.Errorf("bad fen %q: %w", text, err)
	}
	if len(rest) == 0 {
		return p, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("expected moves, not %q", rest[0])
	}
	for i, text := range rest[1:] {
		m, err := session.ReadMove(p, text, write)
		if err != nil {
			return nil, &notation.MoveError{Index: i + 1, Text: text, Err: err}
		}
		p.Make(m)
	}
	return p, nil
}

// display runs d: the board as a diagram, White at the bottom, then the
// position text and the state of the game.
func (h *handler) display([]string) bool {
	p := h.pos
	g := p.Geometry()
	width := 1
	for _, sq := range p.Occupied().Squares() {
		width = max(width, len(p.At(sq).String()))
	}
	for r := g.H - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, "%2d ", r+1)
		for f := 0; f < g.W; f++ {
			fmt.Fprintf(&b, " %-*s", width, p.At(rules.SquareAt(f, r)))
		}
		h.out.Line(strings.TrimRight(b.String(), " "))
	}
	var files strings.Builder
	files.WriteString("   ")
	for f := 0; f < g.W; f++ {
		fmt.Fprintf(&files, " %-*c", width, 'a'+f)
	}
	h.out.Line(strings.TrimRight(files.String(), " "))
	h.out.Line("Fen: " + p.FEN())
	st := p.Status()
	if st.Over() {
		h.out.Linef("Result: %s (%s)", st.Result, st.Reason)
	} else {
		h.out.Linef("Side to move: %s", p.Side)
	}
	return false
}
