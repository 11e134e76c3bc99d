package session

import (
	"context"
	"io"

	"timechess/engine"
	"timechess/rules"
)

// Handler is a protocol: what the command loop calls, one call at a time.
type Handler interface {
	// Command runs one input line and reports whether it asked to quit.
	Command(line string) (quit bool)
	// Refused reports an input line that could not be read (too long).
	Refused(err error)
	// Finished takes the result of a search that ended by itself: it
	// reached a limit of its own (a depth, a node count, its time).
	Finished(res engine.Result)
	// EndOfInput is called once the input has ended, before the loop
	// returns; a search may still be running.
	EndOfInput()
}

// Session is a protocol's link to the engine: the output, the engine with
// its options, and the search running beside the command loop.
type Session struct {
	// Out is where the protocol writes.
	Out *Output

	ctx  context.Context
	opts engine.Options
	eng  *engine.Engine // nil until a search or Ready needs it
	cur  *search        // the running search, nil when idle
}

// search is a running search.
type search struct {
	cancel context.CancelFunc
	done   chan engine.Result // receives the result once, then is left alone
}

// New returns a session writing to out, with engine options opts.
func New(out io.Writer, opts engine.Options) *Session {
	return &Session{Out: NewOutput(out), ctx: context.Background(), opts: opts}
}

// Options returns the engine options in force for the next search.
func (s *Session) Options() engine.Options { return s.opts }

// SetOptions changes the engine options: the next search gets an engine
// built with them (its transposition table is then empty).
func (s *Session) SetOptions(opts engine.Options) {
	if opts != s.opts {
		s.opts = opts
		s.eng = nil
	}
}

// Ready builds the engine now if the options changed, so that the next
// search starts without that delay.
func (s *Session) Ready() { s.engine() }

// engine returns the engine, built with the current options if needed.
func (s *Session) engine() *engine.Engine {
	if s.eng == nil {
		s.eng = engine.New(s.opts)
	}
	return s.eng
}

// NewGame makes the engine forget what it learned in the game (its
// transposition table and history). A running search is stopped first and
// its result dropped.
func (s *Session) NewGame() {
	s.Stop()
	if s.eng != nil {
		s.eng.NewGame()
	}
}

// Start searches a copy of p within limits in a goroutine. info, when not
// nil, gets the search's progress reports on that goroutine. The result
// comes to the Handler's Finished when the search ends by itself, or from
// Stop or Wait. A running search is stopped first and its result dropped.
func (s *Session) Start(p *rules.Position, limits engine.Limits, info func(engine.Info)) {
	s.Stop()
	ctx, cancel := context.WithCancel(s.ctx)
	sr := &search{cancel: cancel, done: make(chan engine.Result, 1)}
	s.cur = sr
	eng, root := s.engine(), p.Copy()
	go func() {
		sr.done <- eng.Search(ctx, root, limits, info)
	}()
}

// Searching reports whether a search is running.
func (s *Session) Searching() bool { return s.cur != nil }

// Stop ends the running search at once and returns its result; ok is false
// when no search was running.
func (s *Session) Stop() (res engine.Result, ok bool) {
	if s.cur == nil {
		return engine.Result{}, false
	}
	s.cur.cancel()
	return s.Wait()
}

// Wait waits for the running search to end by itself and returns its
// result; ok is false when no search was running.
func (s *Session) Wait() (res engine.Result, ok bool) {
	if s.cur == nil {
		return engine.Result{}, false
	}
	res = <-s.cur.done
	s.cur.cancel()
	s.cur = nil
	return res, true
}

// finished is the channel of the running search's result, nil when idle.
func (s *Session) finished() <-chan engine.Result {
	if s.cur == nil {
		return nil
	}
	return s.cur.done
}

// Run reads in line by line and hands each line to h, and each search that
// ends by itself to h.Finished, until a command quits, the input ends or ctx
// ends. A search still running then is stopped before Run returns, so Run
// leaves no goroutine behind but the input reader's, which ends with the
// Read it is in (at once for input that has ended). Run returns the first
// error of the output or of the input, or ctx's error.
func (s *Session) Run(ctx context.Context, in io.Reader, h Handler) error {
	s.ctx = ctx
	done := make(chan struct{})
	defer close(done)
	defer s.Stop()
	input := readInput(in, done)
	for {
		if err := s.Out.Err(); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case res := <-s.finished():
			s.cur.cancel()
			s.cur = nil
			h.Finished(res)
		case line, ok := <-input.lines:
			switch {
			case !ok:
				h.EndOfInput()
				if input.err != nil {
					return input.err
				}
				return s.Out.Err()
			case line.err != nil:
				h.Refused(line.err)
			case h.Command(line.text):
				return s.Out.Err()
			}
		}
	}
}
