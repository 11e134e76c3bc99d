package rules

// Zobrist keys. They are fixed pseudo-random numbers so that hashes are
// reproducible across runs and processes.

// splitmix64 advances a SplitMix64 state and returns the next value.
func splitmix64(x *uint64) uint64 {
	*x += 0x9E3779B97F4A7C15
	z := *x
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

var (
	pieceKeys  [2 * NumKinds][NumSquares]uint64
	flagKeys   [NumFlagBits][NumSquares]uint64
	castleKeys [16]uint64
	epKeys     [MaxFiles]uint64
	sideKey    uint64
)

func init() {
	seed := uint64(0x74696D6563686573) // "timeches"
	for i := range pieceKeys {
		for s := range pieceKeys[i] {
			pieceKeys[i][s] = splitmix64(&seed)
		}
	}
	for i := range flagKeys {
		for s := range flagKeys[i] {
			flagKeys[i][s] = splitmix64(&seed)
		}
	}
	for i := range castleKeys {
		castleKeys[i] = splitmix64(&seed)
	}
	for i := range epKeys {
		epKeys[i] = splitmix64(&seed)
	}
	sideKey = splitmix64(&seed)
}

// PieceKey returns the key of piece p (kind, colour and flags) on square s.
func PieceKey(p Piece, s Square) uint64 {
	k := pieceKeys[int(p.Color())*int(NumKinds)+int(p.Kind())][s]
	for f := p.Flags(); f != 0; f &= f - 1 {
		i := 0
		for f&(1<<i) == 0 {
			i++
		}
		k ^= flagKeys[i][s]
	}
	return k
}

// StateKey returns a key for one item of variant state, identified by a
// domain tag and up to two values (for example a booking: tag, man, due move).
// Variants XOR these into the hash for every field the next move depends on.
func StateKey(tag, a, b uint64) uint64 {
	x := tag*0x9E3779B97F4A7C15 ^ a*0xC2B2AE3D27D4EB4F ^ b*0x165667B19E3779F9
	return splitmix64(&x)
}
