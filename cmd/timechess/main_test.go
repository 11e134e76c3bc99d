package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/ with the actual output")

// A transcript file (testdata/*.transcript) is a list of blocks:
//
//	# where the case comes from (any number of comment lines)
//	$ timechess perft --depth 1 --fen "8/8/8/8/8/8/8/K6k w - - 0 1"
//	Nodes searched: 3
//	stderr: perft 1: 3 nodes in 1.000 s (3 nodes/s)
//	exit: 1
//
// The lines after the command are its stdout, then its stderr with the prefix
// "stderr: ", then "exit: N" when the status is not 0. Arguments are split at
// spaces; double quotes group words; "< FILE" feeds FILE to stdin. Blank lines
// at the end of a block only separate it from the next.

// block is one command of a transcript with what it should print.
type block struct {
	comments []string
	command  string
	want     []string
}

// readTranscript parses a transcript file.
func readTranscript(t *testing.T, path string) []block {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []block
	var comments []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# ") || line == "#":
			comments = append(comments, line)
		case strings.HasPrefix(line, "$ "):
			blocks = append(blocks, block{comments: comments, command: line[2:]})
			comments = nil
		case len(blocks) == 0 || len(comments) > 0:
			if line != "" {
				t.Fatalf("%s:%d: output line %q outside a block", path, n, line)
			}
		default:
			b := &blocks[len(blocks)-1]
			b.want = append(b.want, line)
		}
	}
	if len(comments) > 0 {
		t.Fatalf("%s: comment lines at the end belong to no command", path)
	}
	for i := range blocks {
		for len(blocks[i].want) > 0 && blocks[i].want[len(blocks[i].want)-1] == "" {
			blocks[i].want = blocks[i].want[:len(blocks[i].want)-1]
		}
	}
	return blocks
}

// splitCommand splits a command line into arguments and an optional stdin file.
func splitCommand(line string) (args []string, stdin string, err error) {
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, "", fmt.Errorf("unbalanced quote in %q", line)
	}
	if inWord {
		args = append(args, cur.String())
	}
	if n := len(args); n >= 2 && args[n-2] == "<" {
		stdin, args = args[n-1], args[:n-2]
	}
	if len(args) == 0 || args[0] != "timechess" {
		return nil, "", fmt.Errorf("command %q does not start with timechess", line)
	}
	return args[1:], stdin, nil
}

// tickingClock returns a clock that advances one second per reading, so that
// timing lines are the same on every run.
func tickingClock() func() time.Time {
	t := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Second)
		return t
	}
}

// execute runs one command line as main would, with buffers for the streams.
func execute(t *testing.T, args []string, stdin io.Reader) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &Env{Stdin: stdin, Stdout: &out, Stderr: &errOut, Now: tickingClock()}
	code = run(context.Background(), args, env)
	return out.String(), errOut.String(), code
}

// transcriptOf renders a command's output as transcript lines.
func transcriptOf(stdout, stderr string, code int) []string {
	var lines []string
	if stdout != "" {
		lines = append(lines, strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")...)
	}
	if stderr != "" {
		for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
			lines = append(lines, strings.TrimRight("stderr: "+l, " "))
		}
	}
	if code != 0 {
		lines = append(lines, "exit: "+strconv.Itoa(code))
	}
	return lines
}

// TestTranscripts runs every command of testdata/*.transcript and compares
// its output with the recorded one; -update records the actual output.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.transcript"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in testdata (%v)", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".transcript"), func(t *testing.T) {
			blocks := readTranscript(t, file)
			var rewritten strings.Builder
			for _, b := range blocks {
				args, stdinFile, err := splitCommand(b.command)
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				var stdin io.Reader = strings.NewReader("")
				if stdinFile != "" {
					f, err := os.Open(stdinFile)
					if err != nil {
						t.Fatal(err)
					}
					stdin = f
					defer f.Close()
				}
				got := transcriptOf(execute(t, args, stdin))
				if !*update && strings.Join(got, "\n") != strings.Join(b.want, "\n") {
					t.Errorf("$ %s\n--- want\n%s\n--- got\n%s", b.command, strings.Join(b.want, "\n"), strings.Join(got, "\n"))
				}
				for _, c := range b.comments {
					rewritten.WriteString(c + "\n")
				}
				rewritten.WriteString("$ " + b.command + "\n")
				for _, l := range got {
					rewritten.WriteString(l + "\n")
				}
				rewritten.WriteString("\n")
			}
			if *update {
				if err := os.WriteFile(file, []byte(rewritten.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
