package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"timechess/game"
	"timechess/pgn"
	"timechess/rules"
)

// Config describes a match.
type Config struct {
	Variant rules.Variant
	// Players are the first (p1) and the second player (p2); results are
	// counted from the first player's side.
	Players [2]*Spec
	// Games is the number of games; game 2k+1 gives p1 White, game 2k+2
	// gives p2 White, from the same opening.
	Games int
	// Concurrency is the number of games played at once (at least 1).
	Concurrency int
	// Openings are used in turn, one per pair of games; none means the
	// variant's start position.
	Openings []Opening
	Control  Control
	// TimeMargin is how far a clock may run below zero before the flag falls.
	TimeMargin time.Duration
	// MoveTimeout bounds a move without a clock (0: see DefaultMoveTimeout).
	MoveTimeout time.Duration
	// MaxPlies adjudicates a game a draw after that many plies (0: no limit).
	MaxPlies int
	Resign   ResignRule
	Draw     DrawRule
	// SPRT, when set, stops the match once the test has decided.
	SPRT *SPRT
	// PGN receives each finished game's record, in the order games finish.
	PGN io.Writer
	// Event is the records' Event tag.
	Event string
	// Now is the clock for move times and dates; nil means time.Now.
	Now func() time.Time
	// Progress, when set, is called after each finished game with its
	// result and the tally so far, one call at a time.
	Progress func(GameResult, Tally)
}

// now reads the configured clock.
func (c *Config) now() time.Time {
	if c.Now == nil {
		return time.Now()
	}
	return c.Now()
}

// Summary is the outcome of a match.
type Summary struct {
	Names [2]string    // the players' names
	Games []GameResult // the finished games, in the order they finished
	Tally Tally
	SPRT  *SPRTState // the test's final state, when one ran
	// Stopped says why the match ended before its last game, or is "".
	Stopped string
}

// check refuses a configuration that cannot run.
func (c *Config) check() error {
	switch {
	case c.Variant == nil:
		return errors.New("match: no variant")
	case c.Players[0] == nil || c.Players[1] == nil:
		return errors.New("match: two players are needed")
	case c.Games < 1:
		return fmt.Errorf("match: %d games: at least 1 is needed", c.Games)
	case c.MaxPlies < 0:
		return fmt.Errorf("match: a ply limit of %d is below 0", c.MaxPlies)
	}
	if c.Control.Clock == nil && c.Control.Limit.IsZero() {
		for i, s := range c.Players {
			if s.Limit.IsZero() && (s.Kind == KindTimechess || s.Kind == KindUCI || s.Kind == KindXBoard) {
				return fmt.Errorf("match: player %d (%s) has nothing that ends its search: give a time control, a movetime, a depth or node limit, or one in its spec", i+1, s)
			}
		}
	}
	for _, o := range c.Openings {
		if _, err := rules.NewPosition(c.Variant, o.FEN); err != nil {
			return fmt.Errorf("match: opening %s: %w", o.Source, err)
		}
	}
	return nil
}

// pair is one worker's two players, p1 and p2.
type pair [2]Player

// close ends both players.
func (p *pair) close() {
	for i, pl := range p {
		if pl != nil {
			_ = pl.Close() // a player that fails to quit is killed by its Close
			p[i] = nil
		}
	}
}

// start starts whichever of the two players is not running.
func (p *pair) start(ctx context.Context, cfg *Config) error {
	for i := range p {
		if p[i] != nil {
			continue
		}
		pl, err := cfg.Players[i].Start(ctx, cfg.Variant)
		if err != nil {
			return fmt.Errorf("player %d (%s): %w", i+1, cfg.Players[i], err)
		}
		p[i] = pl
	}
	return nil
}

// finished is what a worker reports for one game.
type finished struct {
	game   *game.Game
	result GameResult
	err    error
}

// Run plays the match and returns its summary. When ctx ends, the games in
// progress are abandoned (not counted) and Run returns the summary of the
// finished ones with ctx's error. A player that cannot be started is an
// error; a player that fails during a game loses that game and is started
// again for the next.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if len(cfg.Openings) == 0 {
		cfg.Openings = []Opening{{FEN: cfg.Variant.Spec().Start, Source: "start position"}}
	}
	if cfg.Event == "" {
		cfg.Event = "timechess match"
	}
	workers := min(max(cfg.Concurrency, 1), cfg.Games)
	first := &pair{}
	if err := first.start(ctx, &cfg); err != nil {
		first.close()
		return nil, err
	}
	sum := &Summary{Names: [2]string{first[0].Name(), first[1].Name()}}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	jobs := make(chan int, cfg.Games)
	for i := range cfg.Games {
		jobs <- i
	}
	close(jobs)
	results := make(chan finished)
	var wg sync.WaitGroup
	for w := range workers {
		players := first
		if w > 0 {
			players = &pair{}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer players.close()
			work(runCtx, &cfg, players, jobs, results)
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	err := collect(&cfg, sum, results, stop)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return sum, err
}

// work plays games from jobs until there are none or ctx ends.
func work(ctx context.Context, cfg *Config, players *pair, jobs <-chan int, results chan<- finished) {
	for i := range jobs {
		if ctx.Err() != nil {
			return
		}
		if err := players.start(ctx, cfg); err != nil {
			results <- finished{err: err}
			return
		}
		firstWhite := i%2 == 0
		r := &gameRun{cfg: cfg, round: i + 1, opening: cfg.Openings[(i/2)%len(cfg.Openings)]}
		r.players, r.specs = [2]Player{players[0], players[1]}, [2]*Spec{cfg.Players[0], cfg.Players[1]}
		if !firstWhite {
			r.players[0], r.players[1] = r.players[1], r.players[0]
			r.specs[0], r.specs[1] = r.specs[1], r.specs[0]
		}
		g, err := r.play(ctx)
		for c, faulty := range r.faults {
			if faulty {
				who := c // colour to player index
				if !firstWhite {
					who = 1 - c
				}
				_ = players[who].Close() // it is broken; a new one starts for the next game
				players[who] = nil
			}
		}
		if errors.Is(err, errAborted) {
			return
		}
		res := finished{game: g, err: err}
		if err == nil {
			res.result = resultOf(g, r, i, firstWhite)
		}
		select {
		case results <- res:
		case <-ctx.Done():
			return
		}
	}
}

// resultOf summarizes a finished game.
func resultOf(g *game.Game, r *gameRun, i int, firstWhite bool) GameResult {
	st := g.Status()
	res := GameResult{
		Round: i + 1, Pair: i / 2, Opening: r.opening.Source,
		White: r.players[rules.White].Name(), Black: r.players[rules.Black].Name(),
		FirstIsWhite: firstWhite, Result: st.Result, Reason: st.Reason, Plies: len(g.Plies()), Faulty: -1,
	}
	if r.hasForfeit {
		res.Faulty = int(r.forfeited)
		if !firstWhite {
			res.Faulty = 1 - res.Faulty
		}
	}
	return res
}

// collect counts the finished games, writes their records, runs the SPRT
// and stops the match (through stop) when it has decided or a worker failed.
func collect(cfg *Config, sum *Summary, results <-chan finished, stop func()) error {
	pending := map[int]int{} // pair -> first player's half points in its first finished game
	var firstErr error
	for f := range results {
		if f.err != nil {
			if firstErr == nil {
				firstErr = f.err
				stop()
			}
			continue
		}
		if firstErr != nil || sum.Stopped != "" {
			continue
		}
		r := f.result
		switch r.FirstPoints() {
		case 2:
			sum.Tally.Wins++
		case 1:
			sum.Tally.Draws++
		default:
			sum.Tally.Losses++
		}
		if other, ok := pending[r.Pair]; ok {
			sum.Tally.Pairs[other+r.FirstPoints()]++
			delete(pending, r.Pair)
		} else {
			pending[r.Pair] = r.FirstPoints()
		}
		sum.Games = append(sum.Games, r)
		if cfg.PGN != nil {
			if err := pgn.Write(cfg.PGN, f.game); err != nil {
				firstErr = fmt.Errorf("writing the record of round %d: %w", r.Round, err)
				stop()
				continue
			}
		}
		if cfg.SPRT != nil {
			st := cfg.SPRT.State(sum.Tally)
			sum.SPRT = &st
			if st.Decision != "" {
				sum.Stopped = "SPRT: " + st.Decision + " accepted"
				stop()
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(r, sum.Tally)
		}
	}
	return firstErr
}
