package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"time"

	"timechess/internal/loadgen"
)

// LoadtestCmd plays many concurrent live games through the WebSocket API
// and compares the server with a minimal WebSocket relay measured in the
// same run.
type LoadtestCmd struct {
	Games      []int         `required:"" sep:"," help:"Numbers of concurrent games, one run each (e.g. 100,1000,2000)." placeholder:"N"`
	Duration   time.Duration `default:"30s" help:"Measured time of each run. Default ${default}." placeholder:"DUR"`
	Ramp       time.Duration `default:"5s" help:"Ramp-up before each run's measured time: the games start evenly over it (not measured). Default ${default}." placeholder:"DUR"`
	Think      time.Duration `default:"0s" help:"Mean pause of a player before each move (0: move at once, the most the server can take). Default ${default}." placeholder:"DUR"`
	MaxPlies   int           `name:"max-plies" default:"80" help:"Resign a game when it reaches this many plies, so games keep a real game's size and new ones start (0: never). Default ${default}." placeholder:"N"`
	DB         string        `name:"db" default:"sqlite" help:"Database of the in-process server: sqlite (a fresh file in a temporary directory), a SQLite file, or postgres://... Default ${default}." placeholder:"DSN"`
	URL        string        `name:"url" help:"Load an external server at this base URL instead (loopback only; run it with its rate limits off)." placeholder:"URL"`
	Seed       uint64        `default:"1" help:"Seed of the players' move choices. Default ${default}." placeholder:"N"`
	Record     string        `help:"Write every move the server acknowledged to FILE: game id, ply, move, tab-separated." placeholder:"FILE"`
	CPUProfile string        `name:"cpuprofile" help:"Write a CPU profile of this process (the in-process server and the clients) to FILE." placeholder:"FILE"`
	JSON       bool          `name:"json" help:"Print JSON."`
}

// Run starts the server unless --url names one, measures, and prints the
// report.
func (c *LoadtestCmd) Run(ctx context.Context, env *Env) (err error) {
	for _, n := range c.Games {
		if n < 1 {
			return fmt.Errorf("--games: %d: want at least 1", n)
		}
	}
	if c.Duration <= 0 || c.Ramp < 0 || c.Think < 0 || c.MaxPlies < 0 {
		return fmt.Errorf("--duration %v must be positive, --ramp %v, --think %v and --max-plies %d not negative", c.Duration, c.Ramp, c.Think, c.MaxPlies)
	}
	url, label := c.URL, "timechess "+c.URL
	if url != "" {
		if err := loadgen.CheckLoopback(url); err != nil {
			return err
		}
		url = strings.TrimSuffix(url, "/")
	} else {
		var stop func() error
		if url, label, stop, err = c.startServer(ctx); err != nil {
			return err
		}
		defer func() { err = errors.Join(err, stop()) }()
	}
	plan := loadgen.Plan{
		Server:   &loadgen.API{URL: url, Label: label, InitialMs: (10 * time.Minute).Milliseconds(), Client: loadgen.NewHTTPClient()},
		Games:    c.Games,
		Duration: c.Duration, Ramp: c.Ramp, Think: c.Think, MaxPlies: c.MaxPlies, Seed: c.Seed,
		Log: env.Stderr,
	}
	if c.Record != "" {
		f, err := os.Create(c.Record)
		if err != nil {
			return err
		}
		defer func() { err = errors.Join(err, f.Close()) }()
		plan.Record = loadgen.NewRecorder(f)
	}
	if c.CPUProfile != "" {
		f, err := os.Create(c.CPUProfile)
		if err != nil {
			return err
		}
		defer func() { err = errors.Join(err, f.Close()) }()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	rep, err := loadgen.Measure(ctx, plan)
	if err != nil {
		return err
	}
	if c.JSON {
		return writeJSON(env.Stdout, rep)
	}
	return rep.WriteText(env.Stdout)
}

// startServer starts the in-process server on --db and returns its URL, its
// name in the report and how to stop it.
func (c *LoadtestCmd) startServer(ctx context.Context) (url, label string, stop func() error, err error) {
	dsn, label := c.DB, "timechess sqlite"
	var dir string
	switch {
	case dsn == "sqlite":
		if dir, err = os.MkdirTemp("", "timechess-loadtest-"); err != nil {
			return "", "", nil, err
		}
		dsn = filepath.Join(dir, "games.db")
	case strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://"):
		label = "timechess postgres"
	}
	url, stopServer, err := loadgen.StartServer(ctx, dsn)
	stop = func() error {
		var err error
		if stopServer != nil {
			err = stopServer()
		}
		if dir != "" {
			err = errors.Join(err, os.RemoveAll(dir))
		}
		return err
	}
	if err != nil {
		return "", "", nil, errors.Join(err, stop())
	}
	return url, label, stop, nil
}
