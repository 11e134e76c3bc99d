package match

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"timechess/pgn"
	"timechess/rules"
	_ "timechess/variant/all"
)

// mustSpec parses a player spec or fails the test.
func mustSpec(t *testing.T, text string) *Spec {
	t.Helper()
	s, err := ParseSpec(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runMatch plays a match and checks the invariants every match keeps: the
// games all finish with a result, the tally adds up, and the records read
// back with the same results.
func runMatch(t *testing.T, cfg Config) *Summary {
	t.Helper()
	var records bytes.Buffer
	cfg.PGN = &records
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Games) != cfg.Games {
		t.Fatalf("%d games finished, want %d", len(sum.Games), cfg.Games)
	}
	if got := sum.Tally.Games(); got != cfg.Games {
		t.Errorf("tally %+v counts %d games, want %d", sum.Tally, got, cfg.Games)
	}
	pairs := 0
	for _, c := range sum.Tally.Pairs {
		pairs += c
	}
	if pairs != cfg.Games/2 {
		t.Errorf("%d pairs counted, want %d", pairs, cfg.Games/2)
	}
	games, err := pgn.Read(&records)
	if err != nil {
		t.Fatalf("the records do not read back: %v\n%s", err, records.String())
	}
	if len(games) != cfg.Games {
		t.Fatalf("%d records, want %d", len(games), cfg.Games)
	}
	byRound := map[string]rules.Result{}
	for _, r := range sum.Games {
		if r.Result == rules.Ongoing || r.Reason == "" {
			t.Errorf("round %d ended without a result: %+v", r.Round, r)
		}
		if r.Faulty >= 0 {
			t.Errorf("round %d: player %d lost by a fault: %s", r.Round, r.Faulty+1, r.Reason)
		}
		byRound[strconv.Itoa(r.Round)] = r.Result
	}
	for _, g := range games {
		round, _ := g.Tags.Get("Round")
		if got := g.Status().Result; got != byRound[round] {
			t.Errorf("record of round %s says %s, the match %s", round, got, byRound[round])
		}
	}
	return sum
}

// lookup returns a registered variant or fails the test.
func lookup(t *testing.T, name string) rules.Variant {
	t.Helper()
	v, err := rules.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestEngineDepthsInChess(t *testing.T) {
	sum := runMatch(t, Config{
		Variant:     lookup(t, "chess"),
		Players:     [2]*Spec{mustSpec(t, "timechess:depth=2"), mustSpec(t, "timechess:depth=1")},
		Games:       4,
		Concurrency: 2,
		MaxPlies:    60,
	})
	t.Logf("%s vs %s: %+v", sum.Names[0], sum.Names[1], sum.Tally)
}

// TestEngineDepthsInTimeTravel: the engine plays a time-travel variant
// against itself at two depths; only the invariants are checked.
func TestEngineDepthsInTimeTravel(t *testing.T) {
	for _, name := range []string{"timethief", "gifford"} {
		t.Run(name, func(t *testing.T) {
			runMatch(t, Config{
				Variant:  lookup(t, name),
				Players:  [2]*Spec{mustSpec(t, "timechess:depth=2"), mustSpec(t, "timechess:depth=1")},
				Games:    2,
				MaxPlies: 30,
			})
		})
	}
}

// TestOpeningsArePlayedWithBothColours: each opening serves one pair of
// games, the first player White in the first game, Black in the second.
func TestOpeningsArePlayedWithBothColours(t *testing.T) {
	v := lookup(t, "chess")
	openings, err := ReadOpenings(strings.NewReader(
		"# two openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"+
			"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"), v)
	if err != nil {
		t.Fatal(err)
	}
	sum := runMatch(t, Config{
		Variant: v, Openings: openings, Games: 6, Concurrency: 3, MaxPlies: 12,
		Players: [2]*Spec{mustSpec(t, "random:seed=3,name=A"), mustSpec(t, "greedy:name=B")},
	})
	for _, g := range sum.Games {
		wantWhite := map[bool]string{true: "A", false: "B"}[g.Round%2 == 1]
		wantOpening := []string{"line 2", "line 3"}[g.Pair%2]
		if g.White != wantWhite || g.FirstIsWhite != (wantWhite == "A") || g.Opening != wantOpening || g.Pair != (g.Round-1)/2 {
			t.Errorf("round %d: %+v; want White %s, opening %s", g.Round, g, wantWhite, wantOpening)
		}
	}
}

// TestSPRTStopsTheMatch: greedy against random is decided long before the
// last of many games.
func TestSPRTStopsTheMatch(t *testing.T) {
	test, err := ParseSPRT("0,50")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), Config{
		Variant: lookup(t, "chess"), Games: 1000, Concurrency: 2, MaxPlies: 200, SPRT: &test,
		Players: [2]*Spec{mustSpec(t, "greedy"), mustSpec(t, "random")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.SPRT == nil || sum.SPRT.Decision != "H1" || sum.Stopped == "" || len(sum.Games) >= 1000 {
		t.Fatalf("the SPRT did not stop the match for H1: %d games, %+v, %q", len(sum.Games), sum.SPRT, sum.Stopped)
	}
	t.Logf("stopped after %d games: %+v", len(sum.Games), sum.Tally)
}

// TestInterruptedMatch: when the context ends, Run returns the finished
// games and the context's error.
func TestInterruptedMatch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sum, err := Run(ctx, Config{
		Variant: lookup(t, "chess"), Games: 1000, MaxPlies: 200,
		Players:  [2]*Spec{mustSpec(t, "greedy"), mustSpec(t, "random")},
		Progress: func(r GameResult, _ Tally) { cancel() },
	})
	if err == nil || sum == nil || len(sum.Games) != 1 || sum.Tally.Games() != 1 {
		t.Fatalf("Run = %v, %v; want one game and context.Canceled", sum, err)
	}
}

// TestConfigErrors: configurations that cannot run are refused with a reason.
func TestConfigErrors(t *testing.T) {
	chess := lookup(t, "chess")
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Variant: chess, Games: 0, Players: [2]*Spec{mustSpec(t, "greedy"), mustSpec(t, "random")}}, "0 games"},
		{Config{Variant: chess, Games: 2, Players: [2]*Spec{mustSpec(t, "timechess"), mustSpec(t, "random")}}, "nothing that ends its search"},
		{Config{Variant: chess, Games: 2, Players: [2]*Spec{mustSpec(t, "greedy"), nil}}, "two players"},
		{Config{Variant: chess, Games: 2, Players: [2]*Spec{mustSpec(t, "greedy"), mustSpec(t, "xboard:/nonexistent/engine:depth=1")}}, "no such file"},
		{Config{Variant: chess, Games: 2, Openings: []Opening{{FEN: "8/8 w", Source: "line 1"}},
			Players: [2]*Spec{mustSpec(t, "greedy"), mustSpec(t, "random")}}, "opening line 1"},
	}
	for _, tc := range tests {
		_, err := Run(context.Background(), tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want one containing %q", err, tc.want)
		}
	}
}

// mustPosition reads a position of a variant or fails the test.
func mustPosition(t *testing.T, variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.NewPosition(lookup(t, variant), fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
