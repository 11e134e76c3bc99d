package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"timechess/store"
)

// Config is what a Server is built from. Store is required; the zero value of
// every other field has a sensible default.
type Config struct {
	// Store keeps the games; the Server does not close it.
	Store store.Store
	// UI serves everything outside /api/, /healthz and /metrics (the browser
	// UI); nil answers 404 there.
	UI http.Handler
	// Logger receives the structured logs; nil discards them.
	Logger *slog.Logger
	// Now is the clock of the game clocks and deadlines; nil means time.Now.
	Now func() time.Time
	// EngineWorkers caps the engine's replies in games searched at once;
	// default: half the CPUs, at least 1.
	EngineWorkers int
	// AnalysisWorkers caps the analyses and mate searches running at once,
	// apart from the engine's replies (which a live game's search makes them
	// yield); default 1.
	AnalysisWorkers int
	// EngineHashMB is the transposition table of each search, in MiB;
	// default 16.
	EngineHashMB int
	// CacheGames is how many replayed games the process keeps; default 4096.
	CacheGames int
	// SweepInterval is how often every ongoing or waiting game is checked
	// for a flag, an expiry (Expiry) or an engine to move, and the seeks for
	// their expiry (timers catch this process's own games sooner); default
	// 10 s. Negative disables the sweep (tests sweep by hand).
	SweepInterval time.Duration
	// AddrRate limits the requests of one client address to the API
	// (/api/, /healthz and /metrics), StaticRate those to the UI's files,
	// TokenRate the moves and actions of one seat token (HTTP and
	// WebSocket together). CreateRate limits per address what makes a game
	// or a seek (POST /api/v1/games, /api/v1/seeks and /api/v1/import
	// together), CommentRate the comments. Defaults: 50/s with bursts of
	// 200 per address for the API, 100/s with bursts of 400 for the UI's
	// files, 20/s with bursts of 40 per token, 10 a minute with bursts of
	// 5 for creating, 20 a minute with bursts of 10 for comments. A
	// negative PerSecond turns that limit off. NoRateLimits turns them all
	// off, and the per-address caps on connections (load tests on
	// loopback, whose clients share one address).
	AddrRate, StaticRate, TokenRate, CreateRate, CommentRate Rate
	NoRateLimits                                             bool
	// MaxConns caps the TCP connections Serve holds open at once (HTTP
	// and WebSocket together), MaxConnsPerAddr those of one client
	// address. Defaults: half the process's descriptor limit
	// (RLIMIT_NOFILE), at most 10000, and 128. Negative means no cap.
	// These caps are Serve's listener's: a caller that serves Handler on
	// a server of its own brings its own.
	MaxConns, MaxConnsPerAddr int
	// MaxSockets caps the WebSocket connections among those, and
	// MaxSocketsPerAddr those of one client address (they live long and
	// each costs the hubs memory). Defaults: 10000 but at most three
	// quarters of MaxConns, and 64 but at most half of MaxConnsPerAddr, so
	// that an address with every WebSocket it may open can still make HTTP
	// requests. Negative means no cap.
	MaxSockets, MaxSocketsPerAddr int
	// Timeouts bound the connections of Serve's HTTP server; zero fields
	// take their defaults (see Timeouts).
	Timeouts Timeouts
	// Expiry says when games nobody plays are aborted and seeks nobody
	// takes removed; zero fields take their defaults (see Expiry).
	Expiry Expiry
	// Hosts are the names the server answers to in a request's Host header
	// (IP literals are always answered); a request naming another gets 421,
	// which defeats DNS rebinding. Empty: Serve on a loopback address answers
	// to localhost only, on any other address to every name.
	Hosts []string
}

// Server serves the API of docs/api.md. Build it with New, mount Handler,
// and Close it before closing the store.
type Server struct {
	store   store.Store
	log     *slog.Logger
	now     func() time.Time
	cfg     Config
	handler http.Handler

	ctx    context.Context // ends at Close: stops timers, sweeps, engines and hubs
	cancel context.CancelFunc
	bg     sync.WaitGroup // background goroutines

	// work counts the changes in flight, conns the WebSocket connections;
	// Close waits for both.
	workMu  sync.Mutex
	work    sync.WaitGroup
	conns   sync.WaitGroup
	closing bool

	cache      *cache
	compute    *computeGate
	hubs       *hubs
	lobby      *lobby
	engines    *enginePool
	timers     *timers
	metrics    *metrics
	sockets    *sockets
	connLimits *connLimits
	// The rate limits: per address on the API, the UI's files, creating
	// games and seeks, and comments; per seat token on moves and actions.
	addrLimit, staticLimit, createLimit, commentLimit, tokenLimit *limiter
	// hosts is the set of names answered to (nil: all), set by New from
	// Config.Hosts and by Serve from its listener's address.
	hosts atomic.Pointer[hostNames]
}

// New builds a Server over cfg.Store and starts its background work (the
// sweep, the engine workers, the lobby feed), which runs until Close.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: Config.Store is nil")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.EngineWorkers <= 0 {
		cfg.EngineWorkers = max(1, runtime.NumCPU()/2)
	}
	if cfg.EngineHashMB <= 0 {
		cfg.EngineHashMB = 16
	}
	if cfg.CacheGames <= 0 {
		cfg.CacheGames = 4096
	}
	if cfg.SweepInterval == 0 {
		cfg.SweepInterval = 10 * time.Second
	}
	for _, r := range []struct {
		rate *Rate
		def  Rate
	}{
		{&cfg.AddrRate, Rate{PerSecond: 50, Burst: 200}},
		{&cfg.StaticRate, Rate{PerSecond: 100, Burst: 400}},
		{&cfg.TokenRate, Rate{PerSecond: 20, Burst: 40}},
		{&cfg.CreateRate, PerMinute(10, 5)},
		{&cfg.CommentRate, PerMinute(20, 10)},
	} {
		if *r.rate == (Rate{}) {
			*r.rate = r.def
		}
		if cfg.NoRateLimits || r.rate.PerSecond < 0 {
			*r.rate = Rate{}
		}
	}
	if cfg.MaxConns == 0 {
		cfg.MaxConns = defaultMaxConns()
	}
	if cfg.MaxConnsPerAddr == 0 {
		cfg.MaxConnsPerAddr = 128
	}
	if cfg.MaxSockets == 0 {
		cfg.MaxSockets = 10000
		if cfg.MaxConns > 0 {
			cfg.MaxSockets = max(1, min(cfg.MaxSockets, cfg.MaxConns*3/4))
		}
	}
	if cfg.MaxSocketsPerAddr == 0 {
		cfg.MaxSocketsPerAddr = 64
		if cfg.MaxConnsPerAddr > 0 {
			cfg.MaxSocketsPerAddr = max(1, min(cfg.MaxSocketsPerAddr, cfg.MaxConnsPerAddr/2))
		}
	}
	if cfg.NoRateLimits {
		cfg.MaxConnsPerAddr, cfg.MaxSocketsPerAddr = -1, -1
	}
	cfg.Timeouts = cfg.Timeouts.withDefaults()
	cfg.Expiry = cfg.Expiry.withDefaults()
	// A processor is left to the games: their moves do not queue behind
	// the clients' computations.
	compute := newComputeGate(runtime.NumCPU()-1, !cfg.NoRateLimits)
	s := &Server{
		store: cfg.Store, log: cfg.Logger, now: cfg.Now, cfg: cfg,
		cache:        newCache(cfg.CacheGames, compute),
		compute:      compute,
		metrics:      newMetrics(),
		addrLimit:    newLimiter(cfg.AddrRate, cfg.Now),
		staticLimit:  newLimiter(cfg.StaticRate, cfg.Now),
		tokenLimit:   newLimiter(cfg.TokenRate, cfg.Now),
		createLimit:  newLimiter(cfg.CreateRate, cfg.Now),
		commentLimit: newLimiter(cfg.CommentRate, cfg.Now),
		sockets:      newSockets(cfg.MaxSockets, cfg.MaxSocketsPerAddr),
	}
	s.metrics.watchCompute(compute)
	s.connLimits = newConnLimits(cfg.MaxConns, cfg.MaxConnsPerAddr, cfg.Timeouts.CrowdedIdle, s.metrics)
	s.ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.hubs = newHubs(s)
	s.timers = newTimers(s)
	s.engines = newEnginePool(s, cfg.EngineWorkers, cfg.EngineHashMB)
	lobby, err := newLobby(s)
	if err != nil {
		s.cancel()
		return nil, fmt.Errorf("server: lobby feed: %w", err)
	}
	s.lobby = lobby
	if cfg.SweepInterval > 0 {
		s.goBackground(s.sweepLoop)
	}
	hosts := newHostNames(cfg.Hosts)
	s.hosts.Store(&hosts)
	s.handler = s.protect(s.checkHost(compress(s.routes())))
	return s, nil
}

// Handler returns the HTTP handler of the API and the UI.
func (s *Server) Handler() http.Handler { return s.handler }

// Close refuses new changes and connections, waits for the changes in
// flight, and stops the timers, the engine work, the sweeps and the
// WebSocket connections (which get the messages queued for them, the acks
// of the last moves among them, and then close with 1001).
func (s *Server) Close() error {
	s.workMu.Lock()
	already := s.closing
	s.closing = true
	s.workMu.Unlock()
	if already {
		return nil
	}
	s.work.Wait()
	s.cancel()
	s.timers.stop()
	s.bg.Wait()
	s.conns.Wait()
	return nil
}

// begin counts one more in count (s.work for a change in flight, s.conns
// for a WebSocket connection), which Close waits for; it fails once Close
// has begun.
func (s *Server) begin(count *sync.WaitGroup) error {
	s.workMu.Lock()
	defer s.workMu.Unlock()
	if s.closing {
		return fail(http.StatusServiceUnavailable, codeBusy, "the server is shutting down")
	}
	count.Add(1)
	return nil
}

// counted makes f a change in flight, which Close waits for; it fails once
// Close has begun.
func (s *Server) counted(f apiFunc) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := s.begin(&s.work); err != nil {
			return err
		}
		defer s.work.Done()
		return f(w, r)
	}
}

// goBackground runs f until the server closes, counted for Close.
func (s *Server) goBackground(f func(ctx context.Context)) {
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		f(s.ctx)
	}()
}

// routes maps the paths of docs/api.md.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	handle := func(pattern string, f apiFunc) { mux.Handle(pattern, s.api(f)) }
	change := func(pattern string, f apiFunc) { handle(pattern, s.counted(f)) }
	handle("GET /api/v1/variants", s.handleVariants)
	handle("POST /api/v1/position", s.handlePosition)
	handle("POST /api/v1/timelines", s.handleTimelines)
	handle("POST /api/v1/why", s.handleWhy)
	create := func(f apiFunc) apiFunc {
		return s.limitAddr(s.createLimit, "create", "new games, seeks and imports", f)
	}
	handle("POST /api/v1/games", create(s.handleCreate))
	handle("GET /api/v1/games", s.handleList)
	handle("POST /api/v1/games/mine", s.handleMine)
	handle("GET /api/v1/games/{id}", s.handleGame)
	handle("GET /api/v1/games/{id}/position", s.handleGamePosition)
	handle("GET /api/v1/games/{id}/timelines", s.handleGameTimelines)
	handle("GET /api/v1/games/{id}/why", s.handleGameWhy)
	change("POST /api/v1/games/{id}/join", s.handleJoin)
	handle("POST /api/v1/games/{id}/moves", s.handleMove)
	handle("POST /api/v1/games/{id}/actions", s.handleAction)
	handle("GET /api/v1/games/{id}/comments", s.handleComments)
	handle("POST /api/v1/games/{id}/comments", s.limitAddr(s.commentLimit, "comment", "comments", s.handleAddComment))
	handle("GET /api/v1/games/{id}/pgn", s.handlePGN)
	handle("GET /api/v1/games/{id}/ws", s.handleGameWS)
	handle("GET /api/v1/seeks", s.handleSeeks)
	handle("POST /api/v1/seeks", create(s.handleCreateSeek))
	handle("GET /api/v1/seeks/{id}", s.handleSeek)
	change("POST /api/v1/seeks/{id}/accept", s.handleAcceptSeek)
	handle("DELETE /api/v1/seeks/{id}", s.handleCancelSeek)
	handle("GET /api/v1/lobby/ws", s.handleLobbyWS)
	handle("POST /api/v1/import", create(s.handleImport))
	handle("POST /api/v1/analyze", s.handleAnalyze)
	handle("POST /api/v1/solve", s.handleSolve)
	handle("POST /api/v1/pgn", s.handleRecord)
	handle("GET /api/v1/analysis/{job}", s.handleAnalysisJob)
	handle("DELETE /api/v1/analysis/{job}", s.handleCancelAnalysis)
	handle("GET /healthz", s.handleHealth)
	mux.Handle("GET /metrics", s.metrics.handler())
	// Any other method or path under these: 405 with Allow, or 404.
	unknown := func(w http.ResponseWriter, r *http.Request) error {
		if allow := allowedMethods(mux, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			return fail(http.StatusMethodNotAllowed, codeBadMethod, "%s %s: this path takes %s", r.Method, r.URL.Path, strings.Join(allow, ", "))
		}
		return fail(http.StatusNotFound, codeNotFound, "no such API endpoint")
	}
	for _, prefix := range []string{"/api/", "/healthz", "/metrics"} {
		handle(prefix, unknown)
	}
	ui := s.cfg.UI
	if ui == nil {
		ui = http.NotFoundHandler()
	}
	mux.Handle("/", ui)
	return mux
}

// allowedMethods lists the methods that mux serves r's path with, other
// than through a catch-all pattern.
func allowedMethods(mux *http.ServeMux, r *http.Request) []string {
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
		probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
		if _, pattern := mux.Handler(probe); strings.HasPrefix(pattern, m+" ") {
			out = append(out, m)
		}
	}
	return out
}

// handleHealth answers 200 when the store answers.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	if _, err := s.store.OpenSeeks(ctx, 1); err != nil {
		if clientLeft(r) {
			return err
		}
		s.log.Error("health check failed", "err", err)
		return fail(http.StatusServiceUnavailable, "unhealthy", "the store does not answer")
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}
