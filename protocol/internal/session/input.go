package session

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLine bounds an input line; a longer one is refused whole.
const MaxLine = 1 << 20

// inputLine is one line of the input, without its line break.
type inputLine struct {
	text string
	err  error // set for a line that could not be read whole
}

// input delivers the lines of a reader from a goroutine, so the command loop
// can wait for a line and for a search at once.
type input struct {
	lines chan inputLine // closed at the end of the input
	err   error          // why the input ended, nil at EOF; read after lines closes
}

// readInput starts reading in. The goroutine ends at the end of the input, or
// once done is closed and the Read in progress (if any) returns.
func readInput(in io.Reader, done <-chan struct{}) *input {
	r := &input{lines: make(chan inputLine)}
	go func() {
		defer close(r.lines)
		br := bufio.NewReader(in)
		for {
			line, err := readLine(br)
			if err != nil && !errors.Is(err, io.EOF) {
				r.err = err
				return
			}
			if err == nil || line.text != "" || line.err != nil {
				select {
				case r.lines <- line:
				case <-done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return r
}

// errTooLong marks a line longer than MaxLine.
var errTooLong = fmt.Errorf("the line is longer than %d bytes", MaxLine)

// readLine reads one line, dropping the line break ("\n" or "\r\n"). A line
// longer than MaxLine is read to its end and comes with errTooLong in place
// of its text. The error is the reader's: io.EOF with the input's last line.
func readLine(br *bufio.Reader) (inputLine, error) {
	var sb strings.Builder
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong && sb.Len()+len(chunk) > MaxLine+2 {
			tooLong = true
			sb.Reset()
		}
		if !tooLong {
			sb.Write(chunk)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		text := strings.TrimSuffix(strings.TrimSuffix(sb.String(), "\n"), "\r")
		if tooLong || len(text) > MaxLine {
			return inputLine{err: errTooLong}, err
		}
		return inputLine{text: text}, err
	}
}
