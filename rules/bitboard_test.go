package rules_test

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"timechess/rules"
)

// squareSet draws a set of squares of the 16x16 board, as a sorted list
// without repeats.
func squareSet(t *rapid.T, label string) []rules.Square {
	sq := rapid.Custom(func(t *rapid.T) rules.Square {
		// Favour the squares next to the words' edges (63, 64, ...).
		return rules.Square(rapid.OneOf(rapid.IntRange(0, 255), rapid.SampledFrom([]int{0, 1, 62, 63, 64, 65, 127, 128, 191, 192, 254, 255})).Draw(t, "sq"))
	})
	s := rapid.SliceOfDistinct(sq, func(s rules.Square) rules.Square { return s }).Draw(t, label)
	slices.Sort(s)
	return s
}

// TestBitboardAgainstSets checks every Bitboard operation against the same
// operation on sorted lists of squares.
func TestBitboardAgainstSets(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		as, cs := squareSet(t, "a"), squareSet(t, "c")
		a, c := rules.BB(as...), rules.BB(cs...)
		if got := a.Squares(); !slices.Equal(got, as) {
			t.Fatalf("BB(%v).Squares() = %v", as, got)
		}
		has := func(l []rules.Square, s rules.Square) bool { _, ok := slices.BinarySearch(l, s); return ok }
		var and, or, xor, andNot []rules.Square
		for s := rules.Square(0); s < rules.NumSquares; s++ {
			inA, inC := has(as, s), has(cs, s)
			if a.Has(s) != inA {
				t.Fatalf("%v.Has(%d) = %v", as, s, a.Has(s))
			}
			if inA && inC {
				and = append(and, s)
			}
			if inA || inC {
				or = append(or, s)
			}
			if inA != inC {
				xor = append(xor, s)
			}
			if inA && !inC {
				andNot = append(andNot, s)
			}
		}
		for _, op := range []struct {
			name string
			got  rules.Bitboard
			want []rules.Square
		}{{"And", a.And(c), and}, {"Or", a.Or(c), or}, {"Xor", a.Xor(c), xor}, {"AndNot", a.AndNot(c), andNot}} {
			if got := op.got.Squares(); !slices.Equal(got, op.want) {
				t.Fatalf("%v %s %v = %v, want %v", as, op.name, cs, got, op.want)
			}
		}
		if a.Intersects(c) != (len(and) > 0) || a.IsZero() != (len(as) == 0) || a.Count() != len(as) || a.More() != (len(as) > 1) {
			t.Fatalf("%v: Intersects %v, IsZero %v, Count %d, More %v", as, a.Intersects(c), a.IsZero(), a.Count(), a.More())
		}
		lsb, msb := rules.NoSquare, rules.NoSquare
		if len(as) > 0 {
			lsb, msb = as[0], as[len(as)-1]
		}
		if a.LSB() != lsb || a.MSB() != msb {
			t.Fatalf("%v: LSB %d, MSB %d", as, a.LSB(), a.MSB())
		}
		if rules.FromWords(a.Words()) != a {
			t.Fatalf("%v: FromWords(Words()) differs", as)
		}
		b := a
		for _, s := range cs {
			b.Set(s)
		}
		for _, s := range as {
			b.Clear(s)
		}
		if got := b.Squares(); !slices.Equal(got, a.Or(c).AndNot(a).Squares()) {
			t.Fatalf("%v with %v set and its own cleared: %v", as, cs, got)
		}
		for i, s := range as {
			if p := a.PopLSB(); p != s {
				t.Fatalf("pop %d of %v: %d", i, as, p)
			}
		}
		if !a.IsZero() {
			t.Fatalf("PopLSB left %v", a.Squares())
		}
		for _, s := range cs {
			if rules.SquareBB(s) != rules.BB(s) {
				t.Fatalf("SquareBB(%d) differs from BB", s)
			}
		}
	})
}
