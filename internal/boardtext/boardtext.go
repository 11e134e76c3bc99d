// Package boardtext draws a position as a text diagram for a terminal: a
// board of any size (files a..p, ranks 1..16) with the men's flags, the side
// to move, and the state a variant keeps off the board as its
// rules.OffBoarder gives it (Gifford's men in transit and backward travels
// left, the traveling men Time Traveler's Chess has lost).
package boardtext

import (
	"fmt"
	"io"
	"strings"

	"timechess/rules"
)

// flagNames explain the flag marks of the position text.
var flagNames = []struct {
	flag rules.Flag
	mark string
	name string
}{
	{rules.Traveling, "*", "traveling"},
	{rules.Traveled, "'", "traveled"},
	{rules.Possessed, "~", "possessed (carries a Spirit)"},
}

// Draw writes p as a diagram, White at the bottom unless flip is set.
// Upper-case letters are White's men, lower-case Black's, '.' an empty
// square; a man's flags follow its letter as in the position text.
func Draw(w io.Writer, p *rules.Position, flip bool) error {
	g := p.Geometry()
	cell := 2
	var flags rules.Flag
	for r := 0; r < g.H; r++ {
		for f := 0; f < g.W; f++ {
			pc := p.At(rules.SquareAt(f, r))
			cell = max(cell, len(pc.String())+1)
			flags |= pc.Flags()
		}
	}
	var b strings.Builder
	border := "   +" + strings.Repeat("-", g.W*cell+1) + "+\n"
	b.WriteString(border)
	for i := 0; i < g.H; i++ {
		r := g.H - 1 - i
		if flip {
			r = i
		}
		fmt.Fprintf(&b, "%2d |", r+1)
		for j := 0; j < g.W; j++ {
			f := j
			if flip {
				f = g.W - 1 - j
			}
			fmt.Fprintf(&b, " %-*s", cell-1, p.At(rules.SquareAt(f, r)).String())
		}
		b.WriteString(" |\n")
	}
	b.WriteString(border)
	var files strings.Builder
	for j := 0; j < g.W; j++ {
		f := j
		if flip {
			f = g.W - 1 - j
		}
		fmt.Fprintf(&files, " %-*c", cell-1, 'a'+f)
	}
	b.WriteString(strings.TrimRight("    "+files.String(), " ") + "\n")
	var marks []string
	for _, fl := range flagNames {
		if flags&fl.flag != 0 {
			marks = append(marks, fl.mark+" "+fl.name)
		}
	}
	if len(marks) > 0 {
		b.WriteString("Marks: " + strings.Join(marks, ", ") + "\n")
	}
	offBoard(&b, p)
	fmt.Fprintf(&b, "%s to move, move %d", capital(p.Side), p.Fullmove)
	if st := p.Status(); !st.Over() && p.InCheck() {
		b.WriteString(", in check")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// offBoard writes the state p's variant keeps off the board
// (rules.OffBoarder): each side's men in transit and backward travels left
// where the variant has backward travel, and a side that has lost a
// traveling man.
func offBoard(b *strings.Builder, p *rules.Position) {
	ob, ok := rules.OffBoardOf(p)
	if !ok {
		return
	}
	for c := rules.White; c <= rules.Black; c++ {
		if ob.Travels != nil {
			men := []string{}
			for _, bk := range ob.Transit {
				if bk.Piece.Color() != c {
					continue
				}
				s := bk.Piece.String()
				if bk.Piece.Kind() == rules.Bishop {
					s += map[bool]string{true: " (light)", false: " (dark)"}[bk.Light]
				}
				men = append(men, fmt.Sprintf("%s due move %d", s, bk.Due))
			}
			if len(men) == 0 {
				men = []string{"none"}
			}
			fmt.Fprintf(b, "%s in transit: %s; backward travels left: %d\n",
				capital(c), strings.Join(men, ", "), ob.Travels[c])
		}
		if ob.LostTraveling[c] {
			fmt.Fprintf(b, "%s has lost a traveling man to a capture\n", capital(c))
		}
	}
}

// capital names a side with a capital letter.
func capital(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}
