package uci_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"timechess/notation"
	"timechess/protocol/internal/protocoltest"
	"timechess/protocol/internal/session"
	"timechess/protocol/uci"
	"timechess/rules"
)

// start runs the protocol under test on pipes (protocoltest.StartT).
func start(t *testing.T) *protocoltest.Conn { return protocoltest.StartT(t, run) }

// checkBestMove fails unless line is "bestmove M ..." with M legal in the
// chess position text.
func checkBestMove(t *testing.T, line, text string) {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("%q is not a bestmove line", line)
	}
	v, _ := rules.Lookup("chess")
	p, err := rules.NewPosition(v, text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := notation.Parse(p, f[1]); err != nil {
		t.Errorf("bestmove %s is not legal in %s: %v", f[1], text, err)
	}
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestStopWhileSearching: isready is answered during an infinite search,
// stop ends it with a legal bestmove (UCI: "stop: stop calculating as soon
// as possible").
func TestStopWhileSearching(t *testing.T) {
	c := start(t)
	c.SendT(t, "position startpos", "go infinite")
	c.UntilT(t, "info depth 2 ")
	c.SendT(t, "isready")
	if lines := c.UntilT(t, "readyok"); strings.HasPrefix(lines[0], "bestmove") {
		t.Fatalf("an infinite search answered bestmove before stop: %q", lines)
	}
	c.SendT(t, "stop")
	lines := c.UntilT(t, "bestmove")
	checkBestMove(t, lines[len(lines)-1], startFEN)
	c.SendT(t, "quit")
}

// TestQuitWhileSearching: quit ends the protocol at once, search or not.
func TestQuitWhileSearching(t *testing.T) {
	c := start(t)
	c.SendT(t, "go infinite")
	c.UntilT(t, "info depth 1 ")
	c.SendT(t, "quit")
	if err := c.Wait(protocoltest.Prompt); err != nil {
		t.Fatalf("after quit during a search: %v", err)
	}
}

// TestNewSearchStopsTheLastOne: go during a search (which a GUI should not
// send) first answers the running search, so every go gets one bestmove.
func TestNewSearchStopsTheLastOne(t *testing.T) {
	c := start(t)
	c.SendT(t, "go infinite")
	c.UntilT(t, "info depth 1 ")
	c.SendT(t, "go depth 1")
	lines := append(c.UntilT(t, "bestmove"), c.UntilT(t, "bestmove")...)
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") {
			n++
			checkBestMove(t, l, startFEN)
		}
	}
	if n != 2 {
		t.Errorf("two go commands got %d bestmove lines: %q", n, lines)
	}
}

// TestEndOfInput: a search with limits is finished and answered at the end
// of the input, an infinite one stopped and answered.
func TestEndOfInput(t *testing.T) {
	for _, script := range []string{"go depth 3\n", "go infinite\n", "go movetime 50\n"} {
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- uci.Run(context.Background(), strings.NewReader(script), &out, uci.Config{}) }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%q: %v", script, err)
			}
		case <-time.After(protocoltest.Prompt):
			t.Fatalf("%q: the protocol did not return at the end of its input", script)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		checkBestMove(t, lines[len(lines)-1], startFEN)
	}
}

// TestContextEnds: the end of the context (an interrupt) ends the protocol
// during a search and while it waits for input.
func TestContextEnds(t *testing.T) {
	before := protocoltest.Goroutines()
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- uci.Run(ctx, inR, io.Discard, uci.Config{}) }()
	if _, err := io.WriteString(inW, "go infinite\n"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Run returned %v, want context.Canceled", err)
		}
	case <-time.After(protocoltest.Prompt):
		t.Fatal("the protocol did not return when its context ended")
	}
	inW.Close() // the reader's pending Read returns
	protocoltest.NoLeak(t, before)
}

// TestPonder: go ponder searches until ponderhit, then searches with the
// limits it came with; stop answers a ponder search at once.
func TestPonder(t *testing.T) {
	c := start(t)
	c.SendT(t, "setoption name Ponder value true", "position startpos moves e2e4", "go ponder movetime 100")
	c.UntilT(t, "info depth 1 ")
	time.Sleep(200 * time.Millisecond) // longer than movetime: pondering goes on
	c.SendT(t, "isready")
	if lines := c.UntilT(t, "readyok"); len(lines) > 1 && strings.HasPrefix(lines[len(lines)-2], "bestmove") {
		t.Fatalf("a ponder search answered before ponderhit: %q", lines)
	}
	c.SendT(t, "ponderhit")
	lines := c.UntilT(t, "bestmove")
	checkBestMove(t, lines[len(lines)-1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	c.SendT(t, "go ponder movetime 100")
	c.UntilT(t, "info depth 1 ")
	c.SendT(t, "stop")
	lines = c.UntilT(t, "bestmove")
	checkBestMove(t, lines[len(lines)-1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
}

// TestGarbage: lines that are no UCI (binary bytes, a line longer than any
// command, words without a command) are reported or skipped, and the
// engine goes on answering.
func TestGarbage(t *testing.T) {
	c := start(t)
	c.SendT(t, "\x00\x01\x02", "\xff\xfe", "position startpos moves \x00", strings.Repeat("x", session.MaxLine+10),
		"go searchmoves", "isready")
	lines := c.UntilT(t, "readyok")
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "info string error: ") && !strings.HasPrefix(l, "info depth") && !strings.HasPrefix(l, "bestmove") {
			t.Errorf("garbage got %q, want an info string error", l)
		}
	}
	c.SendT(t, "position startpos", "go depth 1")
	lines = c.UntilT(t, "bestmove")
	checkBestMove(t, lines[len(lines)-1], startFEN)
}

// failingWriter fails every write, as a GUI that has gone away.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestWriteError: when the output fails the protocol returns the error.
func TestWriteError(t *testing.T) {
	err := uci.Run(context.Background(), strings.NewReader("uci\nisready\n"), failingWriter{}, uci.Config{})
	if err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Errorf("Run returned %v, want the write error", err)
	}
}

// FuzzCommands feeds arbitrary input, then stop and quit: the protocol must
// return without error and answer only in UCI's words. Lines that set the
// hash size or the threads are dropped (a fuzzed 65536 MiB table would
// exhaust the machine, not find a bug).
func FuzzCommands(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready", "position startpos moves e2e4 e7e5\ngo depth 2", "go infinite\nstop",
		"position fen 8/8/8/8/8/8/8/K6k w - - 0 1\ngo nodes 100", "setoption name UCI_Variant value gifford\nposition startpos moves e2e4 e7e5 f1//4\ngo depth 1",
		"go ponder\nponderhit", "d", "setoption name MultiPV value 3\ngo depth 2 searchmoves e2e4 d2d4",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5 g1f3",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var kept []string
		for _, l := range strings.Split(input, "\n") {
			if low := strings.ToLower(l); !strings.Contains(low, "hash") && !strings.Contains(low, "threads") {
				kept = append(kept, l)
			}
		}
		script := strings.Join(kept, "\n") + "\nstop\nquit\n"
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- uci.Run(context.Background(), strings.NewReader(script), &out, uci.Config{}) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the protocol did not return after stop and quit")
		}
	})
}
