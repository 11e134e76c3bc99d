package fsf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// DefaultTimeout bounds each protocol exchange that is not a search (the
// handshake, an option setting) when the caller's context has no deadline.
const DefaultTimeout = 10 * time.Second

// closeGrace is how long Close waits for the engine to obey "quit" before it
// kills the process.
const closeGrace = 2 * time.Second

// Engine is one running Fairy-Stockfish process that speaks UCI. Its methods
// must not be called concurrently. When a call's context ends while the
// engine is busy, the process is killed (a UCI perft cannot be interrupted)
// and every later call returns the same error; Close must still be called.
type Engine struct {
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	lines     chan string   // stdout line by line; closed when stdout ends
	stop      chan struct{} // closed by Close: lines are no longer delivered
	exited    chan struct{} // closed once the process has been waited for
	waitErr   error         // the process's exit status, set before exited closes
	stderr    *tail
	dir       string            // private directory holding variants.ini
	options   map[string]string // options set so far, to skip repeats
	variants  map[string]bool   // the UCI_Variant values the engine offers
	name      string            // the engine's "id name"
	broken    error             // why the process can no longer be used
	closeOnce sync.Once
}

// Start runs the engine at path (see Find), completes the UCI handshake and
// loads the timechess variant definitions. ctx bounds the start-up only.
func Start(ctx context.Context, path string) (*Engine, error) {
	dir, err := os.MkdirTemp("", "timechess-fsf-")
	if err != nil {
		return nil, fmt.Errorf("fairy-stockfish: %w", err)
	}
	ini := filepath.Join(dir, "variants.ini")
	if err := os.WriteFile(ini, []byte(variantsINI), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("fairy-stockfish: %w", err)
	}
	e := &Engine{
		cmd:     exec.Command(path),
		lines:   make(chan string, 256),
		stop:    make(chan struct{}),
		exited:  make(chan struct{}),
		stderr:  &tail{},
		dir:     dir,
		options: map[string]string{},
	}
	e.cmd.Stderr = e.stderr
	stdout, err := e.cmd.StdoutPipe()
	if err == nil {
		e.stdin, err = e.cmd.StdinPipe()
	}
	if err == nil {
		err = e.cmd.Start()
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("fairy-stockfish: starting %s: %w", path, err)
	}
	go e.read(stdout)
	if err := e.handshake(ctx, ini); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// handshake checks that the program is Fairy-Stockfish and loads variants.ini.
func (e *Engine) handshake(ctx context.Context, ini string) error {
	ctx, cancel := withDefaultTimeout(ctx)
	defer cancel()
	lines, err := e.exchange(ctx, "uci", "uciok")
	if err != nil {
		return err
	}
	for _, l := range lines {
		if n, ok := strings.CutPrefix(l, "id name "); ok {
			e.name = n
		}
	}
	if len(offeredVariants(lines)) == 0 {
		return errors.New("fairy-stockfish: the program offers no UCI_Variant option; is it Fairy-Stockfish?")
	}
	if err := e.SetOption(ctx, "VariantPath", ini); err != nil {
		return err
	}
	if lines, err = e.exchange(ctx, "uci", "uciok"); err != nil {
		return err
	}
	e.variants = offeredVariants(lines)
	for _, v := range CustomVariants {
		if !e.variants[v] {
			return fmt.Errorf("fairy-stockfish did not load the variant %s from %s", v, ini)
		}
	}
	return nil
}

// offeredVariants reads the values of the UCI_Variant combo option from the
// answer to "uci".
func offeredVariants(lines []string) map[string]bool {
	out := map[string]bool{}
	for _, l := range lines {
		if !strings.HasPrefix(l, "option name UCI_Variant ") {
			continue
		}
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "var" {
				out[f[i+1]] = true
			}
		}
	}
	return out
}

// Name returns the name the engine gives itself, such as "Fairy-Stockfish 11.1 LB 64".
func (e *Engine) Name() string { return e.name }

// HasVariant reports whether the engine plays the variant of that UCI_Variant name.
func (e *Engine) HasVariant(name string) bool { return e.variants[name] }

// SetOption sets a UCI option and waits until the engine has taken it. Setting
// an option to the value it already has sends nothing.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	if old, ok := e.options[name]; ok && old == value {
		return nil
	}
	if err := checkLine("option", name+value); err != nil {
		return err
	}
	ctx, cancel := withDefaultTimeout(ctx)
	defer cancel()
	if err := e.send("setoption name " + name + " value " + value); err != nil {
		return err
	}
	lines, err := e.exchange(ctx, "isready", "readyok")
	if err != nil {
		return err
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "No such option") || strings.HasPrefix(l, "Unable to") {
			return fmt.Errorf("fairy-stockfish refused option %s = %q: %s", name, value, l)
		}
	}
	e.options[name] = value
	return nil
}

// Variant selects the variant for the next positions.
func (e *Engine) Variant(ctx context.Context, name string) error {
	if !e.variants[name] {
		return fmt.Errorf("fairy-stockfish has no variant %q", name)
	}
	return e.SetOption(ctx, "UCI_Variant", name)
}

// Close asks the engine to quit, kills it if it does not within two seconds,
// and removes its temporary files. It may be called more than once.
func (e *Engine) Close() error {
	var err error
	e.closeOnce.Do(func() {
		if e.broken == nil {
			_ = e.send("quit") // a dead process is killed below anyway
		}
		e.stdin.Close()
		close(e.stop)
		select {
		case <-e.exited:
		case <-time.After(closeGrace):
			_ = e.cmd.Process.Kill() // it may have exited meanwhile
			<-e.exited
		}
		err = os.RemoveAll(e.dir)
	})
	return err
}

// read delivers the engine's output lines until it ends, then reaps the process.
func (e *Engine) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		select {
		case e.lines <- strings.TrimRight(sc.Text(), "\r"):
		case <-e.stop:
		}
	}
	close(e.lines)
	e.waitErr = e.cmd.Wait()
	close(e.exited)
}

// send writes one command line.
func (e *Engine) send(line string) error {
	if e.broken != nil {
		return e.broken
	}
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		return e.fail(fmt.Errorf("fairy-stockfish: writing %q: %w", line, err))
	}
	return nil
}

// exchange sends cmd and returns the lines the engine prints before the line want.
func (e *Engine) exchange(ctx context.Context, cmd, want string) ([]string, error) {
	if err := e.send(cmd); err != nil {
		return nil, err
	}
	var lines []string
	for {
		l, err := e.next(ctx)
		if err != nil {
			return nil, err
		}
		if l == want {
			return lines, nil
		}
		lines = append(lines, l)
	}
}

// next returns the engine's next output line.
func (e *Engine) next(ctx context.Context) (string, error) {
	if e.broken != nil {
		return "", e.broken
	}
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", e.fail(e.exitError())
		}
		return l, nil
	case <-ctx.Done():
		return "", e.fail(fmt.Errorf("fairy-stockfish did not answer in time (the process is stopped): %w", ctx.Err()))
	}
}

// exitError describes the end of a process that stopped answering.
func (e *Engine) exitError() error {
	msg := "fairy-stockfish ended unexpectedly"
	select {
	case <-e.exited:
		if e.waitErr != nil {
			msg += " (" + e.waitErr.Error() + ")"
		}
	case <-time.After(closeGrace):
	}
	if s := e.stderr.String(); s != "" {
		msg += "; stderr: " + s
	}
	return errors.New(msg)
}

// fail records that the process is unusable, kills it, and returns err.
func (e *Engine) fail(err error) error {
	if e.broken == nil {
		e.broken = err
		_ = e.cmd.Process.Kill() // it may be dead already
	}
	return e.broken
}

// checkLine refuses text that would break the line-based protocol.
func checkLine(what, text string) error {
	if strings.ContainsAny(text, "\r\n") {
		return fmt.Errorf("fairy-stockfish: %s %q contains a line break", what, text)
	}
	return nil
}

// withDefaultTimeout gives ctx the DefaultTimeout when it has no deadline.
func withDefaultTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
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

// Write keeps the end of p.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(p), nil
}

// String returns the kept text, trimmed.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}
