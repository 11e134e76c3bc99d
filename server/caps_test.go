package server

import (
	"net/http"
	"testing"
)

// checkCaps takes and releases connections of the addresses a, b and c
// under caps of 3 in all and 2 per address (take returns the status of a
// refusal, 0 once taken): each take must get its status.
func checkCaps(t *testing.T, take func(addr string) int, release func(addr string)) {
	t.Helper()
	steps := []struct {
		addr   string
		take   bool // take, or release
		status int  // of the refusal, 0 for none
	}{
		{"a", true, 0}, {"a", true, 0}, {"a", true, http.StatusTooManyRequests},
		{"b", true, 0}, {"c", true, http.StatusServiceUnavailable},
		{"a", false, 0}, {"c", true, 0}, {"a", true, http.StatusServiceUnavailable},
		{"b", false, 0}, {"a", true, 0},
	}
	for i, st := range steps {
		if !st.take {
			release(st.addr)
			continue
		}
		if got := take(st.addr); got != st.status {
			t.Errorf("step %d: take %s: %d, want %d", i, st.addr, got, st.status)
		}
	}
}
