package rules_test

import (
	"testing"

	"timechess/rules"
)

// FuzzNewPosition feeds arbitrary text to NewPosition for the orthodox
// variants: it must never panic, and any text it accepts must round-trip:
// the written text reads back to itself with the same hash, which is the
// computed one, and every legal move can be made and taken back.
func FuzzNewPosition(f *testing.F) {
	for _, file := range []string{"testdata/fen_valid.txt", "testdata/fen_errors.txt"} {
		for _, row := range readTable(f, file) {
			f.Add(row.text)
		}
	}
	for _, s := range playStarts {
		f.Add(s.fen)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range orthodoxVariants {
			v := mustVariant(t, name)
			p, err := rules.NewPosition(v, text)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("%s %q: empty error", name, text)
				}
				continue
			}
			fen := p.FEN()
			q, err := rules.NewPosition(v, fen)
			if err != nil {
				t.Fatalf("%s %q is written %q, which does not read back: %v", name, text, fen, err)
			}
			if q.FEN() != fen || q.Hash != p.Hash || p.Hash != p.ComputeHash() {
				t.Fatalf("%s %q: written %q, read back %q; hashes %x, %x, computed %x",
					name, text, fen, q.FEN(), p.Hash, q.Hash, p.ComputeHash())
			}
			before := p.State
			for _, m := range p.Legal(nil) {
				p.Make(m)
				p.Unmake()
				if p.State != before {
					t.Fatalf("%s %q: making and taking back %+v changes the state", name, fen, m)
				}
			}
		}
	})
}
