package travelers

import "timechess/rules"

// Notation asks for the legal actions of one position many times (SAN's
// disambiguation, Parse, check marks), and each answer costs a survey. The
// last positions' answers are kept in the position's session (session.go),
// keyed by the position's hash and checked against its occupied squares.

// legalSlots holds the legal actions of recently asked positions (session).
type legalSlots struct {
	next  int
	slots [16]cachedLegal
}

// cachedLegal is one position's answer.
type cachedLegal struct {
	hash  uint64
	occ   [2]rules.Bitboard
	moves []rules.Move
	valid bool
}

// cachedMoves appends p's cached legal actions to ml, and reports whether
// they were cached.
func cachedMoves(p *rules.Position, ml []rules.Move) ([]rules.Move, bool) {
	if c := sessionOf(p).legal.lookup(p); c != nil {
		return append(ml, c.moves...), true
	}
	return ml, false
}

// cachedCount returns the number of p's legal actions when they are cached.
func cachedCount(p *rules.Position) (int, bool) {
	if c := sessionOf(p).legal.lookup(p); c != nil {
		return len(c.moves), true
	}
	return 0, false
}

// lookup returns p's entry, or nil.
func (l *legalSlots) lookup(p *rules.Position) *cachedLegal {
	for i := range l.slots {
		if c := &l.slots[i]; c.valid && c.hash == p.Hash && c.occ == p.ByColor {
			return c
		}
	}
	return nil
}

// cacheMoves remembers p's legal actions.
func cacheMoves(p *rules.Position, moves []rules.Move) {
	l := &sessionOf(p).legal
	c := &l.slots[l.next]
	l.next = (l.next + 1) % len(l.slots)
	c.hash, c.occ, c.valid = p.Hash, p.ByColor, true
	c.moves = append(c.moves[:0], moves...)
}

// recent keeps the values last made for a few positions and colours (the
// survey records of share.go, the proofs of proof.go): siblings ask for their
// parent's, one after the other.
type recent[T any] struct {
	keys [8]recentKey
	vals [8]T
	next int
}

// recentKey names a value of recent: a position's hash and a colour.
type recentKey struct {
	hash  uint64
	c     rules.Color
	valid bool
}

// get returns the value kept for colour c in the position of hash key.
func (r *recent[T]) get(key uint64, c rules.Color) (T, bool) {
	for i, k := range r.keys {
		if k.valid && k.hash == key && k.c == c {
			return r.vals[i], true
		}
	}
	var zero T
	return zero, false
}

// put keeps v for colour c in the position of hash key, in place of the
// oldest value.
func (r *recent[T]) put(key uint64, c rules.Color, v T) {
	r.keys[r.next], r.vals[r.next] = recentKey{hash: key, c: c, valid: true}, v
	r.next = (r.next + 1) % len(r.keys)
}

// before returns the value kept for colour c in the position before p's
// last action, else makes it by build on p with that action taken back (p
// is left as it was) and keeps it.
func (r *recent[T]) before(p *rules.Position, c rules.Color, build func(*rules.Position, rules.Color) T) T {
	key := p.HashBefore(1)
	if v, ok := r.get(key, c); ok {
		return v
	}
	lm := p.LastMove()
	p.Unmake()
	v := build(p, c)
	p.Make(lm)
	r.put(key, c, v)
	return v
}
