package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

// fuzzDeadline bounds one command of a fuzz input: a slower one is reported
// as a hang.
const fuzzDeadline = 10 * time.Second

// checkExit runs one command and checks that it ends in time with status 0,
// or status 1 and a message.
func checkExit(t *testing.T, args []string, stdin io.Reader) {
	t.Helper()
	type outcome struct {
		stderr string
		code   int
	}
	done := make(chan outcome, 1)
	go func() {
		_, stderr, code := execute(t, args, stdin)
		done <- outcome{stderr, code}
	}()
	select {
	case o := <-done:
		switch {
		case o.code == exitError && o.stderr == "":
			t.Errorf("%q: status 1 without a message", args)
		case o.code != exitOK && o.code != exitError:
			t.Errorf("%q: status %d; %s", args, o.code, o.stderr)
		}
	case <-time.After(fuzzDeadline):
		t.Fatalf("%q: no answer after %v", args, fuzzDeadline)
	}
}

// FuzzCommandLine feeds arbitrary positions and move lists to the moves and
// perft verbs: whatever the input, the command must end with status 0, or
// with status 1 and a message on stderr, never a panic.
func FuzzCommandLine(f *testing.F) {
	f.Add("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4 e5 Nf3")
	f.Add("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1 O-O-O")
	f.Add("chess", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "a8=Q a8Q a7a8q")
	f.Add("chess10x8", "", "Gd3 e4")
	f.Add("chess", "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "Kb1")
	f.Add("nosuch", "", "")
	f.Add("chess", "8/8/8/8 w", "e4")
	f.Add("timethief", "", "e4 e5")
	f.Fuzz(func(t *testing.T, variant, fen, moves string) {
		for _, args := range [][]string{
			{"moves", "--variant=" + variant, "--fen=" + fen, "--moves=" + moves},
			{"perft", "--variant=" + variant, "--fen=" + fen, "--moves=" + moves, "--depth=1", "--divide"},
		} {
			checkExit(t, args, strings.NewReader(""))
		}
	})
}

// FuzzReplay feeds arbitrary input to replay, as bare movetext or PGN: the
// status must be 0, or 1 with a message, never a panic.
func FuzzReplay(f *testing.F) {
	f.Add("chess", "1. e4 e5 2. Nf3 Nc6 *")
	f.Add("chess", "[Event \"x\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1")
	f.Add("chess10x8", "\ufeff 1. g3 g6 2. Nj3 {a comment} Nj6 (2... Nh6) 3. Bg2 $1 *")
	f.Add("chess", "1. e4 e5 2. Ke3")
	f.Add("chess", "   \n")
	f.Add("chess", "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"] 1. e4")
	f.Fuzz(func(t *testing.T, variant, input string) {
		checkExit(t, []string{"replay", "--variant=" + variant}, strings.NewReader(input))
	})
}
