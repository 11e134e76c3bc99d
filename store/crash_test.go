package store_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"timechess/store"
)

// The crash test runs this test binary again as a mover that appends moves
// and prints "ack PLY" after each AppendMove returns, until it is killed.
const (
	crashDSNEnv  = "TIMECHESS_CRASH_MOVER_DSN"
	crashGameEnv = "TIMECHESS_CRASH_MOVER_GAME"
)

func TestMain(m *testing.M) {
	if dsn := os.Getenv(crashDSNEnv); dsn != "" {
		if err := moveUntilKilled(dsn, os.Getenv(crashGameEnv)); err != nil {
			fmt.Fprintln(os.Stderr, "mover:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashAction is the move the mover stores at a ply, so that the test knows
// what each ply must hold.
func crashAction(ply int) string { return "m" + strconv.Itoa(ply) }

func moveUntilKilled(dsn, id string) error {
	ctx := context.Background()
	s, err := store.Open(ctx, dsn)
	if err != nil {
		return err
	}
	g, err := s.Game(ctx, id)
	if err != nil {
		return err
	}
	for {
		ply := g.Ply + 1
		if g, err = s.AppendMove(ctx, id, g.Ply, store.Move{Action: crashAction(ply)}, g.State); err != nil {
			return err
		}
		fmt.Printf("ack %d\n", ply)
	}
}

// A process killed with SIGKILL while it appends moves loses none that it
// was told were stored, and leaves a database that opens and reads whole.
func testCrashKeepsAcknowledgedMoves(t *testing.T, b backend) {
	if testing.Short() {
		t.Skip("-short: no crash test")
	}
	dsn := b.fresh(t)
	s := openStore(t, dsn)
	id := newChessGame(t, s).ID
	acked := 0
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashDSNEnv+"="+dsn, crashGameEnv+"="+id)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		// Kill it once it has made some moves, at a random moment after.
		for moves := 0; moves < 5 && lines.Scan(); moves++ {
			acked = ackOf(t, lines.Text())
		}
		time.Sleep(time.Duration(rand.IntN(150)) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		for lines.Scan() {
			acked = ackOf(t, lines.Text())
		}
		if err := cmd.Wait(); err == nil || stderr.Len() > 0 {
			t.Fatalf("round %d: the mover ended by itself (%v): %s", round, err, stderr.String())
		}

		g, moves, err := s.Load(testContext(t), id)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if g.Ply < acked || len(moves) != g.Ply {
			t.Fatalf("round %d: %d moves acknowledged, the game has ply %d and %d moves", round, acked, g.Ply, len(moves))
		}
		for i, m := range moves {
			if m.Ply != i+1 || m.Action != crashAction(i+1) {
				t.Fatalf("round %d: move %d is %+v", round, i+1, m)
			}
		}
		t.Logf("round %d: %d moves acknowledged, %d stored", round, acked, g.Ply)
	}
}

func ackOf(t *testing.T, line string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(line, "ack "))
	if err != nil {
		t.Fatalf("the mover printed %q", line)
	}
	return n
}
