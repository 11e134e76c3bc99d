// Package perfbench measures the speed of timechess's move generator against
// Fairy-Stockfish's on the same positions: both count the perft leaves
// several times and the medians are compared. `timechess bench` prints it.
package perfbench

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"time"

	"timechess/internal/fsf"
	"timechess/perft"
	"timechess/rules"
)

// Case is one position to count, at one depth.
type Case struct {
	Name    string `json:"name"`
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
	Depth   int    `json:"depth"`
}

// Cases are the positions of `timechess bench`: Kiwipete (the Chess
// Programming Wiki's perft position 2), a chess10x8 middlegame, and the
// start position.
var Cases = []Case{
	{"kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
	{"10x8 middlegame", "chess10x8", "2rgqr1k2/pp2bgpppp/2np1n4/2p1p1b3/2B1P1B3/2NP1N1P2/PPPG1GP1PP/2RQ1RK3 w - - 3 12", 5},
	{"start", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5},
}

// Config says what Run measures.
type Config struct {
	Cases []Case
	Reps  int // runs of each count (at least 1)
	// Engine is the path of Fairy-Stockfish; "" finds it with fsf.Find, and
	// when it is not installed only timechess is measured.
	Engine string
	// WithoutEngine measures timechess only.
	WithoutEngine bool
	// Log receives a line per run as the benchmark goes; nil discards them.
	Log io.Writer
}

// Measure is the timing of one program on one case.
type Measure struct {
	Nodes       uint64    `json:"nodes"`
	Seconds     []float64 `json:"seconds"` // every run, in order
	Median      float64   `json:"median_seconds"`
	NodesPerSec float64   `json:"nodes_per_second"` // at the median time
}

// Result is one case measured.
type Result struct {
	Case
	Timechess Measure  `json:"timechess"`
	Engine    *Measure `json:"fairy_stockfish,omitempty"`
	// Ratio is timechess's nodes per second over Fairy-Stockfish's: above 1
	// timechess is faster. Zero when the engine was not run.
	Ratio float64 `json:"ratio,omitempty"`
}

// Report is the outcome of Run.
type Report struct {
	Reps int `json:"reps"`
	// Engine names the Fairy-Stockfish that ran, or why none did.
	Engine  string   `json:"engine"`
	Results []Result `json:"results"`
}

// Run measures every case cfg.Reps times with timechess and, unless it is
// absent or not wanted, with Fairy-Stockfish. Both must count the same nodes.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Reps < 1 {
		return nil, fmt.Errorf("bench: %d repetitions; at least 1 is needed", cfg.Reps)
	}
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	rep := &Report{Reps: cfg.Reps, Engine: "not run"}
	engine, note, err := startEngine(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if engine != nil {
		defer engine.Close()
		rep.Engine = engine.Name()
	} else if note != "" {
		rep.Engine = note
	}
	for _, c := range cfg.Cases {
		res, err := measureCase(ctx, c, cfg.Reps, engine, log)
		if err != nil {
			return nil, fmt.Errorf("bench %s: %w", c.Name, err)
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, nil
}

// startEngine starts Fairy-Stockfish as cfg asks; a missing engine found by
// search is no error, only a note.
func startEngine(ctx context.Context, cfg Config) (*fsf.Engine, string, error) {
	if cfg.WithoutEngine {
		return nil, "", nil
	}
	path := cfg.Engine
	if path == "" {
		var err error
		if path, err = fsf.Find(); err != nil {
			return nil, err.Error(), nil
		}
	}
	e, err := fsf.Start(ctx, path)
	if err != nil {
		return nil, "", err
	}
	return e, "", nil
}

// measureCase runs one case reps times on each program, alternating them.
func measureCase(ctx context.Context, c Case, reps int, engine *fsf.Engine, log io.Writer) (Result, error) {
	res := Result{Case: c}
	v, err := rules.Lookup(c.Variant)
	if err != nil {
		return res, err
	}
	p, err := rules.NewPosition(v, c.FEN)
	if err != nil {
		return res, err
	}
	if engine != nil {
		res.Engine = &Measure{}
		if err := engine.SetOption(ctx, "UCI_Chess960", strconv.FormatBool(p.Setup().Chess960)); err != nil {
			return res, err
		}
	}
	for i := 1; i <= reps; i++ {
		start := time.Now()
		n, err := perft.Count(ctx, p, c.Depth)
		if err != nil {
			return res, err
		}
		d := time.Since(start)
		res.Timechess.add(n, d)
		fmt.Fprintf(log, "%s perft %d: timechess run %d/%d: %d nodes in %.3f s\n", c.Name, c.Depth, i, reps, n, d.Seconds())
		if engine == nil {
			continue
		}
		start = time.Now()
		out, err := engine.Perft(ctx, c.Variant, p.FEN(), c.Depth)
		if err != nil {
			return res, err
		}
		d = time.Since(start)
		res.Engine.add(out.Nodes, d)
		fmt.Fprintf(log, "%s perft %d: Fairy-Stockfish run %d/%d: %d nodes in %.3f s\n", c.Name, c.Depth, i, reps, out.Nodes, d.Seconds())
		if out.Nodes != n {
			return res, fmt.Errorf("perft %d counts differ: timechess %d, Fairy-Stockfish %d", c.Depth, n, out.Nodes)
		}
	}
	res.Timechess.finish()
	if res.Engine != nil {
		res.Engine.finish()
		if res.Engine.NodesPerSec > 0 {
			res.Ratio = res.Timechess.NodesPerSec / res.Engine.NodesPerSec
		}
	}
	return res, nil
}

// add records one run.
func (m *Measure) add(nodes uint64, d time.Duration) {
	m.Nodes = nodes
	m.Seconds = append(m.Seconds, d.Seconds())
}

// finish computes the median and the speed at the median.
func (m *Measure) finish() {
	m.Median = Median(m.Seconds)
	if m.Median > 0 {
		m.NodesPerSec = float64(m.Nodes) / m.Median
	}
}

// Median returns the middle value of xs (the mean of the two middle ones for
// an even count), or 0 for none. xs is not changed.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	mid := len(s) / 2
	if len(s)%2 == 1 {
		return s[mid]
	}
	return (s[mid-1] + s[mid]) / 2
}
