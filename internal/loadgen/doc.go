// Package loadgen measures timechess's live play under load: it plays many
// concurrent games through the real WebSocket API (docs/api.md), two
// WebSocket clients per game, and reports the moves per second and the
// latency from a move's send to its arrival at the opponent's connection.
//
// The same client code also runs against a minimal WebSocket relay (Relay)
// that bounces messages of the same size between pairs of connections, so a
// report can say how far the server is from the bare cost of WebSocket
// messaging on the same machine in the same run.
//
// It only talks to loopback addresses, and every run is bounded in time.
package loadgen
