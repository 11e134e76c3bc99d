package loadgen

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"
)

// decode decodes a server message or fails the test.
func decode(t *testing.T, b []byte) message {
	t.Helper()
	var m message
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("decoding %s: %v", b, err)
	}
	return m
}

// TestDecodeGame reads a "game" message shaped as docs/api.md's Game example
// (testdata/game.json): black to move after 1. e4, two legal moves shown.
func TestDecodeGame(t *testing.T) {
	b, err := os.ReadFile("testdata/game.json")
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, b)
	if m.Type != "game" || m.Game == nil {
		t.Fatalf("decoded %+v", m)
	}
	g := m.Game
	if g.ID != "4ttxxhwyoxo3" || g.Ply != 1 || g.over() || g.toMove() != black {
		t.Errorf("id %q, ply %d, over %v, side to move %d", g.ID, g.Ply, g.over(), g.toMove())
	}
	if len(g.Position.Moves) != 2 || g.Position.Moves[0].Coord != "e7e5" || g.Position.Moves[1].SAN != "Qh4#" {
		t.Errorf("moves %+v", g.Position.Moves)
	}
	g.Status = "waiting"
	if g.toMove() != -1 {
		t.Errorf("a waiting game has side %d to move", g.toMove())
	}
}

// TestPickMove: a mating move is never picked while another exists, and the
// choice follows the seed.
func TestPickMove(t *testing.T) {
	moves := []legalMove{{"e7e5", "e5"}, {"d8h4", "Qh4#"}, {"g8f6", "Nf6"}}
	seen := map[string]bool{}
	for seed := range uint64(50) {
		m := pickMove(rand.New(rand.NewPCG(seed, 0)), moves)
		if m == "d8h4" {
			t.Fatalf("seed %d picked the mate", seed)
		}
		if again := pickMove(rand.New(rand.NewPCG(seed, 0)), moves); again != m {
			t.Fatalf("seed %d picked %s, then %s", seed, m, again)
		}
		seen[m] = true
	}
	if len(seen) != 2 {
		t.Errorf("picked %v, want both non-mating moves", seen)
	}
	if m := pickMove(rand.New(rand.NewPCG(1, 0)), moves[1:2]); m != "d8h4" {
		t.Errorf("only a mate to play: picked %s", m)
	}
}
