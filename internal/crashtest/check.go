package crashtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"timechess/game"
	"timechess/internal/loadgen"
	"timechess/notation"
	"timechess/rules"
	"timechess/store"
)

// ackedMove is one line of the load generator's record: a move the server
// acknowledged.
type ackedMove struct {
	game string
	ply  int
	move string
}

// readRecord reads loadgen.Recorder's lines (game, ply, move, tab-separated).
func readRecord(r io.Reader) ([]ackedMove, error) {
	var out []ackedMove
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("record line %d: %q: want game, ply and move", n, sc.Text())
		}
		ply, err := strconv.Atoi(f[1])
		if err != nil || ply < 1 {
			return nil, fmt.Errorf("record line %d: ply %q", n, f[1])
		}
		out = append(out, ackedMove{game: f[0], ply: ply, move: f[2]})
	}
	return out, sc.Err()
}

// maxProblems bounds the problems a report lists one by one.
const maxProblems = 40

// problem adds a problem to the report.
func (r *Report) problem(format string, args ...any) {
	if len(r.Problems) == maxProblems {
		r.Problems = append(r.Problems, "(more problems left out)")
	}
	if len(r.Problems) < maxProblems {
		r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
	}
}

// allGames reads every game of st.
func allGames(ctx context.Context, st store.Store, status store.Status) ([]store.Game, error) {
	var out []store.Game
	f := store.GameFilter{Status: status, Limit: 1000}
	for {
		page, err := st.ListGames(ctx, f)
		if err != nil {
			return nil, err
		}
		out = append(out, page...)
		if len(page) < f.Limit {
			return out, nil
		}
		f.After = &page[len(page)-1]
	}
}

// sideToMove is the side to move in g, from the start position's side and
// the number of moves.
func sideToMove(g store.Game) store.Side {
	first, second := store.White, store.Black
	if f := strings.Fields(g.Start); len(f) > 1 && f[1] == "b" {
		first, second = second, first
	}
	if g.Ply%2 == 0 {
		return first
	}
	return second
}

// timeLeft is what side had left when the turn started.
func timeLeft(c store.Clocks, side store.Side) time.Duration {
	if side == store.Black {
		return c.Black
	}
	return c.White
}

// overdue reports whether g goes on with a live clock whose side to move
// ran out of time before at.
func overdue(g store.Game, at time.Time) bool {
	if g.Status != store.Ongoing || g.Clocks.TurnStart.IsZero() || !g.TimeControl.Live() {
		return false
	}
	return g.Clocks.TurnStart.Add(timeLeft(g.Clocks, sideToMove(g))).Before(at)
}

// waitSwept waits until no game of dsn is overdue at lastStart: the server
// started then must have flagged them all.
func waitSwept(ctx context.Context, dsn string, lastStart time.Time, timeout time.Duration) error {
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	deadline := time.Now().Add(timeout)
	for {
		games, err := allGames(ctx, st, store.Ongoing)
		if err != nil {
			return err
		}
		late := 0
		for _, g := range games {
			if overdue(g, lastStart) {
				late++
			}
		}
		if late == 0 {
			return nil
		}
		if time.Now().After(deadline) || !loadgen.Sleep(ctx, 100*time.Millisecond) {
			return fmt.Errorf("%d games out of time before the last restart are still ongoing %v after it: the sweep did not flag them", late, timeout)
		}
	}
}

// check reads the database and fills rep: every acknowledged move stored,
// every game consistent, moves acknowledged in every life of the server.
func check(ctx context.Context, cfg Config, acked []ackedMove, lives []life, lastStart time.Time, rep *Report) error {
	st, err := store.Open(ctx, cfg.DSN)
	if err != nil {
		return err
	}
	defer st.Close()
	now := time.Now()
	games, err := allGames(ctx, st, "")
	if err != nil {
		return err
	}
	rep.Reasons = map[string]int{}
	stored := map[string][]store.Move{}
	for _, listed := range games {
		g, moves, err := st.Load(ctx, listed.ID)
		if err != nil {
			return err
		}
		stored[g.ID] = moves
		rep.Games++
		rep.StoredMoves += len(moves)
		checkGame(g, moves, now, lastStart, rep)
	}

	rep.AckedPerLife = make([]int, len(lives))
	seen := map[string]string{}
	for _, a := range acked {
		rep.Acknowledged++
		key := a.game + "\t" + strconv.Itoa(a.ply)
		if prev, ok := seen[key]; ok && prev != a.move {
			rep.problem("game %s ply %d was acknowledged as %s and as %s", a.game, a.ply, prev, a.move)
		}
		seen[key] = a.move
		moves := stored[a.game]
		if a.ply > len(moves) || moves[a.ply-1].Action != a.move {
			got := "nothing"
			if a.ply <= len(moves) {
				got = moves[a.ply-1].Action
			}
			rep.problem("acknowledged move lost: game %s ply %d %s; the store holds %s", a.game, a.ply, a.move, got)
			continue
		}
		rep.Found++
		at := moves[a.ply-1].At
		for i, l := range lives {
			if !at.Before(l.started.Truncate(time.Millisecond)) && !at.After(l.ended) {
				rep.AckedPerLife[i]++
				break
			}
		}
	}
	for i, n := range rep.AckedPerLife {
		if n == 0 {
			rep.problem("no move was acknowledged in the server's life %d of %d (%v to %v): the players did not reconnect and go on",
				i+1, len(lives), lives[i].started.Format(time.StampMilli), lives[i].ended.Format(time.StampMilli))
		}
	}
	return nil
}

// The reasons a game ends without the rules ending it; the server's
// expiry also aborts games with "aborted: " and why ("no move in 5 minutes").
var playerReasons = map[string]bool{"resignation": true, "time": true, "agreement": true, "aborted": true}

// checkGame checks one stored game: its moves numbered and timed in order,
// legal from its start, its status what the rules or its players made it,
// its clocks sane and not overdue at lastStart.
func checkGame(g store.Game, moves []store.Move, now, lastStart time.Time, rep *Report) {
	if g.Ply != len(moves) {
		rep.problem("game %s: ply %d, %d moves stored", g.ID, g.Ply, len(moves))
	}
	v, err := rules.Lookup(g.Variant)
	if err != nil {
		rep.problem("game %s: %v", g.ID, err)
		return
	}
	play, err := game.New(v, g.Start)
	if err != nil {
		rep.problem("game %s: start position: %v", g.ID, err)
		return
	}
	var prev time.Time
	for i, m := range moves {
		if m.Ply != i+1 {
			rep.problem("game %s: move %d has ply %d", g.ID, i+1, m.Ply)
		}
		if m.At.Before(prev) || m.At.After(now) || m.Clock < 0 {
			rep.problem("game %s ply %d: made at %v after %v (now %v), clock %v", g.ID, m.Ply, m.At, prev, now, m.Clock)
		}
		prev = m.At
		mv, err := notation.Parse(play.Position(), m.Action)
		if err == nil {
			err = play.PlayMove(mv)
		}
		if err != nil {
			rep.problem("game %s ply %d: %s does not replay: %v", g.ID, m.Ply, m.Action, err)
			return
		}
	}
	pos := play.Position()
	if (pos.Side == rules.Black) != (sideToMove(g) == store.Black) {
		rep.problem("game %s: the replay has %v to move, the stored game %s", g.ID, pos.Side, sideToMove(g))
	}
	over := pos.Status()
	switch {
	case over.Over():
		if g.Status != store.Ended || string(g.Result) != over.Result.String() || g.Reason != over.Reason {
			rep.problem("game %s: the replay ends %s (%s), the store says %s %s (%s)", g.ID, over.Result, over.Reason, g.Status, g.Result, g.Reason)
		}
	case g.Status == store.Ended && !playerReasons[g.Reason] && !strings.HasPrefix(g.Reason, "aborted: "):
		rep.problem("game %s: ended %s (%s), but its moves do not end it", g.ID, g.Result, g.Reason)
	case g.Status == store.Ended && g.Reason == "time":
		loser := sideToMove(g)
		want := store.WhiteWins
		if loser == store.White {
			want = store.BlackWins
		}
		if g.Result != want || timeLeft(g.Clocks, loser) != 0 {
			rep.problem("game %s: %s lost on time, but the result is %s and its clock %v", g.ID, loser, g.Result, timeLeft(g.Clocks, loser))
		}
		if !g.Updated.Before(lastStart) {
			rep.FlaggedAtLastStart++
		}
	}
	if g.Status == store.Ended {
		rep.Reasons[g.Reason]++
	} else {
		rep.Ongoing++
	}
	c := g.Clocks
	switch {
	case c.White < 0 || c.Black < 0:
		rep.problem("game %s: negative time left: white %v, black %v", g.ID, c.White, c.Black)
	case c.TurnStart.After(now):
		rep.problem("game %s: the turn starts in the future, at %v (now %v)", g.ID, c.TurnStart, now)
	case g.Status == store.Ongoing && g.TimeControl.Live() && (g.Ply >= 2) != !c.TurnStart.IsZero():
		rep.problem("game %s: ply %d, turn start %v: a live clock runs from the third ply on", g.ID, g.Ply, c.TurnStart)
	case overdue(g, lastStart):
		rep.problem("game %s: out of time at %v, before the last restart, and still ongoing", g.ID, c.TurnStart.Add(timeLeft(c, sideToMove(g))))
	}
}

// scanLog counts the server's ERROR lines, keeps the first ones, and
// reports panics and races.
func scanLog(path string, rep *Report) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, "level=ERROR") {
			rep.ServerErrors++
			if len(rep.ServerErrorLines) < 5 {
				rep.ServerErrorLines = append(rep.ServerErrorLines, line)
			}
		}
		for _, bad := range []string{"panic", "fatal error", "DATA RACE"} {
			if strings.Contains(line, bad) {
				rep.problem("the server's log: %.300s", line)
			}
		}
	}
	return sc.Err()
}
