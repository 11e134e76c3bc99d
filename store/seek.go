package store

import (
	"fmt"
	"time"
)

// LobbyTopic is the feed topic of the open seek list: Subscribe to it to hear
// of seeks created, taken and cancelled.
const LobbyTopic = "lobby"

// SeekSpec is an offer to play, as its creator makes it.
type SeekSpec struct {
	Variant     string      `json:"variant"`
	Start       string      `json:"start"`
	TimeControl TimeControl `json:"time_control"`
	// Side is the side the creator wants; NoSide leaves it to chance.
	Side Side `json:"side,omitempty"`
	// Token is the hash of the creator's token, which takes the creator's
	// seat in the game that TakeSeek creates.
	Token TokenHash `json:"token"`
	// Owner is the creator's account, empty for an anonymous player.
	Owner string `json:"owner,omitempty"`
}

func (spec SeekSpec) validate() error {
	if spec.Token.IsZero() {
		return fmt.Errorf("%w: a seek needs its creator's token", ErrInvalid)
	}
	if err := spec.Side.validate("seek"); err != nil {
		return err
	}
	g := GameSpec{Variant: spec.Variant, Start: spec.Start, TimeControl: spec.TimeControl, White: Seat{Owner: spec.Owner}}
	return g.validate()
}

// Seek is a stored seek: open until TakeSeek turns it into a game.
type Seek struct {
	ID string `json:"id"`
	SeekSpec
	Created time.Time `json:"created"`
	// Game is the id of the game the seek became; empty while it is open.
	Game string `json:"game,omitempty"`
}
