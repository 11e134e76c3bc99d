package gifford_test

import (
	"bytes"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"

	"timechess/game"
	"timechess/pgn"
)

var update = flag.Bool("update", false, "rewrite testdata/timelines.golden")

// TestPGNTimelines reads a record with two backward travels, checks its
// timelines (G5, G8: "Each timeline has its own score sheet"), writes it
// with pgn.Write (compared with testdata/timelines.golden: the move number
// is repeated after each jump back) and reads the written form back: the
// same turns, state and timelines, and writing again gives the same text.
func TestPGNTimelines(t *testing.T) {
	data, err := os.ReadFile("testdata/timelines.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := pgn.Read(bytes.NewReader(data))
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games: %v", len(games), err)
	}
	g := games[0]
	want := [][]string{
		{"d2//5", "Nc6", "e4", "Nf6", "Qg4", "Nd4", "e5", "Nf3+", "Qxf3", "Ng4"},
		{"d2//5", "Nc6", "Ke1//2@a4", "e5", "Nf3", "Nf6", "Nc3", "Bc5", "P@d4", "Bxd4", "Nb5", "O-O"},
		{"d2//5", "Nc6", "Ke1//2@a4", "e5", "Ka4//3@h3", "Nf6"},
	}
	checkTimelines(t, g, want)
	if got, fen := g.Position().FEN(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/K7/7K/PPP1PPPP/RNBQKBNR w KQkq - 1 4 book=P@5 travels=2,0"; got != fen {
		t.Errorf("the record ends in %s, want %s", got, fen)
	}
	var out bytes.Buffer
	if err := pgn.Write(&out, g); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("testdata/timelines.golden", out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden, err := os.ReadFile("testdata/timelines.golden")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(golden) {
		t.Errorf("pgn.Write gives\n%s\nwant\n%s", out.String(), golden)
	}
	back, err := pgn.Read(bytes.NewReader(out.Bytes()))
	if err != nil || len(back) != 1 {
		t.Fatalf("the written record does not read back: %v", err)
	}
	if !slices.Equal(plyMoves(back[0]), plyMoves(g)) || back[0].Position().State != g.Position().State {
		t.Errorf("the written record reads back as other turns or another state")
	}
	checkTimelines(t, back[0], want)
	var again bytes.Buffer
	if err := pgn.Write(&again, back[0]); err != nil || again.String() != out.String() {
		t.Errorf("writing again gives\n%s(%v)", again.String(), err)
	}
}

// checkTimelines checks g's timelines, in SAN, the abandoned ones first.
func checkTimelines(t *testing.T, g *game.Game, want [][]string) {
	t.Helper()
	sans := g.SAN()
	tls := g.Timelines()
	if len(tls) != len(want) {
		t.Fatalf("%d timelines, want %d", len(tls), len(want))
	}
	for i, tl := range tls {
		var got []string
		for _, ply := range tl.Plies {
			got = append(got, sans[ply])
		}
		if tl.Abandoned != (i < len(tls)-1) || !slices.Equal(got, want[i]) {
			t.Errorf("timeline %d (abandoned %v): %s, want %s", i+1, tl.Abandoned, strings.Join(got, " "), strings.Join(want[i], " "))
		}
	}
}
