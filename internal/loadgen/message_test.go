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

// TestApplyUpdate follows a socket's game through its messages as the
// server sends them: the whole game without a legal list (the seat not to
// move), an update that brings the legal list with the new position, one
// that changes no position (a draw offer), and one that skips a version
// (then the connection asks for the whole game); the answer to a hello
// (an update from the version the socket holds to the same) brings the
// legal list too.
func TestApplyUpdate(t *testing.T) {
	game := decode(t, []byte(`{"type":"game","game":{"id":"g","status":"ongoing","ply":0,"version":2,"position":{"turn":"white"}}}`))
	g, ok := apply(nil, &game)
	if !ok || g.Version != 2 || g.toMove() != white || len(g.Position.Moves) != 0 {
		t.Fatalf("after the game message: %+v %v", g, ok)
	}
	update := decode(t, []byte(`{"type":"update","base":2,"version":3,"game":{"status":"ongoing","ply":1,"version":3},`+
		`"position":{"turn":"black"},"legal":{"moves":{"normal":"e7e6 e6 d8h4 Qh4#","double":"e7e5 e5"},"full":[{"coord":"e8h8","san":"O-O"}]}}`))
	if g, ok = apply(g, &update); !ok || g.Ply != 1 || g.toMove() != black || len(g.Position.Moves) != 4 {
		t.Fatalf("after the update: %+v %v", g, ok)
	}
	if m := pickMove(rand.New(rand.NewPCG(1, 0)), g.Position.Moves); m == "d8h4" {
		t.Errorf("picked the mate among %+v", g.Position.Moves)
	}
	hello := decode(t, []byte(`{"type":"update","base":3,"version":3,"you":"white","game":{"status":"ongoing","ply":1,"version":3},`+
		`"legal":{"moves":{"normal":"e7e6 e6 d8h4 Qh4#","double":"e7e5 e5"},"full":[{"coord":"e8h8","san":"O-O"}]}}`))
	if again, ok := apply(g, &hello); !ok || len(again.Position.Moves) != 4 || again.toMove() != black {
		t.Fatalf("after the answer to hello: %+v %v", again, ok)
	}
	offer := decode(t, []byte(`{"type":"update","base":3,"version":4,"game":{"status":"ongoing","ply":1,"version":4}}`))
	if g, ok = apply(g, &offer); !ok || g.Version != 4 || len(g.Position.Moves) != 4 {
		t.Fatalf("after the draw offer: %+v %v", g, ok)
	}
	if again, ok := apply(g, &offer); !ok || again != g {
		t.Errorf("an update the connection has applied again: %+v %v", again, ok)
	}
	gap := decode(t, []byte(`{"type":"update","base":5,"version":6,"game":{"status":"ongoing","ply":2,"version":6}}`))
	if after, ok := apply(g, &gap); ok || after != g {
		t.Errorf("an update after a gap: %+v %v", after, ok)
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
