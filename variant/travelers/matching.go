package travelers

import "timechess/rules"

// Grammatical correctness (R6) asks for a one-to-one matching of a side's
// traveling men to distinct resonators: a bipartite matching, found by
// augmenting paths (Kuhn's algorithm). Resonators are named by their squares.

// candidate is a resonator offered to a traveling man, with the index of the
// witness that proves it (-1 when none was recorded).
type candidate struct {
	man rules.Square
	wit int32
}

// matcher matches traveling men (indexes 0..n-1) to candidates.
type matcher struct {
	cands  [][]candidate
	owner  [rules.NumSquares]int16 // 1 + the traveling man a resonator is given to
	chosen []int                   // per traveling man: the index of its candidate
	seen   rules.Bitboard
}

// reset prepares for n traveling men without candidates.
func (mt *matcher) reset(n int) {
	if cap(mt.cands) < n {
		mt.cands = make([][]candidate, n)
	}
	mt.cands = mt.cands[:n]
	for j := range mt.cands {
		mt.cands[j] = mt.cands[j][:0]
	}
	mt.chosen = grow(mt.chosen, n)
}

// add offers candidate c to traveling man j.
func (mt *matcher) add(j int, c candidate) { mt.cands[j] = append(mt.cands[j], c) }

// solve reports whether every traveling man gets a distinct resonator; the
// matching is then in chosen.
func (mt *matcher) solve() bool {
	for _, cs := range mt.cands {
		for _, c := range cs {
			mt.owner[c.man] = 0
		}
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
	for ci, c := range mt.cands[j] {
		if mt.seen.Has(c.man) {
			continue
		}
		mt.seen.Set(c.man)
		if o := mt.owner[c.man]; o == 0 || mt.augment(int(o)-1) {
			mt.owner[c.man] = int16(j + 1)
			mt.chosen[j] = ci
			return true
		}
	}
	return false
}
