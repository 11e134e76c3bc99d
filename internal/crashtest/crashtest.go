package crashtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"timechess/internal/loadgen"
)

// Config is one crash run.
type Config struct {
	// Binary is the timechess executable; DSN the database it serves
	// (store.Open's form: a SQLite file or postgres://...).
	Binary, DSN string
	// Kills is how many times the server is killed with SIGKILL while
	// the games go on (one more kill follows once they have stopped).
	Kills int
	// Games are played at once; Think is a player's mean pause before a
	// move; MaxPlies the length at which a game is resigned; ClockMs each
	// side's live clock (short, so that some games run out of time while
	// the server is down).
	Games    int
	Think    time.Duration
	MaxPlies int
	ClockMs  int64
	// The server lives between MinUp and MaxUp before each kill and stays
	// dead up to MaxDown (uniformly at random).
	MinUp, MaxUp, MaxDown time.Duration
	// Seed makes the kill moments and the players' moves repeatable (as
	// far as timing allows).
	Seed uint64
	// Dir receives the server's log (serve.log) and the record of the
	// acknowledged moves (acked.tsv).
	Dir string
	// Progress, if not nil, gets a line per kill.
	Progress io.Writer
}

// Report is what a run found.
type Report struct {
	// Kills counts the SIGKILLs (the last one after the load stopped);
	// Restarts the starts after a kill.
	Kills, Restarts int
	// Acknowledged counts the moves the server acknowledged, Found those
	// of them stored with the same game, ply and move.
	Acknowledged, Found int
	// Games counts the games checked (replayed), StoredMoves their moves.
	Games, StoredMoves int
	// Reasons counts the ended games by reason; Ongoing the games still
	// going on.
	Reasons map[string]int
	Ongoing int
	// FlaggedAtLastStart counts the games the last server flagged for
	// running out of time while it was down.
	FlaggedAtLastStart int
	// AckedPerLife counts the acknowledged moves made in each life of the
	// server, in order (the last, which only sweeps, excluded).
	AckedPerLife []int
	// ServerErrors counts the ERROR lines of the server's log;
	// ServerErrorLines are the first of them.
	ServerErrors     int
	ServerErrorLines []string
	// Problems lists what is wrong, empty when everything checks.
	Problems []string
}

// Summary is the report in one line.
func (r *Report) Summary() string {
	least := -1
	for _, n := range r.AckedPerLife {
		if least < 0 || n < least {
			least = n
		}
	}
	return fmt.Sprintf("kills %d, restarts %d; moves acknowledged %d, found %d; games checked %d (%d moves; ended %v, ongoing %d); "+
		"flagged at the last start %d; acknowledged moves per server life: fewest %d of %d lives; server errors logged %d; problems %d",
		r.Kills, r.Restarts, r.Acknowledged, r.Found, r.Games, r.StoredMoves, r.Reasons, r.Ongoing,
		r.FlaggedAtLastStart, least, len(r.AckedPerLife), r.ServerErrors, len(r.Problems))
}

// life is one run of the server process, from start to death.
type life struct{ started, ended time.Time }

// Run plays, kills and restarts as cfg says, then checks the database. It
// returns an error when the run itself could not be done; what the checks
// find is in the Report's Problems.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Kills < 1 || cfg.Games < 1 || cfg.MinUp <= 0 || cfg.MaxUp < cfg.MinUp || cfg.MaxDown < 0 || cfg.ClockMs < 1000 {
		return nil, fmt.Errorf("crash run: kills %d, games %d, up %v-%v, down <= %v, clock %d ms: want at least 1 kill and game, 0 < MinUp <= MaxUp, MaxDown >= 0, a clock of 1 s or more",
			cfg.Kills, cfg.Games, cfg.MinUp, cfg.MaxUp, cfg.MaxDown, cfg.ClockMs)
	}
	progress := cfg.Progress
	if progress == nil {
		progress = io.Discard
	}
	logFile, err := os.Create(filepath.Join(cfg.Dir, "serve.log"))
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	addr, err := freeLoopbackAddr()
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6372617368))
	between := func(lo, hi time.Duration) time.Duration { return lo + time.Duration(rng.Int64N(int64(hi-lo)+1)) }

	proc, err := startServe(ctx, cfg.Binary, addr, cfg.DSN, logFile)
	if err != nil {
		return nil, err
	}
	defer func() {
		select {
		case <-proc.exited:
		default:
			proc.kill()
		}
	}()
	var record bytes.Buffer
	rec := loadgen.NewRecorder(&record)
	loadCtx, stopLoad := context.WithCancel(ctx)
	defer stopLoad()
	client := loadgen.NewHTTPClient()
	loaded := make(chan error, 1)
	go func() {
		_, err := loadgen.Run(loadCtx, loadgen.Config{
			Target:   &loadgen.API{URL: "http://" + addr, Label: "crash test", InitialMs: cfg.ClockMs, Client: client},
			Games:    cfg.Games,
			Duration: 24 * time.Hour, // until stopLoad
			Think:    cfg.Think, MaxPlies: cfg.MaxPlies, Seed: cfg.Seed,
			Record: rec, Client: client,
		})
		loaded <- err
	}()

	rep := &Report{}
	var lives []life
	for kill := 1; kill <= cfg.Kills; kill++ {
		if !loadgen.Sleep(ctx, between(cfg.MinUp, cfg.MaxUp)) {
			return nil, ctx.Err()
		}
		proc.kill()
		lives = append(lives, life{proc.Started, proc.Ended})
		rep.Kills++
		down := between(0, cfg.MaxDown)
		fmt.Fprintf(progress, "kill %d after %v up; down for %v\n", kill, proc.Ended.Sub(proc.Started).Round(time.Millisecond), down.Round(time.Millisecond))
		if !loadgen.Sleep(ctx, down) {
			return nil, ctx.Err()
		}
		if proc, err = startServe(ctx, cfg.Binary, addr, cfg.DSN, logFile); err != nil {
			return nil, fmt.Errorf("restart %d: %w", kill, err)
		}
		rep.Restarts++
	}
	if !loadgen.Sleep(ctx, cfg.MaxUp) {
		return nil, ctx.Err()
	}
	stopLoad()
	if err := <-loaded; err != nil && !errors.Is(err, context.Canceled) {
		return nil, fmt.Errorf("load: %w", err)
	}
	if err := rec.Flush(); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(cfg.Dir, "acked.tsv"), record.Bytes(), 0o644); err != nil {
		return nil, err
	}

	// A last crash, a pause for every clock to run out, and a restart whose
	// sweep must flag every game with a running clock; then a graceful stop.
	proc.kill()
	lives = append(lives, life{proc.Started, proc.Ended})
	rep.Kills++
	fmt.Fprintf(progress, "last kill after the load stopped; waiting %v for every clock to run out\n", time.Duration(cfg.ClockMs+1000)*time.Millisecond)
	if !loadgen.Sleep(ctx, time.Duration(cfg.ClockMs+1000)*time.Millisecond) {
		return nil, ctx.Err()
	}
	if proc, err = startServe(ctx, cfg.Binary, addr, cfg.DSN, logFile); err != nil {
		return nil, fmt.Errorf("last restart: %w", err)
	}
	rep.Restarts++
	lastStart := proc.Started
	if err := waitSwept(ctx, cfg.DSN, lastStart, sweepTimeout); err != nil {
		rep.Problems = append(rep.Problems, err.Error())
	}
	if err := proc.stop(30 * time.Second); err != nil {
		rep.Problems = append(rep.Problems, err.Error())
	}
	acked, err := readRecord(bytes.NewReader(record.Bytes()))
	if err != nil {
		return nil, err
	}
	if err := check(ctx, cfg, acked, lives, lastStart, rep); err != nil {
		return nil, err
	}
	if err := scanLog(filepath.Join(cfg.Dir, "serve.log"), rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// sweepTimeout bounds the wait for the last server's sweep.
const sweepTimeout = 30 * time.Second
