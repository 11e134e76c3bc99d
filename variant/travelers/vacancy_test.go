package travelers

import "testing"

// TestVacancyCases holds the survey shared from the position before a
// normal move, double step or annihilation of the opponent's (runShared
// with vacancyLines) against a fresh one in constructed positions where a
// vacated square matters, and checks that it does: without the lines
// through it, the shared survey would differ from the fresh one.
func TestVacancyCases(t *testing.T) {
	needProvers(t, Survey|Sharing)
	for _, c := range []struct{ why, fen, move string }{
		{"a double step: the pawn on e5 may take en passant, first or last, and the rook may now land on d7",
			"4k3/3p4/8/4P3/8/8/8/R3K3 b - - 0 1", "d5"},
		{"the knight leaves the rook's rank: the rook reaches e4 to h4 at once",
			"4k3/8/8/8/R2n4/8/8/4K3 b - - 0 1", "Nc6"},
		{"the knight leaves the rooks' rank: the rook on a4 resonates with the traveling rook on h4 at once, reading d4",
			"4k3/8/8/8/R2n3R*/8/8/4K3 b - - 0 1", "Nc6"},
		{"the bishop leaves d5: the pawn on d4 may step there, and nothing else brings a pawn there",
			"4k3/8/8/3b4/3P4/8/8/4K3 b - - 0 1", "Bf7"},
		{"the bishop leaves d4: the knight on a1 resonates with the traveling knight on f5 by Nb3, Nd4, Nxf5 (a second move onto the square)",
			"4k3/8/8/5N*2/3b4/8/8/N3K3 b - - 0 1", "Ba7"},
		{"the bishop leaves d4: the rook on d1 resonates with the traveling rook on d7 in two moves once the King on d2 leaves, to a square from which he does not see d4 (a man whose leaving opens the line)",
			"7k/3R*4/8/8/3b4/2P1P3/3K4/3R4 b - - 0 1", "Ba7"},
		{"the bishop leaves d4: the rook on a1 resonates with the traveling rook on d7 by Rd1, a King's move off d2 and Rxd7 (a first move that brings a line piece onto a line through the square)",
			"7k/3R*4/8/8/3b4/2P1P3/3K4/R7 b - - 0 1", "Ba7"},
		{"an annihilation vacates b8 and c6: the rook on a6 resonates with the traveling rook on h6 at once, reading c6",
			"1n2k3/8/R1n*4R*/8/8/8/8/4K3 b - - 0 1", "b8//c6"},
		{"the bishop takes the knight on g2 and leaves the rook's file: the rook passes d5",
			"4k3/8/8/3b4/8/8/6N1/3RK3 b - - 0 1", "Bxg2"},
		{"the knight leaves g3: the queen on g1 resonates with the traveling queen on h5 through it (Qg4, Qxh5)",
			"4k3/8/8/7Q*/8/6n1/8/4K1Q1 b - - 0 1", "Ne4"},
	} {
		p, rec, ch, fresh := checkSharedCase(t, c.why, c.fen, c.move)
		if ch.vacated.IsZero() {
			t.Fatalf("%s (%s): no vacated square", c.why, p.FEN())
		}
		var partial survey
		var mt matcher
		partial.begin(p, p.Side, fullSurvey, p.Geometry().Mask)
		partial.rootLines(rec, ch.touched())
		partial.replay(rec, ch.touched())
		partial.takingLines(ch.filled)
		if surveysDiffer(fresh, &partial, &mt) == "" {
			t.Errorf("%s (%s): the lines through the vacated square change nothing", c.why, p.FEN())
		}
	}
}
