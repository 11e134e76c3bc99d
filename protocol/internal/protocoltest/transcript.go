package protocoltest

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A transcript file is a conversation with the engine, one line each:
//
//	# where the case comes from (comments may stand anywhere)
//	> a line sent to the engine
//	< a line the engine answers, after masking
//
// Transcript sends each "> " line once the engine has written every "< "
// line before it, so that a line sent while a search runs comes at the same
// point of the conversation on every run; after the last one it closes the
// input and waits for the engine to return. Blank lines only separate.

// Wait bounds each wait of a transcript for the engine's lines.
const Wait = 10 * time.Second

// quietFor is how long the engine must be silent, when transcripts are
// rewritten, before the next line is sent.
const quietFor = 300 * time.Millisecond

// step is one line of a transcript file.
type step struct {
	mark byte // '#', '>' or '<'
	text string
}

// Transcript runs the transcript file at path against run and compares the
// engine's lines, each passed through mask, with the recorded ones. With
// update it rewrites the file with the actual lines instead, sending each
// line once the engine has been quiet for a moment. It also checks that
// the protocol returns without error and leaves no goroutine behind.
func Transcript(t *testing.T, path string, run RunFunc, mask func(string) string, update bool) {
	t.Helper()
	steps := readSteps(t, path)
	before := Goroutines()
	c := Start(run)
	var want []string
	var rewritten, comments []step
	record := func(lines []string) {
		for _, l := range lines[countOut(rewritten):] {
			rewritten = append(rewritten, step{'<', mask(l)})
		}
	}
	for _, s := range steps {
		switch s.mark {
		case '<':
			want = append(want, s.text)
			continue
		case '#':
			comments = append(comments, s) // they go with the next line sent
			continue
		}
		if update {
			record(c.out.quiet(quietFor, Wait))
		} else {
			ctx, cancel := context.WithTimeout(context.Background(), Wait)
			lines, err := c.out.wait(ctx, len(want))
			cancel()
			record(lines)
			if err != nil {
				t.Errorf("%s: before %q the engine wrote %d lines, want %d", path, s.text, len(lines), len(want))
			}
		}
		rewritten = append(append(rewritten, comments...), s)
		comments = nil
		if err := c.Send(s.text); err != nil {
			t.Errorf("%s: sending %q: %v", path, s.text, err)
			break
		}
	}
	if err := c.Close(Wait); err != nil {
		t.Errorf("%s: %v", path, err)
	}
	if update {
		record(c.out.quiet(quietFor, Wait))
		writeSteps(t, path, append(rewritten, comments...))
	} else {
		record(c.Lines())
		var got []string
		for _, s := range rewritten {
			if s.mark == '<' {
				got = append(got, s.text)
			}
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: the engine's lines differ (-want +got):\n%s", path, d)
		}
	}
	NoLeak(t, before)
}

// countOut counts the answer lines among steps.
func countOut(steps []step) int {
	n := 0
	for _, s := range steps {
		if s.mark == '<' {
			n++
		}
	}
	return n
}

// readSteps reads a transcript file.
func readSteps(t *testing.T, path string) []step {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var steps []step
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case line == "":
		case line == "#" || strings.HasPrefix(line, "# "):
			steps = append(steps, step{'#', line})
		case strings.HasPrefix(line, "> ") || strings.HasPrefix(line, "< "):
			steps = append(steps, step{line[0], line[2:]})
		case line == "<" || line == ">":
			steps = append(steps, step{line[0], ""})
		default:
			t.Fatalf("%s:%d: %q starts with neither \"# \", \"> \" nor \"< \"", path, n, line)
		}
	}
	return steps
}

// writeSteps writes a transcript file, with a blank line before each
// comment that follows other lines.
func writeSteps(t *testing.T, path string, steps []step) {
	t.Helper()
	var b strings.Builder
	for i, s := range steps {
		if s.mark == '#' {
			if i > 0 && steps[i-1].mark != '#' {
				b.WriteString("\n")
			}
			b.WriteString(s.text + "\n")
			continue
		}
		b.WriteString(strings.TrimRight(string(s.mark)+" "+s.text, " ") + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
