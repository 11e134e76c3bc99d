package match

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// fakeSpec returns a spec of the test binary as a fake engine in mode.
func fakeSpec(t *testing.T, protocol, mode string) *Spec {
	t.Helper()
	t.Setenv(fakeEnv, protocol+":"+mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return mustSpec(t, protocol+":"+exe)
}

// TestFakeEngineFaults plays games against fake engines that misbehave:
// each fault loses the game for the faulty engine with a clear reason, and
// the match goes on.
func TestFakeEngineFaults(t *testing.T) {
	tests := []struct {
		protocol, mode string
		reason         string // part of the reason of the faulty engine's loss
	}{
		{"uci", "illegal", `illegal move "a1a1"`},
		{"uci", "crash", "segmentation fault"},
		{"uci", "hang", "no move within 300ms"},
		{"xboard", "illegal", `illegal move "a1a1"`},
		{"xboard", "crash", "segmentation fault"},
		{"xboard", "hang", "no move within 300ms"},
		{"xboard", "resign", "resigns"},
	}
	for _, tc := range tests {
		t.Run(tc.protocol+"-"+tc.mode, func(t *testing.T) {
			sum, err := Run(context.Background(), Config{
				Variant:     lookup(t, "chess"),
				Players:     [2]*Spec{mustSpec(t, "random:seed=1"), fakeSpec(t, tc.protocol, tc.mode)},
				Games:       2,
				MoveTimeout: 300 * time.Millisecond,
				MaxPlies:    20,
				Control:     Control{Limit: Limit{Depth: 1}},
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Tally.Wins != 2 {
				t.Fatalf("the faulty engine did not lose both games: %+v %+v", sum.Tally, sum.Games)
			}
			for _, g := range sum.Games {
				if !strings.Contains(g.Reason, tc.reason) {
					t.Errorf("round %d: reason %q, want one containing %q", g.Round, g.Reason, tc.reason)
				}
				if wantFaulty := map[bool]int{true: -1, false: 1}[tc.mode == "resign"]; g.Faulty != wantFaulty {
					t.Errorf("round %d: faulty player %d, want %d", g.Round, g.Faulty, wantFaulty)
				}
			}
		})
	}
}

// TestFakeEnginesPlayWell: well-behaved fake engines of both protocols
// finish their games, which the ply limit adjudicates.
func TestFakeEnginesPlayWell(t *testing.T) {
	for _, protocol := range []string{"uci", "xboard"} {
		t.Run(protocol, func(t *testing.T) {
			sum := runMatch(t, Config{
				Variant:  lookup(t, "chess"),
				Players:  [2]*Spec{mustSpec(t, "greedy"), fakeSpec(t, protocol, "ok")},
				Games:    2,
				MaxPlies: 16,
				Control:  Control{Limit: Limit{Depth: 1}},
			})
			if sum.Names[1] != "Fake "+map[string]string{"uci": "UCI", "xboard": "XBoard"}[protocol] {
				t.Errorf("name %q", sum.Names[1])
			}
		})
	}
}

// TestEngineThatNeverStarts: a program that does not finish its handshake
// stops the match with an error before any game.
func TestEngineThatNeverStarts(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := Run(ctx, Config{
		Variant: lookup(t, "chess"), Games: 2, Control: Control{Limit: Limit{Depth: 1}},
		Players: [2]*Spec{mustSpec(t, "random"), fakeSpec(t, "uci", "deaf")},
	})
	if err == nil || !strings.Contains(err.Error(), "did not answer in time") {
		t.Fatalf("error %v, want a start-up timeout", err)
	}
}

// installed returns the path of a Debian engine, or skips the test.
func installed(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath("/usr/games/" + name)
	if err != nil {
		if path, err = exec.LookPath(name); err != nil {
			t.Skipf("skipping: %s is not installed (Debian package %s)", name, name)
		}
	}
	return path
}

// TestRealEngines plays short games against the Debian engines that are
// installed: Stockfish over UCI, Fairy-Max over XBoard, Fairy-Stockfish in
// chess10x8 (a variant it learns from timechess's definitions).
func TestRealEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping external engines in -short mode")
	}
	tests := []struct {
		name, variant, program, spec string
	}{
		{"stockfish", "chess", "stockfish", "uci:%s:Skill Level=0,depth=1"},
		{"fairymax", "chess", "fairymax", "xboard:%s:depth=1"},
		{"fairy-stockfish chess10x8", "chess10x8", "fairy-stockfish", "uci:%s:depth=1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := installed(t, tc.program)
			runMatch(t, Config{
				Variant:  lookup(t, tc.variant),
				Players:  [2]*Spec{mustSpec(t, "timechess:depth=1"), mustSpec(t, strings.Replace(tc.spec, "%s", path, 1))},
				Games:    2,
				MaxPlies: 40,
			})
		})
	}
}

// TestClockForfeit: an engine that does not move before its clock runs out
// (plus the margin) loses on time, and the match goes on with a new process.
func TestClockForfeit(t *testing.T) {
	sum, err := Run(context.Background(), Config{
		Variant:    lookup(t, "chess"),
		Players:    [2]*Spec{mustSpec(t, "random:seed=1"), fakeSpec(t, "uci", "hang")},
		Games:      2,
		TimeMargin: 50 * time.Millisecond,
		Control:    Control{Clock: &TimeControl{Base: 200 * time.Millisecond}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range sum.Games {
		if g.FirstPoints() != 2 || g.Faulty != 1 || !strings.Contains(g.Reason, "out of time: no move within the 200ms left on its clock (margin 50ms)") {
			t.Errorf("round %d: %+v", g.Round, g)
		}
	}
}
