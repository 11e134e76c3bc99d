package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"timechess/engine"
	"timechess/notation"
	"timechess/rules"
)

// AnalyzeCmd searches a position and prints the best lines at each depth.
type AnalyzeCmd struct {
	LineFlags `embed:""`
	Depth     int  `xor:"limit" help:"Search this many plies (default: --movetime 5000)." placeholder:"D"`
	MoveTime  int  `name:"movetime" xor:"limit" help:"Search this many milliseconds." placeholder:"MS"`
	MultiPV   int  `name:"multipv" default:"1" help:"Best lines to show; default ${default}." placeholder:"K"`
	Threads   int  `default:"1" help:"Search threads; default ${default}." placeholder:"N"`
	Hash      int  `default:"64" help:"Transposition table size in MiB; default ${default}." placeholder:"MB"`
	JSON      bool `name:"json" help:"Print JSON."`
}

// defaultMoveTime is the search time when neither --depth nor --movetime is given.
const defaultMoveTime = 5 * time.Second

// analysisLine is one line found at one depth.
type analysisLine struct {
	Depth   int      `json:"depth"`
	MultiPV int      `json:"multipv"`
	Score   string   `json:"score"`
	Nodes   uint64   `json:"nodes"`
	PV      []string `json:"pv"`
}

// analysisResult is the JSON shape of an analysis. Scores are from the
// point of view of the side to move: "cp N" in centipawns or "mate N" in
// moves (negative when the side to move is mated).
type analysisResult struct {
	Variant string         `json:"variant"`
	FEN     string         `json:"fen"`
	Lines   []analysisLine `json:"lines"`
	Best    string         `json:"best,omitempty"`
	Ponder  string         `json:"ponder,omitempty"`
	Score   string         `json:"score"`
	Depth   int            `json:"depth"`
	Nodes   uint64         `json:"nodes"`
	Over    string         `json:"over,omitempty"`
}

// Run searches and prints each line as it is found, then a summary.
func (c *AnalyzeCmd) Run(ctx context.Context, env *Env) error {
	if c.Depth < 0 || c.MoveTime < 0 || c.MultiPV < 1 || c.Threads < 1 || c.Hash < 1 {
		return fmt.Errorf("--depth, --movetime, --multipv, --threads and --hash must be positive")
	}
	p, err := c.position()
	if err != nil {
		return err
	}
	limits := engine.Limits{Depth: c.Depth, MoveTime: time.Duration(c.MoveTime) * time.Millisecond, MultiPV: c.MultiPV}
	if c.Depth == 0 && c.MoveTime == 0 {
		limits.MoveTime = defaultMoveTime
	}
	res := analysisResult{Variant: c.Variant, FEN: p.FEN(), Lines: []analysisLine{}}
	start := env.now()
	e := engine.New(engine.Options{Threads: c.Threads, HashMB: c.Hash})
	found := e.Search(ctx, p, limits, func(i engine.Info) {
		l := analysisLine{Depth: i.Depth, MultiPV: i.MultiPV, Score: i.Score.String(), Nodes: i.Nodes, PV: sanMoves(p, i.PV)}
		res.Lines = append(res.Lines, l)
		if !c.JSON {
			multi := ""
			if c.MultiPV > 1 {
				multi = " multipv " + strconv.Itoa(l.MultiPV)
			}
			fmt.Fprintf(env.Stdout, "depth %d%s score %s nodes %d pv %s\n", l.Depth, multi, l.Score, l.Nodes, numberedLine(p, i.PV))
		}
	})
	elapsed := env.now().Sub(start)
	fmt.Fprintf(env.Stderr, "analysis: %d nodes in %.3f s (%.0f nodes/s)\n", found.Nodes, elapsed.Seconds(), rate(found.Nodes, elapsed.Seconds()))
	res.Score, res.Depth, res.Nodes = found.Score.String(), found.Depth, found.Nodes
	if found.Best.IsNull() {
		st := p.Status()
		res.Over = fmt.Sprintf("%s (%s)", st.Reason, st.Result)
	} else {
		res.Best = notation.SAN(p, found.Best)
		if !found.Ponder.IsNull() {
			res.Ponder = sanMoves(p, found.PV[:2])[1]
		}
	}
	if c.JSON {
		err = writeJSON(env.Stdout, res)
	} else {
		err = printAnalysis(env, res)
	}
	if err == nil {
		err = ctx.Err()
	}
	return err
}

// printAnalysis writes the summary line of an analysis.
func printAnalysis(env *Env, res analysisResult) error {
	if res.Over != "" {
		_, err := fmt.Fprintf(env.Stdout, "no legal moves: %s\n", res.Over)
		return err
	}
	line := "best " + res.Best
	if res.Ponder != "" {
		line += " ponder " + res.Ponder
	}
	_, err := fmt.Fprintf(env.Stdout, "%s score %s depth %d\n", line, res.Score, res.Depth)
	return err
}

// sanMoves returns the moves of a line from p in SAN.
func sanMoves(p *rules.Position, line []rules.Move) []string {
	q := p.Copy()
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = notation.SAN(q, m)
		q.Make(m)
	}
	return out
}

// numberedLine writes a line from p in SAN with move numbers: "16. Qb8+ Nxb8
// 17. Rd8#", or "5... Qxg2 6. Rf1" when Black moves first.
func numberedLine(p *rules.Position, line []rules.Move) string {
	q := p.Copy()
	var b strings.Builder
	for i, m := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case q.Side == rules.White:
			fmt.Fprintf(&b, "%d. ", q.Fullmove)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", q.Fullmove)
		}
		b.WriteString(notation.SAN(q, m))
		q.Make(m)
	}
	return b.String()
}
