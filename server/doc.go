// Package server is the backend of `timechess serve`: the HTTP and WebSocket
// API of docs/api.md over a store.Store. It enforces the rules of every
// registered variant, keeps the clocks and correspondence deadlines, plays the
// engine's seats in a bounded worker pool, and fans live changes out to
// WebSocket watchers through the store's change feed, so that several
// processes on one PostgreSQL database serve the same games. Every
// computation a request starts (describing, setting up, importing or
// replaying positions) runs in the compute gate (compute.go) under a
// rules.Budget: bounded in time, stopped when its client leaves, one at a
// time per client address, and a game's positions are computed once per
// ply (view.go).
//
// Nothing a process needs lives only in another process's memory: the replay
// cache, the WebSocket hubs, the timers and the engine queue are rebuilt from
// the store, and every write is guarded by the store's optimistic concurrency
// (ply or version), so two processes doing the same work collide harmlessly.
//
// The files, and where a change goes:
//
//	server.go        Config, New, Close, the routes
//	serve.go         Serve: the HTTP server's timeouts and graceful shutdown
//	listener.go      the caps on connections per client address and in all (rlimit_*.go: the descriptor limit)
//	hosts.go         the Host allowlist (421 unknown_host)
//	middleware.go    security headers, panics, the access log, the per-address rate limit, apiFunc
//	ratelimit.go     the token buckets (golang.org/x/time/rate) per key
//	compute.go       the compute gate: bounds, per-address turns and buckets, slots
//	metrics.go       /metrics: the per-server Prometheus registry
//	errors.go        the error codes and the refusal of a move (its rule)
//	httpjson.go      JSON in and out, bodies' limits
//	pathid.go        ids in paths checked before the store is asked
//	usertext.go      names and comments: control and text-direction characters refused
//	games.go         creating, joining (invitations taken once), reading and listing games
//	play.go          moves and actions, decided anew when another change crossed them
//	rematch.go       an ended game's rematch: made at once against the engine, offered and answered between people
//	clock.go         live clocks and correspondence deadlines
//	expiry.go        games nobody plays aborted, seeks nobody takes removed
//	timers.go        this process's timers and the sweep of every game
//	cache.go         the replays of recent games; replay.go brings one up to date
//	view.go          the Game and Position JSON, each ply's Position computed once
//	position.go      describing a position: its men, legal actions, notices, and what its
//	                 variant keeps off the board (rules.OffBoardOf, SightOf)
//	timelines.go     the timelines of a game or a line of play, with every board, for their picture
//	analysis.go      position, analyze, solve, import and PGN endpoints
//	why.go           why a move is refused (POST /api/v1/why, a game's why), without playing it
//	analysisqueue.go the analysis queue: one job per address, yielding to live games
//	record.go        the PGN of an analysis board's moves with their variations
//	engine.go        the engine's replies in games, most urgent clock first
//	comments.go      comments, with their author's role
//	seeks.go         the open seeks; lobby.go fans them out
//	ws.go, hub.go    game WebSockets and their fan-out; sockets.go caps them
//	wire.go          the sockets' messages: a version's parts, the whole game, the update between two
//	legal.go         the compact legal list of the seat to move, and how clients rebuild it
//	compress.go      gzip of text answers
//	variants.go      the variant list
package server
