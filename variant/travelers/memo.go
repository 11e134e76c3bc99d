package travelers

import "timechess/rules"

// Move generation asks the same resonance question over and over: it plays
// doubtful actions out and surveys the mover's resonators (node.exact), and
// sibling positions, which differ by the opponent's last action only, ask it
// about the same men. A resonance survey's answer rests on nothing but the
// side's own men (with its castling rights and the en passant capture open
// to it) and the contents of the squares its board read (hboard.reads): the
// same men with the same squares occupied among those give the same answer.
// Recent answers are kept in a table indexed by the men, each with the
// squares read and which of them were occupied, and given again only when
// the position agrees on them, or when it only has more enemy men there
// and fill.go shows that they change nothing.

// memoKey is what a resonance survey depends on besides the squares read.
type memoKey struct {
	setup   *rules.Setup // geometry, promotions and castling squares
	side    rules.Color
	rights  uint8        // the side's castling rights
	ep      rules.Square // the en passant target open to the side, NoSquare when none
	epUndo  bool         // that en passant capture undoes an annihilation
	men     [rules.King]rules.Bitboard
	flagged [2]rules.Bitboard // the side's traveling and traveled men
	targets rules.Bitboard    // the traveling men surveyed
	only    rules.Square      // the one man asked about, NoSquare when all
}

// answer is what a resonance survey found.
type answer struct {
	found   rules.Bitboard // the resonators
	useful  rules.Bitboard // the squares the first line of each resonance read
	matched bool           // the surveyed traveling men have distinct resonators
}

// memoEntry is one remembered answer.
type memoEntry struct {
	answer
	key      memoKey
	reads    rules.Bitboard // the squares the survey read
	occupied rules.Bitboard // those of them that were occupied
	valid    bool
}

// The table has memoBuckets buckets (a power of two) of memoWays answers:
// the same men are asked about in many siblings, and an answer read in one
// serves those whose last action left its squares alone.
const (
	memoBuckets = 1 << 10
	memoWays    = 4
)

// memoTable holds the remembered answers of a session; next is each
// bucket's next way to replace.
type memoTable struct {
	slots [memoBuckets][memoWays]memoEntry
	next  [memoBuckets]uint8
}

// memoOf returns the answers remembered in p's session.
func memoOf(p *rules.Position) *memoTable {
	s := sessionOf(p)
	if s.memo == nil {
		s.memo = new(memoTable)
	}
	return s.memo
}

// keyOf returns the memo key of colour c's resonances with its traveling men
// on targets in p.
func keyOf(p *rules.Position, c rules.Color, targets rules.Bitboard) memoKey {
	own := p.ByColor[c]
	k := memoKey{setup: p.Setup(), side: c, rights: uint8(p.Castle>>(2*int(c))) & 3, ep: rules.NoSquare, targets: targets, only: rules.NoSquare}
	if c == p.Side && p.EP != rules.NoSquare {
		k.ep, k.epUndo = p.EP, p.EPAnnihilation
	}
	for kind := rules.Pawn; kind <= rules.King; kind++ {
		k.men[kind-1] = p.ByKind[kind].And(own)
	}
	k.flagged = [2]rules.Bitboard{p.Flagged(rules.Traveling).And(own), p.Flagged(rules.Traveled).And(own)}
	return k
}

// bucket returns the table index of key k.
func (k *memoKey) bucket() int {
	h := uint64(k.side) + uint64(k.rights)<<1 + uint64(k.ep)<<3 + uint64(k.only)<<12
	mix := func(b rules.Bitboard) {
		for _, w := range b.Words() {
			h = (h ^ w) * 0x9e3779b97f4a7c15
			h ^= h >> 29
		}
	}
	for _, b := range k.men {
		mix(b)
	}
	mix(k.flagged[0])
	mix(k.targets)
	return int(h & (memoBuckets - 1))
}

// recall puts in a the remembered answer for key k in a position whose
// occupied squares are occ and reports whether it holds there (ok).
// Failing that, it puts in a an answer remembered for a board with fewer
// enemy men among the squares read and returns the squares it would need
// filled (empty when there is none): that answer holds when node.fillable
// says so.
func (memo *memoTable) recall(k *memoKey, occ rules.Bitboard, a *answer) (ok bool, filled rules.Bitboard) {
	bucket := &memo.slots[k.bucket()]
	for i := range bucket {
		e := &bucket[i]
		if !e.valid || e.key != *k {
			continue
		}
		switch o := occ.And(e.reads); {
		case o == e.occupied:
			*a = e.answer
			return true, rules.Bitboard{}
		case e.occupied.AndNot(o).IsZero() && !o.AndNot(e.occupied).Intersects(e.useful):
			*a, filled = e.answer, o.AndNot(e.occupied)
		}
	}
	return false, filled
}

// remember keeps the answer a for key k, the survey having read the squares
// reads of the occupied squares occ.
func (memo *memoTable) remember(k *memoKey, reads, occ rules.Bitboard, a answer) {
	b := k.bucket()
	w := memo.next[b]
	memo.next[b] = (w + 1) % memoWays
	memo.slots[b][w] = memoEntry{answer: a, key: *k, reads: reads, occupied: occ.And(reads), valid: true}
}

// resonators returns colour c's untraveled men that resonate with one of its
// traveling men on targets in p (R4), and whether those traveling men can be
// matched to distinct resonators (R6; a lost traveling man is the caller's
// to check). Known answers are recalled, others surveyed and remembered.
func (n *node) resonators(p *rules.Position, c rules.Color, targets rules.Bitboard) (found rules.Bitboard, matched bool) {
	return n.resonatorsOf(p, c, targets, rules.NoSquare)
}

// resonates reports whether colour c's untraveled man on v resonates with
// one of its traveling men in p: a short line shows it at once most of the
// time (resonatesSoon), else a survey of the lines that man finishes
// answers.
func (n *node) resonates(p *rules.Position, c rules.Color, v rules.Square) bool {
	if n.has(ShortLines) && n.resonatesSoon(p, c, v) {
		return true
	}
	found, _ := n.resonatorsOf(p, c, p.Geometry().Mask, v)
	return found.Has(v)
}

// resonatorsOf is resonators, asked about the man on only alone when only
// is not NoSquare (found then holds at most that man, and matched is
// meaningless).
func (n *node) resonatorsOf(p *rules.Position, c rules.Color, targets rules.Bitboard, only rules.Square) (found rules.Bitboard, matched bool) {
	k := keyOf(p, c, targets)
	k.only = only
	var a answer
	var ok bool
	if n.has(Memo) {
		var filled rules.Bitboard
		ok, filled = memoOf(p).recall(&k, p.Occupied(), &a)
		if !ok && !filled.IsZero() {
			ok = n.fillable(p, &k, filled)
		}
	}
	if !ok {
		a = n.surveyOn(p, &k)
	}
	return a.found, a.matched
}

// surveyOn surveys the resonances of key k in p and remembers the answer.
func (n *node) surveyOn(p *rules.Position, k *memoKey) answer {
	s := &n.spare
	s.only, s.alone = k.only, k.only != rules.NoSquare
	s.runFor(p, k.side, resonanceSurvey, k.targets)
	s.alone = false
	a := answer{useful: s.useful, matched: s.correct(&n.mt)}
	for i, r := range s.res {
		if !r.IsZero() {
			a.found.Set(s.origin[i])
		}
	}
	if n.has(Memo) {
		memoOf(p).remember(k, s.b.reads, p.Occupied(), a)
	}
	return a
}
