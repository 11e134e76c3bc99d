package store

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
)

// TokenHash is the SHA-256 hash of a seat's secret token. The store keeps only
// hashes, never the tokens. The zero value means "no token".
type TokenHash [sha256.Size]byte

// NewToken returns a fresh secret token: 128 random bits from crypto/rand,
// in base32 (26 characters).
func NewToken() string { return rand.Text() }

// HashToken returns the hash of token, as the store keeps it.
func HashToken(token string) TokenHash { return sha256.Sum256([]byte(token)) }

// IsZero reports whether h is the zero value (no token).
func (h TokenHash) IsZero() bool { return h == TokenHash{} }

// matches compares h with a seat's hash in constant time; a seat without a
// token matches nothing.
func (h TokenHash) matches(seat TokenHash) bool {
	return !seat.IsZero() && subtle.ConstantTimeCompare(h[:], seat[:]) == 1
}

// sideOf returns the side whose hash, of white's and black's, h matches
// (White when both do), comparing each in constant time; NoSide for none.
func (h TokenHash) sideOf(white, black TokenHash) Side {
	switch {
	case h.matches(white):
		return White
	case h.matches(black):
		return Black
	}
	return NoSide
}

// MarshalText writes the hash in hexadecimal, and the zero hash as "".
func (h TokenHash) MarshalText() ([]byte, error) {
	if h.IsZero() {
		return []byte{}, nil
	}
	return []byte(hex.EncodeToString(h[:])), nil
}

// UnmarshalText reads what MarshalText writes.
func (h *TokenHash) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*h = TokenHash{}
		return nil
	}
	if len(text) != 2*len(h) {
		return fmt.Errorf("%w: token hash has %d hex digits (want %d)", ErrInvalid, len(text), 2*len(h))
	}
	if _, err := hex.Decode(h[:], text); err != nil {
		return fmt.Errorf("%w: token hash: %v", ErrInvalid, err)
	}
	return nil
}

// bytes returns the hash as a database value: nil (NULL) for the zero hash.
func (h TokenHash) bytes() []byte {
	if h.IsZero() {
		return nil
	}
	return h[:]
}

// tokenHashOf reads a database value written by bytes.
func tokenHashOf(b []byte) (TokenHash, error) {
	var h TokenHash
	if len(b) != 0 && len(b) != len(h) {
		return h, fmt.Errorf("stored token hash has %d bytes (want %d)", len(b), len(h))
	}
	copy(h[:], b)
	return h, nil
}
