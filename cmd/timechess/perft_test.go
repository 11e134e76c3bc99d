package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one line of testdata/perft-totals.txt.
type perftCase struct {
	line    int
	variant string
	fen     string
	depth   int
	nodes   uint64
}

// readPerftCases reads "variant ; fen ; depth ; nodes" lines.
func readPerftCases(t *testing.T) []perftCase {
	t.Helper()
	path := filepath.Join("testdata", "perft-totals.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, ";")
		if len(fields) != 4 {
			t.Fatalf("%s:%d: want 4 fields separated by ';', got %d", path, n, len(fields))
		}
		depth, err1 := strconv.Atoi(strings.TrimSpace(fields[2]))
		nodes, err2 := strconv.ParseUint(strings.TrimSpace(fields[3]), 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad depth or node count", path, n)
		}
		cases = append(cases, perftCase{n, strings.TrimSpace(fields[0]), strings.TrimSpace(fields[1]), depth, nodes})
	}
	if len(cases) == 0 {
		t.Fatalf("%s holds no case", path)
	}
	return cases
}

// TestPerftDivideTotals checks that the divide lines add up to the
// "Nodes searched" line and that both equal the published count.
func TestPerftDivideTotals(t *testing.T) {
	for _, c := range readPerftCases(t) {
		args := []string{"perft", "--variant", c.variant, "--fen", c.fen, "--depth", strconv.Itoa(c.depth), "--divide"}
		stdout, stderr, code := execute(t, args, strings.NewReader(""))
		if code != 0 {
			t.Errorf("line %d: exit %d: %s", c.line, code, stderr)
			continue
		}
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		total, ok := strings.CutPrefix(lines[len(lines)-1], "Nodes searched: ")
		if !ok {
			t.Errorf("line %d: last line %q is not the total", c.line, lines[len(lines)-1])
			continue
		}
		var sum uint64
		for _, l := range lines[:len(lines)-1] {
			if l == "" {
				continue
			}
			_, count, ok := strings.Cut(l, ": ")
			n, err := strconv.ParseUint(count, 10, 64)
			if !ok || err != nil {
				t.Errorf("line %d: divide line %q is not MOVE: COUNT", c.line, l)
			}
			sum += n
		}
		if total != strconv.FormatUint(sum, 10) || sum != c.nodes {
			t.Errorf("line %d: divide lines add up to %d, total says %s, published %d", c.line, sum, total, c.nodes)
		}
	}
}

// TestPerftProgress checks that a terminal gets a progress display on stderr
// and that stdout stays the same as off a terminal.
func TestPerftProgress(t *testing.T) {
	args := []string{"perft", "--depth", "3", "--divide"}
	plain, _, _ := execute(t, args, strings.NewReader(""))
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Terminal: true, Now: tickingClock()}
	if code := run(context.Background(), args, env); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if out.String() != plain {
		t.Errorf("stdout on a terminal differs:\n%s\nfrom\n%s", out.String(), plain)
	}
	if !strings.Contains(errOut.String(), "perft 3") || !strings.Contains(errOut.String(), "/20)") {
		t.Errorf("no progress display on stderr: %q", errOut.String())
	}
}
