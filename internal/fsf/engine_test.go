package fsf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"timechess/internal/engineproc"
)

// fakeEnv selects the behaviour of the fake engine: when the test binary is
// started with it set, it plays a scripted UCI engine instead of running tests.
const fakeEnv = "TIMECHESS_FAKE_FSF"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

// fakeEngine answers UCI commands on stdin the way Fairy-Stockfish does, with
// a fault chosen by mode: "ok" (none), "hang" (perft never ends), "crash"
// (perft kills the process), "badsum" (the total disagrees with the divide),
// "deaf" (ignores quit), "plain" (no UCI_Variant option: not Fairy-Stockfish),
// "noload" (ignores VariantPath).
func fakeEngine(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	loaded := false
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Println("id name Fake-Stockfish")
			if mode != "plain" {
				vars := "var chess"
				if loaded {
					vars += " var chess10x8"
				}
				fmt.Println("option name UCI_Variant type combo default chess " + vars)
			}
			fmt.Println("uciok")
		case "setoption":
			switch {
			case len(f) < 5 || f[1] != "name" || f[3] != "value":
				fmt.Println("No such option: " + strings.Join(f[1:], " "))
			case f[2] == "VariantPath":
				loaded = mode != "noload"
			case f[2] != "UCI_Variant" && f[2] != "UCI_Chess960":
				fmt.Println("No such option: " + f[2])
			}
		case "isready":
			fmt.Println("readyok")
		case "go":
			switch mode {
			case "hang":
				time.Sleep(time.Hour)
			case "crash":
				fmt.Fprintln(os.Stderr, "Segmentation fault")
				return 3
			}
			fmt.Println("info string perft")
			fmt.Println("e2e4: 1")
			fmt.Println("a7a8q: 2")
			fmt.Println()
			if mode == "badsum" {
				fmt.Println("Nodes searched: 4")
			} else {
				fmt.Println("Nodes searched: 3")
			}
		case "quit":
			if mode != "deaf" {
				return 0
			}
		}
	}
	if mode == "deaf" {
		time.Sleep(time.Hour)
	}
	return 0
}

// startFake starts the test binary as a fake engine in the given mode.
func startFake(t *testing.T, mode string) (*Engine, error) {
	t.Helper()
	t.Setenv(fakeEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Start(context.Background(), exe)
}

func TestFakeEnginePerftIsParsed(t *testing.T) {
	e, err := startFake(t, "ok")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	got, err := e.Perft(context.Background(), "chess10x8", "8/8/8/8/8/8/8/8 w - - 0 1", 2)
	if err != nil {
		t.Fatal(err)
	}
	want := Perft{Nodes: 3, Divide: []Division{{"e2e4", 1}, {"a7a8q", 2}}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Perft = %v, want %v", got, want)
	}
	dir := e.dir
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Close left the temporary directory %s (stat: %v)", dir, err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestFakeEngineFaults(t *testing.T) {
	tests := []struct {
		mode, startErr, perftErr string
	}{
		{mode: "plain", startErr: "no UCI_Variant option"},
		{mode: "noload", startErr: "did not load the variant chess10x8"},
		{mode: "hang", perftErr: "did not answer in time"},
		{mode: "crash", perftErr: "Segmentation fault"},
		{mode: "badsum", perftErr: "does not add up"},
		{mode: "deaf"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			e, err := startFake(t, tc.mode)
			if tc.startErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.startErr) {
					t.Fatalf("Start error = %v, want one containing %q", err, tc.startErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err = e.Perft(ctx, "chess", "8/8/8/8/8/8/8/8 w - - 0 1", 1)
			if tc.perftErr == "" {
				if err != nil {
					t.Fatal(err)
				}
			} else {
				if err == nil || !strings.Contains(err.Error(), tc.perftErr) {
					t.Fatalf("Perft error = %v, want one containing %q", err, tc.perftErr)
				}
				if _, again := e.Perft(context.Background(), "chess", "8/8/8/8/8/8/8/8 w - - 0 1", 1); again == nil {
					t.Error("a broken engine answered a second perft")
				}
			}
			start := time.Now()
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > engineproc.CloseGrace+time.Second {
				t.Errorf("Close took %v", d)
			}
		})
	}
}

func TestBadRequestsAreRefused(t *testing.T) {
	e, err := startFake(t, "ok")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"unknown variant", func() error { _, err := e.Perft(ctx, "nosuch", "8/8/8/8/8/8/8/8 w - - 0 1", 1); return err }, `no variant "nosuch"`},
		{"depth 0", func() error { _, err := e.Perft(ctx, "chess", "8/8/8/8/8/8/8/8 w - - 0 1", 0); return err }, "depth 0"},
		{"line break in FEN", func() error { _, err := e.Perft(ctx, "chess", "8/8 w\ngo perft 9", 1); return err }, "line break"},
		{"unknown option", func() error { return e.SetOption(ctx, "Bogus", "1") }, "No such option: Bogus"},
	}
	for _, tc := range tests {
		if err := tc.call(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error = %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	// Refused requests leave the engine usable.
	if _, err := e.Perft(ctx, "chess", "8/8/8/8/8/8/8/8 w - - 0 1", 1); err != nil {
		t.Errorf("perft after refused requests: %v", err)
	}
}

func TestFindHonoursTheEnvironment(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvVar, exe)
	if got, err := Find(); err != nil || got != exe {
		t.Errorf("Find() = %q, %v; want %q", got, err, exe)
	}
	for _, bad := range []string{t.TempDir(), t.TempDir() + "/missing", writeFile(t, "not-executable", 0o644)} {
		t.Setenv(EnvVar, bad)
		if _, err := Find(); !errors.Is(err, ErrNotFound) {
			t.Errorf("Find() with $%s=%q: error %v, want ErrNotFound", EnvVar, bad, err)
		}
	}
}

// writeFile creates a file with the given mode in a test directory.
func writeFile(t *testing.T, name string, mode os.FileMode) string {
	path := t.TempDir() + "/" + name
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), mode); err != nil {
		t.Fatal(err)
	}
	return path
}
