package fsf

import (
	"fmt"
	"os"
	"path/filepath"
)

// variantsINI defines, in Fairy-Stockfish's variants.ini format, the
// timechess variants Fairy-Stockfish does not know under the same names.
// chess10x8 mirrors timechess/variant/chess.Chess10x8: FIDE rules on a 10x8
// board, the Guard is Fairy-Stockfish's commoner (a non-royal King) written G,
// pawns promote to Q R B N G, and castling takes the King to the c or i file
// with the rook beside it.
const variantsINI = `[chess10x8:chess]
maxFile = j
commoner = g
promotionPieceTypes = qrbng
castlingKingsideFile = i
castlingQueensideFile = c
startFen = rnbgqkgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1
`

// CustomVariants lists the variant names that variantsINI adds to
// Fairy-Stockfish's own.
var CustomVariants = []string{"chess10x8"}

// WriteVariants writes variants.ini (the definitions of CustomVariants) into
// dir and returns its path, for Fairy-Stockfish's VariantPath option.
func WriteVariants(dir string) (string, error) {
	ini := filepath.Join(dir, "variants.ini")
	if err := os.WriteFile(ini, []byte(variantsINI), 0o644); err != nil {
		return "", fmt.Errorf("fairy-stockfish: %w", err)
	}
	return ini, nil
}
