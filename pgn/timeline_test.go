package pgn_test

import (
	"strings"
	"testing"

	"timechess/pgn"
	_ "timechess/variant/all"
)

// TestSeedSpellingsInMovetext: the Gifford seed's spaced spellings (rulings
// G8) are read in PGN movetext as one turn each, also with the new score
// sheet's move number before the landing (the seed writes "10. K // to 6
// 6. K f3 // FTF"), and the record is written back in canonical notation
// with its timeline note, which reads back to the same game without a
// second copy of the note.
func TestSeedSpellingsInMovetext(t *testing.T) {
	for _, travel := range []string{"3. K // to 1 K e3 // FTF", "3. K // to 1 1. K e3 // FTF", "3. K // to 1 1.K e3 // FTF"} {
		t.Run(travel, func(t *testing.T) { checkSeedSpellings(t, travel) })
	}
}

// checkSeedSpellings reads a record whose third White turn is travel, a
// backward travel to move 1 landing on e3, and writes it back.
func checkSeedSpellings(t *testing.T, travel string) {
	record := `[Variant "gifford"]

1. e4 e5 2. Bf1// to 9 Nc6 ` + travel + ` *
`
	games, err := pgn.Read(strings.NewReader(record))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	if got := len(g.Plies()); got != 5 {
		t.Fatalf("read %d plies, want 5", got)
	}
	var out strings.Builder
	if err := pgn.Write(&out, g); err != nil {
		t.Fatal(err)
	}
	const note = "{timeline 2 branches from timeline 1 at White's move 1; timeline 1 ends at Black's move 2}"
	written := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{`[Timelines "2"]`, "2. Bf1//9", "3. Ke1//1@e3 " + note} {
		if !strings.Contains(written, want) {
			t.Errorf("written record lacks %q:\n%s", want, out.String())
		}
	}
	again, err := pgn.Read(strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if c := again[0].Plies()[4].Comments; len(c) != 0 {
		t.Errorf("the derived note was kept as a comment: %q", c)
	}
	var twice strings.Builder
	if err := pgn.Write(&twice, again[0]); err != nil {
		t.Fatal(err)
	}
	if twice.String() != out.String() {
		t.Errorf("writing the record again changed it:\n%s\nthen\n%s", out.String(), twice.String())
	}
}
