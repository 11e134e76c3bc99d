package protocoltest

import (
	"runtime"
	"testing"
	"time"
)

// Goroutines counts the running goroutines, for NoLeak.
func Goroutines() int { return runtime.NumGoroutine() }

// NoLeak fails t unless the number of goroutines falls back to at most
// before within a few seconds; it then prints every goroutine's stack.
// Tests that use it must not run in parallel with others.
func NoLeak(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Errorf("%d goroutines run, %d before: a goroutine was left behind\n%s", runtime.NumGoroutine(), before, buf)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
