package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"timechess/game"
	"timechess/rules"
)

// DefaultMoveTimeout bounds a move without a clock when the match sets no
// MoveTimeout and the player has no movetime (a depth or node limit).
const DefaultMoveTimeout = time.Minute

// The PGN Termination tag values the match writes.
const (
	terminationNormal      = "normal"
	terminationAdjudicated = "adjudication"
	terminationTime        = "time forfeit"
	terminationInfraction  = "rules infraction"
)

// GameResult is the outcome of one match game.
type GameResult struct {
	Round        int    // from 1, in the order the games were scheduled
	Pair         int    // the opening pair, from 0: rounds 2k+1 and 2k+2 share an opening
	Opening      string // where the opening comes from ("line 3", "start position")
	White, Black string
	FirstIsWhite bool // the first player (p1) had White
	Result       rules.Result
	Reason       string
	Plies        int
	// Faulty names the player (0 p1, 1 p2) that lost by a fault (an
	// illegal move, a crash, a timeout), or is -1.
	Faulty int
}

// FirstPoints is the first player's score in half points: 2 for a win, 1
// for a draw, 0 for a loss.
func (r GameResult) FirstPoints() int {
	switch {
	case r.Result == rules.Draw:
		return 1
	case (r.Result == rules.WhiteWins) == r.FirstIsWhite:
		return 2
	}
	return 0
}

// errAborted reports a game stopped because the match ended.
var errAborted = errors.New("the game was abandoned: the match stopped")

// gameRun plays one game between two started players.
type gameRun struct {
	cfg        *Config
	round      int
	opening    Opening
	players    [2]Player   // by colour
	specs      [2]*Spec    // by colour
	faults     [2]bool     // by colour: the player failed and must be restarted
	forfeited  rules.Color // the colour that lost by a fault, when hasForfeit
	hasForfeit bool
}

// play plays the game to its end. It returns errAborted when ctx ends first.
func (r *gameRun) play(ctx context.Context) (*game.Game, error) {
	g, err := game.New(r.cfg.Variant, r.opening.FEN)
	if err != nil {
		return nil, err
	}
	r.tag(g)
	for _, m := range r.opening.Moves {
		if err := g.PlayMove(m); err != nil {
			return nil, fmt.Errorf("opening %s: %w", r.opening.Source, err)
		}
	}
	for c := rules.White; c <= rules.Black; c++ {
		if err := r.players[c].NewGame(ctx, g, r.cfg.Control); err != nil {
			if ctx.Err() != nil {
				return nil, errAborted
			}
			r.faults[c] = true
			r.forfeit(g, c, terminationInfraction, "could not start the game: "+err.Error())
			return g, nil
		}
	}
	var clk *clocks
	if r.cfg.Control.Clock != nil {
		clk = newClocks(*r.cfg.Control.Clock)
	}
	adj := adjudicator{resign: r.cfg.Resign, draw: r.cfg.Draw}
	for !g.Status().Over() {
		if r.cfg.MaxPlies > 0 && len(g.Plies()) >= r.cfg.MaxPlies {
			r.end(g, rules.Status{Result: rules.Draw, Reason: fmt.Sprintf("adjudication: %d plies", r.cfg.MaxPlies)}, terminationAdjudicated)
			break
		}
		if err := r.turn(ctx, g, clk, &adj); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// turn asks the side to move for its move and plays it, or ends the game.
func (r *gameRun) turn(ctx context.Context, g *game.Game, clk *clocks, adj *adjudicator) error {
	side := g.Position().Side
	var state *Clock
	timeout := r.moveTimeout(side)
	if clk != nil {
		state = clk.state(int(side))
		timeout = clk.left[side] + r.cfg.TimeMargin
	}
	moveCtx, cancel := context.WithTimeout(ctx, timeout)
	start := r.cfg.now()
	reply, err := r.players[side].Move(moveCtx, g, state)
	used := r.cfg.now().Sub(start)
	overdue := moveCtx.Err() != nil
	cancel()
	switch {
	case ctx.Err() != nil:
		return errAborted
	case overdue || clk == nil && used > timeout:
		r.faults[side] = overdue // an overdue external program was stopped
		why := fmt.Sprintf("no move within %v", timeout.Round(time.Millisecond))
		if clk != nil {
			why = fmt.Sprintf("out of time: no move within the %v left on its clock (margin %v)",
				clk.left[side].Round(time.Millisecond), r.cfg.TimeMargin)
		}
		r.forfeit(g, side, terminationTime, why)
		return nil
	case err != nil:
		r.faults[side] = true
		r.forfeit(g, side, terminationInfraction, err.Error())
		return nil
	case clk != nil && clk.spend(int(side), used, r.cfg.TimeMargin):
		r.forfeit(g, side, terminationTime, fmt.Sprintf("out of time (%v over)", (-clk.left[side]).Round(time.Millisecond)))
		return nil
	case reply.Resign:
		r.end(g, rules.Status{Result: rules.WinFor(side.Other()), Reason: side.String() + " resigns"}, terminationNormal)
		return nil
	}
	fullmove := g.Position().Fullmove
	if err := g.PlayMove(reply.Move); err != nil {
		r.forfeit(g, side, terminationInfraction, err.Error())
		return nil
	}
	note := fmt.Sprintf("%.3fs", used.Seconds())
	if reply.Scored {
		note = fmt.Sprintf("%s/%d %s", FormatScore(reply.Score), reply.Depth, note)
	}
	last := g.Annotate(len(g.Plies()) - 1)
	last.Comments = append(last.Comments, note)
	if st := g.Status(); st.Over() {
		g.Tags.Set("Termination", terminationNormal)
	} else if st, ok := adj.observe(reply, side, fullmove); ok {
		r.end(g, st, terminationAdjudicated)
	}
	return nil
}

// moveTimeout bounds a move without a clock: the match's MoveTimeout, else
// twice the player's movetime and a second, else DefaultMoveTimeout.
func (r *gameRun) moveTimeout(side rules.Color) time.Duration {
	switch l := ownLimit(r.specs[side], r.cfg.Control); {
	case r.cfg.MoveTimeout > 0:
		return r.cfg.MoveTimeout
	case l.MoveTime > 0:
		return 2*l.MoveTime + time.Second
	}
	return DefaultMoveTimeout
}

// forfeit ends the game as a loss of side for a fault.
func (r *gameRun) forfeit(g *game.Game, side rules.Color, termination, why string) {
	r.forfeited, r.hasForfeit = side, true
	r.end(g, rules.Status{Result: rules.WinFor(side.Other()), Reason: fmt.Sprintf("%s (%s) forfeits: %s", side, r.players[side].Name(), why)}, termination)
}

// end sets the result, the Termination tag and a closing comment with the reason.
func (r *gameRun) end(g *game.Game, st rules.Status, termination string) {
	_ = g.SetResult(st.Result, st.Reason) // the game is in progress: SetResult cannot refuse
	g.Tags.Set("Termination", termination)
	if n := len(g.Plies()); n > 0 {
		last := g.Annotate(n - 1)
		last.Comments = append(last.Comments, st.Reason)
	} else {
		g.Comments = append(g.Comments, st.Reason)
	}
}

// tag writes the record's tags.
func (r *gameRun) tag(g *game.Game) {
	g.Tags.Set("Event", r.cfg.Event)
	g.Tags.Set("Site", "timechess match")
	g.Tags.Set("Date", r.cfg.now().Format("2006.01.02"))
	g.Tags.Set("Round", strconv.Itoa(r.round))
	g.Tags.Set("White", r.players[rules.White].Name())
	g.Tags.Set("Black", r.players[rules.Black].Name())
	tc := "-"
	if r.cfg.Control.Clock != nil {
		tc = r.cfg.Control.Clock.String()
	}
	g.Tags.Set("TimeControl", tc)
	if !r.cfg.Control.Limit.IsZero() {
		g.Tags.Set("Limit", r.cfg.Control.Limit.String())
	}
	g.Tags.Set("Opening", r.opening.Source)
}
