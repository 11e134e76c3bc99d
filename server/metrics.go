package server

import (
	"net/http"
	"strconv"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics counts what /metrics reports. Each Server has a registry of its
// own (never the global default one), which also holds the process'
// collector (open descriptors, memory, CPU time).
type metrics struct {
	registry    *prometheus.Registry
	requests    *prometheus.CounterVec // HTTP answers by status code
	rateLimited *prometheus.CounterVec // requests refused by a rate limit, by limit

	moves           atomic.Uint64 // moves stored by this process
	wsOpen          atomic.Int64  // WebSocket connections open now
	wsTotal         atomic.Uint64 // WebSocket connections accepted
	wsDropped       atomic.Uint64 // connections closed for being slow or abusive
	wsRefused       atomic.Uint64 // upgrades refused by the caps on connections
	engineJobs      atomic.Uint64 // engine searches finished (seats, analysis, solving)
	engineBusy      atomic.Uint64 // analysis requests refused: the queue was full
	engineActive    atomic.Int64  // engine searches running now
	flags           atomic.Uint64 // games this process ended on time
	abandoned       atomic.Uint64 // games this process aborted for want of play (Expiry)
	seeksExpired    atomic.Uint64 // seeks this process removed for want of a taker
	connOpen        atomic.Int64  // TCP connections open now
	connTotal       atomic.Uint64 // TCP connections accepted
	connRefusedAddr atomic.Uint64 // TCP connections refused by the per-address cap
	connRefusedFull atomic.Uint64 // TCP connections refused by the total cap

	engineReplies     atomic.Uint64 // engine replies taken from the queue
	engineReplyWait   atomic.Uint64 // their nanoseconds in the queue
	analysisQueued    atomic.Int64  // analyses waiting now
	analysisStarted   atomic.Uint64 // analyses started
	analysisWait      atomic.Uint64 // their nanoseconds in the queue
	analysisShortened atomic.Uint64 // analyses cut short for a live game
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "timechess_http_requests_total", Help: "HTTP requests answered, by status code.",
		}, []string{"code"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "timechess_rate_limited_total", Help: "Requests refused with 429 by a per-address rate limit, by limit (api, static, create, comment).",
		}, []string{"limit"}),
	}
	m.registry.MustRegister(m.requests, m.rateLimited, collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	counter := func(v *atomic.Uint64) func() float64 { return func() float64 { return float64(v.Load()) } }
	gauge := func(v *atomic.Int64) func() float64 { return func() float64 { return float64(v.Load()) } }
	seconds := func(ns *atomic.Uint64) func() float64 { return func() float64 { return float64(ns.Load()) / 1e9 } }
	for _, c := range []struct {
		name, help string
		counter    bool
		value      func() float64
	}{
		{"timechess_moves_total", "Moves stored by this process.", true, counter(&m.moves)},
		{"timechess_ws_connections", "WebSocket connections open now.", false, gauge(&m.wsOpen)},
		{"timechess_ws_connections_total", "WebSocket connections accepted.", true, counter(&m.wsTotal)},
		{"timechess_ws_dropped_total", "WebSocket connections closed for being slow or abusive.", true, counter(&m.wsDropped)},
		{"timechess_ws_refused_total", "WebSocket upgrades refused by the caps on WebSocket connections.", true, counter(&m.wsRefused)},
		{"timechess_engine_jobs_total", "Engine searches finished.", true, counter(&m.engineJobs)},
		{"timechess_engine_busy_total", "Engine requests refused for lack of capacity.", true, counter(&m.engineBusy)},
		{"timechess_engine_active", "Engine searches running now.", false, gauge(&m.engineActive)},
		{"timechess_flags_total", "Games ended on time by this process.", true, counter(&m.flags)},
		{"timechess_abandoned_total", "Games aborted by this process because nobody moved or took the open seat in time.", true, counter(&m.abandoned)},
		{"timechess_seeks_expired_total", "Seeks removed by this process because nobody accepted them in time.", true, counter(&m.seeksExpired)},
		{"timechess_connections", "TCP connections (HTTP and WebSocket) open now.", false, gauge(&m.connOpen)},
		{"timechess_connections_total", "TCP connections accepted within the caps.", true, counter(&m.connTotal)},
		{"timechess_connections_refused_address_total", "TCP connections refused with 429: their address held its share.", true, counter(&m.connRefusedAddr)},
		{"timechess_connections_refused_full_total", "TCP connections refused with 503: the server held as many as it takes.", true, counter(&m.connRefusedFull)},
		{"timechess_engine_replies_total", "Engine replies taken from the queue.", true, counter(&m.engineReplies)},
		{"timechess_engine_reply_wait_seconds_total", "Time engine replies waited in the queue.", true, seconds(&m.engineReplyWait)},
		{"timechess_analysis_queued", "Analyses waiting in the queue now.", false, gauge(&m.analysisQueued)},
		{"timechess_analysis_started_total", "Analyses and mate searches started.", true, counter(&m.analysisStarted)},
		{"timechess_analysis_wait_seconds_total", "Time analyses waited in the queue.", true, seconds(&m.analysisWait)},
		{"timechess_analysis_shortened_total", "Analyses cut short for a live game's engine.", true, counter(&m.analysisShortened)},
	} {
		opts := prometheus.Opts{Name: c.name, Help: c.help}
		if c.counter {
			m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts(opts), c.value))
		} else {
			m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts(opts), c.value))
		}
	}
	return m
}

// request counts an HTTP answer with status code.
func (m *metrics) request(code int) { m.requests.WithLabelValues(strconv.Itoa(code)).Inc() }

// limited counts a request refused by the rate limit named limit.
func (m *metrics) limited(limit string) { m.rateLimited.WithLabelValues(limit).Inc() }

// handler serves the registry in Prometheus' exposition formats (compression
// is left to the server's own middleware).
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{DisableCompression: true})
}

// watchCompute registers the compute gate's figures: computations stopped
// because their client left or by their bound, and those running now.
func (m *metrics) watchCompute(g *computeGate) {
	m.registry.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "timechess_compute_cancelled_total",
			Help: "Computations stopped because their client left."}, func() float64 { return float64(g.cancelled.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "timechess_compute_too_complex_total",
			Help: "Computations stopped by their bound (422 too_complex)."}, func() float64 { return float64(g.tooComplex.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "timechess_compute_running",
			Help: "Computations of clients holding a slot now."}, func() float64 { return float64(len(g.slots)) }),
	)
}
