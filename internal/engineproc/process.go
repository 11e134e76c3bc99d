// Package engineproc runs a game engine as a child process that talks a
// line-based text protocol (UCI, XBoard/CECP) on its standard streams: it
// delivers the engine's output line by line with deadlines, keeps the end of
// its stderr for error messages, and stops a process that hangs or dies so
// that no caller waits forever. The protocols themselves live with their
// users (internal/fsf, match).
package engineproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// DefaultTimeout bounds a protocol exchange that is not a search (a
// handshake, an option setting) when the caller's context has no deadline.
const DefaultTimeout = 10 * time.Second

// CloseGrace is how long Close waits for the engine to obey its quit command
// before it kills the process.
const CloseGrace = 2 * time.Second

// Process is one running engine program. Its methods must not be called
// concurrently. Once a call fails for a reason that leaves the protocol in
// an unknown state (the process ended, a deadline passed, a write failed),
// the process is killed and every later call returns the same error; Close
// must still be called.
type Process struct {
	label     string // the engine's name in error messages
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	lines     chan string   // stdout line by line; closed when stdout ends
	stop      chan struct{} // closed by Close: lines are no longer delivered
	exited    chan struct{} // closed once the process has been waited for
	waitErr   error         // the process's exit status, set before exited closes
	stderr    *tail
	broken    error // why the process can no longer be used
	closeOnce sync.Once
}

// Start runs the program at path with args. label names the engine in
// error messages ("fairy-stockfish", "uci engine /usr/games/stockfish").
func Start(label, path string, args ...string) (*Process, error) {
	p := &Process{
		label:  label,
		cmd:    exec.Command(path, args...),
		lines:  make(chan string, 256),
		stop:   make(chan struct{}),
		exited: make(chan struct{}),
		stderr: &tail{},
	}
	p.cmd.Stderr = p.stderr
	stdout, err := p.cmd.StdoutPipe()
	if err == nil {
		p.stdin, err = p.cmd.StdinPipe()
	}
	if err == nil {
		err = p.cmd.Start()
	}
	if err != nil {
		return nil, fmt.Errorf("%s: starting %s: %w", label, path, err)
	}
	go p.read(stdout)
	return p, nil
}

// Label returns the engine's name in error messages.
func (p *Process) Label() string { return p.label }

// Err returns why the process can no longer be used, or nil.
func (p *Process) Err() error { return p.broken }

// Close sends quit (unless the process is already broken), kills the
// process if it has not ended CloseGrace later, and waits for it. It may be
// called more than once.
func (p *Process) Close(quit string) {
	p.closeOnce.Do(func() {
		if p.broken == nil && quit != "" {
			_ = p.Send(quit) // a dead process is killed below anyway
		}
		p.stdin.Close()
		close(p.stop)
		select {
		case <-p.exited:
		case <-time.After(CloseGrace):
			_ = p.cmd.Process.Kill() // it may have exited meanwhile
			<-p.exited
		}
	})
}

// read delivers the engine's output lines until it ends, then reaps the process.
func (p *Process) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		select {
		case p.lines <- strings.TrimRight(sc.Text(), "\r"):
		case <-p.stop:
		}
	}
	close(p.lines)
	p.waitErr = p.cmd.Wait()
	close(p.exited)
}

// Send writes one command line.
func (p *Process) Send(line string) error {
	if p.broken != nil {
		return p.broken
	}
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		return p.Fail(fmt.Errorf("%s: writing %q: %w", p.label, line, err))
	}
	return nil
}

// Exchange sends cmd and returns the lines the engine prints before the line want.
func (p *Process) Exchange(ctx context.Context, cmd, want string) ([]string, error) {
	if err := p.Send(cmd); err != nil {
		return nil, err
	}
	var lines []string
	for {
		l, err := p.Next(ctx)
		if err != nil {
			return nil, err
		}
		if l == want {
			return lines, nil
		}
		lines = append(lines, l)
	}
}

// Next returns the engine's next output line. When ctx ends first the
// process is stopped for good.
func (p *Process) Next(ctx context.Context) (string, error) {
	if p.broken != nil {
		return "", p.broken
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", p.Fail(p.exitError())
		}
		return l, nil
	case <-ctx.Done():
		return "", p.Fail(fmt.Errorf("%s did not answer in time (the process is stopped): %w", p.label, ctx.Err()))
	}
}

// Poll returns the engine's next output line if it comes within wait; ok
// is false when it does not, and the process stays usable (an XBoard
// handshake waits so for features that an old program never sends).
func (p *Process) Poll(wait time.Duration) (line string, ok bool, err error) {
	if p.broken != nil {
		return "", false, p.broken
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case l, open := <-p.lines:
		if !open {
			return "", false, p.Fail(p.exitError())
		}
		return l, true, nil
	case <-t.C:
		return "", false, nil
	}
}

// exitError describes the end of a process that stopped answering.
func (p *Process) exitError() error {
	msg := p.label + " ended unexpectedly"
	select {
	case <-p.exited:
		if p.waitErr != nil {
			msg += " (" + p.waitErr.Error() + ")"
		}
	case <-time.After(CloseGrace):
	}
	if s := p.stderr.String(); s != "" {
		msg += "; stderr: " + s
	}
	return errors.New(msg)
}

// Fail records that the process is unusable, kills it, and returns err (or
// the earlier reason, when it was already broken).
func (p *Process) Fail(err error) error {
	if p.broken == nil {
		p.broken = err
		_ = p.cmd.Process.Kill() // it may be dead already
	}
	return p.broken
}

// CheckLine refuses text that would break the line-based protocol: what
// says what the text is, in the error.
func (p *Process) CheckLine(what, text string) error {
	if strings.ContainsAny(text, "\r\n") {
		return fmt.Errorf("%s: %s %q contains a line break", p.label, what, text)
	}
	return nil
}

// WithDefaultTimeout gives ctx the DefaultTimeout when it has no deadline.
func WithDefaultTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, DefaultTimeout)
}

// tail keeps the last few kilobytes written to it (the engine's stderr).
type tail struct {
	mu  sync.Mutex
	buf []byte
}

// tailSize is how much of the engine's stderr is kept for error messages.
const tailSize = 2048

// Write keeps the end of b.
func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(b), nil
}

// String returns the kept text, trimmed.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}
