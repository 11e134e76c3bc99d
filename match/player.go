package match

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"timechess/engine"
	"timechess/game"
	"timechess/rules"
)

// Player is one side of a match game: it is told when a game starts and
// asked for a move whenever it is its turn. A Player plays one game at a
// time; the match starts one pair of players per game it plays at once.
type Player interface {
	// Name is the player's name in records and summaries.
	Name() string
	// NewGame prepares for a game starting at g (its start position and
	// the opening moves already played) under control.
	NewGame(ctx context.Context, g *game.Game, control Control) error
	// Move returns the player's move in g's live position, which is its
	// turn. clock is the state of the clocks, nil without a time control.
	// An error forfeits the game; ctx ends when the move is overdue.
	Move(ctx context.Context, g *game.Game, clock *Clock) (Reply, error)
	// Close ends the player (stops its process).
	Close() error
}

// Reply is a player's answer to a move request.
type Reply struct {
	Move rules.Move
	// Score is the player's evaluation from its own point of view, when
	// Scored; Depth is the depth it reached (0 when unknown).
	Score  engine.Score
	Scored bool
	Depth  int
	// Resign is set when the player gives up instead of moving.
	Resign bool
}

// Limit is a fixed search limit per move; zero fields are unset.
type Limit struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
}

// IsZero reports whether no limit is set.
func (l Limit) IsZero() bool { return l == Limit{} }

// String writes the limit as spec settings: "depth=3,movetime=100".
func (l Limit) String() string {
	var s string
	add := func(k, v string) {
		if s != "" {
			s += ","
		}
		s += k + "=" + v
	}
	if l.Depth > 0 {
		add("depth", strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		add("nodes", strconv.FormatUint(l.Nodes, 10))
	}
	if l.MoveTime > 0 {
		add("movetime", strconv.FormatInt(l.MoveTime.Milliseconds(), 10))
	}
	return s
}

// Control is how the games of a match are timed: a chess clock, a fixed
// limit per move, or both (the limit then bounds each search further). A
// player whose spec sets its own limit uses that instead of Limit.
type Control struct {
	Clock *TimeControl // nil: no clock
	Limit Limit
}

// Clock is the state of the chess clocks when a player is asked to move.
type Clock struct {
	Left      [2]time.Duration // the time left of each side, by rules.Color
	Inc       time.Duration    // the increment per move
	MovesToGo int              // the mover's moves to the next time control; 0: sudden death
}

// FormatScore writes a score for a ply comment or a person: "+0.35", "-1.20", "+M3", "-M2".
func FormatScore(s engine.Score) string {
	if m := s.Mate(); m != 0 {
		if m > 0 {
			return fmt.Sprintf("+M%d", m)
		}
		return fmt.Sprintf("-M%d", -m)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}
