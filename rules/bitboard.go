package rules

import "math/bits"

// Bitboard is a set of squares: bit (rank*16 + file) of 256 bits.
type Bitboard [4]uint64

// BB returns the bitboard with the given squares.
func BB(squares ...Square) Bitboard {
	var b Bitboard
	for _, s := range squares {
		b.Set(s)
	}
	return b
}

// SquareBB returns the bitboard holding the one square s.
func SquareBB(s Square) Bitboard {
	var b Bitboard
	b[s>>6] = 1 << (uint(s) & 63)
	return b
}

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b[s>>6]&(1<<(uint(s)&63)) != 0 }

// Set adds s to b.
func (b *Bitboard) Set(s Square) { b[s>>6] |= 1 << (uint(s) & 63) }

// Clear removes s from b.
func (b *Bitboard) Clear(s Square) { b[s>>6] &^= 1 << (uint(s) & 63) }

// Toggle flips s in b.
func (b *Bitboard) Toggle(s Square) { b[s>>6] ^= 1 << (uint(s) & 63) }

// And returns the intersection.
func (b Bitboard) And(c Bitboard) Bitboard {
	return Bitboard{b[0] & c[0], b[1] & c[1], b[2] & c[2], b[3] & c[3]}
}

// Or returns the union.
func (b Bitboard) Or(c Bitboard) Bitboard {
	return Bitboard{b[0] | c[0], b[1] | c[1], b[2] | c[2], b[3] | c[3]}
}

// Xor returns the symmetric difference.
func (b Bitboard) Xor(c Bitboard) Bitboard {
	return Bitboard{b[0] ^ c[0], b[1] ^ c[1], b[2] ^ c[2], b[3] ^ c[3]}
}

// AndNot returns b without the squares of c.
func (b Bitboard) AndNot(c Bitboard) Bitboard {
	return Bitboard{b[0] &^ c[0], b[1] &^ c[1], b[2] &^ c[2], b[3] &^ c[3]}
}

// Intersects reports whether b and c share a square.
func (b Bitboard) Intersects(c Bitboard) bool {
	return b[0]&c[0]|b[1]&c[1]|b[2]&c[2]|b[3]&c[3] != 0
}

// IsZero reports whether b is empty.
func (b Bitboard) IsZero() bool { return b[0]|b[1]|b[2]|b[3] == 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2]) + bits.OnesCount64(b[3])
}

// More reports whether b has more than one square.
func (b Bitboard) More() bool {
	n := 0
	for _, w := range b {
		if w != 0 {
			if w&(w-1) != 0 {
				return true
			}
			n++
		}
	}
	return n > 1
}

// LSB returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) LSB() Square {
	for i, w := range b {
		if w != 0 {
			return Square(i<<6 + bits.TrailingZeros64(w))
		}
	}
	return NoSquare
}

// MSB returns the highest square of b, or NoSquare when b is empty.
func (b Bitboard) MSB() Square {
	for i := 3; i >= 0; i-- {
		if w := b[i]; w != 0 {
			return Square(i<<6 + 63 - bits.LeadingZeros64(w))
		}
	}
	return NoSquare
}

// PopLSB removes and returns the lowest square of a non-empty b.
func (b *Bitboard) PopLSB() Square {
	for i := range b {
		if w := b[i]; w != 0 {
			b[i] = w & (w - 1)
			return Square(i<<6 + bits.TrailingZeros64(w))
		}
	}
	return NoSquare
}

// Squares lists the squares of b in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for !b.IsZero() {
		out = append(out, b.PopLSB())
	}
	return out
}
