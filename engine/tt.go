package engine

import (
	"math/bits"
	"sync/atomic"

	"timechess/rules"
)

// The transposition table is shared by the threads of one Engine. Each slot
// holds two words, the data and the key XOR the data, written and read
// atomically: a slot torn by two threads writing at once fails the key test
// and reads as empty, so no lock is needed.

// bound tells how a stored score relates to the true value.
type bound uint8

// The bounds.
const (
	boundNone  bound = iota
	boundUpper       // the true value is at most the score (no move raised alpha)
	boundLower       // the true value is at least the score (a beta cut-off)
	boundExact
)

// slotsPerBucket is the number of slots one probe looks at.
const slotsPerBucket = 4

// slot is one table entry.
type slot struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// bucket holds the slots a key may occupy.
type bucket [slotsPerBucket]slot

// table is the transposition table.
type table struct {
	buckets []bucket
	gen     uint8 // the search generation, 6 bits, for replacement
}

// entry is a decoded slot.
type entry struct {
	move  moveCode
	score Score
	depth int
	bound bound
}

// Data layout: move code bits 0-31, score bits 32-47, depth bits 48-55,
// bound bits 56-57, generation bits 58-63.
func pack(m moveCode, s Score, depth int, b bound, gen uint8) uint64 {
	return uint64(m) | uint64(uint16(int16(s)))<<32 | uint64(uint8(depth))<<48 | uint64(b)<<56 | uint64(gen&63)<<58
}

func unpack(d uint64) entry {
	return entry{
		move:  moveCode(d),
		score: Score(int16(uint16(d >> 32))),
		depth: int(uint8(d >> 48)),
		bound: bound(d>>56) & 3,
	}
}

// newTable returns a table of about mb megabytes (at least one bucket).
func newTable(mb int) *table {
	n := mb << 20 / (slotsPerBucket * 16)
	if n < 1 {
		n = 1
	}
	return &table{buckets: make([]bucket, n)}
}

// clear empties the table.
func (t *table) clear() {
	t.buckets = make([]bucket, len(t.buckets))
	t.gen = 0
}

// newSearch starts a generation: older entries are replaced first.
func (t *table) newSearch() { t.gen = (t.gen + 1) & 63 }

// bucketOf returns the bucket of key.
func (t *table) bucketOf(key uint64) *bucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// probe looks key up.
func (t *table) probe(key uint64) (entry, bool) {
	b := t.bucketOf(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return entry{}, false
}

// store records a search result for key. A slot holding the same key is
// overwritten (keeping its move when the new result has none); otherwise the
// shallowest and oldest slot gives way.
func (t *table) store(key uint64, m moveCode, s Score, depth int, b bound) {
	bk := t.bucketOf(key)
	victim := &bk[0]
	worst := 1 << 30
	for i := range bk {
		sl := &bk[i]
		d := sl.data.Load()
		if d == 0 || sl.check.Load()^d == key {
			if d != 0 && m == 0 {
				m = unpack(d).move
			}
			victim = sl
			break
		}
		age := int((t.gen - uint8(d>>58)) & 63)
		if v := int(uint8(d>>48)) - 8*age; v < worst {
			worst, victim = v, sl
		}
	}
	d := pack(m, s, depth, b, t.gen)
	victim.data.Store(d)
	victim.check.Store(key ^ d)
}

// hashFull returns the permille of the first thousand slots used in this
// generation.
func (t *table) hashFull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for j := range t.buckets[i] {
			if d := t.buckets[i][j].data.Load(); d != 0 && uint8(d>>58)&63 == t.gen {
				used++
			}
			n++
		}
	}
	return used * 1000 / n
}

// moveCode is a 32-bit fingerprint of an action, stored in the table. It is
// never trusted as a move: the search uses the legal action whose code it is,
// so a collision can only spoil the move order, never play an illegal move.
type moveCode uint32

// codeOf returns the code of m; NullMove and only NullMove-like values give 0.
func codeOf(m rules.Move) moveCode {
	if m.IsNull() {
		return 0
	}
	return moveCode(uint8(m.From)) | moveCode(uint8(m.To))<<8 | moveCode(m.Kind&15)<<16 |
		moveCode(m.Promo&15)<<20 | moveCode(m.Piece&15)<<24 | moveCode(m.Num&15)<<28
}
