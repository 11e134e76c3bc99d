package travelers

import (
	"slices"

	"timechess/rules"
)

// Grammatical correctness (R6) asks for a one-to-one matching of a side's
// traveling men to distinct resonators: a bipartite matching, found by
// augmenting paths (Kuhn's algorithm). Resonators are named by their squares,
// and each traveling man's candidates are a set of squares.

// matcher matches traveling men (indexes 0..n-1) to candidates.
type matcher struct {
	cands  []rules.Bitboard // per traveling man: the squares of its candidates
	chosen []rules.Square   // per traveling man: its resonator, once solved
	// owner[sq] is 1 + the traveling man the resonator on sq is given to;
	// it holds only while stamp[sq] is the current solve's epoch.
	owner [rules.NumSquares]int16
	stamp [rules.NumSquares]uint32
	epoch uint32
	seen  rules.Bitboard
}

// reset prepares for n traveling men without candidates.
func (mt *matcher) reset(n int) {
	mt.cands = grow(mt.cands, n)
	mt.chosen = grow(mt.chosen, n)
}

// add offers the man on sq to traveling man j.
func (mt *matcher) add(j int, sq rules.Square) { mt.cands[j].Set(sq) }

// addAll offers the men on the squares of men to traveling man j.
func (mt *matcher) addAll(j int, men rules.Bitboard) { mt.cands[j] = mt.cands[j].Or(men) }

// solve reports whether every traveling man gets a distinct resonator; the
// matching is then in chosen.
func (mt *matcher) solve() bool {
	for _, c := range mt.cands {
		if c.IsZero() {
			return false
		}
	}
	mt.epoch++
	if mt.epoch == 0 { // wrapped: no stale stamp may look current
		clear(mt.stamp[:])
		mt.epoch = 1
	}
	for j := range mt.cands {
		mt.seen = rules.Bitboard{}
		if !mt.augment(j) {
			return false
		}
	}
	return true
}

// augment finds traveling man j a resonator, moving others to their other
// candidates where needed.
func (mt *matcher) augment(j int) bool {
	for {
		free := mt.cands[j].AndNot(mt.seen)
		if free.IsZero() {
			return false
		}
		sq := free.LSB()
		mt.seen.Set(sq)
		if mt.stamp[sq] != mt.epoch || mt.augment(int(mt.owner[sq])-1) {
			mt.owner[sq], mt.stamp[sq], mt.chosen[j] = int16(j+1), mt.epoch, sq
			return true
		}
	}
}

// edgeOf returns the resonance of the man on sq (his square in the surveyed
// position) with the traveling man on t, which the survey recorded.
func (s *survey) edgeOf(sq, t rules.Square) *edge {
	i := slices.Index(s.origin, sq)
	return &s.edges[s.edgeAt[i*len(s.goals)+int(s.gidx[t])]-1]
}
