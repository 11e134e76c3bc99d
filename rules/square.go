package rules

import (
	"fmt"
	"strconv"
)

// MaxFiles and MaxRanks bound a board: 1 <= W <= 16, 1 <= H <= 16.
const (
	MaxFiles = 16
	MaxRanks = 16
	// NumSquares is the size of every square-indexed table.
	NumSquares = MaxFiles * MaxRanks
)

// Square is a board square: rank*16 + file, both counted from 0. NoSquare is -1.
type Square int16

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// SquareAt returns the square on file f and rank r (both from 0).
func SquareAt(f, r int) Square { return Square(r<<4 | f) }

// File returns the square's file, 0 for a.
func (s Square) File() int { return int(s) & 15 }

// Rank returns the square's rank, 0 for rank 1.
func (s Square) Rank() int { return int(s) >> 4 }

// String gives the square's name such as "e4" or "p16", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s >= NumSquares {
		return "-"
	}
	return string(rune('a'+s.File())) + strconv.Itoa(s.Rank()+1)
}

// ParseSquare reads a square name like "a1" or "j10" for a board of width w and height h.
func ParseSquare(text string, w, h int) (Square, error) {
	sq, n := scanSquare(text, w, h)
	if n == 0 || n != len(text) {
		return NoSquare, fmt.Errorf("%q is not a square of a %dx%d board", text, w, h)
	}
	return sq, nil
}

// scanSquare reads a square at the start of text and returns it with the
// number of bytes it used, or 0 when text does not start with a square on the board.
func scanSquare(text string, w, h int) (Square, int) {
	if len(text) < 2 || text[0] < 'a' || int(text[0]-'a') >= w {
		return NoSquare, 0
	}
	n, r := 1, 0
	for n < len(text) && n < 3 && text[n] >= '0' && text[n] <= '9' {
		r = r*10 + int(text[n]-'0')
		n++
	}
	// A rank never has a leading zero; "a1" followed by "0" belongs to the rank
	// only when the result stays on the board.
	if n == 1 || text[1] == '0' {
		return NoSquare, 0
	}
	if r > h {
		if n == 3 && (r/10) >= 1 && r/10 <= h {
			return SquareAt(int(text[0]-'a'), r/10-1), 2
		}
		return NoSquare, 0
	}
	return SquareAt(int(text[0]-'a'), r-1), n
}
