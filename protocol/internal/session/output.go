package session

import (
	"fmt"
	"io"
	"sync"
)

// Output writes protocol lines. The command loop and the search goroutine
// write to it at the same time; each line is written whole, with one Write.
// The first write error is kept and ends the session.
type Output struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// NewOutput returns an Output writing to w.
func NewOutput(w io.Writer) *Output { return &Output{w: w} }

// Line writes s and a line break.
func (o *Output) Line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	_, o.err = io.WriteString(o.w, s+"\n")
}

// Linef writes a formatted line.
func (o *Output) Linef(format string, args ...any) { o.Line(fmt.Sprintf(format, args...)) }

// Err returns the first write error, or nil.
func (o *Output) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}
