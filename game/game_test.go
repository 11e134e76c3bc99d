package game_test

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"timechess/game"
	"timechess/rules"
	_ "timechess/variant/all"
)

func newGame(t *testing.T, variant, fen string) *game.Game {
	t.Helper()
	v, err := rules.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestStatus plays the cases of testdata/status.txt and checks the status
// after the last move.
func TestStatus(t *testing.T) {
	f, err := os.Open("testdata/status.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, " | ")
		if len(fields) != 5 {
			t.Fatalf("status.txt:%d: want 5 fields separated by \" | \", got %d", n, len(fields))
		}
		name, variant, fen, moves, want := fields[0], fields[1], fields[2], fields[3], fields[4]
		t.Run(name, func(t *testing.T) {
			if fen == "-" {
				fen = ""
			}
			g := newGame(t, variant, fen)
			if moves != "-" {
				for _, m := range strings.Fields(moves) {
					if err := g.Play(m); err != nil {
						t.Fatalf("%s: %v", m, err)
					}
				}
				if got := strings.Join(g.SAN(), " "); got != moves {
					t.Errorf("SAN list %q, want %q", got, moves)
				}
			}
			if got := game.Describe(g.Status()); got != want {
				t.Errorf("status %s, want %s", got, want)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestReplayEqualsLive plays random games and checks after every ply that
// replaying the log gives the live position (ruling C3), then takes every
// ply back and checks the start position returns.
func TestReplayEqualsLive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	games := 20
	if testing.Short() {
		games = 4
	}
	for _, variant := range []string{"chess", "chess10x8"} {
		for i := 0; i < games; i++ {
			g := newGame(t, variant, "")
			for ply := 0; ply < 80 && !g.Status().Over(); ply++ {
				legal := g.Position().Legal(nil)
				if err := g.PlayMove(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				replayed, err := g.Replay()
				if err != nil {
					t.Fatal(err)
				}
				if replayed.FEN() != g.Position().FEN() || replayed.Hash != g.Position().Hash {
					t.Fatalf("%s game %d ply %d: replay gives %s, live is %s", variant, i, ply+1, replayed.FEN(), g.Position().FEN())
				}
			}
			for len(g.Plies()) > 0 {
				if err := g.Undo(); err != nil {
					t.Fatal(err)
				}
			}
			if g.Position().FEN() != g.StartFEN() || g.Position().Hash != g.Start().Hash {
				t.Fatalf("%s game %d: undoing every ply gives %s, not the start %s", variant, i, g.Position().FEN(), g.StartFEN())
			}
		}
	}
}

func TestPlayRefusals(t *testing.T) {
	g := newGame(t, "chess", "")
	if err := g.Undo(); err == nil || !strings.Contains(err.Error(), "no move to take back") {
		t.Errorf("Undo at the start: %v", err)
	}
	if err := g.Play("Nf6"); err == nil {
		t.Error("Play(Nf6) for White at the start succeeded")
	}
	bad := rules.Move{Kind: rules.Normal, Piece: rules.Pawn, From: rules.SquareAt(4, 1), To: rules.SquareAt(4, 4), Via: rules.NoSquare}
	if err := g.PlayMove(bad); err == nil || !strings.Contains(err.Error(), "not a legal move") {
		t.Errorf("PlayMove(e2e5): %v", err)
	}
	for _, m := range []string{"f3", "e5", "g4", "Qh4#"} {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Play("a3"); err == nil || !strings.Contains(err.Error(), "the game is over: 0-1 (checkmate)") {
		t.Errorf("Play after mate: %v", err)
	}
	if err := g.SetResult(rules.WhiteWins, ""); err == nil || !strings.Contains(err.Error(), "contradicts the board") {
		t.Errorf("SetResult(1-0) after Black mated: %v", err)
	}
	if err := g.SetResult(rules.BlackWins, "resignation"); err != nil || g.Status().Reason != "checkmate" {
		t.Errorf("SetResult(0-1) after Black mated: %v, status %v", err, g.Status())
	}
	if len(g.Plies()) != 4 {
		t.Errorf("%d plies after the refusals, want 4", len(g.Plies()))
	}
}

func TestSetResult(t *testing.T) {
	g := newGame(t, "chess", "")
	if err := g.SetResult(rules.Ongoing, ""); err == nil {
		t.Error("SetResult(*) succeeded")
	}
	if err := g.Play("e4"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetResult(rules.Draw, ""); err != nil {
		t.Fatal(err)
	}
	if got := game.Describe(g.Status()); got != "1/2-1/2 (as recorded)" {
		t.Errorf("status %s after a recorded draw", got)
	}
	if err := g.Play("e5"); err == nil {
		t.Error("a move after a recorded draw was accepted")
	}
	if err := g.Undo(); err != nil || g.Status().Over() {
		t.Errorf("Undo after a recorded result: %v, status %v", err, g.Status())
	}
}

func TestAnnotate(t *testing.T) {
	g := newGame(t, "chess", "")
	if err := g.Play("e4"); err != nil {
		t.Fatal(err)
	}
	a := g.Annotate(0)
	a.NAGs = append(a.NAGs, 1)
	a.Comments = append(a.Comments, "best by test")
	if p := g.Plies()[0]; len(p.NAGs) != 1 || p.Comments[0] != "best by test" {
		t.Errorf("annotation not kept: %+v", p)
	}
}

func TestTags(t *testing.T) {
	var tags game.Tags
	tags.Set("Event", "Casual")
	tags.Set("White", "Anderssen")
	tags.Set("Event", "London")
	if v, ok := tags.Get("Event"); !ok || v != "London" || len(tags) != 2 || tags[0].Name != "Event" {
		t.Errorf("after Set: %v", tags)
	}
	tags.Delete("Event")
	if _, ok := tags.Get("Event"); ok || len(tags) != 1 {
		t.Errorf("after Delete: %v", tags)
	}
	tags.Delete("Round")
	if len(tags) != 1 {
		t.Errorf("Delete of a missing tag changed %v", tags)
	}
}

func TestNewRefusesBadStart(t *testing.T) {
	v, err := rules.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.New(v, "8/8/8/8 w - - 0 1"); err == nil || !strings.Contains(err.Error(), "start position") {
		t.Errorf("New with a kingless position: %v", err)
	}
}
