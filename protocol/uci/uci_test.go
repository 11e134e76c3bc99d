package uci_test

import (
	"context"
	"flag"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"timechess/protocol/internal/protocoltest"
	"timechess/protocol/uci"

	// The transcripts use every variant.
	_ "timechess/variant/all"
)

var update = flag.Bool("update", false, "rewrite testdata/*.transcript with the engine's actual lines")

// run is the protocol as the tests run it: the default configuration (one
// thread, so searches limited by depth are the same on every run).
func run(ctx context.Context, in io.Reader, out io.Writer) error {
	return uci.Run(ctx, in, out, uci.Config{})
}

// volatile matches the numbers of an info line that vary from run to run
// (time, speed) or with every change of the engine's search and evaluation
// (node counts, selective depth, centipawns); mate scores, depths, lines
// and the draw score 0 stay.
var volatile = regexp.MustCompile(`\b(seldepth|nodes|nps|time|hashfull|cp) (-?\d+)`)

// mask replaces the volatile numbers of a line with "*".
func mask(line string) string {
	return volatile.ReplaceAllStringFunc(line, func(s string) string {
		word, number, _ := strings.Cut(s, " ")
		if word == "cp" && number == "0" {
			return s
		}
		return word + " *"
	})
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
