package rules

import "strings"

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

// String gives "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Title gives the colour's name as a sentence begins with it: "White" or
// "Black".
func (c Color) Title() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Kind is a piece type.
type Kind uint8

// The piece kinds of all timechess variants. NoKind is the empty kind.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
	Guard     // a non-royal King (Fairy-Stockfish's commoner)
	TimeThief // Time Thief: Queen moves, no normal capture
	Dwarf     // King moves; capture rules belong to its variant
	Spirit    // Knight moves, never captures; may possess a friendly piece
	Witch     // Queen, Knight and two-square leaps; never captures
	NumKinds
)

const kindLetters = ".PNBRQKGTDSW"

// Letter returns the kind's upper-case letter ("." for NoKind).
func (k Kind) Letter() byte { return kindLetters[k] }

// KindOfLetter returns the kind of an upper- or lower-case letter.
func KindOfLetter(c byte) (Kind, bool) {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	i := strings.IndexByte(kindLetters[1:], c)
	return Kind(i + 1), i >= 0
}

// String gives the kind's name.
func (k Kind) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king", "guard",
		"time thief", "dwarf", "spirit", "witch"}[k]
}

// Captures reports whether the kind captures by its normal moves.
func (k Kind) Captures() bool { return k != TimeThief && k != Spirit && k != Witch }

// Flag is a per-man attribute beyond kind and colour.
type Flag uint8

// The man flags. Traveling and Traveled are the states of Time Traveler's
// Chess (a man with neither is untraveled); Possessed marks a man that carries
// a Spirit of its own colour.
const (
	Traveling Flag = 1 << iota
	Traveled
	Possessed
	NumFlagBits = 3
)

// Piece is a man on the board: kind, colour and flags. The zero Piece is empty.
type Piece uint16

// NoPiece is the empty square.
const NoPiece Piece = 0

// MakePiece builds a piece of kind k and colour c with flags f.
func MakePiece(c Color, k Kind, f Flag) Piece { return Piece(k) | Piece(c)<<4 | Piece(f)<<5 }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 15) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p>>4) & 1 }

// Flags returns the piece's flags.
func (p Piece) Flags() Flag { return Flag(p >> 5) }

// WithFlags returns the piece with its flags replaced by f.
func (p Piece) WithFlags(f Flag) Piece { return p&31 | Piece(f)<<5 }

// flagSuffix maps each flag to its suffix in the position text.
var flagSuffix = [NumFlagBits]byte{'*', '\'', '~'}

// String gives the piece as in the position text: a letter, upper case for
// White, then one suffix per flag ("*" traveling, "'" traveled, "~" possessed).
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	c := p.Kind().Letter()
	if p.Color() == Black {
		c += 'a' - 'A'
	}
	s := []byte{c}
	for i := 0; i < NumFlagBits; i++ {
		if p.Flags()&(1<<i) != 0 {
			s = append(s, flagSuffix[i])
		}
	}
	return string(s)
}
