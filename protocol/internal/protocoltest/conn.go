package protocoltest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// RunFunc is a protocol's entry point, such as uci.Run with its Config bound.
type RunFunc func(ctx context.Context, in io.Reader, out io.Writer) error

// Conn is a protocol running in the test's process, fed and read through
// pipes: the test's end of a conversation.
type Conn struct {
	in    *io.PipeWriter
	out   *lineBuffer
	read  int        // lines of out already returned by Next
	ended chan error // receives Run's error once
	err   error      // Run's error once it ended
	done  bool
}

// Start runs run on pipes.
func Start(run RunFunc) *Conn {
	inR, inW := io.Pipe()
	c := &Conn{in: inW, out: newLineBuffer(), ended: make(chan error, 1)}
	go func() {
		err := run(context.Background(), inR, c.out)
		inR.CloseWithError(errors.New("the protocol has returned"))
		c.ended <- err
	}()
	return c
}

// Send writes one line to the protocol.
func (c *Conn) Send(line string) error {
	c.out.touch()
	_, err := io.WriteString(c.in, line+"\n")
	return err
}

// Next returns the protocol's next output line, waiting until ctx ends.
func (c *Conn) Next(ctx context.Context) (string, error) {
	lines, err := c.out.wait(ctx, c.read+1)
	if err != nil {
		return "", fmt.Errorf("no output line after %q: %w", strings.Join(last(lines, 3), " | "), err)
	}
	c.read++
	return lines[c.read-1], nil
}

// Until reads lines up to the first that starts with prefix, waiting at
// most timeout, and returns them, that one last.
func (c *Conn) Until(timeout time.Duration, prefix string) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var lines []string
	for {
		l, err := c.Next(ctx)
		if err != nil {
			return lines, fmt.Errorf("waiting for %q: %w", prefix, err)
		}
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines, nil
		}
	}
}

// Lines returns every line written so far.
func (c *Conn) Lines() []string { return c.out.snapshot() }

// Close ends the input and waits up to timeout for Run to return; it
// returns Run's error, or an error if Run did not return.
func (c *Conn) Close(timeout time.Duration) error {
	c.in.Close()
	return c.Wait(timeout)
}

// Wait waits up to timeout for Run to return (after quit, say) and returns
// its error.
func (c *Conn) Wait(timeout time.Duration) error {
	if c.done {
		return c.err
	}
	select {
	case c.err = <-c.ended:
		c.done = true
		return c.err
	case <-time.After(timeout):
		return fmt.Errorf("the protocol did not return within %v", timeout)
	}
}

// last returns the last n lines.
func last(lines []string, n int) []string { return lines[max(len(lines)-n, 0):] }

// lineBuffer collects written output as lines and lets readers wait for them.
type lineBuffer struct {
	mu      sync.Mutex
	lines   []string
	partial string
	changed chan struct{} // closed and replaced at each new line
	at      time.Time     // when the last line came or was sent
}

func newLineBuffer() *lineBuffer { return &lineBuffer{changed: make(chan struct{}), at: time.Now()} }

// Write splits b into lines.
func (b *lineBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	parts := strings.Split(b.partial+string(p), "\n")
	b.partial = parts[len(parts)-1]
	if len(parts) > 1 {
		b.lines = append(b.lines, parts[:len(parts)-1]...)
		b.at = time.Now()
		close(b.changed)
		b.changed = make(chan struct{})
	}
	return len(p), nil
}

// touch notes that a line was sent: quiet waits from then on.
func (b *lineBuffer) touch() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.at = time.Now()
}

// snapshot copies the lines so far.
func (b *lineBuffer) snapshot() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lines...)
}

// wait waits until there are at least n lines or ctx ends, and returns the
// lines so far.
func (b *lineBuffer) wait(ctx context.Context, n int) ([]string, error) {
	for {
		b.mu.Lock()
		lines, changed := append([]string(nil), b.lines...), b.changed
		b.mu.Unlock()
		if len(lines) >= n {
			return lines, nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return lines, ctx.Err()
		}
	}
}

// quiet waits until no line has come for d (or until limit has passed) and
// returns the lines so far.
func (b *lineBuffer) quiet(d, limit time.Duration) []string {
	deadline := time.Now().Add(limit)
	for {
		b.mu.Lock()
		lines, at := append([]string(nil), b.lines...), b.at
		b.mu.Unlock()
		if time.Since(at) >= d || time.Now().After(deadline) {
			return lines
		}
		time.Sleep(d / 4)
	}
}
