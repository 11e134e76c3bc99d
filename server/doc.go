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
package server
