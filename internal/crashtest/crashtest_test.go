package crashtest

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"timechess/internal/pgtest"
)

// The crash test is long (a minute or more per database) and kills
// processes: it runs only when asked.
var crash = flag.Bool("crash", false, "run the crash test (also TIMECHESS_CRASHTEST=1)")

// Environment: TIMECHESS_CRASHTEST=1 runs the test, TIMECHESS_CRASHTEST_KILLS
// sets the kills per database (default 20), TIMECHESS_TEST_POSTGRES (an
// admin DSN whose user may create databases) adds PostgreSQL.
const (
	enableEnv = "TIMECHESS_CRASHTEST"
	killsEnv  = "TIMECHESS_CRASHTEST_KILLS"
)

// TestCrash kills `timechess serve` at random moments while games are
// played against it, on SQLite and on PostgreSQL, and checks that nothing
// acknowledged was lost (see the package comment).
func TestCrash(t *testing.T) {
	if !*crash && os.Getenv(enableEnv) != "1" {
		t.Skipf("the crash test runs with -crash or %s=1", enableEnv)
	}
	kills := 20
	if s := os.Getenv(killsEnv); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a positive number", killsEnv, s)
		}
		kills = n
	}
	binary := buildTimechess(t)
	dbs := map[string]func(t *testing.T) string{
		"sqlite": func(t *testing.T) string { return filepath.Join(t.TempDir(), "crash.db") },
	}
	if admin := os.Getenv(pgtest.Env); admin != "" {
		dbs["postgres"] = func(t *testing.T) string { return pgtest.Fresh(t, admin, "timechess_crash_") }
	} else {
		t.Logf("%s is not set: SQLite only", pgtest.Env)
	}
	for _, name := range []string{"sqlite", "postgres"} {
		fresh, ok := dbs[name]
		if !ok {
			continue
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := Config{
				Binary: binary, DSN: fresh(t), Kills: kills,
				Games: 16, Think: 20 * time.Millisecond, MaxPlies: 60, ClockMs: 3000,
				MinUp: 500 * time.Millisecond, MaxUp: 2500 * time.Millisecond, MaxDown: 400 * time.Millisecond,
				Seed: 1, Dir: dir, Progress: testWriter{t},
			}
			rep, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatalf("crash run: %v", err)
			}
			t.Logf("%s: %s", name, rep.Summary())
			t.Logf("%s: acknowledged moves per server life: %v", name, rep.AckedPerLife)
			for _, line := range rep.ServerErrorLines {
				t.Logf("%s: the server logged: %.500s", name, line)
			}
			for _, p := range rep.Problems {
				t.Errorf("%s", p)
			}
			if rep.Kills < kills || rep.Acknowledged == 0 || rep.Found != rep.Acknowledged {
				t.Errorf("%d kills (want %d or more), %d moves acknowledged, %d found", rep.Kills, kills, rep.Acknowledged, rep.Found)
			}
			if t.Failed() {
				if log, err := os.ReadFile(filepath.Join(dir, "serve.log")); err == nil {
					t.Logf("the server's log ends:\n%s", tail(string(log), 4000))
				}
			}
		})
	}
}

// buildTimechess builds the timechess command into a temporary directory.
func buildTimechess(t *testing.T) string {
	t.Helper()
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if path, err := exec.LookPath("go"); err == nil {
		goTool = path
	}
	binary := filepath.Join(t.TempDir(), "timechess")
	cmd := exec.Command(goTool, "build", "-o", binary, "timechess/cmd/timechess")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return binary
}

// testWriter writes each line to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// tail is the last n bytes of s.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
