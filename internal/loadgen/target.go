package loadgen

import "context"

// Sides, as seats of a Game and as the "turn" of a position.
const (
	white = 0
	black = 1
)

// sideNames are the API's names of the sides.
var sideNames = [2]string{"white", "black"}

// Target is what a load runs against: the timechess API (API) or the echo
// relay (Echo). The client code is the same for both; a target only says how
// a game starts and how a move is written.
type Target interface {
	// Name names the target in reports.
	Name() string
	// NewGame starts a game and returns its two seats.
	NewGame(ctx context.Context) (Game, error)
	// MoveMessage encodes the message with which a seat plays move when the
	// game has ply moves; req identifies the request in the server's answer.
	MoveMessage(req string, ply int, move string) ([]byte, error)
	// ResignMessage encodes the message with which a seat resigns when the
	// game has ply moves.
	ResignMessage(req string, ply int) ([]byte, error)
}

// Game is a started game: its id and the seats of white and black.
type Game struct {
	ID    string
	Seats [2]Seat
}

// Seat is one side's way into a game: the WebSocket URL to connect to and
// the first message to send on every (re)connection (nil for none).
type Seat struct {
	URL   string
	Hello []byte
}
