package loadgen

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
)

// API is the timechess server as a Target (docs/api.md): each game is a
// chess game between friends with a live clock, created over HTTP; the
// creator's token and the invitation token are the two seats' hello.
type API struct {
	// URL is the server's base URL, such as http://127.0.0.1:8080.
	URL string
	// Label names the target in reports, such as "timechess sqlite".
	Label string
	// InitialMs is each side's clock at the start, in milliseconds.
	InitialMs int64
	// Client makes the HTTP requests.
	Client *http.Client
}

// Name names the target in reports.
func (a *API) Name() string { return a.Label }

// NewGame creates a game with POST /api/v1/games.
func (a *API) NewGame(ctx context.Context) (Game, error) {
	body, err := json.Marshal(map[string]any{
		"variant":      "chess",
		"color":        "white",
		"opponent":     "friend",
		"time_control": map[string]int64{"initial_ms": a.InitialMs, "increment_ms": 0},
	})
	if err != nil {
		return Game{}, err
	}
	var created struct {
		Game struct {
			ID string `json:"id"`
		} `json:"game"`
		Token       string `json:"token"`
		Side        string `json:"side"`
		InviteToken string `json:"invite_token"`
	}
	if err := postJSON(ctx, a.Client, a.URL+"/api/v1/games", body, "", http.StatusCreated, &created); err != nil {
		return Game{}, err
	}
	if created.Game.ID == "" || created.Token == "" || created.InviteToken == "" {
		return Game{}, fmt.Errorf("POST %s/api/v1/games: the answer lacks the game id, the token or the invite_token", a.URL)
	}
	mine := white
	if created.Side == sideNames[black] {
		mine = black
	}
	invite, err := json.Marshal(map[string]string{"invite": created.InviteToken})
	if err != nil {
		return Game{}, err
	}
	var friend struct {
		Token string `json:"token"`
	}
	if err := postJSON(ctx, a.Client, a.URL+"/api/v1/games/"+created.Game.ID+"/join", invite, "", http.StatusOK, &friend); err != nil {
		return Game{}, err
	}
	g := Game{ID: created.Game.ID}
	for side, token := range map[int]string{mine: created.Token, 1 - mine: friend.Token} {
		hello, err := json.Marshal(map[string]string{"type": "hello", "token": token})
		if err != nil {
			return Game{}, err
		}
		g.Seats[side] = Seat{URL: a.URL + "/api/v1/games/" + g.ID + "/ws", Hello: hello}
	}
	return g, nil
}

// ResignMessage encodes an "action" message that resigns.
func (a *API) ResignMessage(req string, ply int) ([]byte, error) {
	return json.Marshal(map[string]string{"type": "action", "id": req, "action": "resign"})
}

// MoveMessage encodes a "move" message.
func (a *API) MoveMessage(req string, ply int, move string) ([]byte, error) {
	return json.Marshal(map[string]any{"type": "move", "id": req, "ply": ply, "move": move})
}
