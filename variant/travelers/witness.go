package travelers

import "timechess/rules"

// A witness is a hypothetical line that proves a support or a resonance: the
// moves, the man they bring to the square, and the squares whose contents the
// line reads (its dependencies). A line stays valid in any position that has
// the same contents on those squares, so an action that changes none of them
// keeps what the witness proves, and move generation needs no new search.
// Lines that take en passant or castle also depend on those rights; they are
// flagged and never trusted across an action.

// witness flags.
const (
	usesEnPassant uint8 = 1 << iota
	usesCastling
)

// witness is one recorded line.
type witness struct {
	man   int        // the untraveled man, an index into the survey's men
	kind  rules.Kind // its type on arrival
	n     uint8      // the number of moves
	flags uint8
	moves [3]hmove
	deps  rules.Bitboard // the squares the line reads, its final square aside
	land  rules.Square   // where the man ends
	next  int32          // 1 + the next witness of the same support, or 0
}

// flagsOf returns the witness flags a move sets.
func flagsOf(m hmove) uint8 {
	switch m.kind {
	case hEnPassant:
		return usesEnPassant
	case hCastle:
		return usesCastling
	}
	return 0
}

// newWitness records the current line followed by m, which brings man i to
// land as kind k, with its dependencies and flags (lineWith), and returns
// its index.
func (s *survey) newWitness(i int, k rules.Kind, m hmove, land rules.Square, deps rules.Bitboard, flags uint8) int32 {
	w := witness{man: i, kind: k, n: uint8(s.depth + 1), land: land, deps: deps, flags: flags}
	copy(w.moves[:], s.line[:s.depth])
	w.moves[s.depth] = m
	s.wits = append(s.wits, w)
	return int32(len(s.wits) - 1)
}

// lineWith returns the dependencies and flags of the current line followed
// by m, which brings its man to land. The final square is left out: a man
// may move onto a traveling man there (the annihilation of R4), except by
// castling, which needs its squares empty.
func (s *survey) lineWith(m hmove, land rules.Square) (rules.Bitboard, uint8) {
	deps, flags := s.lineAt(s.depth)
	if (m.kind == hNormal || m.kind == hDouble) && land == m.to {
		// Its origin and the squares it passes (deps, land left out).
		d := s.b.g.Between(m.from, m.to)
		d.Set(m.from)
		return deps.Or(d), flags
	}
	d := s.b.deps(m)
	if m.kind != hCastle {
		d.Clear(land)
	}
	return deps.Or(d), flags | flagsOf(m)
}

// trusted reports whether the witness stays valid after an action that
// changes the contents of the squares in changed (the final square aside)
// and perhaps the castling rights. No witness taking en passant survives an
// action: the right lapses.
func (w *witness) trusted(changed rules.Bitboard) bool {
	return w.flags == 0 && !w.deps.Intersects(changed)
}

// withoutMan reports whether witness w still proves its resonance once the
// own man on from and the traveling man on t have left the board (the
// annihilation of R5), the line moving the man on from only out of the
// way: w neither takes en passant nor castles, does not read t, is not
// finished by that man, and that man's moves take nothing (they land on
// squares empty in the position). Then the line with that man's moves
// taken out is a line of the board after the annihilation: every other
// move read the squares that man stood on as empty or never read them
// (own men block), and the squares it left hold what they held.
func (s *survey) withoutMan(w *witness, from, t rules.Square) bool {
	if w.flags != 0 || w.deps.Has(t) || s.origin[w.man] == from {
		return false
	}
	at, moved := from, false
	for _, m := range w.moves[:w.n] {
		if m.from != at {
			continue
		}
		if !s.b.rootEmpty.Has(m.to) {
			return false
		}
		at, moved = m.to, true
	}
	return moved
}

// A support's witnesses are "good" when they neither take en passant (the
// right lapses with the explosion) nor pass the explosion square (the
// traveling man stands there after it). Castling lines are good: an
// explosion changes no castling right of its side.

// supportCover returns the squares an exploding traveled man may move to
// from x, exploded as kind k, with some support of (k, x) still proving a
// resonator for the new traveling man on x: a witness whose line does not
// pass x and does not read the destination, and whose man is not in used
// (the resonators other traveling men are matched to). The slot keeps the
// answer for no man excluded.
func (s *survey) supportCover(k rules.Kind, x rules.Square, used rules.Bitboard) rules.Bitboard {
	var cover rules.Bitboard
	h := s.head[k][x]
	if h == 0 {
		return cover
	}
	sl := &s.slots[h-1]
	if !sl.men.Intersects(used) {
		return sl.cover
	}
	for i := sl.first; i != 0; i = s.wits[i-1].next {
		w := &s.wits[i-1]
		if w.flags&usesEnPassant == 0 && !w.deps.Has(x) && !used.Has(s.origin[w.man]) {
			cover = cover.Or(s.b.g.Mask.AndNot(w.deps))
		}
	}
	return cover
}

// targetReads returns the squares whose contents travelerTargets reads for
// a traveled man of kind k and colour c on x with blockers occ: on a board
// that agrees with occ and own there, it gives the same squares.
func targetReads(g *rules.Geometry, c rules.Color, k rules.Kind, x rules.Square, occ rules.Bitboard) rules.Bitboard {
	if k != rules.Pawn {
		return g.Attacks(k, c, x, occ)
	}
	r := g.PawnAttack[c][x]
	if one := x + forward(c); g.Contains(one) {
		r.Set(one)
		if two := one + forward(c); g.Contains(two) {
			r.Set(two) // read only from the second rank: a superset
		}
	}
	return r
}

// target narrows slot sl of the supports of kind k on land to the
// destinations of the traveled man: until the slot is first asked for a
// further witness, its bad squares are kept as those all its good witnesses
// read, on any square (many slots never are).
func (s *survey) target(sl *slot, k rules.Kind, land rules.Square) {
	b := &s.b
	sl.dests = travelerTargets(b.g, b.side, k, land, s.rootOcc, s.rootOwn)
	sl.bad = sl.bad.And(sl.dests)
	sl.targeted = true
}

// destinations returns the squares the traveled man of an explosion of
// kind k on x (a support) can move to: those target computed for its slot,
// or computed now.
func (s *survey) destinations(k rules.Kind, x rules.Square) rules.Bitboard {
	if sl := &s.slots[s.head[k][x]-1]; sl.targeted {
		return sl.dests
	}
	b := &s.b
	return travelerTargets(b.g, b.side, k, x, s.rootOcc, s.rootOwn)
}

// slot gathers the witnesses of the supports of one type on one square. An
// explosion there needs, after the traveled man's move to y, a witness that
// neither passes the square nor reads y (witness.go). The first witness of
// each man is kept; further ones are kept while they shrink bad, the
// destinations of the traveled man that every witness so far reads, up to
// maxWitnesses.
type slot struct {
	first int32 // 1 + the index of the first witness
	bad   rules.Bitboard
	dests rules.Bitboard // the traveled man's destinations, once targeted
	// men holds the men of its witnesses (their squares in the position),
	// cover the squares some good witness does not read (supportCover with
	// no man excluded).
	men, cover rules.Bitboard
	n          int
	// good: a good line was seen; short: a good line of at most two moves
	// was seen (and one is kept); capped: the slot stopped taking witnesses
	// with bad squares left; targeted: bad is narrowed to the destinations
	// (target).
	good, short, capped, targeted bool
}

// maxWitnesses bounds the witnesses kept for one support.
const maxWitnesses = 8

// arriveOrOffer records man i's arrival on land as kind k by move m, or
// offers the line as a further witness when the arrival is known.
func (s *survey) arriveOrOffer(i int, k rules.Kind, m hmove, land rules.Square) {
	switch {
	case !s.reach[i][k].Has(land):
		s.arrive(i, k, m, land)
	case s.weak[k].Has(land):
		s.offer(i, k, m, land, false)
	}
}

// arrive records that man i can stand on land as a man of kind k, the line
// ending with move m.
func (s *survey) arrive(i int, k rules.Kind, m hmove, land rules.Square) {
	if !s.vacated.IsZero() && s.readsNoVacated(m, land) {
		return
	}
	if s.rec != nil {
		s.logEvent(false, i, k, m, land)
		return
	}
	s.reach[i][k].Set(land)
	s.support[k].Set(land)
	s.offer(i, k, m, land, true)
}

// offer keeps the line ending with m as a witness of the support of kind k
// on land when keep is set or it shrinks the slot's bad squares.
func (s *survey) offer(i int, k rules.Kind, m hmove, land rules.Square, keep bool) {
	if !keep && !s.vacated.IsZero() && s.readsNoVacated(m, land) {
		return
	}
	h := s.head[k][land]
	if h == 0 {
		s.slots = append(s.slots, slot{bad: s.b.g.Mask})
		h = int32(len(s.slots))
		s.head[k][land] = h
		s.weak[k].Set(land)
	}
	sl := &s.slots[h-1]
	if !keep && !sl.targeted {
		s.target(sl, k, land)
		if sl.bad.IsZero() {
			s.weak[k].Clear(land) // as it would have been at the last witness
			return
		}
	}
	// Whether the line is good, and whether it could be wanted, show from
	// its prefix: the final move reads the square it lands on only when it
	// castles, and a line is wanted only when it shrinks bad.
	prefix, flags := s.lineAt(s.depth)
	flags |= flagsOf(m)
	good := flags&usesEnPassant == 0 && !prefix.Has(land) && m.kind != hCastle
	short := good && s.depth < 2 && !sl.short
	if !keep && !short {
		if !good || sl.n >= maxWitnesses {
			sl.good = sl.good || good
			return
		}
		// A plain move reads its origin and the squares it passes (deps):
		// whether it leaves a bad square unread shows without the whole line.
		rest := sl.bad.AndNot(prefix)
		if m.kind == hNormal || m.kind == hDouble {
			rest = rest.AndNot(s.b.g.Between(m.from, land))
			rest.Clear(m.from)
		}
		if rest.IsZero() {
			sl.good = true
			return
		}
	}
	deps, _ := s.lineWith(m, land)
	if !keep && !short && sl.bad.AndNot(deps).IsZero() {
		sl.good = true
		return
	}
	sl.short = sl.short || short
	sl.good = sl.good || good
	w := s.newWitness(i, k, m, land, deps, flags)
	s.wits[w].next = sl.first
	sl.first = w + 1
	sl.n++
	sl.men.Set(s.origin[i])
	if flags&usesEnPassant == 0 && !deps.Has(land) {
		sl.cover = sl.cover.Or(s.b.g.Mask.AndNot(deps))
	}
	if good {
		sl.bad = sl.bad.And(deps)
	}
	if sl.n >= maxWitnesses && !sl.targeted {
		s.target(sl, k, land)
	}
	switch {
	case sl.targeted && sl.bad.IsZero():
		s.weak[k].Clear(land)
	case sl.n >= maxWitnesses:
		s.weak[k].Clear(land)
		sl.capped = true
	}
}

// leanest returns, among witness w and those linked after it (the
// witnesses of one resonance), one that neither takes en passant nor
// castles, if any, reading the fewest squares: the one whose line the
// fewest actions touch.
func (s *survey) leanest(w int32) int32 {
	best := w
	for i := s.wits[w].next - 1; i >= 0; i = s.wits[i].next - 1 {
		if s.leaner(i, best) {
			best = i
		}
	}
	return best
}

// leaner reports whether witness a is to be preferred to witness b: it
// neither takes en passant nor castles while b does, or reads fewer
// squares and is no worse in that.
func (s *survey) leaner(a, b int32) bool {
	x, y := &s.wits[a], &s.wits[b]
	if (x.flags == 0) != (y.flags == 0) {
		return x.flags == 0
	}
	return x.deps.Count() < y.deps.Count()
}

// resonate records that man i can annihilate with the own traveling man on
// m.to, the line ending with m. A full survey sees every such line (its
// representative, at least: see witness.go) and keeps, per resonance, the
// squares all its lines read, the minimal sets of squares its lines read
// (addReads) and the squares all its lines of at most two moves read, with
// witnesses that shrink the first.
func (s *survey) resonate(i int, m hmove) {
	if !s.vacated.IsZero() && s.readsNoVacated(m, m.to) {
		return
	}
	if s.rec != nil {
		s.logEvent(true, i, promoted(m.piece, m.promo), m, m.to)
		return
	}
	j := int(s.gidx[m.to])
	at := i*len(s.goals) + j
	e := s.edgeAt[at]
	if e == 0 {
		s.res[i].Set(m.to)
		s.edges = append(s.edges, edge{man: i, t: m.to, wit: -1})
		e = int32(len(s.edges))
		s.edgeAt[at] = e
		if s.mode != fullSurvey {
			deps, _ := s.lineWith(m, m.to)
			s.useful = s.useful.Or(deps)
		}
	}
	if s.mode != fullSurvey {
		return
	}
	ed := &s.edges[e-1]
	deps, flags := s.lineWith(m, m.to)
	keep := ed.wit < 0
	if flags&usesEnPassant == 0 {
		if !ed.seen {
			ed.ess, ed.seen = deps, true
			keep = true
		} else if !ed.ess.AndNot(deps).IsZero() {
			ed.ess = ed.ess.And(deps)
			keep = keep || ed.n < maxWitnesses
		}
		if flags == 0 {
			s.addReads(ed, deps)
			if s.depth > 0 {
				s.firstRes[s.root*len(s.goals)+j].Set(s.origin[i])
			}
			if m2 := s.line[1]; s.depth == 2 && s.swapped {
				// The line starts with m2 too (transposed).
				if r := s.rootIndex(m2.from, m2.to, m2.promo); r >= 0 {
					s.firstRes[r*len(s.goals)+j].Set(s.origin[i])
				}
			}
		} else {
			ed.castles = true
		}
		if s.depth < 2 {
			if !ed.has2 {
				ed.ess2, ed.has2 = deps, true
			}
			ed.ess2 = ed.ess2.And(deps)
		}
	}
	if !keep {
		return
	}
	w := s.newWitness(i, promoted(m.piece, m.promo), m, m.to, deps, flags)
	s.wits[w].next = ed.wit + 1
	ed.wit = w
	ed.n++
}

// maxReads bounds the minimal read sets kept for one resonance.
const maxReads = 32

// addReads adds deps, the squares a line of resonance ed that neither takes
// en passant nor castles reads, to the edge's minimal read sets: it is
// dropped when some set kept is a subset of it, and removes every set it is
// a subset of, so that the sets kept are the minimal ones among all added,
// in whatever order they came. Past maxReads the edge stops keeping them
// (many).
func (s *survey) addReads(ed *edge, deps rules.Bitboard) {
	if ed.many {
		return
	}
	for i := ed.reads; i != 0; i = s.reads[i-1].next {
		if s.reads[i-1].deps.AndNot(deps).IsZero() {
			return
		}
	}
	for at := &ed.reads; *at != 0; {
		if r := &s.reads[*at-1]; deps.AndNot(r.deps).IsZero() {
			*at = r.next
			ed.nreads--
		} else {
			at = &r.next
		}
	}
	if ed.nreads == maxReads {
		ed.many = true
		return
	}
	s.reads = append(s.reads, readSet{deps: deps, next: ed.reads})
	ed.reads = int32(len(s.reads))
	ed.nreads++
}

// readSet is the set of squares a line of a resonance reads, linked to the
// edge's next one through next (1 + its index, or 0).
type readSet struct {
	deps rules.Bitboard
	next int32
}

// avoids reports whether resonance e has a line, neither taking en passant
// nor castling, that reads no square of sq: one that stays valid after an
// action that changes only those squares.
func (s *survey) avoids(e *edge, sq rules.Bitboard) bool {
	for i := e.reads; i != 0; i = s.reads[i-1].next {
		if !s.reads[i-1].deps.Intersects(sq) {
			return true
		}
	}
	return false
}

// mayAvoid reports whether resonance e might have a line, en passant lines
// aside, that reads no square of sq: exactly avoids when its read sets are
// all kept and it has no castling line, else also when no square of sq is
// read by all its lines.
func (s *survey) mayAvoid(e *edge, sq rules.Bitboard) bool {
	return s.avoids(e, sq) || (e.castles || e.many) && !e.ess.Intersects(sq)
}
