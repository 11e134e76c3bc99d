package travelers

import (
	"timechess/rules"
)

// Sibling positions, one action of the opponent's apart, share most of the
// side to move's survey. After an explosion of the opponent's, which only
// fills two squares (the traveling man's and the traveled man's, perhaps
// taking an own man there), a line of the position before it that reads
// neither square is a line after it too, and a line after it that reads one
// of them takes the man standing there on the way: every other move that
// reads a filled square passes it (now blocked) or needs it empty. So the
// survey after the explosion is the survey before it, less the final moves
// of lines that read a filled square, plus the lines that take on one.
//
// A record keeps the final moves a full survey of the position before met,
// each with the line that led to it (events); a shared survey replays those
// that read no filled square through the recording functions, in the order
// they were met, and searches the lines that take on a filled square
// (takingLines). The parent's search visits, for every line it skips, a line
// of the same final move that reads a subset of its squares (survey.go), so
// the replay meets every final move a fresh survey would.
//
// After a normal move or a double step of the opponent's, which fills one
// square and vacates another, the same holds for the filled square, and the
// lines that read the vacated one are searched afresh (vacancy.go).
//
// What a replay records on one slot (the supports of one type on one
// square) rests on that slot's events alone, and on the board only through
// the traveled man's destinations from the square (target). So the record
// also keeps each slot as the replay of all its events leaves it: a slot
// none of whose events that changed it reads a filled square (one that
// changed nothing may be left out without changing what the others do),
// and whose destinations the filled squares leave as they were, is copied,
// not replayed.

// event is a final move a recording survey met: man (his square) arriving
// on land as kind k (a support) or annihilating with the traveling man on
// m.to (res), after the line's first depth moves; prefix and flags are
// lineAt(depth) there, and reads the squares the whole line reads, land
// included.
type event struct {
	res     bool
	swapped bool
	depth   uint8
	flags   uint8
	k       rules.Kind
	man     rules.Square
	land    rules.Square
	root    int16
	m       hmove
	line    [2]hmove
	prefix  rules.Bitboard
	reads   rules.Bitboard
}

// record is a side's full survey of a position, as the events it met.
type record struct {
	occ, own rules.Bitboard
	rights   uint8
	roots    []hmove // the survey's root moves, by index
	// The events, those of resonances first (events[:nres]), then those of
	// the slots grouped by slot, each group's in turn; each kind in the
	// order the survey met them. wits and witMen hold each group's final
	// witnesses (newest first) and their men's squares, with the recording
	// survey's men's indices.
	events []event
	nres   int
	groups []slotGroup
	wits   []witness
	witMen []rules.Square
	// slots holds each group's slot in turn, its witnesses linked in wits
	// as though wits began a survey's witnesses; reach (per man, in the
	// order of leaves), support and weak are as the replay of all the
	// groups leaves them (replay adopts them whole).
	slots   []slot
	reach   [][rules.NumKinds]rules.Bitboard
	support [rules.NumKinds]rules.Bitboard
	weak    [rules.NumKinds]rules.Bitboard
	// Per man, by square: his watchers once he leaves it (leaving), the
	// squares they rest on (leavingReads) and a piece's attacks.
	leaves []leave
}

// leave is what rootLines computed for the man on sq, of kind kind: the
// men that see sq once he leaves it, and the squares that answer rests on.
// Filling no square of rests (those, the watchers' squares, and those of
// the line pieces on a line through sq and between them and sq:
// lineRests) leaves both as they are: only the man on a filled square can
// leave the side. A piece's attacks (att) likewise stand while none of
// their squares changes.
type leave struct {
	sq                  rules.Square
	kind                rules.Kind
	leave, reads, rests rules.Bitboard
	att                 rules.Bitboard // a piece's attacks (rootAtt)
}

// slotGroup is a slot of a record: the supports of kind k on land, the
// squares its events that changed it read (replayChanges) and, once it is
// targeted, those its destinations rest on (reads), its events
// (events[from:to]), and the slot as the replay of them all leaves it (sl),
// with its witnesses (wits[wfrom:wto], newest first), the men (their
// squares) that arrived and whether the slot still wanted a witness.
type slotGroup struct {
	k          rules.Kind
	land       rules.Square
	weak       bool
	reads      rules.Bitboard
	arrived    rules.Bitboard
	from, to   int32
	wfrom, wto int32
	sl         slot
}

// logEvent records, in a recording survey, the final move m of the
// current line: man i arriving on land as kind k, or annihilating (res).
func (s *survey) logEvent(res bool, i int, k rules.Kind, m hmove, land rules.Square) {
	prefix, flags := s.lineAt(s.depth)
	reads, _ := s.lineWith(m, land)
	reads.Set(land)
	s.rec.events = append(s.rec.events, event{
		res: res, swapped: s.swapped, depth: uint8(s.depth), flags: flags, k: k,
		man: s.origin[i], land: land, root: int16(s.root), m: m, line: s.line,
		prefix: prefix, reads: reads,
	})
}

// recordOf makes the record of colour c's survey of p.
func recordOf(p *rules.Position, c rules.Color) *record {
	rec := &record{}
	ses := sessionOf(p)
	s := ses.survey()
	s.rec = rec
	s.run(p, c, fullSurvey)
	s.rec = nil
	rec.occ, rec.own, rec.rights = s.rootOcc, s.rootOwn, s.b.rights
	rec.roots = append(rec.roots, s.buf0...)
	for _, m := range s.b.men {
		l := leave{sq: m.sq, kind: m.kind, leave: s.rootLeave[m.sq], reads: s.leaveReads[m.sq], att: s.rootAtt[m.sq]}
		l.rests = l.leave.Or(l.reads).Or(s.b.lineRests(m.sq))
		rec.leaves = append(rec.leaves, l)
	}
	rec.group(s)
	ses.putSurvey(s)
	return rec
}

// change is what the opponent's last action did to the board a side
// surveys, when the side's survey can be shared from the record of the
// board before it: the squares it filled (taking any own man there) and
// those it vacated (vacancy.go).
type change struct {
	filled, vacated rules.Bitboard
}

// touched returns the squares whose contents the change altered.
func (ch change) touched() rules.Bitboard { return ch.filled.Or(ch.vacated) }

// parentRecord returns the record of colour c's survey of the position
// before p's last action and what that action changed, when it is an action
// of the opponent's whose board the survey of p can be shared from: an
// explosion (which fills two squares), a normal move or a double step (which
// fill one and vacate one), an annihilation (which vacates two; but for a
// double step's, whose en passant capture would bring the traveling pawn
// back; nil otherwise). A record not cached is made on p with the action
// taken back, and p is left as it was.
func parentRecord(p *rules.Position, c rules.Color) (*record, change) {
	if p.Ply() == 0 || p.Side != c {
		return nil, change{}
	}
	var ch change
	switch lm := p.LastMove(); {
	case lm.Kind == rules.Explosion && p.EP == rules.NoSquare:
		ch.filled = rules.BB(lm.From, lm.To)
	case lm.Kind == rules.Normal && p.EP == rules.NoSquare,
		lm.Kind == rules.DoublePush && !p.EPAnnihilation:
		ch.filled, ch.vacated = rules.SquareBB(lm.To), rules.SquareBB(lm.From)
	case lm.Kind == rules.Annihilation && p.EP == rules.NoSquare:
		ch.vacated = rules.BB(lm.From, lm.To)
	default:
		return nil, change{}
	}
	rec := sessionOf(p).records.before(p, c, recordOf)
	// The record must be of the board before the action.
	if rec.occ.AndNot(ch.vacated).Or(ch.filled) != p.Occupied() || rec.own.AndNot(ch.filled) != p.ByColor[c] ||
		rec.rights != uint8(p.Castle>>(2*int(c)))&3 {
		return nil, change{}
	}
	return rec, ch
}

// runShared surveys colour c's lines in p from the record rec of the
// position before the opponent's action that made the change ch
// (parentRecord). It reports false, the survey unfinished, when the record
// does not fit.
func (s *survey) runShared(p *rules.Position, c rules.Color, rec *record, ch change) bool {
	s.begin(p, c, fullSurvey, p.Geometry().Mask)
	s.rootLines(rec, ch.touched())
	if !s.replay(rec, ch.touched()) {
		return false
	}
	s.changedLines(ch)
	return true
}

// changedLines records the lines of a shared survey that read a square the
// change ch altered: those that take on a filled square (takingLines) and
// those that read a vacated one (vacancyLines).
func (s *survey) changedLines(ch change) {
	if !ch.filled.IsZero() {
		s.takingLines(ch.filled)
	}
	if !ch.vacated.IsZero() {
		s.vacancyLines(ch)
	}
}

// group sorts the events of rec into the resonances' and the slots' (in
// place, so that a replay reads them in turn), and keeps each slot as
// replaying all its events leaves it, replayed on s, the recording survey
// of rec's position.
func (rec *record) group(s *survey) {
	var at [rules.NumKinds][rules.NumSquares]int32 // 1 + a slot's group
	counts := make([]int32, 0, 64)
	for ix := range rec.events {
		e := &rec.events[ix]
		if e.res {
			rec.nres++
			continue
		}
		h := at[e.k][e.land]
		if h == 0 {
			rec.groups = append(rec.groups, slotGroup{k: e.k, land: e.land})
			counts = append(counts, 0)
			h = int32(len(rec.groups))
			at[e.k][e.land] = h
		}
		counts[h-1]++
	}
	next := int32(rec.nres)
	for gi := range rec.groups {
		g := &rec.groups[gi]
		g.from, g.to = next, next
		next += counts[gi]
	}
	sorted := make([]event, len(rec.events))
	res := 0
	for ix := range rec.events {
		e := &rec.events[ix]
		if e.res {
			sorted[res] = *e
			res++
			continue
		}
		g := &rec.groups[at[e.k][e.land]-1]
		sorted[g.to] = *e
		g.to++
	}
	rec.events = sorted
	roots, ok := s.rootsOf(rec)
	if !ok {
		return // replay refuses the record
	}
	for ix := range rec.events[:rec.nres] {
		s.replayEvent(&rec.events[ix], rules.Bitboard{}, &roots)
	}
	for gi := range rec.groups {
		g := &rec.groups[gi]
		g.reads = rules.Bitboard{}
		for ix := g.from; ix < g.to; ix++ {
			if e := &rec.events[ix]; s.replayChanges(e, &roots) {
				g.reads = g.reads.Or(e.reads)
			}
		}
	}
	s.depth = 0
	for gi := range rec.groups {
		g := &rec.groups[gi]
		g.sl = s.slots[s.head[g.k][g.land]-1]
		g.weak = s.weak[g.k].Has(g.land)
		for i, sq := range s.origin {
			if s.reach[i][g.k].Has(g.land) {
				g.arrived.Set(sq)
			}
		}
		g.wfrom = int32(len(rec.wits))
		for w := g.sl.first; w != 0; w = s.wits[w-1].next {
			rec.wits = append(rec.wits, s.wits[w-1])
			rec.witMen = append(rec.witMen, s.origin[s.wits[w-1].man])
			rec.wits[len(rec.wits)-1].next = int32(len(rec.wits)) + 1
		}
		g.wto = int32(len(rec.wits))
		sl := g.sl
		sl.first = 0
		if g.wto > g.wfrom {
			rec.wits[g.wto-1].next = 0
			sl.first = g.wfrom + 1
		}
		rec.slots = append(rec.slots, sl)
		if g.sl.targeted {
			g.reads = g.reads.Or(targetReads(s.b.g, s.b.side, g.k, g.land, s.rootOcc))
		}
	}
	rec.reach = append(rec.reach, s.reach...)
	rec.support, rec.weak = s.support, s.weak
}

// replayChanges replays the slot event e (roots as replayEvent takes them)
// and reports whether it changed anything: the slot (created, its fields,
// its witnesses), whether it wants a witness, the man's arrival. One that
// changed nothing may be left out of a replay without changing what the
// events after it do.
func (s *survey) replayChanges(e *event, roots *[256]int16) bool {
	h := s.head[e.k][e.land]
	var sl slot
	if h != 0 {
		sl = s.slots[h-1]
	}
	i := s.b.at[e.man] - 1
	arrived, weak, wits := s.reach[i][e.k].Has(e.land), s.weak[e.k].Has(e.land), len(s.wits)
	s.replayEvent(e, rules.Bitboard{}, roots)
	return h == 0 || s.slots[h-1] != sl || s.reach[i][e.k].Has(e.land) != arrived ||
		s.weak[e.k].Has(e.land) != weak || len(s.wits) != wits
}

// replay records the events of rec that read no square of filled, each
// with its line as the current one: those of the resonances in their order,
// then each slot's, copied when the group reads no filled square (its
// events and destinations are as the record has them), else replayed in
// their order. When the men are the record's (sameMen), its slots,
// witnesses, reach, supports and weak slots are taken whole first, and a
// group replayed is disowned before. It reports false when an event names
// a man or a first move that p lacks (a record that does not fit, or one
// with too many root moves to map, whose groups group left without their
// slots).
func (s *survey) replay(rec *record, filled rules.Bitboard) bool {
	roots, ok := s.rootsOf(rec)
	if !ok {
		return false
	}
	defer func() { s.depth = 0 }()
	adopt := s.sameMen(rec)
	if adopt {
		s.wits = append(s.wits[:0], rec.wits...)
		s.slots = append(s.slots[:0], rec.slots...)
		copy(s.reach, rec.reach)
		s.support, s.weak = rec.support, rec.weak
	}
	for ix := range rec.events[:rec.nres] {
		if !s.replayEvent(&rec.events[ix], filled, &roots) {
			return false
		}
	}
	for gi := range rec.groups {
		g := &rec.groups[gi]
		if !g.reads.Intersects(filled) {
			if adopt {
				s.head[g.k][g.land] = int32(gi + 1)
			} else if !s.copySlot(rec, g) {
				return false
			}
			continue
		}
		if adopt {
			s.disown(g)
		}
		for ix := g.from; ix < g.to; ix++ {
			if !s.replayEvent(&rec.events[ix], filled, &roots) {
				return false
			}
		}
	}
	return true
}

// rootsOf maps the root moves of rec to the survey's (-1: none). It
// reports false when rec has too many to map.
func (s *survey) rootsOf(rec *record) (roots [256]int16, ok bool) {
	if len(rec.roots) > len(roots) {
		return roots, false
	}
	for r, m := range rec.roots {
		roots[r] = -1
		for r2, m2 := range s.buf0 {
			if m2 == m {
				roots[r] = int16(r2)
				break
			}
		}
	}
	return roots, true
}

// replayEvent records event e, unless it reads a square of filled, with its
// line as the current one (roots maps the record's root moves to the
// survey's). It reports false when e names a man or a first move that the
// survey lacks.
func (s *survey) replayEvent(e *event, filled rules.Bitboard, roots *[256]int16) bool {
	if e.reads.Intersects(filled) {
		return true
	}
	i := int(s.b.at[e.man]) - 1
	if i < 0 {
		return false
	}
	s.line, s.depth, s.swapped = e.line, int(e.depth), e.swapped
	s.lineDeps[s.depth], s.lineFlags[s.depth], s.known[s.depth] = e.prefix, e.flags, true
	if e.depth > 0 {
		if s.root = int(roots[e.root]); s.root < 0 {
			return false
		}
	}
	if e.res {
		s.resonate(i, e.m)
	} else {
		s.arriveOrOffer(i, e.k, e.m, e.land)
	}
	return true
}

// sameMen reports whether the survey's men are those of the recording
// survey of rec, square by square in the same order: then the men's
// indices in rec's witnesses are the survey's, and the record's slots,
// witnesses, reach, supports and weak slots are taken whole (replay).
func (s *survey) sameMen(rec *record) bool {
	men := s.b.men
	if len(men) != len(rec.leaves) {
		return false
	}
	for i := range men {
		if men[i].sq != rec.leaves[i].sq {
			return false
		}
	}
	return true
}

// disown takes back what adopting a record's reach, supports and weak
// slots whole (replay) gave slot group g, which is replayed instead.
func (s *survey) disown(g *slotGroup) {
	for a := g.arrived; !a.IsZero(); {
		s.reach[s.b.at[a.PopLSB()]-1][g.k].Clear(g.land)
	}
	s.support[g.k].Clear(g.land)
	s.weak[g.k].Clear(g.land)
}

// copySlot records slot group g of rec as the replay of its events leaves
// it: the slot, its witnesses in their order, the arrivals. It reports false
// when a man it names is not on the board.
func (s *survey) copySlot(rec *record, g *slotGroup) bool {
	for a := g.arrived; !a.IsZero(); {
		i := int(s.b.at[a.PopLSB()]) - 1
		if i < 0 {
			return false
		}
		s.reach[i][g.k].Set(g.land)
	}
	s.support[g.k].Set(g.land)
	if g.weak {
		s.weak[g.k].Set(g.land)
	}
	sl := g.sl
	sl.first = 0
	for w := g.wto - 1; w >= g.wfrom; w-- {
		i := int(s.b.at[rec.witMen[w]]) - 1
		if i < 0 {
			return false
		}
		wit := rec.wits[w]
		wit.man, wit.next = i, sl.first
		s.wits = append(s.wits, wit)
		sl.first = int32(len(s.wits))
	}
	s.slots = append(s.slots, sl)
	s.head[g.k][g.land] = int32(len(s.slots))
	return true
}

// takingLines records the lines that take an enemy man on a square of
// filled before their final move: those whose first move takes there (their
// nodes of depth one and two), and those whose second move does.
func (s *survey) takingLines(filled rules.Bitboard) {
	b := &s.b
	m0 := s.buf0
	s.firstNodes(filled)
	var t hitTable
	t.filled, t.hits = filled, t.buf[:0]
	t.way = s.castlingWay()
	for _, man := range b.men {
		if q := s.takeOn(man.kind, man.sq, filled, b.occ); !q.IsZero() {
			t.hits = append(t.hits, s.hitOf(man, q, t.way))
			t.men.Set(man.sq)
		}
		if man.kind == rules.Pawn || man.kind == rules.Knight || man.kind == rules.King {
			continue
		}
		for f := filled; !f.IsZero(); {
			if d := b.g.Between(man.sq, f.PopLSB()).And(s.rootAtt[man.sq]); !d.IsZero() {
				t.opens = t.opens.Or(d)
				t.liners.Set(man.sq)
			}
		}
	}
	for r, m1 := range m0 {
		if filled.Has(m1.to) {
			continue
		}
		plain := m1.kind == hNormal || m1.kind == hDouble
		var takers rules.Bitboard
		if plain {
			if takers = s.takersAfter(m1, &t); takers.IsZero() {
				continue
			}
		}
		u := b.make(m1)
		s.push(m1)
		s.root = r
		s.way = s.castlingWay()
		if !plain {
			for _, man := range b.men {
				takers.Set(man.sq)
			}
		}
		for tk := takers; !tk.IsZero(); {
			a := tk.PopLSB()
			man := b.men[b.at[a]-1]
			ms := s.buf1[:0]
			for q := s.takeOn(man.kind, a, filled, b.occ); !q.IsZero(); {
				if man.kind == rules.Pawn {
					ms = b.pawnTo(ms, a, q.PopLSB())
				} else {
					ms = append(ms, hmove{from: a, to: q.PopLSB(), piece: man.kind})
				}
			}
			s.buf1 = ms
			v := vacated{sq: a}
			if !plain {
				v = vacated{w0: s.leaving(a), known: true}
			}
			for _, m := range ms {
				root := plain && a != m1.to && s.rootTo[a].Has(m.to)
				if root && (s.transposed(m) || !s.rootGains(&v, m, promoted(man.kind, m.promo), man.u)) {
					continue
				}
				s.secondMove(m, root, &v)
			}
		}
		s.pop()
		b.unmake(u)
	}
}

// takeOn returns the squares of filled a man of kind k on a could take on
// with blockers occ (asked of the board only when the empty one lets him).
func (s *survey) takeOn(k rules.Kind, a rules.Square, filled, occ rules.Bitboard) rules.Bitboard {
	g := s.b.g
	if k == rules.Pawn {
		return g.PawnAttack[s.b.side][a].And(filled)
	}
	if !sees(g, k, a).Intersects(filled) {
		return rules.Bitboard{}
	}
	return g.Attacks(k, s.b.side, a, occ).And(filled)
}

// hitTable is what takingLines asks of the position: the filled squares,
// the men that could take on one (hits, their squares men), the squares of
// castlingWay (way), and the line pieces (liners) that see a filled square
// past a man of their side on one of the squares of opens.
type hitTable struct {
	filled        rules.Bitboard
	hits          []hit
	buf           [16]hit
	men, way      rules.Bitboard
	opens, liners rules.Bitboard
}

// hit is a man on a that could take on a filled square, whose taking, a
// root move, may gain (rootGains) after every first move of another man
// (always: he stands on the castling way, or is an untraveled pawn that
// would promote there) or after those from the squares of from: those for
// which lineMovers(a, from) holds and, when he is untraveled, those through
// which he may then pass after taking (mayPassFrom).
type hit struct {
	a      rules.Square
	from   rules.Bitboard
	always bool
}

// hitOf returns the hit of man, who could take on the squares of q, way
// being castlingWay.
func (s *survey) hitOf(man hman, q, way rules.Bitboard) hit {
	h := hit{a: man.sq, from: s.moverLines(man.sq, true), always: way.Has(man.sq)}
	if !man.u {
		return h
	}
	for r := q; !r.IsZero(); {
		sq := r.PopLSB()
		h.always = h.always || man.kind == rules.Pawn && sq.Rank() == s.b.last
		h.from = h.from.Or(s.mayPassFrom(man.kind, sq))
	}
	return h
}

// takersAfter returns the men (their squares) that may record a line
// taking on a filled square with the second move after the plain first
// move m1 (not played), t describing the position: m1's man on its
// destination, the line pieces whose line to a filled square m1 opens, and
// the men of t.hits whose taking, a root move, may gain (rootGains): one on
// the way, one with a man on his line with m1's origin that could see him
// (lineMovers), one m1's man could see from its destination, or one
// untraveled and then passing m1's origin.
func (s *survey) takersAfter(m1 hmove, t *hitTable) rules.Bitboard {
	b := &s.b
	g := b.g
	var takers rules.Bitboard
	occ := b.occ
	occ.Clear(m1.from)
	occ.Set(m1.to)
	k1 := promoted(m1.piece, m1.promo)
	if b.men[b.at[m1.from]-1].u {
		takers = t.men.And(s.mayPassFrom(k1, m1.to))
	}
	for _, h := range t.hits {
		if h.always || h.from.Has(m1.from) {
			takers.Set(h.a)
		}
	}
	takers.Clear(m1.from)
	if !s.takeOn(k1, m1.to, t.filled, occ).IsZero() {
		takers.Set(m1.to)
	}
	if !t.opens.Has(m1.from) {
		return takers
	}
	for l := t.liners; !l.IsZero(); {
		a := l.PopLSB()
		if !s.rootAtt[a].Has(m1.from) {
			continue
		}
		k := b.men[b.at[a]-1].kind
		for f := t.filled; !f.IsZero(); {
			if q := f.PopLSB(); rules.IsBetween(a, q, m1.from) && g.Attacks(k, b.side, a, occ).Has(q) {
				takers.Set(a)
			}
		}
	}
	return takers
}

// mayPassFrom returns the squares a man of kind k on sq could move to or
// through on some board: the squares f for which passes(k, sq, f) holds
// with no blockers (a piece's sees, a pawn's one step and double step), as
// one set, which takersAfter asks of every first move.
func (s *survey) mayPassFrom(k rules.Kind, sq rules.Square) rules.Bitboard {
	b := &s.b
	if k != rules.Pawn {
		return sees(b.g, k, sq)
	}
	var to rules.Bitboard
	if one := sq + b.fwd; b.g.Contains(one) {
		to.Set(one)
		if two := one + b.fwd; sq.Rank() == b.second && b.g.Contains(two) {
			to.Set(two)
		}
	}
	return to
}
