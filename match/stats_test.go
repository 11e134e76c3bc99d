package match

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestStatsCases checks the Elo, error bar, LOS and SPRT formulas against
// the hand-computed cases of testdata/stats.txt.
func TestStatsCases(t *testing.T) {
	f, err := os.Open("testdata/stats.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cases++
		fields := map[string]string{}
		for _, kv := range strings.Fields(line) {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("line %d: %q is not KEY=VALUE", n, kv)
			}
			fields[k] = v
		}
		checkStatsCase(t, n, fields)
	}
	if err := sc.Err(); err != nil || cases == 0 {
		t.Fatalf("no cases read (%v)", err)
	}
}

// checkStatsCase computes the values one case names and compares them.
func checkStatsCase(t *testing.T, line int, fields map[string]string) {
	t.Helper()
	var tally Tally
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		return n
	}
	for k, v := range fields {
		switch k {
		case "wins":
			tally.Wins = atoi(v)
		case "draws":
			tally.Draws = atoi(v)
		case "losses":
			tally.Losses = atoi(v)
		case "pairs":
			for i, c := range strings.Split(v, ",") {
				tally.Pairs[i] = atoi(c)
			}
		}
	}
	var test SPRT
	var state SPRTState
	if s, ok := fields["sprt"]; ok {
		var err error
		if test, err = ParseSPRT(s); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		state = test.State(tally)
	}
	got := map[string]float64{
		"elo": tally.Trinomial().Elo, "error": tally.Trinomial().Error, "los": tally.LOS(),
		"pelo": tally.Pentanomial().Elo, "perror": tally.Pentanomial().Error,
		"llr": state.LLR, "lower": state.Lower, "upper": state.Upper,
	}
	for k, want := range fields {
		switch k {
		case "wins", "draws", "losses", "pairs", "sprt":
		case "decision":
			if d := map[string]string{"none": ""}[want]; want != "none" && state.Decision != want || want == "none" && state.Decision != d {
				t.Errorf("line %d: decision %q, want %q (LLR %.4f)", line, state.Decision, want, state.LLR)
			}
		default:
			g, ok := got[k]
			if !ok {
				t.Fatalf("line %d: unknown field %q", line, k)
			}
			w, err := strconv.ParseFloat(want, 64)
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			decimals := 0
			if _, frac, ok := strings.Cut(want, "."); ok {
				decimals = len(frac)
			}
			if math.Abs(g-w) > 0.5*math.Pow(10, -float64(decimals))+1e-12 {
				t.Errorf("line %d: %s = %.*f, want %s", line, k, decimals+2, g, want)
			}
		}
	}
}

func TestEloAndScoreAreInverse(t *testing.T) {
	for _, elo := range []float64{-800, -100, -1, 0, 0.5, 34.86, 400} {
		if got := EloOfScore(ScoreOfElo(elo)); math.Abs(got-elo) > 1e-9 {
			t.Errorf("EloOfScore(ScoreOfElo(%v)) = %v", elo, got)
		}
	}
	if !math.IsInf(EloOfScore(1), 1) || !math.IsInf(EloOfScore(0), -1) {
		t.Error("a perfect score must give an infinite Elo difference")
	}
	if e := (Tally{Wins: 5}).Trinomial(); !math.IsInf(e.Elo, 1) || !math.IsInf(e.Error, 1) {
		t.Errorf("all wins: %+v", e)
	}
}

func TestParseSPRT(t *testing.T) {
	if got, err := ParseSPRT("0,10"); err != nil || got != (SPRT{0, 10, 0.05, 0.05}) {
		t.Errorf("ParseSPRT(0,10) = %+v, %v", got, err)
	}
	if got, err := ParseSPRT("-5, 5, 0.1, 0.2"); err != nil || got != (SPRT{-5, 5, 0.1, 0.2}) {
		t.Errorf("ParseSPRT = %+v, %v", got, err)
	}
	for bad, want := range map[string]string{
		"10":            "expected ELO0,ELO1",
		"10,0":          "elo1 must be above elo0",
		"0,x":           `"x" is not a number`,
		"0,10,0.5,0.05": "alpha and beta",
		"0,10,0,0.05":   "alpha and beta",
		"0,inf":         "not a number",
		"0,5000":        "within ±1000",
		"0,10,0.05":     "expected ELO0,ELO1",
	} {
		if _, err := ParseSPRT(bad); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSPRT(%q) error %v, want one containing %q", bad, err, want)
		}
	}
}

// FuzzParseSPRT: any text gives a test or an error; a test that parses has
// finite bounds around 0 and decides nothing on no games.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,10", "-5,5,0.1,0.2", "0,10,0.05", "1e2,2e2", ",", "0,10,0.4999,1e-9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		test, err := ParseSPRT(text)
		if err != nil {
			return
		}
		lo, hi := test.Bounds()
		if !(lo < 0 && hi > 0) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			t.Fatalf("%q: bounds %v, %v", text, lo, hi)
		}
		if st := test.State(Tally{}); st.Decision != "" || st.LLR != 0 {
			t.Fatalf("%q: decided on no games: %+v", text, st)
		}
	})
}
