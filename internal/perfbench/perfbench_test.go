package perfbench

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"timechess/internal/fsf"
	_ "timechess/variant/all"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{2, 2, 9, 1, 2}, 2},
	}
	for _, tc := range tests {
		in := append([]float64(nil), tc.in...)
		if got := Median(tc.in); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Errorf("Median reordered its argument: %v", tc.in)
			}
		}
	}
}

// small are quick cases with counts from the Chess Programming Wiki (start
// position) and from testdata of package perft (chess10x8).
var small = []Case{
	{"start", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 2},
	{"10x8 start", "chess10x8", "rnbgqkgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1", 2},
	{"960", "chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 2},
}

var smallNodes = []uint64{400, 576, 528}

func TestRunWithoutEngine(t *testing.T) {
	var log bytes.Buffer
	rep, err := Run(context.Background(), Config{Cases: small, Reps: 3, WithoutEngine: true, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range rep.Results {
		if res.Timechess.Nodes != smallNodes[i] || len(res.Timechess.Seconds) != 3 || res.Engine != nil || res.Ratio != 0 {
			t.Errorf("%s: %+v", res.Name, res)
		}
	}
	if n := strings.Count(log.String(), "timechess run"); n != 9 {
		t.Errorf("%d log lines for 9 runs:\n%s", n, log.String())
	}
	var out bytes.Buffer
	if err := rep.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"position", "10x8 start", "576", "Median of 3 runs", "Fairy-Stockfish: not run"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunWithEngine(t *testing.T) {
	if _, err := fsf.Find(); err != nil {
		t.Skipf("skipping: %v", err)
	}
	rep, err := Run(context.Background(), Config{Cases: small, Reps: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rep.Engine, "Fairy-Stockfish") {
		t.Errorf("engine %q", rep.Engine)
	}
	for i, res := range rep.Results {
		if res.Engine == nil || res.Engine.Nodes != smallNodes[i] || len(res.Engine.Seconds) != 2 || res.Ratio <= 0 {
			t.Errorf("%s: engine %+v, ratio %v", res.Name, res.Engine, res.Ratio)
		}
	}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"fairy_stockfish":`, `"ratio":`, `"nodes_per_second":`, `"median_seconds":`} {
		if !bytes.Contains(data, []byte(key)) {
			t.Errorf("JSON lacks %s: %s", key, data)
		}
	}
}

func TestRunRefusesBadConfigs(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no reps", Config{Cases: small, WithoutEngine: true}, "at least 1"},
		{"unknown variant", Config{Cases: []Case{{"x", "nosuch", "8/8/8/8/8/8/8/K6k w - - 0 1", 1}}, Reps: 1, WithoutEngine: true}, "unknown variant"},
		{"bad position", Config{Cases: []Case{{"x", "chess", "8/8 w", 1}}, Reps: 1, WithoutEngine: true}, "bench x"},
		{"missing engine", Config{Cases: small, Reps: 1, Engine: "/nonexistent/fairy-stockfish"}, "nonexistent"},
	}
	for _, tc := range tests {
		if _, err := Run(context.Background(), tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}
