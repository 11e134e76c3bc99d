package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"timechess/rules"
	"timechess/store"
)

// gameView is the Game of docs/api.md. You comes right after the id, so that
// one encoding serves every reader (withYou fills it in).
type gameView struct {
	ID          string          `json:"id"`
	You         *store.Side     `json:"you"`
	Variant     string          `json:"variant"`
	Start       string          `json:"start"`
	Status      store.Status    `json:"status"`
	Result      store.Result    `json:"result"`
	Reason      string          `json:"reason"`
	White       seatView        `json:"white"`
	Black       seatView        `json:"black"`
	TimeControl timeControlView `json:"time_control"`
	Clocks      clocksView      `json:"clocks"`
	Turn        store.Side      `json:"turn"`
	Ply         int             `json:"ply"`
	Version     int64           `json:"version"`
	Moves       []moveView      `json:"moves,omitzero"`
	Position    json.RawMessage `json:"position,omitzero"`
	DrawOffer   *store.Side     `json:"draw_offer"`
	Takeback    *store.Side     `json:"takeback"`
	Rematch     *rematchView    `json:"rematch"`
	Timelines   []timelineView  `json:"timelines,omitzero"`
	Branches    []branchView    `json:"branches,omitzero"`
	Comments    int             `json:"comments"`
	Created     time.Time       `json:"created"`
	Updated     time.Time       `json:"updated"`
}

// rematchView is an ended game's rematch: the side that offers one, or the
// game that was made of it.
type rematchView struct {
	By   store.Side `json:"by,omitempty"`
	Game string     `json:"game,omitempty"`
}

type seatView struct {
	Player string `json:"player"`
	Level  int    `json:"level,omitempty"`
	// Invited: the seat waits for the friend who holds its invitation.
	Invited bool `json:"invited,omitempty"`
	// Joined is when the player took the seat (by invitation or by
	// joining), for a seat taken after the game was created.
	Joined *time.Time `json:"joined,omitempty"`
}

type timeControlView struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
	Days        int   `json:"days"`
}

type clocksView struct {
	WhiteMs   int64       `json:"white_ms"`
	BlackMs   int64       `json:"black_ms"`
	Running   *store.Side `json:"running"`
	TurnStart *time.Time  `json:"turn_start"`
	Deadline  *time.Time  `json:"deadline"`
}

// engineSeat is how an engine's seat is stored: Seat.Engine = "level=N".
const engineSeatPrefix = "level="

func engineSeat(level int) store.Seat {
	return store.Seat{Engine: engineSeatPrefix + strconv.Itoa(level)}
}

// engineLevel returns the level of an engine's seat, or 0 for a human or an
// open seat.
func engineLevel(seat store.Seat) int {
	n, err := strconv.Atoi(strings.TrimPrefix(seat.Engine, engineSeatPrefix))
	if err != nil || seat.Engine == "" {
		return 0
	}
	return n
}

func describeSeat(seat store.Seat) seatView {
	switch {
	case seat.Engine != "":
		return seatView{Player: "engine", Level: engineLevel(seat)}
	case seat.Open():
		return seatView{Player: "open"}
	case seat.Invited():
		return seatView{Player: "human", Invited: true}
	case !seat.Joined.IsZero():
		joined := seat.Joined
		return seatView{Player: "human", Joined: &joined}
	}
	return seatView{Player: "human"}
}

// summarize builds the Game without moves, position and timelines.
func summarize(g store.Game) *gameView {
	v := &gameView{
		ID: g.ID, Variant: g.Variant, Start: g.Start,
		Status: g.Status, Result: g.Result, Reason: g.Reason,
		White: describeSeat(g.White), Black: describeSeat(g.Black),
		TimeControl: timeControlView{g.TimeControl.Initial.Milliseconds(), g.TimeControl.Increment.Milliseconds(), g.TimeControl.Days},
		Clocks:      clocksView{WhiteMs: g.Clocks.White.Milliseconds(), BlackMs: g.Clocks.Black.Milliseconds()},
		Turn:        turnOf(g),
		Ply:         g.Ply, Version: g.Version, Comments: g.Comments, Created: g.Created, Updated: g.Updated,
	}
	if running(g) {
		side, start := turnOf(g), g.Clocks.TurnStart
		v.Clocks.Running, v.Clocks.TurnStart = &side, &start
		if g.TimeControl.Correspondence() {
			d, _ := deadline(g)
			v.Clocks.Deadline = &d
		}
	}
	if g.DrawOffer != store.NoSide {
		v.DrawOffer = &g.DrawOffer
	}
	if g.Takeback != store.NoSide {
		v.Takeback = &g.Takeback
	}
	if g.Rematch != store.NoSide || g.RematchGame != "" {
		v.Rematch = &rematchView{By: g.Rematch, Game: g.RematchGame}
	}
	return v
}

// describe builds the whole Game of r, encoded, once per version. Its
// position is computed as the server's own work (positionAt), unless a
// request computed it before.
func (r *replay) describe() ([]byte, error) {
	return r.built.of(r.g.Version, func() ([]byte, error) {
		v := summarize(r.g)
		v.Moves = r.moves
		if v.Moves == nil {
			v.Moves = []moveView{}
		}
		pos, err := r.positionAt(context.Background(), "", len(r.moves))
		if err != nil {
			return nil, err
		}
		v.Position = pos
		v.Timelines, v.Branches = describeTimelines(r.play)
		return json.Marshal(v)
	})
}

// positionAt returns the encoded Position after ply n of r's game (0 to
// len(r.moves)), computed on a copy under r's gate for the client address
// addr ("" for the server's own work, without a slot: the Game after a
// move, say) the first time it is asked for, and
// kept: a read of a stored position never computes it again. A refusal
// by the bound (too_complex) is kept too; others (a full server, a client
// that left) are not. The game's current Position, when computed, is kept
// unencoded too (head) until parts takes it.
func (r *replay) positionAt(ctx context.Context, addr string, n int) ([]byte, error) {
	if v, ok := r.views[n]; ok {
		return v.data, v.err
	}
	var p *rules.Position
	if n == len(r.moves) {
		p = r.play.Position().Copy()
	} else {
		p = r.play.Start()
		for _, ply := range r.play.Plies()[:n] {
			p.Make(ply.Move)
		}
	}
	var data []byte
	var view *positionView
	var encodeErr error
	describe := func(b *rules.Budget) {
		p.Bind(b)
		view = describePosition(p)
		data, encodeErr = json.Marshal(view)
	}
	var err error
	if addr == "" {
		err = r.gate.bounded(ctx, "this position", computeBound, describe)
	} else {
		err = r.gate.run(ctx, addr, "this position", computeBound, describe)
	}
	var ae *apiError
	switch {
	case err == nil && encodeErr != nil:
		return nil, encodeErr
	case err == nil, errors.As(err, &ae) && ae.Code == codeTooComplex:
		r.keepView(n, plyView{data: data, err: err})
	}
	if err == nil && n == len(r.moves) {
		r.head, r.headVersion = view, r.g.Version
	}
	return data, err
}

// keepView keeps v as the Position of ply n, dropping all but the start
// position's when maxViews are kept; it keeps nothing when the replays'
// Positions fill maxViewBytes.
func (r *replay) keepView(n int, v plyView) {
	if len(r.views) >= maxViews {
		r.forgetViews(0)
	}
	r.forgetView(n)
	if !r.cache.countView(r, viewSize(v)) {
		return
	}
	if r.views == nil {
		r.views = map[int]plyView{}
	}
	r.views[n] = v
}

// viewSize is what a kept Position counts for: its bytes and the map
// entry's.
func viewSize(v plyView) int64 { return int64(len(v.data)) + 64 }

// forgetViews drops the Positions kept of the plies after ply n.
func (r *replay) forgetViews(n int) {
	for ply := range r.views {
		if ply > n {
			r.forgetView(ply)
		}
	}
}

// forgetView drops the Position kept of ply n, if any.
func (r *replay) forgetView(n int) {
	if v, ok := r.views[n]; ok {
		delete(r.views, n)
		r.cache.countView(r, -viewSize(v))
	}
}

// youNull is how an encoded gameView starts its you field.
var youNull = []byte(`,"you":null,`)

// withYou returns the encoded Game with you set to side (unchanged for
// NoSide). The field is the second of the object, so the first match is it.
func withYou(data []byte, side store.Side) []byte {
	if side == store.NoSide {
		return data
	}
	i := bytes.Index(data, youNull)
	if i < 0 {
		return data
	}
	out := make([]byte, 0, len(data)+8)
	out = append(out, data[:i]...)
	out = append(out, `,"you":"`...)
	out = append(out, side...)
	out = append(out, `",`...)
	return append(out, data[i+len(youNull):]...)
}
