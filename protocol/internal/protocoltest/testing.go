package protocoltest

import (
	"testing"
	"time"
)

// Prompt bounds every answer a test waits for, generously (a loaded CI
// machine is slow): the engines answer stop, quit, isready, ping, ? and
// force at once, whatever they are doing.
const Prompt = 10 * time.Second

// StartT runs the protocol on pipes and checks, when the test ends, that it
// returned and left no goroutine behind.
func StartT(t *testing.T, run RunFunc) *Conn {
	t.Helper()
	before := Goroutines()
	c := Start(run)
	t.Cleanup(func() {
		if err := c.Close(Prompt); err != nil {
			t.Errorf("the protocol: %v", err)
		}
		NoLeak(t, before)
	})
	return c
}

// SendT writes lines to the engine, failing the test when it cannot.
func (c *Conn) SendT(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if err := c.Send(l); err != nil {
			t.Fatalf("sending %q: %v", l, err)
		}
	}
}

// UntilT reads the engine's lines up to one starting with prefix, failing
// the test when none comes within Prompt.
func (c *Conn) UntilT(t *testing.T, prefix string) []string {
	t.Helper()
	lines, err := c.Until(Prompt, prefix)
	if err != nil {
		t.Fatalf("%v; the engine wrote %q", err, lines)
	}
	return lines
}
