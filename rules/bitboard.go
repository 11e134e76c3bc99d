package rules

import "math/bits"

// Bitboard is a set of squares: bit (rank*16 + file) of 256 bits, in four
// words (bit i of word w is square 64w + i). It is a struct of four words
// rather than an array so that the compiler keeps it in registers.
type Bitboard struct{ w0, w1, w2, w3 uint64 }

// squareBBs holds the bitboard of each square.
var squareBBs = func() (t [NumSquares]Bitboard) {
	for s := range t {
		var w [4]uint64
		w[s>>6] = 1 << (uint(s) & 63)
		t[s] = FromWords(w)
	}
	return t
}()

// BB returns the bitboard with the given squares.
func BB(squares ...Square) Bitboard {
	var b Bitboard
	for _, s := range squares {
		b.Set(s)
	}
	return b
}

// SquareBB returns the bitboard holding the one square s.
func SquareBB(s Square) Bitboard { return squareBBs[s] }

// Has reports whether s is in b (s a square, not NoSquare).
func (b Bitboard) Has(s Square) bool {
	var w uint64
	switch uint(s) >> 6 {
	case 0:
		w = b.w0
	case 1:
		w = b.w1
	case 2:
		w = b.w2
	default:
		w = b.w3
	}
	return w>>(uint(s)&63)&1 != 0
}

// Set adds s to b.
func (b *Bitboard) Set(s Square) {
	bit := uint64(1) << (uint(s) & 63)
	switch uint(s) >> 6 {
	case 0:
		b.w0 |= bit
	case 1:
		b.w1 |= bit
	case 2:
		b.w2 |= bit
	default:
		b.w3 |= bit
	}
}

// Clear removes s from b.
func (b *Bitboard) Clear(s Square) {
	bit := uint64(1) << (uint(s) & 63)
	switch uint(s) >> 6 {
	case 0:
		b.w0 &^= bit
	case 1:
		b.w1 &^= bit
	case 2:
		b.w2 &^= bit
	default:
		b.w3 &^= bit
	}
}

// And returns the intersection.
func (b Bitboard) And(c Bitboard) Bitboard {
	return Bitboard{b.w0 & c.w0, b.w1 & c.w1, b.w2 & c.w2, b.w3 & c.w3}
}

// Or returns the union.
func (b Bitboard) Or(c Bitboard) Bitboard {
	return Bitboard{b.w0 | c.w0, b.w1 | c.w1, b.w2 | c.w2, b.w3 | c.w3}
}

// Xor returns the symmetric difference.
func (b Bitboard) Xor(c Bitboard) Bitboard {
	return Bitboard{b.w0 ^ c.w0, b.w1 ^ c.w1, b.w2 ^ c.w2, b.w3 ^ c.w3}
}

// AndNot returns b without the squares of c.
func (b Bitboard) AndNot(c Bitboard) Bitboard {
	return Bitboard{b.w0 &^ c.w0, b.w1 &^ c.w1, b.w2 &^ c.w2, b.w3 &^ c.w3}
}

// Intersects reports whether b and c share a square.
func (b Bitboard) Intersects(c Bitboard) bool {
	return b.w0&c.w0|b.w1&c.w1|b.w2&c.w2|b.w3&c.w3 != 0
}

// IsZero reports whether b is empty.
func (b Bitboard) IsZero() bool { return b.w0|b.w1|b.w2|b.w3 == 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int {
	return bits.OnesCount64(b.w0) + bits.OnesCount64(b.w1) + bits.OnesCount64(b.w2) + bits.OnesCount64(b.w3)
}

// More reports whether b has more than one square.
func (b Bitboard) More() bool {
	c := b
	c.PopLSB()
	return !c.IsZero()
}

// LSB returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) LSB() Square {
	switch {
	case b.w0 != 0:
		return Square(bits.TrailingZeros64(b.w0))
	case b.w1 != 0:
		return Square(64 + bits.TrailingZeros64(b.w1))
	case b.w2 != 0:
		return Square(128 + bits.TrailingZeros64(b.w2))
	case b.w3 != 0:
		return Square(192 + bits.TrailingZeros64(b.w3))
	}
	return NoSquare
}

// MSB returns the highest square of b, or NoSquare when b is empty.
func (b Bitboard) MSB() Square {
	switch {
	case b.w3 != 0:
		return Square(255 - bits.LeadingZeros64(b.w3))
	case b.w2 != 0:
		return Square(191 - bits.LeadingZeros64(b.w2))
	case b.w1 != 0:
		return Square(127 - bits.LeadingZeros64(b.w1))
	case b.w0 != 0:
		return Square(63 - bits.LeadingZeros64(b.w0))
	}
	return NoSquare
}

// PopLSB removes and returns the lowest square of a non-empty b.
func (b *Bitboard) PopLSB() Square {
	switch {
	case b.w0 != 0:
		return popWord(&b.w0, 0)
	case b.w1 != 0:
		return popWord(&b.w1, 64)
	case b.w2 != 0:
		return popWord(&b.w2, 128)
	case b.w3 != 0:
		return popWord(&b.w3, 192)
	}
	return NoSquare
}

// popWord removes the lowest square from the non-empty word w, whose bit 0
// is square base, and returns it.
func popWord(w *uint64, base Square) Square {
	s := base + Square(bits.TrailingZeros64(*w))
	*w &= *w - 1
	return s
}

// Squares lists the squares of b in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for !b.IsZero() {
		out = append(out, b.PopLSB())
	}
	return out
}

// Words returns b's four words: bit i of word w is square 64w + i.
func (b Bitboard) Words() [4]uint64 { return [4]uint64{b.w0, b.w1, b.w2, b.w3} }

// FromWords returns the bitboard of the four words w (as Words gives them).
func FromWords(w [4]uint64) Bitboard { return Bitboard{w[0], w[1], w[2], w[3]} }
