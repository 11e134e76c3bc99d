package rules

import "testing"

// TestIsBetweenAgainstBetween checks IsBetween and Aligned, square by
// square, against the bitboards of Between and Line on a full 16x16 board
// and on a narrow one.
func TestIsBetweenAgainstBetween(t *testing.T) {
	for _, size := range [][2]int{{16, 16}, {3, 7}} {
		g := MustGeometry(size[0], size[1])
		squares := g.Mask.Squares()
		for _, a := range squares {
			for _, b := range squares {
				if a != b && Aligned(a, b) != !g.Line(a, b).IsZero() {
					t.Fatalf("%dx%d: Aligned(%v, %v) = %v", size[0], size[1], a, b, Aligned(a, b))
				}
				between := g.Between(a, b)
				for _, c := range squares {
					if IsBetween(a, b, c) != between.Has(c) {
						t.Fatalf("%dx%d: IsBetween(%v, %v, %v) = %v", size[0], size[1], a, b, c, IsBetween(a, b, c))
					}
				}
			}
		}
	}
}
