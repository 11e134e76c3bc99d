package loadgen

// message is the part of a server-to-client WebSocket message (docs/api.md)
// that the load generator reads: a "game" with the state after a change, an
// "ack" of a stored move, or an "error". Other fields and types are skipped.
type message struct {
	Type  string     `json:"type"`
	ID    string     `json:"id"`
	Ply   int        `json:"ply"`
	Game  *gameState `json:"game"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// gameState is the part of the API's Game a player needs to move.
type gameState struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Ply      int    `json:"ply"`
	Position struct {
		Turn  string      `json:"turn"`
		Moves []legalMove `json:"moves"`
	} `json:"position"`
}

// legalMove is one entry of a Position's legal moves.
type legalMove struct {
	Coord string `json:"coord"`
	SAN   string `json:"san"`
}

// over reports whether the game has ended.
func (g *gameState) over() bool { return g.Status == "ended" }

// toMove returns the side to move, or -1 when the game waits for a seat or
// has no side to move.
func (g *gameState) toMove() int {
	if g.Status != "ongoing" {
		return -1
	}
	switch g.Position.Turn {
	case sideNames[white]:
		return white
	case sideNames[black]:
		return black
	}
	return -1
}
