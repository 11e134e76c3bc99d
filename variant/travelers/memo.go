package travelers

import (
	"sync"

	"timechess/rules"
)

// Move generation asks the same resonance question over and over: it plays
// doubtful actions out and surveys the mover's resonators (node.exact), and
// sibling positions, which differ by the opponent's last action only, ask it
// about the same men. A resonance survey's answer rests on nothing but the
// side's own men (with its castling rights and the en passant capture open
// to it) and the contents of the squares its board read (hboard.reads): the
// same men with the same squares occupied among those give the same answer.
// Recent answers are kept in a table indexed by the men, each with the
// squares read and which of them were occupied, and given again only when
// the position agrees on them.
//
// An answer also holds on a board that has enemy men on more of the squares
// read ("filled"), when the first line found of each resonance reads none of
// them and the survey of the filled board would follow no line on which an
// own pawn takes on one of them (node.fillable). A line that reads no
// filled square is a line of both boards, so every resonance survives. A
// line of the filled board that takes on a filled square with a piece
// leaves the board a quiet move there would have left, so it is a line of
// the other board with the same end, and no resonance is new; only a pawn,
// which cannot move aside onto an empty square, gains lines by the new men
// (with its first or second move: the last ends on a traveling man).
// Siblings after explosions of the opponent differ by the two men it placed:
// the survey after an action of the side, in a position the opponent's last
// action was an explosion, is first made on the board without those two men
// (node.vacant), whose answer then serves the other siblings too.

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

// memo holds the remembered answers; next is each bucket's next way to
// replace.
var memo struct {
	sync.Mutex
	slots [memoBuckets][memoWays]memoEntry
	next  [memoBuckets]uint8
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
func recall(k *memoKey, occ rules.Bitboard, a *answer) (ok bool, filled rules.Bitboard) {
	memo.Lock()
	defer memo.Unlock()
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
func remember(k *memoKey, reads, occ rules.Bitboard, a answer) {
	memo.Lock()
	defer memo.Unlock()
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
	if n.resonatesSoon(p, c, v) {
		return true
	}
	found, _ := n.resonatorsOf(p, c, p.Geometry().Mask, v)
	return found.Has(v)
}

// resonatesSoon reports whether colour c's untraveled man on v can
// annihilate with one of its traveling men by a line of one of the
// shapes: its own one move or, a piece, its own two moves (a knight's
// three), or a move of an own man out of its way first (one in its way or
// in the way of a traveling man of its type), then its one or two moves.
func (n *node) resonatesSoon(p *rules.Position, c rules.Color, v rules.Square) bool {
	occ := p.Occupied()
	ts := traveling(&p.State, c)
	for t := ts; !t.IsZero(); {
		if annihilatorsOf(p, c, t.PopLSB(), occ, rules.Bitboard{}).Has(v) {
			return true
		}
	}
	k := p.Board[v].Kind()
	ts = ts.And(p.ByKind[k])
	if k == rules.Pawn || ts.IsZero() {
		return false
	}
	g := p.Geometry()
	own := p.ByColor[c]
	if reachesInTwo(g, c, k, v, ts, occ, own) || k == rules.Knight && knightInThree(g, v, ts, own) {
		return true
	}
	ways := g.Attacks(k, c, v, occ)
	for t := ts; !t.IsZero(); {
		ways = ways.Or(g.Attacks(k, c, t.PopLSB(), occ))
	}
	b := &n.spare.b
	b.init(p, c)
	for hs := ways.And(own); !hs.IsZero(); {
		h := hs.PopLSB()
		i := int(b.at[h]) - 1
		if i < 0 || h == v {
			continue // a traveling man never moves
		}
		ms := b.manMoves(n.spare.buf1[:0], i)
		n.spare.buf1 = ms
		for _, m := range ms {
			o, w := occ, own
			o.Clear(h)
			o.Set(m.to)
			w.Clear(h)
			w.Set(m.to)
			if reachesInTwo(g, c, k, v, ts, o, w) {
				return true
			}
		}
	}
	return false
}

// knightInThree reports whether a knight on v, own being its side's men,
// reaches a square of ts (own men) in three moves.
func knightInThree(g *rules.Geometry, v rules.Square, ts, own rules.Bitboard) bool {
	var second, last rules.Bitboard
	for xs := g.Knight[v].AndNot(own); !xs.IsZero(); {
		second = second.Or(g.Knight[xs.PopLSB()])
	}
	own.Clear(v)
	for t := ts; !t.IsZero(); {
		last = last.Or(g.Knight[t.PopLSB()])
	}
	return second.AndNot(own).Intersects(last)
}

// reachesInTwo reports whether a man of kind k (not a pawn) and colour c on
// v, with blockers occ of which own are c's, reaches a square of ts (its
// own men) in one move, or in two: onto a square it attacks that is not
// own and that a man of its kind on a square of ts would attack with v
// empty.
func reachesInTwo(g *rules.Geometry, c rules.Color, k rules.Kind, v rules.Square, ts, occ, own rules.Bitboard) bool {
	first := g.Attacks(k, c, v, occ)
	if first.Intersects(ts) {
		return true
	}
	first = first.AndNot(own)
	occ.Clear(v)
	for t := ts; !t.IsZero(); {
		if first.Intersects(g.Attacks(k, c, t.PopLSB(), occ)) {
			return true
		}
	}
	return false
}

// resonatorsOf is resonators, asked about the man on only alone when only
// is not NoSquare (found then holds at most that man, and matched is
// meaningless).
func (n *node) resonatorsOf(p *rules.Position, c rules.Color, targets rules.Bitboard, only rules.Square) (found rules.Bitboard, matched bool) {
	k := keyOf(p, c, targets)
	k.only = only
	var a answer
	ok, filled := recall(&k, p.Occupied(), &a)
	if !ok && !filled.IsZero() {
		ok = n.fillable(p, &k, filled)
	}
	if !ok {
		a = n.surveyFor(p, &k, n.vacant.And(p.ByColor[c.Other()]))
	}
	return a.found, a.matched
}

// surveyFor surveys the resonances of key k in p and remembers the answer.
// It first surveys the board without the enemy men on vac (the two men of
// the opponent's last explosion, node.vacant), whose answer also serves
// siblings that exploded elsewhere, when that answer holds in p too.
func (n *node) surveyFor(p *rules.Position, k *memoKey, vac rules.Bitboard) answer {
	s := &n.spare
	if !vac.IsZero() && n.fillable(p, k, vac) {
		a := n.surveyOn(p, k, vac)
		if !vac.And(s.b.reads).Intersects(a.useful) {
			return a
		}
	}
	return n.surveyOn(p, k, rules.Bitboard{})
}

// surveyOn surveys the resonances of key k in p, the enemy men on vac taken
// off the board first, and remembers the answer.
func (n *node) surveyOn(p *rules.Position, k *memoKey, vac rules.Bitboard) answer {
	s := &n.spare
	s.only, s.alone, s.vacant = k.only, k.only != rules.NoSquare, vac
	s.runFor(p, k.side, resonanceSurvey, k.targets)
	s.alone, s.vacant = false, rules.Bitboard{}
	a := answer{useful: s.useful, matched: s.correct(&n.mt)}
	for i, r := range s.res {
		if !r.IsZero() {
			a.found.Set(s.origin[i])
		}
	}
	remember(k, s.b.reads, p.Occupied().AndNot(s.b.rootEmpty), a)
	return a
}

// fillable reports whether a resonance answer for a board without the
// enemy men on filled holds in p, where they stand, when the first lines
// that answer found read none of them (the caller's to check): whether the
// survey of key k in p prunes every line on which an own pawn takes on one
// of them (memo.go). Such a pawn takes with the line's first or second move
// (its last move ends on a traveling man), from a square diagonally behind
// the filled square that it stands on or reaches with its first move. The
// survey follows the capture only when the pawn then has a bound of at most
// two moves, when as a first move it takes a man standing between or leaves
// the zone (resonanceLines), or when as a second move it leaves a square
// between a man then one move from a traveling man and that traveling man
// (resonanceNode): a man one move away in p, or the first move's man, which
// then stands where its kind reaches a traveling man of its type in one
// move (or a pawn's double step behind it).
func (n *node) fillable(p *rules.Position, k *memoKey, filled rules.Bitboard) bool {
	g := p.Geometry()
	other, last := k.side.Other(), g.H-1
	if k.side == rules.Black {
		last = 0
	}
	var behind, origins rules.Bitboard
	for f := filled; !f.IsZero(); {
		d := f.PopLSB()
		if d.Rank() == last {
			return false // a promotion: not followed here
		}
		behind = behind.Or(g.PawnAttack[other][d])
	}
	// Where a pawn that could stand behind with its first move comes from:
	// a square behind, one or two steps back, or a capture back.
	back := -forward(k.side)
	for sq := behind; !sq.IsZero(); {
		sc := sq.PopLSB()
		origins = origins.Or(g.PawnAttack[other][sc])
		for v, i := sc, 0; i < 3 && g.Contains(v); v, i = v+back, i+1 {
			origins.Set(v)
		}
	}
	if !origins.Intersects(k.men[rules.Pawn-1]) {
		return true
	}
	s := &n.spare
	b := &s.b
	s.only, s.alone, s.vacant = k.only, k.only != rules.NoSquare, rules.Bitboard{}
	defer func() { s.alone = false }()
	s.begin(p, k.side, resonanceSurvey, k.targets)
	// The pawns' squares behind: where they stand, or where their first
	// move takes them (en passant included).
	var from, reached rules.Bitboard
	if b.ep != rules.NoSquare && behind.Has(b.ep) {
		reached.Set(b.ep)
	}
	for i := range b.men {
		m := &b.men[i]
		if m.kind != rules.Pawn {
			continue
		}
		if behind.Has(m.sq) {
			from.Set(m.sq)
		}
		for _, mv := range b.pawnMoves(s.buf1[:0], m.sq) {
			if behind.Has(mv.to) {
				reached.Set(mv.to)
			}
		}
	}
	stands := from.Or(reached)
	if stands.IsZero() {
		return true
	}
	for sq := stands; !sq.IsZero(); {
		for ds := filled.And(g.PawnAttack[k.side][sq.PopLSB()]); !ds.IsZero(); {
			if s.pawnBound(ds.PopLSB()) <= 2 {
				return false
			}
		}
	}
	s.lb = grow(s.lb, len(b.men))
	for i := range b.men {
		s.lb[i] = s.bound(i, b.men[i].sq, b.men[i].kind)
	}
	zone, between := s.zone()
	for sq := from; !sq.IsZero(); {
		sc := sq.PopLSB()
		if zone.Has(sc) || filled.And(g.PawnAttack[k.side][sc]).Intersects(between) {
			return false
		}
	}
	return !s.nearLines().Intersects(stands)
}

// nearLines returns the squares a second move may leave to serve
// (resonanceNode): those between a man one move from a traveling man of
// its type, by the bounds, and any surveyed traveling man; the men one move
// away are those in s.lb and the men a first move brings one move away.
func (s *survey) nearLines() rules.Bitboard {
	b := &s.b
	var near rules.Bitboard
	for i := range b.men {
		if s.lb[i] <= 1 {
			near.Set(b.men[i].sq)
		}
	}
	ms := b.moves(s.buf1[:0])
	s.buf1 = ms
	for _, m := range ms {
		if m.kind == hCastle {
			cg := b.castle(m.wing)
			for _, mv := range [2][2]rules.Square{{cg.king, cg.kingTo}, {cg.rook, cg.rookTo}} {
				if i := int(b.at[mv[0]]) - 1; s.bound(i, mv[1], b.men[i].kind) <= 1 {
					near.Set(mv[1])
				}
			}
			continue
		}
		i := int(b.at[m.from]) - 1
		if s.bound(i, m.to, promoted(b.men[i].kind, m.promo)) <= 1 {
			near.Set(m.to)
		}
	}
	var lines rules.Bitboard
	for x := near; !x.IsZero(); {
		sq := x.PopLSB()
		for _, gl := range s.goals {
			lines = lines.Or(b.g.Between(sq, gl.sq))
		}
	}
	return lines
}

// pawnBound returns the least bound of a pawn on sq to a surveyed traveling
// man (a bound the survey may not give it: it may be traveled, or not the
// man asked about).
func (s *survey) pawnBound(sq rules.Square) int {
	best := unreachable
	for _, gl := range s.goals {
		best = min(best, s.b.lowerBound(rules.Pawn, sq, gl.sq, gl.kind))
	}
	return best
}
