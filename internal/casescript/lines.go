package casescript

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// eachLine calls fn with the number (from 1) and the text, trimmed, of each
// line of r that is neither blank nor a "#" comment. It stops at fn's first
// error, which it returns prefixed with name:line.
func eachLine(r io.Reader, name string, fn func(n int, line string) error) error {
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := fn(n, line); err != nil {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
