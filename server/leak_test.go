package server

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"time"
)

// checkLeaks counts the goroutines now and returns a check that fails t
// unless their number is back to it (or below) within 10 s: what a test
// started must have ended once its servers, stores and clients are closed.
func checkLeaks(t *testing.T) func() {
	before := runtime.NumGoroutine()
	return func() {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			n := runtime.NumGoroutine()
			if n <= before {
				return
			}
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<20)
				buf = buf[:runtime.Stack(buf, true)]
				t.Errorf("goroutine leak: %d goroutines, %d before the test:\n%s", n, before, buf)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// backup returns the store's backup: what it holds, to compare.
func (ts *testServer) backup() []byte {
	ts.t.Helper()
	var b bytes.Buffer
	if err := ts.st.Backup(context.Background(), &b); err != nil {
		ts.t.Fatalf("backup: %v", err)
	}
	return b.Bytes()
}
