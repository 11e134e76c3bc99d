package server

import (
	"context"
	"fmt"
	"time"

	"timechess/store"
)

// Expiry says when the sweep gives up on what nobody plays: a game in which
// a side has not made its first move, a game whose open seat nobody takes,
// a seek nobody accepts. Zero fields take their defaults. Finished games
// and their comments are kept forever.
//
// The store's times (a game's creation and last change, a seek's creation)
// are compared with the server's clock (Config.Now).
type Expiry struct {
	// FirstMove: a live game (both seats taken) in which the side to move
	// has not made its first move this long after the game's last change
	// (its start, or the opponent's first move) is aborted. Default 5
	// minutes. A correspondence game is aborted at its first deadline
	// instead, its days per move after the same moment, and an untimed one
	// after FirstMoveUntimed (default 7 days).
	FirstMove, FirstMoveUntimed time.Duration
	// OpenSeat: a game whose open seat nobody took this long after its
	// creation is aborted: OpenSeat (default 24 hours) for a live game,
	// OpenSeatSlow (default 7 days) for a correspondence or untimed one.
	OpenSeat, OpenSeatSlow time.Duration
	// Seek: a seek nobody accepted this long after its creation is
	// removed: Seek (default 1 hour) with a live clock, SeekSlow (default 7
	// days) for correspondence or untimed.
	Seek, SeekSlow time.Duration
}

// withDefaults fills the zero fields.
func (e Expiry) withDefaults() Expiry {
	const day = 24 * time.Hour
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&e.FirstMove, 5*time.Minute)
	def(&e.FirstMoveUntimed, 7*day)
	def(&e.OpenSeat, day)
	def(&e.OpenSeatSlow, 7*day)
	def(&e.Seek, time.Hour)
	def(&e.SeekSlow, 7*day)
	return e
}

// of returns when g is aborted for want of play and the reason it then
// ends with, or false when g goes on whatever the time (it has ended, or
// both sides have moved and its clock, if any, decides).
func (e Expiry) of(g store.Game) (at time.Time, reason string, ok bool) {
	tc := g.TimeControl
	switch {
	case g.Status == store.Waiting || g.Status == store.Ongoing && (g.White.Invited() || g.Black.Invited()):
		wait := e.OpenSeatSlow
		if tc.Live() {
			wait = e.OpenSeat
		}
		return g.Created.Add(wait), "aborted: no opponent in " + spell(wait), true
	case g.Status == store.Ongoing && g.Ply < clocksStartAt:
		wait := e.FirstMove
		switch {
		case tc.Correspondence():
			wait = time.Duration(tc.Days) * 24 * time.Hour
		case !tc.Live():
			wait = e.FirstMoveUntimed
		}
		return g.Updated.Add(wait), "aborted: no move in " + spell(wait), true
	}
	return time.Time{}, "", false
}

// expired returns the reason g is aborted with at now, or false when it is
// not due.
func (s *Server) expired(g store.Game, now time.Time) (string, bool) {
	at, reason, ok := s.cfg.Expiry.of(g)
	return reason, ok && !now.Before(at)
}

// abandon aborts r's game at now for want of play, for reason.
func (s *Server) abandon(ctx context.Context, r *replay, now time.Time, reason string) error {
	g := r.g
	ng, err := s.store.SetState(ctx, g.ID, g.Version, endState(g, now, store.NoResult, reason))
	if err != nil {
		return err
	}
	r.g = ng
	s.metrics.abandoned.Add(1)
	s.afterChange(ng)
	return nil
}

// seekExpired reports whether the open seek k has waited too long for a
// taker at now, and for how long it could wait.
func (e Expiry) seekExpired(k store.Seek, now time.Time) (time.Duration, bool) {
	wait := e.SeekSlow
	if k.TimeControl.Live() {
		wait = e.Seek
	}
	return wait, k.Game == "" && !now.Before(k.Created.Add(wait))
}

// expireSeeks removes the seeks that have waited too long for a taker.
func (s *Server) expireSeeks(ctx context.Context, now time.Time) error {
	e := s.cfg.Expiry
	for {
		ids, err := s.store.ExpireSeeks(ctx, now.Add(-e.Seek), now.Add(-e.SeekSlow))
		if err != nil {
			return err
		}
		s.metrics.seeksExpired.Add(uint64(len(ids)))
		if len(ids) < store.MaxExpired {
			return nil
		}
	}
}

// spell writes a duration for people: "5 minutes", "1 day", "90 seconds",
// "200 milliseconds".
func spell(d time.Duration) string {
	n, unit := d.Milliseconds(), "millisecond"
	for _, u := range []struct {
		size time.Duration
		name string
	}{{24 * time.Hour, "day"}, {time.Hour, "hour"}, {time.Minute, "minute"}, {time.Second, "second"}} {
		if d >= u.size && d%u.size == 0 {
			n, unit = int64(d/u.size), u.name
			break
		}
	}
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}
