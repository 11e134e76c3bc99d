package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"timechess/engine"
	"timechess/match"
	"timechess/rules"
)

// MatchCmd plays games between two players and measures the difference.
type MatchCmd struct {
	Variant     string        `default:"chess" help:"Variant name (see 'timechess variants'); default ${default}." placeholder:"V"`
	P1          string        `name:"p1" required:"" help:"The first player (results are counted from its side)." placeholder:"SPEC"`
	P2          string        `name:"p2" required:"" help:"The second player." placeholder:"SPEC"`
	Games       int           `default:"2" help:"Number of games; each opening is played twice with colours reversed. Default ${default}." placeholder:"N"`
	Concurrency int           `default:"1" help:"Games played at once. Default ${default}." placeholder:"C"`
	Openings    string        `help:"Opening file: PGN games, or one position (FEN/EPD) per line; one opening per pair of games, in turn." placeholder:"FILE"`
	TC          string        `name:"tc" help:"Chess clock MOVES/SECONDS+INC, e.g. 40/10+0.1 or 60+1." placeholder:"TC"`
	MoveTime    int           `name:"movetime" help:"Fixed time per move, in milliseconds." placeholder:"MS"`
	Depth       int           `help:"Fixed search depth per move." placeholder:"D"`
	Nodes       uint64        `help:"Fixed node count per move." placeholder:"N"`
	MaxPlies    int           `name:"max-plies" default:"400" help:"Adjudicate a draw after this many plies (0: never). Default ${default}." placeholder:"N"`
	Resign      string        `help:"Adjudicate a win when both players see one side ahead by CP centipawns for MOVES moves each." placeholder:"CP,MOVES"`
	Draw        string        `help:"Adjudicate a draw when both players score within ±CP for MOVES moves each from move AFTER on." placeholder:"CP,MOVES,AFTER"`
	Margin      time.Duration `default:"100ms" help:"How far a clock may run below zero before the flag falls. Default ${default}." placeholder:"DUR"`
	MoveTimeout time.Duration `name:"move-timeout" help:"Without a clock, the longest a move may take (default: twice the movetime plus 1s, else 1m)." placeholder:"DUR"`
	PGN         string        `name:"pgn" help:"Write every game's record to FILE as it finishes (- for stdout: the summary then goes to stderr)." placeholder:"FILE"`
	SPRT        string        `name:"sprt" help:"Stop as soon as a sequential probability ratio test decides between ELO0 and ELO1 (alpha and beta default to 0.05)." placeholder:"ELO0,ELO1[,ALPHA,BETA]"`
	Event       string        `default:"timechess match" help:"The records' Event tag." placeholder:"TEXT"`
	JSON        bool          `name:"json" help:"Print the summary as JSON."`
}

// Help explains the player specifications and the output.
func (c *MatchCmd) Help() string {
	return match.SpecGrammar + "\n\nThe match prints one line per finished game, then W-L-D, the score, the Elo difference " +
		"with its 95% error bar (per game and per pair of games), the likelihood of superiority (LOS) and the SPRT " +
		"state. A player that plays an illegal move, crashes or runs out of time loses that game, with the reason in " +
		"its record. Give at least one of --tc, --movetime, --depth, --nodes, or a limit in each player's spec."
}

// Run plays the match.
func (c *MatchCmd) Run(ctx context.Context, env *Env) error {
	cfg, err := c.config(env)
	if err != nil {
		return err
	}
	out := env.Stdout
	if c.PGN != "" {
		w, closeRecords, err := c.records(env)
		if err != nil {
			return err
		}
		defer closeRecords()
		cfg.PGN = w
		if c.PGN == "-" {
			out = env.Stderr
		}
	}
	bar := startProgress(env, c.Games, "match")
	done := 0
	cfg.Progress = func(r match.GameResult, t match.Tally) {
		done++
		bar.set(done)
		if !c.JSON && c.PGN != "-" && !env.Terminal {
			fmt.Fprintf(out, "round %d: %s - %s %s (%s)\n", r.Round, r.White, r.Black, r.Result, r.Reason)
		}
	}
	sum, runErr := match.Run(ctx, cfg)
	bar.finish()
	if sum == nil {
		return runErr
	}
	if c.JSON {
		err = writeJSON(out, c.jsonSummary(sum))
	} else {
		err = c.printSummary(out, sum)
	}
	return errors.Join(runErr, err)
}

// config builds the match configuration from the flags.
func (c *MatchCmd) config(env *Env) (match.Config, error) {
	v, err := rules.Lookup(c.Variant)
	if err != nil {
		return match.Config{}, err
	}
	cfg := match.Config{
		Variant: v, Games: c.Games, Concurrency: c.Concurrency, MaxPlies: c.MaxPlies,
		TimeMargin: c.Margin, MoveTimeout: c.MoveTimeout, Event: c.Event, Now: env.Now,
	}
	for i, text := range []string{c.P1, c.P2} {
		if cfg.Players[i], err = match.ParseSpec(text); err != nil {
			return cfg, fmt.Errorf("--p%d: %w", i+1, err)
		}
	}
	switch {
	case c.Games < 1:
		return cfg, fmt.Errorf("--games %d: at least 1 game", c.Games)
	case c.Concurrency < 1:
		return cfg, fmt.Errorf("--concurrency %d: at least 1", c.Concurrency)
	case c.MoveTime < 0 || c.Depth < 0 || c.MaxPlies < 0:
		return cfg, errors.New("--movetime, --depth and --max-plies cannot be negative")
	case c.Depth > engine.MaxDepth:
		return cfg, fmt.Errorf("--depth %d: at most %d", c.Depth, engine.MaxDepth)
	}
	cfg.Control.Limit = match.Limit{Depth: c.Depth, Nodes: c.Nodes, MoveTime: time.Duration(c.MoveTime) * time.Millisecond}
	if c.TC != "" {
		tc, err := match.ParseTimeControl(c.TC)
		if err != nil {
			return cfg, fmt.Errorf("--tc: %w", err)
		}
		cfg.Control.Clock = &tc
	}
	if c.Resign != "" {
		n, err := numbers("--resign", c.Resign, 2)
		if err != nil {
			return cfg, err
		}
		cfg.Resign = match.ResignRule{Score: engine.Score(n[0]), Moves: n[1]}
	}
	if c.Draw != "" {
		n, err := numbers("--draw", c.Draw, 3)
		if err != nil {
			return cfg, err
		}
		cfg.Draw = match.DrawRule{Score: engine.Score(n[0]), Moves: n[1], After: n[2]}
	}
	if c.SPRT != "" {
		t, err := match.ParseSPRT(c.SPRT)
		if err != nil {
			return cfg, fmt.Errorf("--sprt: %w", err)
		}
		cfg.SPRT = &t
	}
	if c.Openings != "" {
		in, err := env.open(c.Openings)
		if err != nil {
			return cfg, fmt.Errorf("--openings: %w", err)
		}
		defer in.Close()
		if cfg.Openings, err = match.ReadOpenings(in, v); err != nil {
			return cfg, fmt.Errorf("--openings %s: %w", c.Openings, err)
		}
	}
	return cfg, nil
}

// numbers reads n comma-separated whole numbers of at least 1 (the first,
// a score in centipawns, up to 10000).
func numbers(flag, text string, n int) ([]int, error) {
	f := strings.Split(text, ",")
	if len(f) != n {
		return nil, fmt.Errorf("%s %q: expected %d numbers separated by commas", flag, text, n)
	}
	out := make([]int, n)
	for i, s := range f {
		x, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || x < 0 || i == 0 && x > 10000 || i > 0 && x < 1 {
			return nil, fmt.Errorf("%s %q: %q is not a whole number in range (centipawns 0 to 10000, then counts of at least 1)", flag, text, s)
		}
		out[i] = x
	}
	return out, nil
}

// records opens the PGN output.
func (c *MatchCmd) records(env *Env) (io.Writer, func(), error) {
	if c.PGN == "-" {
		return env.Stdout, func() {}, nil
	}
	f, err := os.Create(c.PGN)
	if err != nil {
		return nil, nil, fmt.Errorf("--pgn: %w", err)
	}
	return f, func() { f.Close() }, nil
}

// eloText writes an estimate as "+34.9 ± 34.2", with "inf" for unbounded values.
func eloText(e match.Estimate) string {
	num := func(x float64, sign bool) string {
		switch {
		case math.IsInf(x, 1):
			return map[bool]string{true: "+inf", false: "inf"}[sign]
		case math.IsInf(x, -1):
			return "-inf"
		case sign:
			return fmt.Sprintf("%+.1f", x)
		}
		return fmt.Sprintf("%.1f", x)
	}
	return num(e.Elo, true) + " ± " + num(e.Error, false)
}

// printSummary writes the summary for people.
func (c *MatchCmd) printSummary(w io.Writer, s *match.Summary) error {
	t := s.Tally
	var b strings.Builder
	games := "games"
	if t.Games() == 1 {
		games = "game"
	}
	fmt.Fprintf(&b, "Score of %s vs %s: %d - %d - %d (W-L-D) [%.3f] %d %s\n",
		s.Names[0], s.Names[1], t.Wins, t.Losses, t.Draws, t.Score(), t.Games(), games)
	fmt.Fprintf(&b, "Elo difference: %s (95%%), LOS: %.1f%%\n", eloText(t.Trinomial()), 100*t.LOS())
	if t.PairCount() > 0 {
		fmt.Fprintf(&b, "Pairs (first player's points 0, 0.5, 1, 1.5, 2): %v, Elo %s\n", t.Pairs, eloText(t.Pentanomial()))
	}
	faults := [2]int{}
	for _, g := range s.Games {
		if g.Faulty >= 0 {
			faults[g.Faulty]++
		}
	}
	if faults != [2]int{} {
		fmt.Fprintf(&b, "Games lost by a fault (illegal move, crash, time): %s %d, %s %d\n", s.Names[0], faults[0], s.Names[1], faults[1])
	}
	if s.SPRT != nil {
		fmt.Fprintf(&b, "SPRT (%s): LLR %.2f, bounds [%.2f, %.2f]", c.SPRT, s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper)
		if s.SPRT.Decision != "" {
			fmt.Fprintf(&b, ", %s accepted", s.SPRT.Decision)
		}
		b.WriteString("\n")
	}
	if s.Stopped != "" {
		fmt.Fprintf(&b, "Stopped early: %s\n", s.Stopped)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// matchJSON is the JSON shape of a match summary. Unbounded values
// (an Elo difference after only wins) are null.
type matchJSON struct {
	Variant     string        `json:"variant"`
	Players     [2]string     `json:"players"`
	Games       int           `json:"games"`
	Wins        int           `json:"wins"`
	Draws       int           `json:"draws"`
	Losses      int           `json:"losses"`
	Score       float64       `json:"score"`
	Elo         *float64      `json:"elo"`
	EloError    *float64      `json:"elo_error"`
	LOS         float64       `json:"los"`
	Pairs       [5]int        `json:"pairs"`
	PentaElo    *float64      `json:"penta_elo"`
	PentaError  *float64      `json:"penta_elo_error"`
	SPRT        *sprtJSON     `json:"sprt,omitempty"`
	Stopped     string        `json:"stopped,omitempty"`
	GameResults []gameJSONRow `json:"results"`
}

// sprtJSON is the state of the SPRT.
type sprtJSON struct {
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision,omitempty"`
}

// gameJSONRow is one finished game.
type gameJSONRow struct {
	Round   int    `json:"round"`
	Opening string `json:"opening"`
	White   string `json:"white"`
	Black   string `json:"black"`
	Result  string `json:"result"`
	Reason  string `json:"reason"`
	Plies   int    `json:"plies"`
}

// finite returns a pointer to x, or nil when x is infinite or NaN.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// jsonSummary builds the JSON summary.
func (c *MatchCmd) jsonSummary(s *match.Summary) matchJSON {
	t := s.Tally
	tri, penta := t.Trinomial(), t.Pentanomial()
	out := matchJSON{
		Variant: c.Variant, Players: s.Names, Games: t.Games(), Wins: t.Wins, Draws: t.Draws, Losses: t.Losses,
		Score: t.Score(), Elo: finite(tri.Elo), EloError: finite(tri.Error), LOS: t.LOS(),
		Pairs: t.Pairs, PentaElo: finite(penta.Elo), PentaError: finite(penta.Error), Stopped: s.Stopped,
		GameResults: []gameJSONRow{},
	}
	if s.SPRT != nil {
		out.SPRT = &sprtJSON{s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper, s.SPRT.Decision}
	}
	for _, g := range s.Games {
		out.GameResults = append(out.GameResults, gameJSONRow{g.Round, g.Opening, g.White, g.Black, g.Result.String(), g.Reason, g.Plies})
	}
	return out
}
