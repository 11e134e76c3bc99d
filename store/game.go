package store

import (
	"fmt"
	"strings"
	"time"
	"unicode"
)

// Side is a side of the board, as stored: "white", "black", or NoSide.
type Side string

// The sides. NoSide means "nobody" (no draw offer, no takeback request, a seek
// that leaves the colour to chance).
const (
	NoSide Side = ""
	White  Side = "white"
	Black  Side = "black"
)

// Status is where a game stands.
type Status string

// The statuses of a game.
const (
	// Waiting: a seat is still open; moves are allowed (the server decides
	// whether to wait for the opponent).
	Waiting Status = "waiting"
	// Ongoing: both seats are taken and the game is being played.
	Ongoing Status = "ongoing"
	// Ended: the game is over; Result and Reason say how. An aborted game is
	// ended with NoResult.
	Ended Status = "ended"
)

func (s Status) validate() error {
	switch s {
	case Waiting, Ongoing, Ended:
		return nil
	}
	return fmt.Errorf("%w: status %q (want %q, %q or %q)", ErrInvalid, string(s), Waiting, Ongoing, Ended)
}

// Result is the result of a game, in PGN's notation.
type Result string

// The results.
const (
	NoResult  Result = "*"
	WhiteWins Result = "1-0"
	BlackWins Result = "0-1"
	Draw      Result = "1/2-1/2"
)

// Seat is one side's player: a secret token (kept as its hash), an engine, a
// friend's invitation not taken yet, or nobody yet.
type Seat struct {
	// Token is the hash of the seat's secret token; zero while the seat has
	// no human player.
	Token TokenHash `json:"token,omitzero"`
	// Owner is the account that holds the seat, for named accounts; empty for
	// an anonymous player (stored as NULL).
	Owner string `json:"owner,omitempty"`
	// Engine is the engine's settings (for example its strength) when the
	// engine plays this side; empty for a human. The store does not read it.
	Engine string `json:"engine,omitempty"`
	// Invite is the hash of the invitation that keeps the seat for a
	// friend: while Token is zero the seat waits for the invitation's
	// holder (TakeInvite); it stays once taken, so that a later visitor
	// with the same invitation can be told it is used.
	Invite TokenHash `json:"invite,omitzero"`
	// Joined is when the player took the seat (TakeInvite, ClaimSeat); zero
	// for a seat given when the game was created.
	Joined time.Time `json:"joined,omitzero"`
}

// Open reports whether nobody holds the seat yet and nobody is invited to
// it: no token, owner, engine or invitation.
func (s Seat) Open() bool {
	return s.Token.IsZero() && s.Engine == "" && s.Owner == "" && s.Invite.IsZero()
}

// Invited reports whether the seat waits for the holder of its invitation.
func (s Seat) Invited() bool { return !s.Invite.IsZero() && s.Token.IsZero() }

// TimeControl is how a game is timed: a live clock (Initial plus Increment per
// move), correspondence (Days per move), or neither (untimed).
type TimeControl struct {
	// Initial is each side's time at the start of a live game.
	Initial time.Duration `json:"initial,omitempty"`
	// Increment is the time added after each move of a live game.
	Increment time.Duration `json:"increment,omitempty"`
	// Days is the time for each move of a correspondence game, in days.
	Days int `json:"days,omitempty"`
}

// Live reports whether the game has a live clock.
func (tc TimeControl) Live() bool { return tc.Initial > 0 || tc.Increment > 0 }

// Correspondence reports whether the game is played by correspondence.
func (tc TimeControl) Correspondence() bool { return tc.Days > 0 }

func (tc TimeControl) validate() error {
	switch {
	case tc.Initial < 0 || tc.Increment < 0 || tc.Days < 0:
		return fmt.Errorf("%w: negative time control %v+%v, %d days", ErrInvalid, tc.Initial, tc.Increment, tc.Days)
	case tc.Live() && tc.Correspondence():
		return fmt.Errorf("%w: time control has both a live clock (%v+%v) and days per move (%d)", ErrInvalid, tc.Initial, tc.Increment, tc.Days)
	case tc.Days > 365:
		return fmt.Errorf("%w: %d days per move (at most 365)", ErrInvalid, tc.Days)
	case tc.Initial > 1000*time.Hour || tc.Increment > 1000*time.Hour:
		return fmt.Errorf("%w: live clock %v+%v (at most 1000h each)", ErrInvalid, tc.Initial, tc.Increment)
	}
	return nil
}

// Clocks is the clock state of a game: the time each side has left and when
// the current turn started, so that a restarted server charges the side to
// move for the time that passed. For correspondence games the side to move's
// deadline is TurnStart plus its remaining time.
type Clocks struct {
	// White and Black are the times left at the start of the current turn.
	White time.Duration `json:"white,omitempty"`
	Black time.Duration `json:"black,omitempty"`
	// TurnStart is when the current turn started; zero while no clock runs.
	TurnStart time.Time `json:"turn_start,omitzero"`
}

// State is what changes in a game besides its moves and seats. AppendMove,
// TakeBack, SetState and ClaimSeat each replace the whole State.
type State struct {
	Status Status `json:"status"`
	Result Result `json:"result"`
	// Reason says why the game ended ("checkmate", "resignation", "time",
	// "aborted", ...); empty while it goes on.
	Reason string `json:"reason,omitempty"`
	Clocks Clocks `json:"clocks"`
	// DrawOffer is the side that offers a draw, NoSide for none.
	DrawOffer Side `json:"draw_offer,omitempty"`
	// Takeback is the side that asks to take back a move, NoSide for none.
	Takeback Side `json:"takeback,omitempty"`
	// Rematch is the side that offers a rematch of the ended game, NoSide
	// for none.
	Rematch Side `json:"rematch,omitempty"`
	// RematchGame is the id of the game that was made as the rematch of
	// this one (Store.Rematch); empty until then.
	RematchGame string `json:"rematch_game,omitempty"`
}

func (st State) validate() error {
	switch st.Status {
	case Waiting, Ongoing:
		if st.Result != NoResult || st.Reason != "" {
			return fmt.Errorf("%w: a %s game has result %q and reason %q (want %q and none)", ErrInvalid, st.Status, st.Result, st.Reason, NoResult)
		}
	case Ended:
		switch st.Result {
		case NoResult, WhiteWins, BlackWins, Draw:
		default:
			return fmt.Errorf("%w: result %q (want %q, %q, %q or %q)", ErrInvalid, st.Result, NoResult, WhiteWins, BlackWins, Draw)
		}
		if st.Reason == "" {
			return fmt.Errorf("%w: an ended game needs a reason", ErrInvalid)
		}
	default:
		return st.Status.validate()
	}
	if err := checkText("reason", st.Reason, maxName); err != nil {
		return err
	}
	if err := st.DrawOffer.validate("draw offer"); err != nil {
		return err
	}
	if err := st.Rematch.validate("rematch offer"); err != nil {
		return err
	}
	if st.Status != Ended && (st.Rematch != NoSide || st.RematchGame != "") {
		return fmt.Errorf("%w: a %s game has a rematch offer or rematch game (only an ended game has them)", ErrInvalid, st.Status)
	}
	if st.RematchGame != "" && !ValidID(st.RematchGame) {
		return fmt.Errorf("%w: rematch game id %q", ErrInvalid, st.RematchGame)
	}
	return st.Takeback.validate("takeback request")
}

func (s Side) validate(what string) error {
	switch s {
	case NoSide, White, Black:
		return nil
	}
	return fmt.Errorf("%w: %s by %q (want %q, %q or none)", ErrInvalid, what, string(s), White, Black)
}

// GameSpec is what a game is created with and never changes, seats aside
// (ClaimSeat fills an open one, TakeInvite an invited one).
type GameSpec struct {
	// Variant is the rules' registered name ("chess", "gifford", ...).
	Variant string `json:"variant"`
	// Start is the start position, in timechess's position text.
	Start       string      `json:"start"`
	White       Seat        `json:"white"`
	Black       Seat        `json:"black"`
	TimeControl TimeControl `json:"time_control"`
}

func (spec GameSpec) validate() error {
	if spec.Variant == "" || spec.Start == "" {
		return fmt.Errorf("%w: a game needs a variant and a start position (got %q and %q)", ErrInvalid, spec.Variant, spec.Start)
	}
	if err := checkWord("variant", spec.Variant, maxName); err != nil {
		return err
	}
	if err := checkText("start position", spec.Start, maxPosition); err != nil {
		return err
	}
	if err := spec.White.validate(White); err != nil {
		return err
	}
	if err := spec.Black.validate(Black); err != nil {
		return err
	}
	return spec.TimeControl.validate()
}

func (s Seat) validate(side Side) error {
	if err := checkText(string(side)+" owner", s.Owner, maxName); err != nil {
		return err
	}
	return checkText(string(side)+" engine", s.Engine, maxName)
}

// Game is a stored game: its spec, its state and the bookkeeping of the
// store. Its moves are read with Moves or Load.
type Game struct {
	ID string `json:"id"`
	GameSpec
	State
	// Ply is the number of moves stored, which is the ply of the last one.
	Ply int `json:"ply"`
	// Version counts the changes to the game (moves, takebacks, state and
	// seats; comments aside). SetState and ClaimSeat name the version they
	// expect.
	Version int64 `json:"version"`
	// Comments is the number of comments under the game.
	Comments int       `json:"comments"`
	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
}

// Seat returns the seat of side (White or Black).
func (g Game) Seat(side Side) Seat {
	if side == Black {
		return g.Black
	}
	return g.White
}

// SeatOf returns the side whose seat the token holds, in constant time per
// seat, or ErrBadToken. A token that holds both seats gets White.
func (g Game) SeatOf(token string) (Side, error) {
	if side := HashToken(token).sideOf(g.White.Token, g.Black.Token); side != NoSide {
		return side, nil
	}
	return NoSide, fmt.Errorf("game %s: %w", g.ID, ErrBadToken)
}

// InviteOf returns the side whose seat the invitation keeps, taken or not,
// in constant time per seat, or ErrBadToken.
func (g Game) InviteOf(invite string) (Side, error) {
	if side := HashToken(invite).sideOf(g.White.Invite, g.Black.Invite); side != NoSide {
		return side, nil
	}
	return NoSide, fmt.Errorf("game %s: no seat waits for this invitation: %w", g.ID, ErrBadToken)
}

// Move is one action of a game's log.
type Move struct {
	// Ply numbers the moves from 1; AppendMove sets it.
	Ply int `json:"ply"`
	// Action is the move in coordinate form (e2e4, e7e8q, f1//9, B@c4, ...).
	Action string `json:"action"`
	// Clock is the mover's time left after the move (zero when untimed).
	Clock time.Duration `json:"clock,omitempty"`
	// At is when the move was made; AppendMove fills in the current time when
	// it is zero.
	At time.Time `json:"at"`
}

func (m Move) validate() error {
	if m.Action == "" {
		return fmt.Errorf("%w: empty move", ErrInvalid)
	}
	return checkWord("move", m.Action, maxAction)
}

// Comment is one comment (kibitz) under a game.
type Comment struct {
	Game string `json:"game"`
	// Seq numbers the comments of a game from 1.
	Seq    int    `json:"seq"`
	Author string `json:"author"`
	// Side is the side whose player wrote the comment (the server checks
	// the seat token sent with it), NoSide for a spectator.
	Side Side      `json:"side,omitempty"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// The longest texts the store accepts; the server sets its own, smaller limits.
const (
	maxName     = 200
	maxAction   = 100
	maxPosition = 4000
	maxComment  = 20000
)

// checkText refuses a text that is too long or holds control characters other
// than newlines and tabs.
func checkText(what, s string, max int) error {
	if len(s) > max {
		return fmt.Errorf("%w: %s is %d bytes long (at most %d)", ErrInvalid, what, len(s), max)
	}
	if i := strings.IndexFunc(s, func(r rune) bool {
		return r == unicode.ReplacementChar || (unicode.IsControl(r) && r != '\n' && r != '\t')
	}); i >= 0 {
		return fmt.Errorf("%w: %s holds a control character or invalid UTF-8 at byte %d", ErrInvalid, what, i)
	}
	return nil
}

// checkWord is checkText for a text without spaces.
func checkWord(what, s string, max int) error {
	if err := checkText(what, s, max); err != nil {
		return err
	}
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return fmt.Errorf("%w: %s %q holds a space", ErrInvalid, what, s)
	}
	return nil
}
