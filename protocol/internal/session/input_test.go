package session

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// collect reads every line of text through readInput.
func collect(text string) []string {
	done := make(chan struct{})
	defer close(done)
	in := readInput(strings.NewReader(text), done)
	var lines []string
	for l := range in.lines {
		if l.err != nil {
			lines = append(lines, "ERROR: "+l.err.Error())
		} else {
			lines = append(lines, l.text)
		}
	}
	return lines
}

// TestReadInput: line breaks of either convention, a last line without
// one, empty lines, and a line too long to keep.
func TestReadInput(t *testing.T) {
	long := strings.Repeat("x", MaxLine+1)
	cases := []struct {
		name, text string
		want       []string
	}{
		{"empty input", "", nil},
		{"unix", "uci\nisready\n", []string{"uci", "isready"}},
		{"windows (a GUI on Windows writes CRLF)", "uci\r\nisready\r\n", []string{"uci", "isready"}},
		{"no final line break", "uci\nquit", []string{"uci", "quit"}},
		{"empty lines stay, for the protocol to skip", "\n\nuci\n", []string{"", "", "uci"}},
		{"a lone CR inside a line is text", "a\rb\n", []string{"a\rb"}},
		{"longest line kept", strings.Repeat("y", MaxLine) + "\nok\n", []string{strings.Repeat("y", MaxLine), "ok"}},
		{"too long, then on", long + "\nok\n", []string{"ERROR: " + errTooLong.Error(), "ok"}},
		{"too long at the end", long, []string{"ERROR: " + errTooLong.Error()}},
	}
	for _, c := range cases {
		if d := cmp.Diff(c.want, collect(c.text)); d != "" {
			t.Errorf("%s: lines differ (-want +got):\n%.2000s", c.name, d)
		}
	}
}

// FuzzReadInput: every byte of the input is in a line, a line break or a
// refused line, in order.
func FuzzReadInput(f *testing.F) {
	for _, s := range []string{"", "uci\n", "a\r\nb", "\n\n", "x\ry\n", "go depth 3\nstop\nquit\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := collect(text)
		want := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
		// The rest after the last line break is a line of its own unless
		// it is empty once a final CR is dropped.
		if rest := strings.TrimSuffix(want[len(want)-1], "\r"); rest == "" {
			want = want[:len(want)-1]
		} else {
			want[len(want)-1] = rest
		}
		if len(want) == 0 {
			want = nil
		}
		if d := cmp.Diff(want, lines); d != "" {
			t.Errorf("lines of %q differ (-want +got):\n%s", text, d)
		}
	})
}
