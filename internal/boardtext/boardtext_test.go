package boardtext

import (
	"bufio"
	"flag"
	"os"
	"strings"
	"testing"

	"timechess/rules"
	_ "timechess/variant/all"
)

var update = flag.Bool("update", false, "rewrite testdata/diagrams.txt with the actual diagrams")

// TestDiagrams draws the positions of testdata/diagrams.txt: each case is a
// line "$ VARIANT [flip] POSITION" followed by the diagram.
func TestDiagrams(t *testing.T) {
	f, err := os.Open("testdata/diagrams.txt")
	if err != nil {
		t.Fatal(err)
	}
	type diagram struct {
		head, comments string
		want           []string
	}
	var cases []*diagram
	var comments strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
			comments.WriteString(line + "\n")
		case strings.HasPrefix(line, "$ "):
			cases = append(cases, &diagram{head: line, comments: comments.String()})
			comments.Reset()
		case len(cases) > 0 && line != "":
			cases[len(cases)-1].want = append(cases[len(cases)-1].want, line)
		}
	}
	f.Close()
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	var out strings.Builder
	for _, c := range cases {
		variant, rest, _ := strings.Cut(strings.TrimPrefix(c.head, "$ "), " ")
		fen, flip := strings.CutPrefix(rest, "flip ")
		v, err := rules.Lookup(variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.NewPosition(v, fen)
		if err != nil {
			t.Fatalf("%s: %v", c.head, err)
		}
		var b strings.Builder
		if err := Draw(&b, p, flip); err != nil {
			t.Fatal(err)
		}
		got := strings.TrimRight(b.String(), "\n")
		if !*update && got != strings.Join(c.want, "\n") {
			t.Errorf("%s\n--- got\n%s\n--- want\n%s", c.head, got, strings.Join(c.want, "\n"))
		}
		out.WriteString(c.comments + c.head + "\n" + got + "\n\n")
	}
	if *update {
		if err := os.WriteFile("testdata/diagrams.txt", []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
