package rules_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"timechess/rules"
	_ "timechess/variant/all"
)

// playStarts are the positions random games start from, besides every
// registered variant's own start position: the Chess Programming Wiki's
// perft middlegames, Chess960 set-ups (one with each King next to its
// castling rook), and orthodox chess on boards from 3x3 to 16x16.
var playStarts = []struct{ variant, fen string }{
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
	{"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
	{"chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	{"chess", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"},
	{"chess", "nrkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKRBBQN w DBdb - 0 1"},
	{"chess10x8", "r4k3r/1P8/10/10/10/10/8p1/R4K3R w KQkq - 0 1"},
	{"chess10x8", "rnbgqkgbnr/ppp1pppppp/10/10/3pP5/10/PPPP1PPPPP/RNBGQKGBNR b KQkq e3 0 3"},
	{"chess", "k2/3/K2 w - - 0 1"},
	{"chess", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"},
	{"chess", "r1k1r/ppppp/5/5/5/PPPPP/R1K1R w KQkq - 0 1"},
	{"chess", "rnbqkbnr/pppppppp/8/8/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"chess", "r7k6r/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/R7K6R w KQkq - 0 1"},
	{"chess", "r2qk2r/1P4P1/8/3pP3/8/8/1p4p1/R2QK2R w KQkq d6 0 1"},
}

// orthodoxVariants are the variants whose legal moves are the pseudo-legal
// moves that leave no King attacked.
var orthodoxVariants = []string{"chess", "chess10x8"}

// variantStarts lists the start position of every registered variant, or
// only of those for which keep says yes, as variant and text.
func variantStarts(keep func(name string) bool) [][2]string {
	var out [][2]string
	for _, name := range rules.Names() {
		if v, _ := rules.Lookup(name); keep(name) {
			out = append(out, [2]string{name, v.Spec().Start})
		}
	}
	return out
}

// fatalfer is what mustPosition needs of a *testing.T or a *rapid.T.
type fatalfer interface {
	Fatalf(format string, args ...any)
}

// mustPosition parses a position or fails the test.
func mustPosition(t fatalfer, variant, text string) *rules.Position {
	v, err := rules.Lookup(variant)
	if err != nil {
		t.Fatalf("%v", err)
	}
	p, err := rules.NewPosition(v, text)
	if err != nil {
		t.Fatalf("%s %q: %v", variant, text, err)
	}
	return p
}

// TestRandomGames plays random orthodox games and checks, in every position
// reached, the invariants of checkPosition, checkOrthodox and
// checkRepetitions, and at the end that taking every move back retraces the
// states of the game.
func TestRandomGames(t *testing.T) {
	starts := variantStarts(func(name string) bool { return slices.Contains(orthodoxVariants, name) })
	for _, s := range playStarts {
		starts = append(starts, [2]string{s.variant, s.fen})
	}
	rapid.Check(t, func(t *rapid.T) { playRandomGame(t, starts, true) })
}

// TestRandomGamesOfEveryVariant checks the invariants that hold for every
// variant (checkPosition and the history) in random games of every
// registered variant. The text of a time-travel position need not carry the
// earlier states its moves depend on, so the legal moves of the position
// read from it are not compared.
func TestRandomGamesOfEveryVariant(t *testing.T) {
	starts := variantStarts(func(string) bool { return true })
	rapid.Check(t, func(t *rapid.T) { playRandomGame(t, starts, false) })
}

// playRandomGame plays up to 60 random moves from one of the starts,
// checking every position on the way (orthodox: with the orthodox
// invariants and repetitions) and the history at the end.
func playRandomGame(t *rapid.T, starts [][2]string, orthodox bool) {
	s := rapid.SampledFrom(starts).Draw(t, "start")
	p := mustPosition(t, s[0], s[1])
	states := []rules.State{p.State}
	keys := []string{repetitionKey(p.FEN())}
	plies := rapid.IntRange(0, 60).Draw(t, "plies")
	for i := 0; ; i++ {
		checkPosition(t, p)
		if orthodox {
			checkOrthodox(t, p)
			checkRepetitions(t, p, keys)
		}
		ml := p.Legal(nil)
		if i == plies || len(ml) == 0 {
			break
		}
		p.Make(ml[rapid.IntRange(0, len(ml)-1).Draw(t, "move")])
		states = append(states, p.State)
		keys = append(keys, repetitionKey(p.FEN()))
	}
	checkHistory(t, p, states)
}

// TestRandomBoards checks the invariants in random positions on boards of
// every size from 1x1 to 16x16, with random castling rights.
func TestRandomBoards(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := randomBoardText(t)
		v, _ := rules.Lookup("chess10x8")
		p, err := rules.NewPosition(v, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", text)
			}
			return // a king in check on the wrong side, or too small a board
		}
		for i := rapid.IntRange(0, 6).Draw(t, "plies"); ; i-- {
			checkPosition(t, p)
			checkOrthodox(t, p)
			ml := p.Legal(nil)
			if i == 0 || len(ml) == 0 {
				break
			}
			p.Make(ml[rapid.IntRange(0, len(ml)-1).Draw(t, "move")])
		}
	})
}

// randomBoardText draws a position text: a board of any size with one King
// a side, random men (no pawn on a first or last rank), a random side to
// move and castling rights for rooks that share the back rank with their King.
func randomBoardText(t *rapid.T) string {
	w := rapid.IntRange(1, 16).Draw(t, "files")
	h := rapid.IntRange(1, 16).Draw(t, "ranks")
	board := make([]byte, w*h) // index rank*w + file; 0 is empty
	place := func(c byte, label string) int {
		i := rapid.IntRange(0, w*h-1).Draw(t, label)
		board[i] = c
		return i
	}
	density := rapid.IntRange(0, 60).Draw(t, "density")
	for i := range board {
		if rapid.IntRange(0, 99).Draw(t, "occupied") < density {
			c := rapid.SampledFrom([]byte("PNBRQGpnbrqg")).Draw(t, "man")
			if (c == 'P' || c == 'p') && (i/w == 0 || i/w == h-1) {
				continue
			}
			board[i] = c
		}
	}
	wk := place('K', "white king")
	bk := place('k', "black king")
	if wk == bk {
		board[wk] = 'K'
	}
	var rows []string
	for r := h - 1; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < w; f++ {
			c := board[r*w+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		rows = append(rows, b.String())
	}
	castling := ""
	for _, side := range []struct {
		king, rook byte
		rank       int
	}{{'K', 'R', 0}, {'k', 'r', h - 1}} {
		if !slices.Contains(board[side.rank*w:side.rank*w+w], side.king) {
			continue
		}
		for f := 0; f < w; f++ {
			if board[side.rank*w+f] == side.rook && rapid.Bool().Draw(t, "castling right") {
				castling += string(rune(side.king - 'K' + 'A' + byte(f)))
			}
		}
	}
	if castling == "" {
		castling = "-"
	}
	side := rapid.SampledFrom([]string{"w", "b"}).Draw(t, "side")
	return strings.Join(rows, "/") + " " + side + " " + castling + " - 0 1"
}

// checkPosition checks the invariants every variant keeps: the incremental
// hash is the computed one, the text reads back to the same text, and every
// legal move can be made and taken back to the exact state, keeping the
// hash right.
func checkPosition(t *rapid.T, p *rules.Position) {
	fen := p.FEN()
	if h := p.ComputeHash(); p.Hash != h {
		t.Fatalf("%s: incremental hash %x, computed %x", fen, p.Hash, h)
	}
	q, err := rules.NewPosition(p.Variant(), fen)
	if err != nil {
		t.Fatalf("the text %q does not read back: %v", fen, err)
	}
	if q.FEN() != fen {
		t.Fatalf("text %q reads back as %q", fen, q.FEN())
	}
	before, ply, last := p.State, p.Ply(), p.LastMove()
	for _, m := range p.Legal(nil) {
		p.Make(m)
		if h := p.ComputeHash(); p.Hash != h {
			t.Fatalf("%s after %+v: incremental hash %x, computed %x", fen, m, p.Hash, h)
		}
		if p.LastMove() != m || p.Ply() != ply+1 {
			t.Fatalf("%s after %+v: LastMove %+v, Ply %d", fen, m, p.LastMove(), p.Ply())
		}
		p.Unmake()
		if p.State != before || p.Ply() != ply || p.LastMove() != last {
			t.Fatalf("%s: making and taking back %+v gives %s (ply %d)", fen, m, p.FEN(), p.Ply())
		}
	}
}

// checkOrthodox checks what holds where the text is the whole state and
// the legal moves are the safe pseudo-legal ones: the position read from
// the text has the same hash and legal moves, no legal move leaves a King of
// the mover attacked, and every pseudo-legal move that leaves none attacked
// is legal.
func checkOrthodox(t *rapid.T, p *rules.Position) {
	fen := p.FEN()
	q, err := rules.NewPosition(p.Variant(), fen)
	if err != nil {
		t.Fatalf("the text %q does not read back: %v", fen, err)
	}
	if q.Hash != p.Hash {
		t.Fatalf("text %q reads back with hash %x, want %x", fen, q.Hash, p.Hash)
	}
	legal := p.Legal(nil)
	if got := q.Legal(nil); !sameMoves(got, legal) {
		t.Fatalf("%s: the position read from its text has other legal moves:\n%v\nwant\n%v", fen, got, legal)
	}
	for _, m := range legal {
		mover := p.Side
		p.Make(m)
		attacked := p.RoyalAttacked(mover)
		p.Unmake()
		if attacked {
			t.Fatalf("%s: legal move %+v leaves the %s King attacked", fen, m, mover)
		}
	}
	var safe []rules.Move
	for _, m := range p.GeneratePseudo(nil) {
		mover := p.Side
		p.Make(m)
		if !p.RoyalAttacked(mover) {
			safe = append(safe, m)
		}
		p.Unmake()
	}
	if !sameMoves(safe, legal) {
		t.Fatalf("%s: legal moves\n%v\ndiffer from the safe pseudo-legal moves\n%v", fen, legal, safe)
	}
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []rules.Move) bool {
	key := func(m rules.Move) string { return fmt.Sprintf("%+v", m) }
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i, m := range a {
		ka[i] = key(m)
	}
	for i, m := range b {
		kb[i] = key(m)
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}

// repetitionKey is the part of a position text that repetition compares:
// everything but the two move counters.
func repetitionKey(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(append(f[:4:4], f[6:]...), " ")
}

// checkRepetitions compares Repetitions with a count of the earlier equal
// texts since the last irreversible move (keys holds one per ply).
func checkRepetitions(t *rapid.T, p *rules.Position, keys []string) {
	now := len(keys) - 1
	want := 0
	for j := now - 1; j >= 0 && now-j <= p.Halfmove; j-- {
		if keys[j] == keys[now] {
			want++
		}
	}
	if got := p.Repetitions(); got != want {
		t.Fatalf("%s: Repetitions() = %d, but the position occurred %d times before", p.FEN(), got, want)
	}
	if st := p.Status(); want >= 2 && len(p.Legal(nil)) > 0 && st.Reason != "threefold repetition" && st.Reason != "fifty-move rule" {
		t.Fatalf("%s: third occurrence, status %+v", p.FEN(), st)
	}
}

// checkHistory checks Previous and HashBefore against the states of the
// game, then takes every move back and compares again.
func checkHistory(t *rapid.T, p *rules.Position, states []rules.State) {
	n := len(states) - 1
	if p.Ply() != n {
		t.Fatalf("Ply() = %d after %d moves", p.Ply(), n)
	}
	if n > 0 && p.Previous() != states[n-1] {
		t.Fatalf("Previous() differs from the state before the last move")
	}
	for back := 1; back <= n; back++ {
		if got := p.HashBefore(back); got != states[n-back].Hash {
			t.Fatalf("HashBefore(%d) = %x, want %x", back, got, states[n-back].Hash)
		}
	}
	c := p.Copy()
	for i := n; i > 0; i-- {
		c.Unmake()
		if c.State != states[i-1] {
			t.Fatalf("taking back move %d of a copy gives %s", i, c.FEN())
		}
	}
	if p.State != states[n] {
		t.Fatalf("taking moves back on a copy changed the original: %s", p.FEN())
	}
}
