package timethief

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/rules"
)

// playStarts are the positions the random games start from, each with where
// it comes from. Both variants play from each.
var playStarts = []struct{ fen, from string }{
	{"rnbgqktbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKTBNR w KQkq - 0 1", "the start position (T1)"},
	{"rsbdqktwnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RSBDQKTWNR w KQkq - 0 1",
		"constructed: the start array with Spirits, Dwarfs and Witches for knights, Guards and a bishop"},
	{"4k5/2r4b2/10/3T2T3/10/2t2t4/3R4B1/4K5 w - - 0 1", "constructed: an open board, two Time Thieves a side"},
	{"r4k3r/pp1wt1pp1p/2s1d4S/3R~6/4S5/2D3W3/PP3P1PP1/R4KT2R w KQkq - 0 1",
		"constructed: every fairy man, a possessed rook, castling rights"},
	{"r3k2r/pppt1ppp/2s2w2/3d4/3D4/2S2W2/PPPT1PPP/R3K2R w KQkq - 0 1", "constructed: 8x8 with every fairy man"},
	{"2t2k4/1p6p1/3T~2d3/10/10/3S2d3/1P6P1/2T2K4 b - - 0 1", "constructed: possessed Time Thief, Dwarfs to take back"},
}

// variants lists the two rule sets every property is checked with.
var variants = []*Variant{Basic, Restore}

// TestRandomGames plays random games of both variants from every start and
// checks, in every position reached, the invariants of checkPosition, and
// at the end that taking every action back retraces the game's states.
func TestRandomGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(variants).Draw(t, "variant")
		s := rapid.SampledFrom(playStarts).Draw(t, "start")
		p, err := rules.NewPosition(v, s.fen)
		if err != nil {
			t.Fatalf("%s (%s): %v", s.fen, s.from, err)
		}
		playRandomGame(t, v, p, rapid.IntRange(0, 40).Draw(t, "plies"))
	})
}

// TestRandomSetups checks the same invariants in random positions with
// every kind of man, possessed men among them, on boards of 4x4 to 12x10,
// and in the games played on from them.
func TestRandomSetups(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(variants).Draw(t, "variant")
		text := randomSetup(t)
		p, err := rules.NewPosition(v, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", text)
			}
			return // a side not to move in check, typically
		}
		playRandomGame(t, v, p, rapid.IntRange(0, 12).Draw(t, "plies"))
	})
}

// playRandomGame plays up to plies random actions, checking every position
// on the way, then takes them all back.
func playRandomGame(t *rapid.T, v *Variant, p *rules.Position, plies int) {
	states := []rules.State{p.State}
	for i := 0; ; i++ {
		legal := checkPosition(t, v, p)
		if i == plies || len(legal) == 0 {
			break
		}
		p.Make(legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")])
		states = append(states, p.State)
	}
	for i := len(states) - 1; i > 0; i-- {
		p.Unmake()
		if p.State != states[i-1] {
			t.Fatalf("taking back action %d gives %s", i, p.FEN())
		}
	}
}

// checkPosition checks one position and returns its legal actions:
//   - the incremental hash is the computed one;
//   - the position text (last=/prev= included) reads back to the same text,
//     hash and legal actions;
//   - the legal actions are those of the reference (reference_test.go), of
//     the generic generator, and as many as Count says;
//   - each can be made and taken back to the exact state, keeping the hash
//     right;
//   - the SAN and the coordinate form of each read back as that action, and
//     no two actions share a text.
func checkPosition(t *rapid.T, v *Variant, p *rules.Position) []rules.Move {
	fen := p.FEN()
	if h := p.ComputeHash(); h != p.Hash {
		t.Fatalf("%s: incremental hash %x, computed %x", fen, p.Hash, h)
	}
	legal := p.Legal(nil)
	q, err := rules.NewPosition(v, fen)
	if err != nil {
		t.Fatalf("the text %q does not read back: %v", fen, err)
	}
	if q.FEN() != fen || q.Hash != p.Hash {
		t.Fatalf("text %q reads back as %q, hash %x (want %x)", fen, q.FEN(), q.Hash, p.Hash)
	}
	for name, other := range map[string][]rules.Move{
		"the re-read position": q.Legal(nil),
		"the reference":        refLegal(v, p),
		"the generic path":     genericLegal(v, p),
	} {
		if d := moveSetDiff(p, legal, other); d != "" {
			t.Fatalf("%s: legal actions and %s differ: %s", fen, name, d)
		}
	}
	if n := v.Count(p); n != len(legal) {
		t.Fatalf("%s: Count %d, %d legal actions", fen, n, len(legal))
	}
	before, ply, last := p.State, p.Ply(), p.LastMove()
	for _, m := range legal {
		coord := notation.Coord(p, m)
		p.Make(m)
		if h := p.ComputeHash(); h != p.Hash {
			t.Fatalf("%s after %s: incremental hash %x, computed %x", fen, coord, p.Hash, h)
		}
		if p.LastMove() != m || p.Ply() != ply+1 {
			t.Fatalf("%s after %s: last %+v, ply %d", fen, coord, p.LastMove(), p.Ply())
		}
		p.Unmake()
		if p.State != before || p.Ply() != ply || p.LastMove() != last {
			t.Fatalf("%s: making and taking back %s gives %s", fen, coord, p.FEN())
		}
	}
	checkNotation(t, p, legal)
	return legal
}

// checkNotation checks that the SAN and the coordinate form of the legal
// actions read back as those actions and that no two actions share a text.
// Reading SAN costs a legal-move generation per text, so it checks the
// actions of the variant's own kinds (TT-captures, Spirit moves) and a few
// drawn at random; TestNotationPlayouts checks every action of its games.
func checkNotation(t *rapid.T, p *rules.Position, legal []rules.Move) {
	var some []rules.Move
	for _, m := range legal {
		if m.Kind == rules.TTCapture || m.Piece == rules.Spirit {
			some = append(some, m)
		}
	}
	for range min(3, len(legal)) {
		some = append(some, legal[rapid.IntRange(0, len(legal)-1).Draw(t, "notation sample")])
	}
	if err := casescript.CheckNotation(p, legal, some); err != nil {
		t.Fatalf("%v", err)
	}
}

// genericLegal is Legal without its shortcuts: every pseudo-legal action,
// filtered one by one.
func genericLegal(v *Variant, p *rules.Position) []rules.Move {
	if v.mustRestore(p) {
		return v.ttCaptures(p, nil)
	}
	ml := p.GeneratePseudo(nil)
	ml = spiritMoves(p, ml)
	ml = v.ttCaptures(p, ml)
	return v.filter(p, ml, 0, v.free(p, p.Side))
}

// moveSetDiff describes how two sets of actions differ, or returns "".
func moveSetDiff(p *rules.Position, a, b []rules.Move) string {
	name := func(m rules.Move) string { return fmt.Sprintf("%s(%+v)", notation.Coord(p, m), m) }
	var only []string
	for _, m := range a {
		if !slices.Contains(b, m) {
			only = append(only, "only first: "+name(m))
		}
	}
	for _, m := range b {
		if !slices.Contains(a, m) {
			only = append(only, "only second: "+name(m))
		}
	}
	if len(only) == 0 && len(a) != len(b) {
		return fmt.Sprintf("%d actions against %d (duplicates)", len(a), len(b))
	}
	return strings.Join(only, "; ")
}

// randomSetup draws a position text: one King a side, random men of every
// kind (no pawn on a first or last rank), some carrying a Spirit, a random
// side to move, no castling rights.
func randomSetup(t *rapid.T) string {
	w := rapid.IntRange(4, 12).Draw(t, "files")
	h := rapid.IntRange(4, 10).Draw(t, "ranks")
	board := make([]string, w*h) // index rank*w + file
	density := rapid.IntRange(5, 50).Draw(t, "density")
	for i := range board {
		if rapid.IntRange(0, 99).Draw(t, "occupied") >= density {
			continue
		}
		c := rapid.SampledFrom([]byte("PNBRQGTDSWpnbrqgtdsw")).Draw(t, "man")
		if (c == 'P' || c == 'p') && (i/w == 0 || i/w == h-1) {
			continue
		}
		man := string(c)
		if c != 'S' && c != 's' && rapid.IntRange(0, 5).Draw(t, "possessed") == 0 {
			man += "~"
		}
		board[i] = man
	}
	board[rapid.IntRange(0, w*h-1).Draw(t, "white king")] = "K"
	for {
		if i := rapid.IntRange(0, w*h-1).Draw(t, "black king"); board[i] != "K" {
			board[i] = "k"
			break
		}
	}
	var rows []string
	for r := h - 1; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < w; f++ {
			if board[r*w+f] == "" {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(board[r*w+f])
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/") + " " + rapid.SampledFrom([]string{"w", "b"}).Draw(t, "side") + " - - 0 1"
}
