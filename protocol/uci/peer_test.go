package uci_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"timechess/internal/engineproc"
	"timechess/internal/fsf"
	"timechess/notation"
	"timechess/protocol/internal/protocoltest"
	"timechess/rules"
)

// The real programs from Debian that the UCI engine is tried against. Each
// test skips, saying so, when its program is not installed; .ci/run
// installs them. The games are short and bounded in time.

// gamePlies bounds a test game; gameTime bounds it in time.
const (
	gamePlies = 16
	gameTime  = 30 * time.Second
)

// TestGameAgainstStockfish plays a short game of chess between timechess
// (in this process, on pipes) and Stockfish.
func TestGameAgainstStockfish(t *testing.T) {
	path := protocoltest.Program(t, "stockfish", "stockfish")
	sf, err := engineproc.Start("stockfish", path)
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close("quit")
	referee(t, "chess", sf, "stockfish", "go movetime 30")
}

// TestVariantGameAgainstFairyStockfish plays a short game of chess10x8
// between timechess and Fairy-Stockfish, both told the variant with
// UCI_Variant (Fairy-Stockfish learns it from internal/fsf's variants.ini).
func TestVariantGameAgainstFairyStockfish(t *testing.T) {
	path, err := fsf.Find()
	if err != nil {
		t.Skipf("fairy-stockfish is not installed (Debian package fairy-stockfish, which .ci/run installs): skipping: %v", err)
	}
	ini, err := fsf.WriteVariants(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fs, err := engineproc.Start("fairy-stockfish", path)
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close("quit")
	if err := fs.Send("setoption name VariantPath value " + ini); err != nil {
		t.Fatal(err)
	}
	referee(t, "chess10x8", fs, "fairy-stockfish", "go movetime 30")
}

// referee plays a short game of variant between timechess (White, in this
// process, on pipes, searching 3 plies) and the UCI program peer: each
// side gets "position startpos moves ..." and its go command, and each
// move must be legal by timechess's rules, which also decide when the game
// is over.
func referee(t *testing.T, variant string, peer protocoltest.Peer, name, peerGo string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), gameTime)
	defer cancel()
	ours := start(t)
	defer func() { _ = ours.Send("quit") }()
	players := []protocoltest.Peer{ours, peer}
	names := []string{"timechess", name}
	goCmds := []string{"go depth 3", peerGo}
	for i, p := range players {
		if err := protocoltest.UCIStart(ctx, p, "Threads", "1", "Hash", "16", "UCI_Variant", variant); err != nil {
			t.Fatalf("%s: %v", names[i], err)
		}
	}
	v, _ := rules.Lookup(variant)
	pos, _ := rules.NewPosition(v, v.Spec().Start)
	var moves []string
	for ply := 0; ply < gamePlies && !pos.Status().Over(); ply++ {
		who := ply % 2
		cmd := "position startpos"
		if len(moves) > 0 {
			cmd += " moves " + strings.Join(moves, " ")
		}
		text, err := protocoltest.UCIBestMove(ctx, players[who], cmd, goCmds[who])
		if err != nil {
			t.Fatalf("ply %d (%s): %v", ply+1, names[who], err)
		}
		m, err := notation.Parse(pos, text)
		if err != nil {
			t.Fatalf("ply %d: %s played %q, not a legal move after %v: %v", ply+1, names[who], text, moves, err)
		}
		pos.Make(m)
		moves = append(moves, text)
	}
	t.Logf("%s: timechess (White) - %s: %s (%s)", variant, name, strings.Join(moves, " "), pos.Status().Result)
}

// TestThroughPolyglot runs the built `timechess uci` under PolyGlot, which
// turns a UCI engine into an XBoard engine, and plays a few moves with it in
// XBoard: PolyGlot checks the engine's handshake, options and moves on its
// own side.
func TestThroughPolyglot(t *testing.T) {
	polyglot := protocoltest.Program(t, "polyglot", "polyglot")
	bin := protocoltest.BuildTimechess(t)
	dir := t.TempDir()
	ini := filepath.Join(dir, "timechess.ini")
	config := fmt.Sprintf("[PolyGlot]\nEngineCommand = %s uci\nEngineDir = %s\nLog = false\nBook = false\nResign = false\n"+
		"[Engine]\nHash = 16\nThreads = 1\n", bin, dir)
	if err := os.WriteFile(ini, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), gameTime)
	defer cancel()
	pg, err := engineproc.Start("polyglot", polyglot, ini)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close("quit")
	features, err := protocoltest.XBoardStart(ctx, pg, "sd 3", "level 0 1 0", "time 6000", "otim 6000", "post")
	if err != nil {
		t.Fatalf("XBoard handshake with PolyGlot: %v (features %q)", err, features)
	}
	if !strings.Contains(features, "timechess") {
		t.Errorf("PolyGlot's features do not name the engine (id name timechess): %q", features)
	}
	v, _ := rules.Lookup("chess")
	pos, _ := rules.NewPosition(v, v.Spec().Start)
	var moves []string
	for ply := 0; ply < 6; ply++ {
		var text string
		if ply%2 == 0 {
			// The user plays the first legal move in coordinates.
			legal := pos.Legal(nil)
			text = notation.Coord(pos, legal[0])
			if err := pg.Send("usermove " + text); err != nil {
				t.Fatal(err)
			}
			if ply == 0 {
				if err := pg.Send("go"); err != nil { // the engine plays the side to move: Black
					t.Fatal(err)
				}
			}
		} else {
			move, other, err := protocoltest.XBoardMove(ctx, pg)
			if err != nil || move == "" {
				t.Fatalf("ply %d: no move from timechess under PolyGlot (%q): %v", ply+1, other, err)
			}
			text = move
		}
		m, err := notation.Parse(pos, text)
		if err != nil {
			t.Fatalf("ply %d: %q is not legal after %v: %v", ply+1, text, moves, err)
		}
		pos.Make(m)
		moves = append(moves, text)
	}
	t.Logf("user - timechess through PolyGlot: %s", strings.Join(moves, " "))
}
