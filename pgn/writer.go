package pgn

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"timechess/game"
	"timechess/notation"
	"timechess/rules"
)

// width is the column limit of written movetext.
const width = 80

// sevenTagRoster is the tags every record starts with, and their values when unknown.
var sevenTagRoster = []game.Tag{
	{Name: "Event", Value: "?"}, {Name: "Site", Value: "?"}, {Name: "Date", Value: "????.??.??"},
	{Name: "Round", Value: "?"}, {Name: "White", Value: "?"}, {Name: "Black", Value: "?"},
}

// Write writes g as a PGN record in export form, followed by a blank line,
// so that records written one after another make a PGN file. Comments are
// written with their white space runs as single spaces; a comment holding
// '}' is written after ';' to the end of its line.
func Write(w io.Writer, g *game.Game) error {
	var b strings.Builder
	if err := writeTags(&b, g); err != nil {
		return err
	}
	b.WriteByte('\n')
	mw := &movetextWriter{b: &b}
	notes := map[int]string{}
	for _, br := range g.Branches() {
		notes[br.Ply] = br.Note()
	}
	mw.line(g.Start(), g.Comments, g.Plies(), notes)
	mw.put(g.Status().Result.String(), false)
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTags writes the Seven Tag Roster, the variant and start position
// when needed, then the game's other tags in order.
func writeTags(b *strings.Builder, g *game.Game) error {
	roster := map[string]bool{"Result": true}
	for _, t := range g.Tags {
		if t.Name == "" || strings.TrimLeft(t.Name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
			return fmt.Errorf("tag name %q is not a PGN tag name (letters, digits and _)", t.Name)
		}
	}
	for _, t := range sevenTagRoster {
		roster[t.Name] = true
		if v, ok := g.Tags.Get(t.Name); ok {
			t.Value = v
		}
		writeTag(b, t.Name, t.Value)
	}
	writeTag(b, "Result", g.Status().Result.String())
	if n := len(g.Branches()); n > 0 {
		writeTag(b, "Timelines", strconv.Itoa(n+1))
	}
	start := g.Start()
	if name := variantName(g.Variant(), start); name != "" {
		writeTag(b, "Variant", name)
	}
	if std, err := rules.NewPosition(g.Variant(), g.Variant().Spec().Start); err != nil || std.FEN() != g.StartFEN() {
		writeTag(b, "SetUp", "1")
		writeTag(b, "FEN", g.StartFEN())
	}
	for _, t := range g.Tags {
		if !roster[t.Name] && !derivedTags[t.Name] {
			writeTag(b, t.Name, t.Value)
		}
	}
	return nil
}

// tagEscaper escapes a tag value; a line break becomes a space.
var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r\n", " ", "\n", " ", "\r", " ")

func writeTag(b *strings.Builder, name, value string) {
	fmt.Fprintf(b, "[%s \"%s\"]\n", name, tagEscaper.Replace(value))
}

// movetextWriter writes movetext wrapped at width columns.
type movetextWriter struct {
	b    *strings.Builder
	col  int  // columns used on the current line
	glue bool // the next word follows the last without a space, as after "("
}

// put writes a word, on a new line when it does not fit. A word that starts
// with '%' never starts a line, where it would read as an escape line.
func (w *movetextWriter) put(s string, glued bool) {
	sep := 1
	if w.col == 0 || glued || w.glue {
		sep = 0
	}
	n := utf8.RuneCountInString(s)
	if w.col > 0 && w.col+sep+n > width && !strings.HasPrefix(s, "%") {
		w.b.WriteByte('\n')
		w.col, sep = 0, 0
	}
	if sep == 1 {
		w.b.WriteByte(' ')
	}
	w.b.WriteString(s)
	w.col += sep + n
	w.glue = false
}

// comment writes a comment in braces, or after ';' when it holds '}'.
func (w *movetextWriter) comment(text string) {
	words := strings.Fields(text)
	switch {
	case len(words) == 0:
		w.put("{}", false)
	case strings.Contains(text, "}"):
		w.put("; "+strings.Join(words, " "), false)
		w.b.WriteByte('\n')
		w.col = 0
	default:
		words[0] = "{" + words[0]
		words[len(words)-1] += "}"
		for _, word := range words {
			w.put(word, false)
		}
	}
}

// line writes the comments and plies of a line played from p, and leaves p
// as it found it. A move number precedes White's moves, and Black's after a
// comment or variation, at the start of a line, or after a ply that moved
// in time. notes holds the derived comment of each ply that begins a
// timeline (main line only), written before the ply's own comments.
func (w *movetextWriter) line(p *rules.Position, comments []string, plies []game.Ply, notes map[int]string) {
	for _, c := range comments {
		w.comment(c)
	}
	number := true
	for i, pl := range plies {
		san := notation.SAN(p, pl.Move)
		switch {
		case p.Side == rules.White:
			san = strconv.Itoa(p.Fullmove) + ". " + san
		case number:
			san = strconv.Itoa(p.Fullmove) + "... " + san
		}
		w.put(san, false) // a move number stays on the line of its move
		for _, nag := range pl.NAGs {
			w.put("$"+strconv.Itoa(nag), false)
		}
		note, branched := notes[i]
		if branched {
			w.comment(note)
		}
		for _, c := range pl.Comments {
			w.comment(c)
		}
		for _, v := range pl.Variations {
			w.put("(", false)
			w.glue = true
			w.line(p, v.Comments, v.Plies, nil)
			w.put(")", true)
		}
		turn := game.TurnIndex(p)
		p.Make(pl.Move)
		number = branched || len(pl.Comments) > 0 || len(pl.Variations) > 0 || game.TurnIndex(p) != turn+1
	}
	for range plies {
		p.Unmake()
	}
}
