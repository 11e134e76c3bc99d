package store

import (
	"crypto/rand"
	"fmt"
	"math"
	"strings"
)

// idLength is the length of every game and seek id: 12 characters of
// lower-case base32 (a-z, 2-7), 60 random bits.
const idLength = 12

// newID returns a fresh id for a game or seek (ValidID).
func newID() string { return strings.ToLower(rand.Text()[:idLength]) }

// ValidID reports whether id has the form of the ids the store gives games
// and seeks: 12 characters of a-z and 2-7. Any other text names nothing the
// store holds, so the store answers ErrNotFound for it without asking the
// database, and a server may do the same before it asks the store.
func ValidID(id string) bool {
	if len(id) != idLength {
		return false
	}
	for i := range len(id) {
		if c := id[i]; (c < 'a' || c > 'z') && (c < '2' || c > '7') {
			return false
		}
	}
	return true
}

// IDForm describes the form of an id, for messages that refuse one.
const IDForm = "12 characters of a-z and 2-7"

// notFound is the error of what (a game or a seek) with the id id, which the
// store does not hold. A malformed id is quoted and cut short, so that the
// message stays printable and small.
func notFound(what, id string) error {
	if !ValidID(id) && checkWord(what+" id", id, 40) != nil {
		if len(id) > 40 {
			id = id[:40] + "..."
		}
		id = fmt.Sprintf("%q", id)
	}
	return fmt.Errorf("%s %s: %w", what, id, ErrNotFound)
}

// maxCount is the largest count (a ply, a comment number) the databases
// keep: their INTEGER columns are 32-bit on PostgreSQL.
const maxCount = math.MaxInt32

// checkCount refuses a count outside 0..maxCount.
func checkCount(what string, n int) error {
	if n < 0 || n > maxCount {
		return fmt.Errorf("%w: %s %d (want 0 to %d)", ErrInvalid, what, n, maxCount)
	}
	return nil
}
