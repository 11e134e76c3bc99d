package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"timechess/perft"
)

// TestPerftDivideTotals checks that the divide lines add up to the
// "Nodes searched" line and that both equal the published count.
func TestPerftDivideTotals(t *testing.T) {
	cases, err := perft.ReadFixtures(filepath.Join("testdata", "perft-totals.epd"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		dc := c.Counts[len(c.Counts)-1]
		args := []string{"perft", "--variant", c.Variant, "--fen", c.FEN, "--depth", strconv.Itoa(dc.Depth), "--divide"}
		stdout, stderr, code := execute(t, args, strings.NewReader(""))
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.Where, code, stderr)
			continue
		}
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		total, ok := strings.CutPrefix(lines[len(lines)-1], "Nodes searched: ")
		if !ok {
			t.Errorf("%s: last line %q is not the total", c.Where, lines[len(lines)-1])
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
				t.Errorf("%s: divide line %q is not MOVE: COUNT", c.Where, l)
			}
			sum += n
		}
		if total != strconv.FormatUint(sum, 10) || sum != dc.Nodes {
			t.Errorf("%s: divide lines add up to %d, total says %s, published %d", c.Where, sum, total, dc.Nodes)
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
