package engineproc

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// fakeEnv makes the test binary a line-echoing fake program (see TestMain).
const fakeEnv = "TIMECHESS_FAKE_PROCESS"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeProgram(mode))
	}
	os.Exit(m.Run())
}

// fakeProgram answers "ping N" with "pong N" after a line of chatter. Other
// commands: "crash" exits with status 3 after a word on stderr, "sleep"
// stops answering, "quit" exits, unless the mode is "deaf" (quit ignored).
func fakeProgram(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		switch {
		case len(f) == 2 && f[0] == "ping":
			fmt.Println("info chatter")
			fmt.Println("pong " + f[1])
		case len(f) == 1 && f[0] == "crash":
			fmt.Fprintln(os.Stderr, "fake: out of memory")
			return 3
		case len(f) == 1 && f[0] == "sleep":
			time.Sleep(time.Hour)
		case len(f) == 1 && f[0] == "quit" && mode != "deaf":
			return 0
		}
	}
	if mode == "deaf" {
		time.Sleep(time.Hour)
	}
	return 0
}

// start runs the test binary as a fake program.
func start(t *testing.T, mode string) *Process {
	t.Helper()
	t.Setenv(fakeEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Start("fake", exe)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close("quit") })
	return p
}

func TestExchange(t *testing.T) {
	p := start(t, "ok")
	lines, err := p.Exchange(context.Background(), "ping 1", "pong 1")
	if err != nil || len(lines) != 1 || lines[0] != "info chatter" {
		t.Fatalf("Exchange = %q, %v", lines, err)
	}
	if l, ok, err := p.Poll(50 * time.Millisecond); ok || err != nil {
		t.Fatalf("Poll of a quiet program = %q, %v, %v", l, ok, err)
	}
	if err := p.Send("ping 2"); err != nil {
		t.Fatal(err)
	}
	if l, ok, err := p.Poll(5 * time.Second); !ok || err != nil || l != "info chatter" {
		t.Fatalf("Poll = %q, %v, %v", l, ok, err)
	}
	if p.Err() != nil {
		t.Fatal(p.Err())
	}
}

func TestFaults(t *testing.T) {
	tests := []struct {
		command, want string
	}{
		{"crash", "fake ended unexpectedly (exit status 3); stderr: fake: out of memory"},
		{"sleep", "fake did not answer in time (the process is stopped)"},
	}
	for _, tc := range tests {
		t.Run(tc.command, func(t *testing.T) {
			p := start(t, "ok")
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err := p.Exchange(ctx, tc.command, "never")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if p.Err() == nil {
				t.Fatal("the process is not marked broken")
			}
			if again := p.Send("ping 1"); again == nil || again.Error() != err.Error() {
				t.Errorf("a broken process accepted a command (%v)", again)
			}
		})
	}
}

func TestCloseKillsADeafProgram(t *testing.T) {
	p := start(t, "deaf")
	begin := time.Now()
	p.Close("quit")
	if d := time.Since(begin); d > CloseGrace+time.Second {
		t.Errorf("Close took %v", d)
	}
	p.Close("quit") // a second Close does nothing
}

func TestStartFailsForAMissingProgram(t *testing.T) {
	if _, err := Start("ghost", "/nonexistent/program"); err == nil || !strings.Contains(err.Error(), "ghost: starting /nonexistent/program") {
		t.Fatalf("error %v", err)
	}
}

func TestCheckLine(t *testing.T) {
	p := start(t, "ok")
	if err := p.CheckLine("position", "8/8 w\ngo"); err == nil || !strings.Contains(err.Error(), "line break") {
		t.Errorf("error %v", err)
	}
	if err := p.CheckLine("position", "8/8 w - - 0 1"); err != nil {
		t.Error(err)
	}
}
