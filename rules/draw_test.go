package rules_test

import (
	"strings"
	"testing"

	"timechess/rules"
)

// play makes the moves given as origin and destination squares ("g1f3").
func play(t *testing.T, p *rules.Position, moves string) {
	t.Helper()
	g := p.Geometry()
	for _, text := range strings.Fields(moves) {
		from, err1 := rules.ParseSquare(text[:2], g.W, g.H)
		to, err2 := rules.ParseSquare(text[2:], g.W, g.H)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad move text %q", text)
		}
		found := false
		for _, m := range p.Legal(nil) {
			if m.From == from && m.To == to {
				p.Make(m)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: %s is not legal", p.FEN(), text)
		}
	}
}

// TestRepetitions plays lines from the start position and checks the
// repetition count and the status after them.
func TestRepetitions(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	tests := []struct {
		name, moves string
		reps        int
		status      string // Reason, "" while the game goes on
	}{
		{"start", "", 0, ""},
		{"knights out and back once", "g1f3 g8f6 f3g1 f6g8", 1, ""},
		{"knights out and back twice: threefold", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", 2, "threefold repetition"},
		{"the second occurrence of a middle position", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6", 1, ""},
		// The Kings walk out and back: the board repeats, the castling rights do not.
		{"lost castling rights make a new position", "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8", 0, ""},
		{"then the shuffle repeats", "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8", 2, "threefold repetition"},
		// A pawn move is irreversible: positions before it never count again.
		{"a pawn move resets the count", "g1f3 g8f6 f3g1 f6g8 e2e3 e7e6 g1f3 g8f6 f3g1 f6g8", 1, ""},
		// Different en passant rights make different positions: after e4 d5
		// e5 f5 the pawn on e5 may take on f6; after the knights' round trip
		// it may not, and the positions differ.
		{"en passant right", "e2e4 d7d5 e4e5 f7f5 g1f3 g8f6 f3g1 f6g8", 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, "chess", start)
			play(t, p, tc.moves)
			if got := p.Repetitions(); got != tc.reps {
				t.Errorf("Repetitions() = %d, want %d", got, tc.reps)
			}
			st := p.Status()
			if st.Reason != tc.status {
				t.Errorf("Status() = %+v, want reason %q", st, tc.status)
			}
			if tc.status != "" && st.Result != rules.Draw {
				t.Errorf("Status() = %+v, want a draw", st)
			}
		})
	}
}

func TestStatusEndings(t *testing.T) {
	tests := []struct {
		fen, reason string
		result      rules.Result
	}{
		// Fool's mate.
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "checkmate", rules.BlackWins},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate", rules.Draw},
		{"7k/8/6K1/8/8/8/8/R7 w - - 100 80", "fifty-move rule", rules.Draw},
		// Mate on the hundredth ply without capture or pawn move still wins.
		{"R6k/8/6K1/8/8/8/8/8 b - - 100 80", "checkmate", rules.WhiteWins},
		{"7k/8/6K1/8/8/8/8/6B1 w - - 0 1", "insufficient material", rules.Draw},
		{"7k/8/6K1/8/8/8/8/6R1 w - - 99 80", "", rules.Ongoing},
	}
	for _, tc := range tests {
		st := mustPosition(t, "chess", tc.fen).Status()
		if st.Reason != tc.reason || st.Result != tc.result {
			t.Errorf("%s: Status() = %+v, want %s %q", tc.fen, st, tc.result, tc.reason)
		}
	}
}
