package gifford_test

import (
	"testing"

	"timechess/notation"
	"timechess/rules"
	"timechess/variant/gifford"
)

// TestSeedTravelSpellingInMoveLists: the seed's two-part backward travel,
// with and without the King's square, is one turn in a move list (G8).
func TestSeedTravelSpellingInMoveLists(t *testing.T) {
	for _, moves := range []string{
		"1. e4 e5 2. Nf3 Nc6 3. K // to 1 K e3 // FTF",
		"1. e4 e5 2. Nf3 Nc6 3. Ke1//1@e3 Nf6 2. a3 a6 3. K e3 // to 1 K d3 // FTF",
	} {
		p, _ := rules.NewPosition(gifford.Gifford, gifford.Gifford.Spec().Start)
		if _, err := notation.ParseMoves(p, moves); err != nil {
			t.Errorf("%s: %v", moves, err)
		}
	}
}

// TestCastlingTextWithSeveralKings: a position with castling rights and a
// King landed on the back rank reads back from its text.
func TestCastlingTextWithSeveralKings(t *testing.T) {
	p, _ := rules.NewPosition(gifford.Gifford, gifford.Gifford.Spec().Start)
	if _, err := notation.ParseMoves(p, "1. Nf3 Nc6 2. e4 Nf6 3. Ke1//2@g1"); err != nil {
		t.Fatal(err)
	}
	if _, err := rules.NewPosition(gifford.Gifford, p.FEN()); err != nil {
		t.Errorf("%s: %v", p.FEN(), err)
	}
}
