package travelers

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// deep runs the slow comparisons on many more positions; seed varies them.
var (
	deep = flag.Bool("deep", false, "compare with the brute-force oracle and the exact test on many random positions")
	seed = flag.Uint64("seed", 7, "seed of the random positions of the comparisons")
)

// randomPosition returns a random legal-looking position of colour-blind
// men with traveling and traveled marks, or "" when the text is refused.
func randomPosition(rng *rand.Rand, w, h, men int) string {
	board := make([][]string, h)
	for r := range board {
		board[r] = make([]string, w)
	}
	castling := "-"
	if w == 8 && rng.IntN(3) == 0 {
		// Kings and rooks at home with every castling right; the other men
		// stay off the back ranks.
		board[h-1][0], board[h-1][4], board[h-1][7] = "R", "K", "R"
		board[0][0], board[0][4], board[0][7] = "r", "k", "r"
		castling = "KQkq"
	}
	letters := "PNBRQK"
	for range men {
		f, r := rng.IntN(w), rng.IntN(h)
		if castling != "-" && (r == 0 || r == h-1) {
			continue
		}
		k := letters[rng.IntN(len(letters))]
		if k == 'P' && (r == 0 || r == h-1) {
			continue
		}
		s := string(k)
		if rng.IntN(2) == 0 {
			s = strings.ToLower(s)
		}
		switch rng.IntN(6) {
		case 0:
			s += "*"
		case 1:
			s += "'"
		}
		board[h-1-r][f] = s
	}
	var rows []string
	for _, row := range board {
		var b strings.Builder
		n := 0
		for _, sq := range row {
			if sq == "" {
				n++
				continue
			}
			if n > 0 {
				fmt.Fprint(&b, n)
				n = 0
			}
			b.WriteString(sq)
		}
		if n > 0 {
			fmt.Fprint(&b, n)
		}
		rows = append(rows, b.String())
	}
	side := "w"
	if rng.IntN(2) == 0 {
		side = "b"
	}
	return strings.Join(rows, "/") + " " + side + " " + castling + " - 0 1"
}

// TestReachAgainstOracle compares both surveys with the brute-force oracle
// on random positions: every support of every man, every resonance.
func TestReachAgainstOracle(t *testing.T) {
	needProvers(t, Survey)
	var s survey
	randomSetups(rand.New(rand.NewPCG(*seed, 11)), sized(40, 10, 1000), func(p *rules.Position, text string) {
		for c := rules.White; c <= rules.Black; c++ {
			want := refSurvey(p, c)
			s.run(p, c, fullSurvey)
			compareSurvey(t, text, c, &s, want, true)
			s.run(p, c, resonanceSurvey)
			compareSurvey(t, text, c, &s, want, false)
		}
	})
}

// TestPlainLinesAgainstOracle compares the plain rules' hypothetical lines
// (plain.go, on the board of hypo.go) with the square-by-square oracle on
// random positions: every square each man reaches as each kind, and every
// resonance, also when they are asked for alone, for lines of one, two and
// three moves.
func TestPlainLinesAgainstOracle(t *testing.T) {
	randomSetups(rand.New(rand.NewPCG(*seed, 17)), sized(60, 10, 1000), func(p *rules.Position, text string) {
		for c := rules.White; c <= rules.Black; c++ {
			for limit := 1; limit <= 3; limit++ {
				got, want := plainLines(p, c, limit, true), refLines(p, c, limit)
				if d := reachDiff(got, want); d != "" {
					t.Fatalf("%s, %v, lines of %d moves: %s", text, c, limit, d)
				}
				resOnly := plainLines(p, c, limit, false)
				resOnly.reach = want.reach
				if d := reachDiff(resOnly, want); d != "" {
					t.Fatalf("%s, %v, lines of %d moves, resonances alone: %s", text, c, limit, d)
				}
			}
		}
	})
}

// reachDiff describes where two findings of the lines differ.
func reachDiff(got, want lineReach) string {
	var diffs []string
	for o := rules.Square(0); o < rules.NumSquares; o++ {
		var g, w [rules.NumKinds]rules.Bitboard
		if r := got.reach[o]; r != nil {
			g = *r
		}
		if r := want.reach[o]; r != nil {
			w = *r
		}
		if g != w {
			diffs = append(diffs, fmt.Sprintf("man on %v reaches %v, want %v", o, g, w))
		}
		if got.res[o] != want.res[o] {
			diffs = append(diffs, fmt.Sprintf("man on %v resonates with %v, want %v", o, got.res[o].Squares(), want.res[o].Squares()))
		}
	}
	return strings.Join(diffs, "; ")
}

// sized returns a test's number of cases: normal, short under -short, long
// under -deep.
func sized(normal, short, long int) int {
	switch {
	case *deep:
		return long
	case testing.Short():
		return short
	}
	return normal
}

// randomSetups calls f on n random positions, drawn from rng, of boards of
// five to eight files and ranks with 6 to 15 men, set up without the
// variant's validation.
func randomSetups(rng *rand.Rand, n int, f func(p *rules.Position, text string)) {
	for checked := 0; checked < n; {
		w, h := 5+rng.IntN(4), 5+rng.IntN(4)
		text := randomPosition(rng, w, h, 6+rng.IntN(10))
		p, err := rules.NewPosition(noValidation{Travelers}, text)
		if err != nil {
			continue
		}
		checked++
		f(p, text)
	}
}

// noValidation is the variant without Validate, for random set-ups.
type noValidation struct{ *Variant }

func (noValidation) Validate(p *rules.Position) error { return p.ValidateMen() }

// compareSurvey checks a survey's supports (when full) and resonances
// against the oracle's.
func compareSurvey(t *testing.T, text string, c rules.Color, s *survey, want lineReach, full bool) {
	t.Helper()
	for i, o := range s.origin {
		if !s.b.men[i].u {
			continue
		}
		if got, exp := s.res[i], want.res[o]; got != exp {
			t.Errorf("%s, %s man on %s: resonates with %v, oracle %v (full=%v)", text, c, o, got.Squares(), exp.Squares(), full)
		}
		if !full {
			continue
		}
		for k := rules.Pawn; k < rules.NumKinds; k++ {
			var exp rules.Bitboard
			if r := want.reach[o]; r != nil {
				exp = r[k]
			}
			if got := s.reach[i][k]; got != exp {
				t.Errorf("%s, %s man on %s as %s: reaches %v, oracle %v", text, c, o, k, got.Squares(), exp.Squares())
			}
		}
	}
}

// TestReachEnPassant compares the surveys with the oracle where the first
// move of a line may take en passant (A1): after a double step, and after
// an annihilation by double step, whose en passant capture brings the
// traveling pawn back (R5).
func TestReachEnPassant(t *testing.T) {
	needProvers(t, Survey)
	for _, c := range []struct{ fen, moves string }{
		{"4k3/3p4/8/4P3/8/8/8/R3K3 b - - 0 1", "d5"},
		{"4k3/3p4/2n5/3p*P3/8/8/8/R3K3 b - - 0 1", "d7//d5"},
		{"4k3/2pp4/8/3p*P3/8/8/8/4K3 b - - 0 1", "d7//d5"},
	} {
		p, err := rules.NewPosition(Travelers, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if _, err := notation.ParseMoves(p, c.moves); err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.moves, err)
		}
		if p.EP == rules.NoSquare {
			t.Fatalf("%s %s: no en passant square", c.fen, c.moves)
		}
		var s survey
		for col := rules.White; col <= rules.Black; col++ {
			want := refSurvey(p, col)
			s.run(p, col, fullSurvey)
			compareSurvey(t, p.FEN(), col, &s, want, true)
			s.run(p, col, resonanceSurvey)
			compareSurvey(t, p.FEN(), col, &s, want, false)
		}
	}
}

// TestLeavingAfterAgainstLeaving checks the survey's recalled watchers of a
// square a man leaves (leavingAfter) against computing them afresh
// (leaving) after every first move of a line, on random positions and the
// benchmark positions.
func TestLeavingAfterAgainstLeaving(t *testing.T) {
	needProvers(t, Survey)
	rng := rand.New(rand.NewPCG(*seed, 19))
	var texts []string
	for _, bp := range benchPositions {
		texts = append(texts, bp.fen)
	}
	for len(texts) < 200 {
		w, h := 5+rng.IntN(4), 5+rng.IntN(4)
		texts = append(texts, randomPosition(rng, w, h, 6+rng.IntN(10)))
	}
	var s survey
	recalled := 0
	for _, text := range texts {
		p, err := rules.NewPosition(noValidation{Travelers}, text)
		if err != nil {
			continue
		}
		for c := rules.White; c <= rules.Black; c++ {
			s.run(p, c, fullSurvey)
			b := &s.b
			for _, m1 := range s.buf0 {
				if m1.kind != hNormal && m1.kind != hDouble {
					continue
				}
				u := b.make(m1)
				for _, man := range b.men {
					got, want := s.leavingAfter(man.sq, m1), s.leaving(man.sq)
					if got != want {
						t.Errorf("%s, %s after %v-%v: leaving %v gives %v, afresh %v", text, c, m1.from, m1.to, man.sq, got.Squares(), want.Squares())
					}
					if r := &s.leaveReads[man.sq]; man.sq != m1.to && !r.Has(m1.from) && !r.Has(m1.to) {
						recalled++
					}
				}
				b.unmake(u)
			}
		}
	}
	if recalled == 0 {
		t.Fatal("no answer was recalled: nothing was checked")
	}
}
