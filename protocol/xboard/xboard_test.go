package xboard_test

import (
	"context"
	"flag"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"timechess/protocol/internal/protocoltest"
	"timechess/protocol/xboard"

	// The transcripts use every variant.
	_ "timechess/variant/all"
)

var update = flag.Bool("update", false, "rewrite testdata/*.transcript with the engine's actual lines")

// run is the protocol as the tests run it: the default configuration (one
// thread, so searches limited by sd are the same on every run).
func run(ctx context.Context, in io.Reader, out io.Writer) error {
	return xboard.Run(ctx, in, out, xboard.Config{})
}

// thinking matches the numbers of a thinking output line: ply, score,
// time, nodes.
var thinking = regexp.MustCompile(`^(\d+) (-?\d+) (\d+) (\d+)( |$)`)

// mask replaces the numbers of a thinking line that vary from run to run
// (time) or with every change of the engine (nodes, centipawns) with "*";
// plies, mate scores, draws and lines stay.
func mask(line string) string {
	m := thinking.FindStringSubmatch(line)
	if m == nil {
		return line
	}
	score := m[2]
	if n, _ := strconv.Atoi(score); n != 0 && n > -100000 && n < 100000 {
		score = "*"
	}
	return m[1] + " " + score + " * *" + line[len(m[0])-len(m[5]):]
}

// TestTranscripts replays every conversation of testdata/*.transcript;
// -update records the engine's actual lines.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.transcript"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in testdata (%v)", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".transcript"), func(t *testing.T) {
			protocoltest.Transcript(t, file, run, mask, *update)
		})
	}
}
