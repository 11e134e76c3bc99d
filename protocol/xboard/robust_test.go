package xboard_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"timechess/notation"
	"timechess/protocol/internal/protocoltest"
	"timechess/protocol/internal/session"
	"timechess/protocol/xboard"
	"timechess/rules"
)

// start runs the protocol under test on pipes (protocoltest.StartT).
func start(t *testing.T) *protocoltest.Conn { return protocoltest.StartT(t, run) }

// checkMove fails unless line is "move M" with M legal in the chess
// position text.
func checkMove(t *testing.T, line, text string) {
	t.Helper()
	move, ok := strings.CutPrefix(line, "move ")
	if !ok {
		t.Fatalf("%q is not a move line", line)
	}
	v, _ := rules.Lookup("chess")
	p, err := rules.NewPosition(v, text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := notation.Parse(p, move); err != nil {
		t.Errorf("move %s is not legal in %s: %v", move, text, err)
	}
}

const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

// TestMoveNow: ping is answered while the engine thinks, and ? makes it
// move at once (CECP: "Move now").
func TestMoveNow(t *testing.T) {
	c := start(t)
	c.SendT(t, "new", "st 100", "post", "usermove e2e4")
	c.UntilT(t, "2 ")
	c.SendT(t, "ping 7")
	if lines := c.UntilT(t, "pong 7"); len(lines) > 1 && strings.HasPrefix(lines[len(lines)-2], "move") {
		t.Fatalf("the engine moved before ?: %q", lines)
	}
	c.SendT(t, "?")
	lines := c.UntilT(t, "move ")
	checkMove(t, lines[len(lines)-1], afterE4)
	c.SendT(t, "quit")
}

// TestForceWhileThinking: force stops the engine's thinking without a move;
// quit while thinking ends the protocol at once.
func TestForceWhileThinking(t *testing.T) {
	c := start(t)
	c.SendT(t, "new", "st 100", "post", "usermove e2e4")
	c.UntilT(t, "1 ")
	c.SendT(t, "force", "ping 1")
	c.UntilT(t, "pong 1")
	time.Sleep(50 * time.Millisecond)
	for _, l := range c.Lines() {
		if strings.HasPrefix(l, "move") {
			t.Fatalf("the engine moved after force: %q", c.Lines())
		}
	}
	c.SendT(t, "go")
	c.UntilT(t, "1 ")
	c.SendT(t, "quit")
	if err := c.Wait(protocoltest.Prompt); err != nil {
		t.Fatalf("after quit while thinking: %v", err)
	}
}

// TestAnalyze: analyze mode searches without moving, starts afresh after a
// user move and stops at exit.
func TestAnalyze(t *testing.T) {
	c := start(t)
	c.SendT(t, "new", "force", "analyze")
	c.UntilT(t, "2 ")
	c.SendT(t, "usermove e2e4")
	c.UntilT(t, "1 ")
	c.SendT(t, "exit", "ping 1")
	c.UntilT(t, "pong 1")
	for _, l := range c.Lines() {
		if strings.HasPrefix(l, "move") {
			t.Fatalf("the engine moved in analyze mode: %q", c.Lines())
		}
	}
}

// TestEndOfInput: the engine still makes the move it thinks about when the
// input ends.
func TestEndOfInput(t *testing.T) {
	var out strings.Builder
	done := make(chan error, 1)
	go func() {
		done <- xboard.Run(context.Background(), strings.NewReader("new\nsd 3\nusermove e2e4\n"), &out, xboard.Config{})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(protocoltest.Prompt):
		t.Fatal("the protocol did not return at the end of its input")
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	checkMove(t, lines[len(lines)-1], afterE4)
}

// TestClocks: under a clock the engine moves within its time.
func TestClocks(t *testing.T) {
	c := start(t)
	c.SendT(t, "new", "level 0 0:02 0", "time 200", "otim 200", "usermove e2e4")
	lines := c.UntilT(t, "move ")
	checkMove(t, lines[len(lines)-1], afterE4)
	c.SendT(t, "new", "st 0.05", "usermove e2e4")
	lines = c.UntilT(t, "move ")
	checkMove(t, lines[len(lines)-1], afterE4)
}

// TestGarbage: lines that are no commands get an error, and the engine goes
// on answering.
func TestGarbage(t *testing.T) {
	c := start(t)
	c.SendT(t, "\x00\x01\x02", "\xff\xfe", "usermove \x00", strings.Repeat("x", session.MaxLine+10), "ping 1")
	lines := c.UntilT(t, "pong 1")
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "Error (") && !strings.HasPrefix(l, "Illegal move") && !strings.HasPrefix(l, "# ") {
			t.Errorf("garbage got %q, want an error", l)
		}
	}
}

// FuzzCommands feeds arbitrary input, then quit: the protocol must return
// without error. memory and cores lines are dropped (a fuzzed 65536 MiB
// table would exhaust the machine, not find a bug).
func FuzzCommands(f *testing.F) {
	for _, seed := range []string{
		"xboard\nprotover 2", "new\nsd 2\nusermove e2e4", "new\nforce\ne2e4\ne7e5\nundo\nremove",
		"variant gifford\nforce\nusermove e2e4\nusermove e7e5\nusermove f1//4", "setboard 8/8/8/8/8/8/8/K6k w - - 0 1\nsd 1\ngo",
		"analyze\nusermove e2e4\nexit", "new\nsd 1\nplayother\ngo\n?\nresult 1-0 {x}", "ping 3",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var kept []string
		for _, l := range strings.Split(input, "\n") {
			if name, _, _ := strings.Cut(strings.TrimSpace(l), " "); name != "memory" && name != "cores" {
				kept = append(kept, l)
			}
		}
		script := strings.Join(kept, "\n") + "\nquit\n"
		done := make(chan error, 1)
		go func() {
			done <- xboard.Run(context.Background(), strings.NewReader(script), &strings.Builder{}, xboard.Config{})
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the protocol did not return after quit")
		}
	})
}
