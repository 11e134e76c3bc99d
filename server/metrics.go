package server

import (
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
)

// metrics counts what /metrics reports, in Prometheus' text format.
type metrics struct {
	mu       sync.Mutex
	requests map[int]uint64 // HTTP answers by status code

	moves        atomic.Uint64 // moves stored by this process
	wsOpen       atomic.Int64  // WebSocket connections open now
	wsTotal      atomic.Uint64 // WebSocket connections accepted
	wsDropped    atomic.Uint64 // connections closed for being slow or abusive
	wsRefused    atomic.Uint64 // upgrades refused by the caps on connections
	engineJobs   atomic.Uint64 // engine searches finished (seats, analysis, solving)
	engineBusy   atomic.Uint64 // analysis requests refused for lack of capacity
	engineActive atomic.Int64  // engine searches running now
	flags        atomic.Uint64 // games this process ended on time
}

func newMetrics() *metrics { return &metrics{requests: map[int]uint64{}} }

func (m *metrics) request(code int) {
	m.mu.Lock()
	m.requests[code]++
	m.mu.Unlock()
}

// write prints every metric.
func (m *metrics) write(w io.Writer) {
	m.mu.Lock()
	codes := make([]int, 0, len(m.requests))
	for c := range m.requests {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	fmt.Fprintln(w, "# HELP timechess_http_requests_total HTTP requests answered, by status code.")
	fmt.Fprintln(w, "# TYPE timechess_http_requests_total counter")
	for _, c := range codes {
		fmt.Fprintf(w, "timechess_http_requests_total{code=\"%d\"} %d\n", c, m.requests[c])
	}
	m.mu.Unlock()
	for _, c := range []struct {
		name, help, typ string
		value           any
	}{
		{"timechess_moves_total", "Moves stored by this process.", "counter", m.moves.Load()},
		{"timechess_ws_connections", "WebSocket connections open now.", "gauge", m.wsOpen.Load()},
		{"timechess_ws_connections_total", "WebSocket connections accepted.", "counter", m.wsTotal.Load()},
		{"timechess_ws_dropped_total", "WebSocket connections closed for being slow or abusive.", "counter", m.wsDropped.Load()},
		{"timechess_ws_refused_total", "WebSocket upgrades refused by the caps on connections.", "counter", m.wsRefused.Load()},
		{"timechess_engine_jobs_total", "Engine searches finished.", "counter", m.engineJobs.Load()},
		{"timechess_engine_busy_total", "Engine requests refused for lack of capacity.", "counter", m.engineBusy.Load()},
		{"timechess_engine_active", "Engine searches running now.", "gauge", m.engineActive.Load()},
		{"timechess_flags_total", "Games ended on time by this process.", "counter", m.flags.Load()},
	} {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n%s %v\n", c.name, c.help, c.name, c.typ, c.name, c.value)
	}
}

func (s *Server) handleMetrics(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.metrics.write(w)
	s.compute.writeMetrics(w)
}
