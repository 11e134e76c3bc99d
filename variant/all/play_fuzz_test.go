package all_test

import (
	"slices"
	"testing"

	"timechess/notation"
	"timechess/rules"
	_ "timechess/variant/all"
)

// FuzzPlay plays the moves the input chooses in every registered variant:
// the first byte picks the variant, each further byte one of the legal
// actions (by index, modulo their number), until the game ends or the input
// does. Before every action the notices of the turn must each have a rule,
// a name and a text and leave the position as it was; after every action
// the incremental hash must equal the recomputed one, and the action's SAN and coordinate forms must read back as it. At the
// end the coordinate record must replay from the start text to the same
// state, the position text must read back to itself, and taking every action
// back must restore the start.
func FuzzPlay(f *testing.F) {
	names := slices.Sorted(slices.Values(rules.Names()))
	for i := range names {
		f.Add([]byte{byte(i)})
		f.Add([]byte{byte(i), 0, 1, 2, 3, 4, 5, 6, 7})
		f.Add([]byte{byte(i), 7, 200, 13, 99, 1, 250, 3, 77, 31, 5, 64, 128, 2, 9, 180})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 80 {
			return // long games only slow the fuzzer; the property tests play those
		}
		v, err := rules.Lookup(names[int(data[0])%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		start, err := rules.NewPosition(v, v.Spec().Start)
		if err != nil {
			t.Fatalf("%s: start position: %v", v.Spec().Name, err)
		}
		p := start.Copy()
		var record []string
		for _, b := range data[1:] {
			legal := p.Legal(nil)
			before := p.State
			for _, n := range rules.Notices(p, &rules.Turn{Legal: legal, Check: p.InCheck()}) {
				if n.Rule == "" || n.Name == "" || n.Reason == "" {
					t.Fatalf("%s %s: notice %+v lacks its rule, name or text", v.Spec().Name, p.FEN(), n)
				}
			}
			if p.State != before {
				t.Fatalf("%s after %v: the notices changed the position", v.Spec().Name, record)
			}
			if len(legal) == 0 {
				break
			}
			m := legal[int(b)%len(legal)]
			for _, text := range []string{notation.SAN(p, m), notation.Coord(p, m)} {
				got, err := notation.Parse(p, text)
				if err != nil || got != m {
					t.Fatalf("%s %s: %q reads back as %+v, %v (want %+v)", v.Spec().Name, p.FEN(), text, got, err, m)
				}
			}
			record = append(record, notation.Coord(p, m))
			p.Make(m)
			if p.Hash != p.ComputeHash() {
				t.Fatalf("%s after %v: hash %x, recomputed %x", v.Spec().Name, record, p.Hash, p.ComputeHash())
			}
		}

		replay := start.Copy()
		for i, text := range record {
			m, err := notation.Parse(replay, text)
			if err != nil {
				t.Fatalf("%s: replaying %v, ply %d: %v", v.Spec().Name, record, i+1, err)
			}
			replay.Make(m)
		}
		if replay.State != p.State {
			t.Fatalf("%s %v: replay gives %s, play gave %s", v.Spec().Name, record, replay.FEN(), p.FEN())
		}

		text := p.FEN()
		q, err := rules.NewPosition(v, text)
		if err != nil {
			t.Fatalf("%s %v: position text %q does not read back: %v", v.Spec().Name, record, text, err)
		}
		if q.FEN() != text {
			t.Fatalf("%s %v: position text %q reads back as %q", v.Spec().Name, record, text, q.FEN())
		}

		for range record {
			p.Unmake()
		}
		if p.State != start.State {
			t.Fatalf("%s %v: taking every action back gives %s, not the start %s", v.Spec().Name, record, p.FEN(), start.FEN())
		}
	})
}
