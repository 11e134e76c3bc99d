package loadgen

import "strings"

// message is the part of a server-to-client WebSocket message (docs/api.md)
// that the load generator reads: a "game" with the whole state, an
// "update" with what a change changed, an "ack" of a stored move, or an
// "error". Other fields and types are skipped.
type message struct {
	Type  string     `json:"type"`
	ID    string     `json:"id"`
	Ply   int        `json:"ply"`
	Game  *gameState `json:"game"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	// An update's versions, seat, new position and legal list; a game's
	// legal list.
	Base     int64          `json:"base"`
	Version  int64          `json:"version"`
	You      *string        `json:"you"`
	Position *positionState `json:"position"`
	Legal    *legalList     `json:"legal"`
}

// gameState is the part of the API's Game a player needs to move.
type gameState struct {
	ID       string        `json:"id"`
	Status   string        `json:"status"`
	Ply      int           `json:"ply"`
	Version  int64         `json:"version"`
	Position positionState `json:"position"`
}

// positionState is the part of a Position a player needs to move.
type positionState struct {
	Turn  string      `json:"turn"`
	Moves []legalMove `json:"moves"`
}

// legalMove is one entry of a Position's legal moves.
type legalMove struct {
	Coord string `json:"coord"`
	SAN   string `json:"san"`
}

// legalList is the compact legal list of the socket's seat to move: per
// kind, "coord san" pairs separated by spaces, and whole actions.
type legalList struct {
	Moves map[string]string `json:"moves"`
	Full  []legalMove       `json:"full"`
}

// list returns the legal moves of l (none for nil).
func (l *legalList) list() []legalMove {
	if l == nil {
		return nil
	}
	out := append([]legalMove{}, l.Full...)
	for _, pairs := range l.Moves {
		f := strings.Fields(pairs)
		for i := 0; i+1 < len(f); i += 2 {
			out = append(out, legalMove{Coord: f[i], SAN: f[i+1]})
		}
	}
	return out
}

// apply returns the game as a connection has it (g, nil before its first
// game message) after a game or update message m. It reports false for an
// update that does not follow g, after which the connection asks for the
// whole game (resync).
func apply(g *gameState, m *message) (*gameState, bool) {
	if m.Type == "game" {
		next := *m.Game
		if m.Legal != nil {
			next.Position.Moves = m.Legal.list()
		}
		return &next, true
	}
	if g == nil || g.Version != m.Base {
		return g, g != nil && m.Version <= g.Version // an older update is skipped, a gap is not
	}
	next := *g
	next.Status, next.Ply, next.Version = m.Game.Status, m.Game.Ply, m.Game.Version
	if m.Position != nil || m.You != nil || m.Legal != nil {
		if m.Position != nil {
			next.Position.Turn = m.Position.Turn
		}
		next.Position.Moves = m.Legal.list()
	}
	return &next, true
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
