package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"timechess/notation"
	"timechess/rules"
	"timechess/store"
)

// seatRule decides for which side of a game a change is made, or refuses.
type seatRule func(g store.Game) (store.Side, error)

// byToken is the seat whose token the caller holds.
func byToken(token string) seatRule {
	return func(g store.Game) (store.Side, error) {
		if token == "" {
			return store.NoSide, fail(http.StatusUnauthorized, codeBadToken, "this needs a seat token (Authorization: Bearer TOKEN)")
		}
		side, err := g.SeatOf(token)
		if err != nil {
			return store.NoSide, fail(http.StatusForbidden, codeBadToken, "the token holds no seat of game %s", g.ID)
		}
		return side, nil
	}
}

// byEngine is side's seat, which the engine must hold.
func byEngine(side store.Side) seatRule {
	return func(g store.Game) (store.Side, error) {
		if engineLevel(g.Seat(side)) == 0 {
			return store.NoSide, fail(http.StatusForbidden, codeBadToken, "the engine holds no seat of game %s", g.ID)
		}
		return side, nil
	}
}

// sideOf is the store's name of a colour.
func sideOf(c rules.Color) store.Side {
	if c == rules.Black {
		return store.Black
	}
	return store.White
}

// errEnded is the refusal of a change to a game that is over.
func errEnded(g store.Game) error {
	return fail(http.StatusConflict, codeEnded, "game %s is over (%s, %s)", g.ID, g.Result, g.Reason)
}

// maxAttempts bounds the attempts of one move or action that keeps losing
// races to changes of the game by others (store.ErrConflict): each attempt
// reads the game again and decides anew.
const maxAttempts = 8

// retry reports whether a change that failed with err, in attempt number
// attempt, is tried again on the game read anew: when another change came
// first (store.ErrConflict) and attempts are left. The rules decide again
// then, so a change that is still legal is made, and one that is no longer
// (the game ended, the move number moved on) is refused for that reason.
func retry(err error, attempt int) bool {
	return errors.Is(err, store.ErrConflict) && attempt < maxAttempts
}

// move plays the move text for the seat who chooses, if the game still has
// ply moves (the moves the client has seen). It returns the Game after it,
// encoded for that seat, and the move's ply.
//
// The move is checked against the game as cached, without reading it: the
// store (AppendMoveAt) refuses the move if the game has changed since, in
// this process or another. A refusal may then come from an out-of-date
// cache, so the game is read and the move tried again; after that, only a
// change made by someone else in between (a draw offer, a takeback request)
// gets it tried again (retry), and the move stands or falls by the game as
// it then is.
func (s *Server) move(ctx context.Context, id string, who seatRule, ply int, text string) ([]byte, int, error) {
	if err := s.begin(&s.work); err != nil {
		return nil, 0, err
	}
	defer s.work.Done()
	r := s.cache.get(id)
	defer r.mu.Unlock()
	fresh := r.play == nil
	for attempt := 1; ; attempt++ {
		if fresh {
			if err := s.refresh(ctx, r, nil); err != nil {
				return nil, 0, err
			}
		}
		version := r.g.Version
		data, n, err := s.playMove(ctx, r, who, ply, text)
		// An attempt that changed the game (a flag) stands too.
		if err == nil || r.g.Version != version || (fresh && !retry(err, attempt)) {
			return data, n, err
		}
		fresh = true
	}
}

// playMove is one attempt of move on r's game as r has it; the move is stored
// only if the game is still at r's version.
func (s *Server) playMove(ctx context.Context, r *replay, who seatRule, ply int, text string) ([]byte, int, error) {
	g, id := r.g, r.id
	side, err := who(g)
	if err != nil {
		return nil, 0, err
	}
	switch {
	case g.Status == store.Ended:
		return nil, 0, errEnded(g)
	case g.Status == store.Waiting:
		return nil, 0, invalid("game %s waits for an opponent to take the open seat", id)
	case ply != g.Ply:
		return nil, 0, fail(http.StatusConflict, codeConflict, "game %s has %d moves, not %d; read it again", id, g.Ply, ply)
	}
	p := r.play.Position()
	if sideOf(p.Side) != side {
		return nil, 0, fail(http.StatusConflict, codeNotYourTurn, "it is %s's turn in game %s", p.Side, id)
	}
	now := s.now()
	if flagged(g, now) {
		if err := s.flag(ctx, r, now); err != nil {
			return nil, 0, err
		}
		return nil, 0, fail(http.StatusConflict, codeEnded, "%s's time ran out in game %s", side, id)
	}
	if reason, ok := s.expired(g, now); ok {
		if err := s.abandon(ctx, r, now, reason); err != nil {
			return nil, 0, err
		}
		return nil, 0, errEnded(r.g)
	}
	text = strings.TrimSpace(text)
	if text == "" || len(text) > 200 {
		return nil, 0, fail(http.StatusBadRequest, codeIllegalMove, "a move is 1 to 200 characters of move text, not %d", len(text))
	}
	mv, err := notation.Parse(p, text)
	if err != nil {
		return nil, 0, illegalMove(strconv.Quote(text), err)
	}
	clocks, left := afterMove(g, now)
	stored := store.Move{Ply: g.Ply + 1, Action: notation.Coord(p, mv), Clock: left, At: now}
	if err := r.apply(mv, stored); err != nil {
		r.play = nil
		return nil, 0, err
	}
	// A move answers a draw offer: the opponent's lapses, the mover's own is
	// withdrawn, except one made to the engine, which stands for the engine
	// to answer at its move (enginePool.answerDraw).
	st := store.State{Status: store.Ongoing, Result: store.NoResult, Clocks: clocks}
	if g.DrawOffer == side && engineLevel(g.Seat(other(side))) > 0 {
		st.DrawOffer = side
	}
	if over := r.play.Position().Status(); over.Over() {
		st.Status, st.Result, st.Reason = store.Ended, store.Result(over.Result.String()), over.Reason
	}
	ng, err := s.store.AppendMoveAt(ctx, id, g.Version, g.Ply, stored, st)
	if err != nil {
		r.undo() // r is as it was: the next read of the game brings it up to date
		return nil, 0, err
	}
	r.g = ng
	s.metrics.moves.Add(1)
	s.afterChange(ng)
	data, err := r.describe()
	if err != nil {
		return nil, 0, err
	}
	return withYou(data, side), ng.Ply, nil
}

// The actions of POST /games/{id}/actions and the WebSocket's action message.
const (
	actResign          = "resign"
	actOfferDraw       = "offer-draw"
	actAcceptDraw      = "accept-draw"
	actDeclineDraw     = "decline-draw"
	actTakeback        = "takeback"
	actAcceptTakeback  = "accept-takeback"
	actDeclineTakeback = "decline-takeback"
	actAbort           = "abort"
	actClaimTimeout    = "claim-timeout"
)

// action does one of the actions for the seat who chooses and returns the
// Game after it, encoded for that seat. An action that loses a race to
// another change of the game (in this process or another) is decided again
// on the game read anew (retry).
func (s *Server) action(ctx context.Context, id string, who seatRule, name string) ([]byte, error) {
	if err := s.begin(&s.work); err != nil {
		return nil, err
	}
	defer s.work.Done()
	r, err := s.open(ctx, id)
	if err != nil {
		return nil, err
	}
	defer r.mu.Unlock()
	for attempt := 1; ; attempt++ {
		data, err := s.act(ctx, r, who, name)
		if !retry(err, attempt) {
			return data, err
		}
		if err := s.refresh(ctx, r, nil); err != nil {
			return nil, err
		}
	}
}

// act is one attempt of action on r's game as r has it.
func (s *Server) act(ctx context.Context, r *replay, who seatRule, name string) ([]byte, error) {
	g, id := r.g, r.id
	side, err := who(g)
	if err != nil {
		return nil, err
	}
	if isRematchAction(name) {
		return s.rematch(ctx, r, side, name)
	}
	if g.Status == store.Ended {
		return nil, errEnded(g)
	}
	now := s.now()
	if flagged(g, now) {
		if err := s.flag(ctx, r, now); err != nil {
			return nil, err
		}
		if name == actClaimTimeout {
			return r.describeFor(side)
		}
		return nil, fail(http.StatusConflict, codeEnded, "%s's time ran out in game %s", turnOf(g), id)
	}
	if reason, ok := s.expired(g, now); ok {
		if err := s.abandon(ctx, r, now, reason); err != nil {
			return nil, err
		}
		if name == actAbort {
			return r.describeFor(side)
		}
		return nil, errEnded(r.g)
	}
	if g.Status == store.Waiting && name != actAbort {
		return nil, invalid("game %s waits for an opponent; only abort is possible", id)
	}
	st := g.State
	opp := other(side)
	switch name {
	case actResign:
		st = endState(g, now, winFor(opp), "resignation")
	case actAbort:
		if g.Ply >= clocksStartAt {
			return nil, invalid("game %s cannot be aborted: both sides have moved", id)
		}
		st = endState(g, now, store.NoResult, "aborted")
	case actOfferDraw:
		if g.DrawOffer == opp {
			st = endState(g, now, store.Draw, "agreement")
		} else {
			st.DrawOffer = side
		}
	case actAcceptDraw, actDeclineDraw:
		if g.DrawOffer != opp {
			return nil, invalid("there is no draw offer of %s to answer in game %s", opp, id)
		}
		st.DrawOffer = store.NoSide
		if name == actAcceptDraw {
			st = endState(g, now, store.Draw, "agreement")
		}
	case actTakeback:
		if _, err := takebackTo(g, side); err != nil {
			return nil, err
		}
		if engineLevel(g.Seat(opp)) > 0 {
			return s.takeBack(ctx, r, side, now)
		}
		st.Takeback = side
	case actAcceptTakeback:
		if g.Takeback != opp {
			return nil, invalid("there is no takeback request of %s to answer in game %s", opp, id)
		}
		return s.takeBack(ctx, r, opp, now)
	case actDeclineTakeback:
		if g.Takeback != opp {
			return nil, invalid("there is no takeback request of %s to answer in game %s", opp, id)
		}
		st.Takeback = store.NoSide
	case actClaimTimeout:
		return nil, invalid("%s's time has not run out in game %s", turnOf(g), id)
	default:
		return nil, invalid("unknown action %q (want resign, offer-draw, accept-draw, decline-draw, takeback, accept-takeback, decline-takeback, abort, claim-timeout, rematch, accept-rematch or decline-rematch)", name)
	}
	return s.setState(ctx, r, st, side)
}

// describeFor is the encoded Game of r for side.
func (r *replay) describeFor(side store.Side) ([]byte, error) {
	data, err := r.describe()
	if err != nil {
		return nil, err
	}
	return withYou(data, side), nil
}

// winFor is the result in which side wins.
func winFor(side store.Side) store.Result {
	if side == store.Black {
		return store.BlackWins
	}
	return store.WhiteWins
}

// endState is g's state ended at now with result for reason, the clocks
// stopped.
func endState(g store.Game, now time.Time, result store.Result, reason string) store.State {
	st := g.State
	if running(g) {
		side := turnOf(g)
		setLeft(&st.Clocks, side, max(0, left(g.Clocks, side)-now.Sub(g.Clocks.TurnStart)))
	}
	st.Clocks.TurnStart = time.Time{}
	st.Status, st.Result, st.Reason = store.Ended, result, reason
	st.DrawOffer, st.Takeback = store.NoSide, store.NoSide
	return st
}

// takebackTo returns the ply count after taking back requester's last move
// (and the opponent's reply to it).
func takebackTo(g store.Game, requester store.Side) (int, error) {
	to := g.Ply - 1
	if turnOf(g) == requester {
		to = g.Ply - 2
	}
	if to < 0 {
		return 0, invalid("%s has no move to take back in game %s", requester, g.ID)
	}
	return to, nil
}

// takeBack takes back requester's last move in r's game.
func (s *Server) takeBack(ctx context.Context, r *replay, requester store.Side, now time.Time) ([]byte, error) {
	g := r.g
	to, err := takebackTo(g, requester)
	if err != nil {
		return nil, err
	}
	st := g.State
	st.Clocks = restartTurn(g, to, now)
	st.DrawOffer, st.Takeback = store.NoSide, store.NoSide
	ng, err := s.store.TakeBack(ctx, g.ID, g.Ply, to, st)
	if err != nil {
		return nil, err
	}
	for range g.Ply - to {
		r.undo()
	}
	if r.play == nil {
		if err := s.reload(ctx, r); err != nil {
			return nil, err
		}
	}
	r.g = ng
	s.afterChange(ng)
	return r.describeFor(requester)
}

// flag ends r's game on time at now, the side to move losing.
func (s *Server) flag(ctx context.Context, r *replay, now time.Time) error {
	g := r.g
	ng, err := s.store.SetState(ctx, g.ID, g.Version, endState(g, now, winFor(other(turnOf(g))), "time"))
	if err != nil {
		return err
	}
	r.g = ng
	s.metrics.flags.Add(1)
	s.afterChange(ng)
	return nil
}

// setState stores st as the new state of r's game (refused when another
// change came first: conflict), schedules what follows and answers with
// the Game as side sees it.
func (s *Server) setState(ctx context.Context, r *replay, st store.State, side store.Side) ([]byte, error) {
	ng, err := s.store.SetState(ctx, r.g.ID, r.g.Version, st)
	if err != nil {
		return nil, err
	}
	r.g = ng
	s.afterChange(ng)
	return r.describeFor(side)
}

// afterChange schedules what follows a change of g: the timer of its clock
// or of its expiry, and the engine's reply when the engine is to move.
func (s *Server) afterChange(g store.Game) {
	if at, ok := s.checkAt(g); ok {
		s.timers.schedule(g.ID, at)
	} else {
		s.timers.cancel(g.ID)
	}
	if engineToMove(g) {
		s.engines.enqueue(g)
	}
}

// engineToMove reports whether g goes on and the engine is to move.
func engineToMove(g store.Game) bool {
	return g.Status == store.Ongoing && engineLevel(g.Seat(turnOf(g))) > 0
}

// checkAt returns when g's time is next up: the deadline of its running
// clock, or when it is aborted for want of play (Expiry); false when
// neither can come.
func (s *Server) checkAt(g store.Game) (time.Time, bool) {
	if d, ok := deadline(g); ok {
		return d, true
	}
	at, _, ok := s.cfg.Expiry.of(g)
	return at, ok
}

// checkTime ends the game when its time is up: on time when its side to
// move has run out, aborted when nobody played in time (Expiry). The timers
// and the sweep call it. When another change comes first, it looks again
// at the game as that change left it.
func (s *Server) checkTime(ctx context.Context, id string) error {
	if err := s.begin(&s.work); err != nil {
		return err
	}
	defer s.work.Done()
	r, err := s.open(ctx, id)
	if err != nil {
		return err
	}
	defer r.mu.Unlock()
	for attempt := 1; ; attempt++ {
		err := s.endIfDue(ctx, r)
		if !retry(err, attempt) {
			if err != nil {
				return fmt.Errorf("checking the time of game %s: %w", id, err)
			}
			return nil
		}
		if err := s.refresh(ctx, r, nil); err != nil {
			return err
		}
	}
}

// endIfDue ends r's game when its time is up at the server's clock, and
// otherwise schedules its next check.
func (s *Server) endIfDue(ctx context.Context, r *replay) error {
	now := s.now()
	if flagged(r.g, now) {
		return s.flag(ctx, r, now)
	}
	if reason, ok := s.expired(r.g, now); ok {
		return s.abandon(ctx, r, now, reason)
	}
	s.afterChange(r.g)
	return nil
}
