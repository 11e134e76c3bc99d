package loadgen

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// Echo is the baseline Target: games on a Relay. A move message is a "game"
// message of Size bytes, shaped like the server's, so that the relay hands
// the opponent what a timechess server would send it, and the same client
// code reads it.
type Echo struct {
	// URL is the relay's base URL, such as http://127.0.0.1:8081.
	URL string
	// Size is the length of each message in bytes (at least the length of
	// the unpadded message).
	Size int
	// Client makes the HTTP requests.
	Client *http.Client
}

// echoMoves are the legal moves an echo message offers: those of chess's
// start position.
var echoMoves = func() []legalMove {
	var ms []legalMove
	for _, f := range "abcdefgh" {
		for _, to := range "34" {
			c := fmt.Sprintf("%c2%c%c", f, f, to)
			ms = append(ms, legalMove{Coord: c, SAN: c[2:]})
		}
	}
	for _, c := range []string{"b1a3", "b1c3", "g1f3", "g1h3"} {
		ms = append(ms, legalMove{Coord: c, SAN: "N" + c[2:]})
	}
	return ms
}()

// Name names the baseline in reports.
func (e *Echo) Name() string { return "echo" }

// NewGame creates a relay pair whose first message is the state at ply 0.
func (e *Echo) NewGame(ctx context.Context) (Game, error) {
	first, err := e.state(0, "ongoing")
	if err != nil {
		return Game{}, err
	}
	var created struct {
		ID string `json:"id"`
	}
	if err := postJSON(ctx, e.Client, e.URL+"/pairs", first, "", http.StatusCreated, &created); err != nil {
		return Game{}, err
	}
	g := Game{ID: created.ID}
	for side := range g.Seats {
		g.Seats[side].URL = fmt.Sprintf("%s/pairs/%s/%d", e.URL, created.ID, side)
	}
	return g, nil
}

// MoveMessage returns the state after the move, padded to Size.
func (e *Echo) MoveMessage(req string, ply int, move string) ([]byte, error) {
	return e.state(ply+1, "ongoing")
}

// ResignMessage returns the ended game, padded to Size.
func (e *Echo) ResignMessage(req string, ply int) ([]byte, error) {
	return e.state(ply, "ended")
}

// state encodes a game after ply moves with a status, padded to e.Size
// bytes.
func (e *Echo) state(ply int, status string) ([]byte, error) {
	var m struct {
		Type string    `json:"type"`
		Game gameState `json:"game"`
		Pad  string    `json:"pad"`
	}
	m.Type = "game"
	m.Game.Status = status
	m.Game.Ply = ply
	m.Game.Position.Turn = sideNames[ply%2]
	m.Game.Position.Moves = echoMoves
	b, err := json.Marshal(&m)
	if err != nil || len(b) >= e.Size {
		return b, err
	}
	m.Pad = strings.Repeat("x", e.Size-len(b))
	return json.Marshal(&m)
}
