package fsf

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"timechess/internal/engineproc"
)

// DefaultTimeout bounds each protocol exchange that is not a search (the
// handshake, an option setting) when the caller's context has no deadline.
const DefaultTimeout = engineproc.DefaultTimeout

// Engine is one running Fairy-Stockfish process that speaks UCI. Its methods
// must not be called concurrently. When a call's context ends while the
// engine is busy, the process is killed (a UCI perft cannot be interrupted)
// and every later call returns the same error; Close must still be called.
type Engine struct {
	proc     *engineproc.Process
	dir      string            // private directory holding variants.ini
	options  map[string]string // options set so far, to skip repeats
	variants map[string]bool   // the UCI_Variant values the engine offers
	name     string            // the engine's "id name"
}

// Start runs the engine at path (see Find), completes the UCI handshake and
// loads the timechess variant definitions. ctx bounds the start-up only.
func Start(ctx context.Context, path string) (*Engine, error) {
	dir, err := os.MkdirTemp("", "timechess-fsf-")
	if err != nil {
		return nil, fmt.Errorf("fairy-stockfish: %w", err)
	}
	ini, err := WriteVariants(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	proc, err := engineproc.Start("fairy-stockfish", path)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	e := &Engine{proc: proc, dir: dir, options: map[string]string{}}
	if err := e.handshake(ctx, ini); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// handshake checks that the program is Fairy-Stockfish and loads variants.ini.
func (e *Engine) handshake(ctx context.Context, ini string) error {
	ctx, cancel := engineproc.WithDefaultTimeout(ctx)
	defer cancel()
	lines, err := e.proc.Exchange(ctx, "uci", "uciok")
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
	if lines, err = e.proc.Exchange(ctx, "uci", "uciok"); err != nil {
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
	if err := e.proc.CheckLine("option", name+value); err != nil {
		return err
	}
	ctx, cancel := engineproc.WithDefaultTimeout(ctx)
	defer cancel()
	if err := e.proc.Send("setoption name " + name + " value " + value); err != nil {
		return err
	}
	lines, err := e.proc.Exchange(ctx, "isready", "readyok")
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

// Close asks the engine to quit, kills it if it does not within
// engineproc.CloseGrace, and removes its temporary files. It may be called
// more than once.
func (e *Engine) Close() error {
	e.proc.Close("quit")
	return os.RemoveAll(e.dir)
}
