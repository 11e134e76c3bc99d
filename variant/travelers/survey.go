package travelers

import "timechess/rules"

// A survey computes the reachability of ruling R2 for one side of a
// position: which of its untraveled men could stand on which squares, as
// which types, after a hypothetical line of at most three of its moves.
//
// The search walks the lines as a tree of depth two and settles the third
// move in bulk: at every node, the final moves of the untraveled men are
// target bitboards. A node differs from its parent by one move, which can
// only give new final moves to the man that moved and to the men that now
// see the square it left (its "watchers"); only those are recomputed, and
// at the last level the move is not even played: the blockers are adjusted
// and the watchers asked. A man that is neither untraveled nor watched by
// one cannot contribute at the last level, so its moves are skipped there.
//
// A full survey records, for every untraveled man, the empty squares it
// reaches as each type (the explosion supports of R3) and the own traveling
// men it can annihilate within three moves (the resonances of R4), each with
// a witness: the line that proves it (witness.go). The nodes of depth one are
// visited before any of depth two, so every witness is as short as possible.
// A resonance survey records the resonances only and prunes the tree with
// lower bounds on the moves each man needs to reach a traveling man of its
// type (distance.go).

// surveyMode selects what a survey records.
type surveyMode uint8

const (
	fullSurvey      surveyMode = iota // supports and resonances, with witnesses
	resonanceSurvey                   // resonances only
)

// edge is a resonance: man (an index into the survey's men) can annihilate
// the traveling man on t within three moves. wit is its last witness, or -1
// (a resonance survey keeps none); the witnesses are linked through next.
// ess holds the squares every line of the resonance reads (en passant lines
// aside: no action leaves them valid), ess2 those every line of at most two
// moves reads, when has2 says there is one. reads is 1 + the index of the
// first of its minimal read sets (addReads), nreads their number; many tells
// that some were not kept, castles that a line castles.
type edge struct {
	man       int
	t         rules.Square
	wit       int32
	n         int
	ess, ess2 rules.Bitboard
	reads     int32
	nreads    int
	seen      bool
	has2      bool
	many      bool
	castles   bool
}

// survey is one side's reachability in one position. Its buffers are reused
// from survey to survey.
type survey struct {
	b    hboard
	mode surveyMode
	// budget is the surveyed position's (rules.Budget), polled once per
	// root move: a stop leaves the survey unfinished, and begin sets it up
	// anew before its next use.
	budget *rules.Budget

	origin  []rules.Square                   // per man: its square in the position
	reach   [][rules.NumKinds]rules.Bitboard // per man: the empty squares it reaches, by type
	res     []rules.Bitboard                 // per man: the own traveling men it resonates with
	support [rules.NumKinds]rules.Bitboard   // per type: the squares some untraveled man reaches
	edges   []edge
	reads   []readSet // the edges' minimal read sets
	// firstRes[r*len(goals)+j] holds the men (their squares in the
	// position) with a line that starts with root move r, neither takes en
	// passant nor castles, and annihilates goal j: after the action r, the
	// rest of the line proves the resonance.
	firstRes []rules.Bitboard
	root     int // the index in buf0 of the line's first move
	// swapped: the line's first two moves are root moves that can be
	// played in either order (transposed), the other order not visited.
	swapped bool
	// way holds, at a node of depth one, the squares a castling the side
	// still has the right to needs empty (castlingWay).
	way    rules.Bitboard
	edgeAt []int32 // 1 + the index in edges of (man i, goal j), at i*len(goals)+j
	wits   []witness
	// head[k][x] is 1 + the index of the slot of the supports of type k on x.
	head  [rules.NumKinds][rules.NumSquares]int32
	slots []slot
	// weak[k] holds the squares whose slot still wants another witness.
	weak [rules.NumKinds]rules.Bitboard
	// The surveyed position's occupied squares and the side's own, and the
	// squares each man could move to there (its "root moves").
	rootOcc, rootOwn rules.Bitboard
	rootTo           [rules.NumSquares]rules.Bitboard
	// Per piece (pawns aside): the squares it attacks in the position.
	rootAtt [rules.NumSquares]rules.Bitboard
	// Per man: leaving of its square in the position, and the squares that
	// answer rests on.
	rootLeave, leaveReads [rules.NumSquares]rules.Bitboard
	// Per pawn: its moves in the position (rootPawn[from:to] of pawn0, by
	// its square), and the squares they rest on besides its own.
	pawn0     []hmove
	rootPawn  [rules.NumSquares][2]int32
	pawnReads [rules.NumSquares]rules.Bitboard

	// The line being explored: its moves, the squares they depend on and
	// their flags, by depth; those of depth d are computed when first asked
	// for, once known[d] is set.
	line      [2]hmove
	lineDeps  [3]rules.Bitboard
	lineFlags [3]uint8
	known     [3]bool
	depth     int

	goals   []goal                  // the own traveling men surveyed
	targets rules.Bitboard          // their squares (a superset)
	gidx    [rules.NumSquares]int16 // the index in goals of the traveling man on a square
	lb      []int                   // resonance survey: per man, the bound to a traveling man of its type
	only    rules.Square            // resonance survey: the one man that may finish, when alone
	alone   bool
	// useful: the squares the first line of each resonance read (memo.go).
	useful     rules.Bitboard
	buf0, buf1 []hmove
	// vacated: in the search of a shared survey for the lines that read a
	// square the opponent's move vacated, those squares (vacancy.go).
	vacated rules.Bitboard
	// vacSee[k]: the squares from which a man of type k may pass a vacated
	// square; vacLines: linesThrough, at the current node.
	vacSee   [rules.NumKinds]rules.Bitboard
	vacLines rules.Bitboard
	// vacRoot and vacMen: vacLines at the root, and the men vacancyTo
	// allows a move there (vacancyMen).
	vacRoot, vacMen rules.Bitboard
	// rec, when set, makes the survey a recording one: its final moves are
	// logged there, not recorded (share.go).
	rec *record
}

// goal is an own traveling man, the target of a resonance.
type goal struct {
	sq   rules.Square
	kind rules.Kind
}

// run surveys colour c's lines in p.
func (s *survey) run(p *rules.Position, c rules.Color, mode surveyMode) {
	s.runFor(p, c, mode, p.Geometry().Mask)
}

// runFor surveys colour c's lines in p, the resonances only with the
// traveling men on the squares of targets.
func (s *survey) runFor(p *rules.Position, c rules.Color, mode surveyMode, targets rules.Bitboard) {
	s.begin(p, c, mode, targets)
	if mode == fullSurvey {
		s.fullLines()
		return
	}
	s.resonanceLines()
}

// begin sets a survey of colour c's lines in p up, the resonances only with
// the traveling men on the squares of targets: its board, men and goals,
// and for a full survey its empty records of supports.
func (s *survey) begin(p *rules.Position, c rules.Color, mode surveyMode, targets rules.Bitboard) {
	s.mode, s.budget = mode, p.Budget()
	s.b.init(p, c)
	s.useful = rules.Bitboard{}
	n := len(s.b.men)
	s.origin = s.origin[:0]
	for _, m := range s.b.men {
		s.origin = append(s.origin, m.sq)
	}
	s.res = grow(s.res, n)
	s.edges, s.wits, s.reads = s.edges[:0], s.wits[:0], s.reads[:0]
	s.depth, s.known[0] = 0, true // the empty line reads nothing
	s.goals, s.targets = s.goals[:0], targets
	for k := rules.Pawn; k < rules.NumKinds; k++ {
		for t := s.b.tkind[k].And(targets); !t.IsZero(); {
			sq := t.PopLSB()
			s.gidx[sq] = int16(len(s.goals))
			s.goals = append(s.goals, goal{sq, k})
		}
	}
	s.edgeAt = grow(s.edgeAt, n*len(s.goals))
	if mode == fullSurvey {
		s.reach = grow(s.reach, n)
		clear(s.support[:])
		clear(s.head[:])
		clear(s.weak[:])
		s.slots = s.slots[:0]
		s.rootOcc, s.rootOwn = s.b.occ, s.b.own
	}
}

// grow returns buf with n zero elements.
func grow[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// push enters move m into the line.
func (s *survey) push(m hmove) {
	s.line[s.depth] = m
	s.depth++
	s.known[s.depth] = false
	s.swapped = false
}

// lineAt returns the squares the first d moves of the current line depend
// on and their flags.
func (s *survey) lineAt(d int) (rules.Bitboard, uint8) {
	if !s.known[d] {
		s.learnLine(d)
	}
	return s.lineDeps[d], s.lineFlags[d]
}

// learnLine computes what lineAt(d) returns, when it is not known.
func (s *survey) learnLine(d int) {
	deps, flags := s.lineAt(d - 1)
	m := s.line[d-1]
	s.lineDeps[d], s.lineFlags[d], s.known[d] = deps.Or(s.b.deps(m)), flags|flagsOf(m), true
}

// pop leaves the line's last move.
func (s *survey) pop() { s.depth-- }

// fullLines explores every line of a full survey.
func (s *survey) fullLines() {
	b := &s.b
	s.recordAll()
	s.rootLines(nil, rules.Bitboard{})
	s.firstNodes(b.g.Mask)
}

// firstNodes explores the lines whose first move is a root move to a square
// of dests: the nodes of depth one, then those of depth two below them.
// A search for the lines that read a vacated square visits a node of depth
// one only where its move may record such a line (vacancyAfter).
func (s *survey) firstNodes(dests rules.Bitboard) {
	b := &s.b
	for _, second := range [2]bool{false, true} {
		for r, m := range s.buf0 {
			if !dests.Has(m.to) || !second && !s.vacated.IsZero() && !s.vacancyAfter(m) {
				continue
			}
			s.budget.Poll()
			u := b.make(m)
			s.push(m)
			s.root = r
			if second {
				s.finalMoves()
			} else {
				s.recordAfter(m)
			}
			s.pop()
			b.unmake(u)
		}
	}
}

// rootLines computes the root moves of a full survey (buf0) and what the
// lines below them ask of the position: each man's root moves, attacks,
// pawn moves and the watchers of his square once he leaves it. A shared
// survey passes the record of the position before the opponent's
// action, which changed the squares of filled: a man's watchers, and a
// piece's attacks, are taken from it when no square they rest on changed
// (leave).
func (s *survey) rootLines(rec *record, filled rules.Bitboard) {
	b := &s.b
	// The root moves, in the order of b.moves: each man's, then the special
	// ones.
	m0 := s.buf0[:0]
	s.pawn0 = s.pawn0[:0]
	j := 0 // rec.leaves and b.men both go by square
	for _, m := range b.men {
		s.rootTo[m.sq] = rules.Bitboard{}
		var l *leave // the man's in rec, if any
		if rec != nil {
			for j < len(rec.leaves) && rec.leaves[j].sq < m.sq {
				j++
			}
			if j < len(rec.leaves) && rec.leaves[j].sq == m.sq {
				l = &rec.leaves[j]
			}
		}
		if m.kind != rules.Pawn {
			// A piece's attacks read the squares they hold and nothing else.
			if l != nil && l.kind == m.kind && !l.att.Intersects(filled) {
				s.rootAtt[m.sq] = l.att
			} else {
				s.rootAtt[m.sq] = b.g.Attacks(m.kind, b.side, m.sq, b.occ)
			}
			m0 = b.pieceMoves(m0, m.sq, m.kind, s.rootAtt[m.sq])
		} else {
			from := len(s.pawn0)
			s.pawnReads[m.sq] = b.pawnReads(m.sq, b.occ)
			b.reads = b.reads.Or(s.pawnReads[m.sq])
			s.pawn0 = b.pawnSteps(s.pawn0, m.sq)
			s.rootPawn[m.sq] = [2]int32{int32(from), int32(len(s.pawn0))}
			m0 = append(m0, s.pawn0[from:]...)
		}
		if l != nil && !l.rests.Intersects(filled) {
			s.rootLeave[m.sq], s.leaveReads[m.sq] = l.leave, l.reads
			continue
		}
		s.rootLeave[m.sq], s.leaveReads[m.sq] = s.leaving(m.sq), s.leavingReads(m.sq)
	}
	m0 = b.specialMoves(m0, 3)
	s.buf0 = m0
	s.firstRes = grow(s.firstRes, len(m0)*len(s.goals))
	for _, m := range m0 {
		s.rootTo[m.from].Set(m.to)
	}
}

// recordAll records the final moves of every untraveled man.
func (s *survey) recordAll() {
	b := &s.b
	for i := range b.men {
		if m := &b.men[i]; m.u {
			s.recordMan(i, m.sq, m.kind, b.occ, b.own)
		}
	}
	s.recordCastles(b.occ, b.rights)
}

// recordAfter records the final moves gained by the move m just played: the
// moves of the men it moved and of the men that see the squares it left.
func (s *survey) recordAfter(m hmove) {
	b := &s.b
	if m.kind == hEnPassant {
		s.recordAll()
		return
	}
	movers, left := rules.BB(m.to), rules.BB(m.from)
	if m.kind == hCastle {
		cg := b.castle(m.wing)
		movers, left = rules.BB(cg.kingTo, cg.rookTo), rules.BB(cg.king, cg.rook).AndNot(b.occ)
	}
	for mv := movers; !mv.IsZero(); {
		i := int(b.at[mv.PopLSB()]) - 1
		if man := &b.men[i]; man.u {
			s.recordMan(i, man.sq, man.kind, b.occ, b.own)
		}
	}
	for l := left; !l.IsZero(); {
		a := l.PopLSB()
		for w := b.watchers(a, b.occ); !w.IsZero(); {
			i := int(b.at[w.PopLSB()]) - 1
			s.recordThrough(i, b.men[i].sq, b.men[i].kind, a, b.occ, b.own)
		}
	}
	s.recordCastles(b.occ, b.rights)
}

// finalMoves records the lines that continue the current line of one move
// m1 with a second move and end with a final move; the second moves are not
// played, only their blockers are.
//
// A second move m2 that the position allowed already (a "root move") needs
// little: the line m2, final was recorded at m2's own node of depth one,
// with fewer dependencies, and m1 adds a final move to it only by moving
// its man (which may now see the square m2 left) or through the square m1
// left: a final move of m2's man that passes it, or a move of a man that
// sees both that square and the one m2 left along one line. So the root
// moves of a man are visited only when its square is seen by m1's man, lies
// on a line with m1's square or on a castling's way, and otherwise only
// those to the squares from which its kind could see m1's square. Two root
// moves that can be played in either order are visited in one order only
// (transposed), and a man whose moves m1 changes none of is passed over
// when all of them are.
func (s *survey) finalMoves() {
	b := &s.b
	g := b.g
	m1 := s.line[0]
	s.way = s.castlingWay()
	// Searching for the lines that read a vacated square below a first move
	// that reads none, only the second moves vacancyTo allows can lead to
	// one.
	narrow := !s.vacated.IsZero() && !s.readsVacated()
	var men rules.Bitboard
	if narrow {
		men = s.vacancyMen(m1)
	}
	if m1.kind != hNormal && m1.kind != hDouble {
		ms := b.moves(s.buf1[:0])
		s.buf1 = ms
		for _, m := range ms {
			if narrow && !s.vacancyTo(b.men[b.at[m.from]-1]).Has(m.to) {
				continue
			}
			if m.kind == hCastle || m.kind == hEnPassant {
				s.playSecond(m)
				continue
			}
			s.secondMove(m, false, &vacated{w0: s.leaving(m.from), known: true})
		}
		return
	}
	touched := g.Between(m1.from, m1.to)
	touched.Set(m1.from)
	touched.Set(m1.to)
	for i := range b.men {
		man := b.men[i]
		a := man.sq
		if a < m1.from && a != m1.to && !s.rootReads(man).Intersects(touched) {
			continue // m1 changes none of its moves, and each is transposed
		}
		allow := g.Mask
		if narrow {
			if !men.Has(a) {
				continue
			}
			if allow = s.vacancyTo(man); allow.IsZero() {
				continue
			}
		}
		v := vacated{sq: a}
		if !man.u && s.seers(&v).IsZero() && !s.way.Has(a) {
			continue // leaving a gives no untraveled man a move
		}
		if man.kind == rules.Pawn {
			var ms []hmove
			if r := &s.pawnReads[a]; a == m1.to || r.Has(m1.from) || r.Has(m1.to) {
				ms = b.pawnMoves(s.buf1[:0], a)
				s.buf1 = ms
			} else {
				span := s.rootPawn[a]
				ms = s.pawn0[span[0]:span[1]]
			}
			gives, known := false, false
			for _, m := range ms {
				if !allow.Has(m.to) {
					continue
				}
				root := a != m1.to && s.rootTo[a].Has(m.to)
				if root && s.transposed(m) {
					continue
				}
				if root {
					if !known {
						gives, known = s.gives(&v), true
					}
					// Else only a pawn that can then pass m1's square gains:
					// one step or two behind it, or promoted.
					if !gives && (!man.u || m.promo == rules.NoKind && m.to+b.fwd != m1.from && m.to+2*b.fwd != m1.from) {
						continue
					}
				}
				if !root || s.rootGains(&v, m, promoted(rules.Pawn, m.promo), man.u) {
					s.secondMove(m, root, &v)
				}
			}
			continue
		}
		att := s.rootAtt[a]
		if a == m1.to || att.Has(m1.from) || att.Has(m1.to) {
			att = g.Attacks(man.kind, b.side, a, b.occ)
		}
		targets := att.AndNot(b.own).And(allow)
		fresh, old := targets, rules.Bitboard{}
		if a != m1.to {
			fresh, old = targets.AndNot(s.rootTo[a]), targets.And(s.rootTo[a])
		}
		for t := fresh; !t.IsZero(); {
			s.secondMove(hmove{from: a, to: t.PopLSB(), piece: man.kind}, false, &v)
		}
		if !old.IsZero() && !s.gives(&v) {
			// Only a root move after which the man can pass m1's square
			// gains (rootGains): one to a square its kind sees that square
			// from.
			if !man.u {
				continue
			}
			old = old.And(sees(g, man.kind, m1.from))
		}
		for t := old; !t.IsZero(); {
			if m := (hmove{from: a, to: t.PopLSB(), piece: man.kind}); !s.transposed(m) && s.rootGains(&v, m, man.kind, man.u) {
				s.secondMove(m, true, &v)
			}
		}
	}
	for _, m := range b.specialMoves(s.buf1[:0], 3) {
		s.playSecond(m)
	}
}

// playSecond plays a second move that is a castling or takes en passant
// and records what it gains.
func (s *survey) playSecond(m hmove) {
	b := &s.b
	u := b.make(m)
	s.push(m)
	s.recordAfter(m)
	s.pop()
	b.unmake(u)
}

// leaving returns the men that see square a once it is empty: the watchers
// of a second move from a, before its destination blocks any of them.
func (s *survey) leaving(a rules.Square) rules.Bitboard {
	occ := s.b.occ
	occ.Clear(a)
	return s.b.watchers(a, occ)
}

// leavingReads returns the squares whose contents leaving(a) rests on in
// the position, the men on them aside: those the line pieces' answer reads
// (lineWatchers), and the two squares behind a.
func (s *survey) leavingReads(a rules.Square) rules.Bitboard {
	b := &s.b
	g := b.g
	occ := b.occ
	occ.Clear(a)
	_, r := b.lineWatchers(a, occ)
	for _, v := range [2]rules.Square{a - b.fwd, a - 2*b.fwd} {
		if g.Contains(v) {
			r.Set(v)
		}
	}
	return r
}

// leavingAfter returns leaving(a) at the node of the first move m1 (a
// normal move or a double step) for the man on a. When m1 changed none of
// the squares the position's answer rests on, only m1's man can see a
// otherwise than there: no longer from its origin, and from its
// destination when it can move to a (passes).
func (s *survey) leavingAfter(a rules.Square, m1 hmove) rules.Bitboard {
	if r := &s.leaveReads[a]; a != m1.to && !r.Has(m1.from) && !r.Has(m1.to) {
		b := &s.b
		w := s.rootLeave[a]
		w.Clear(m1.from)
		if man := &b.men[b.at[m1.to]-1]; man.u && s.passes(man.kind, m1.to, a, b.occ) {
			w.Set(m1.to)
		}
		return w
	}
	return s.leaving(a)
}

// castlingWay returns the squares that must be empty for a castling the
// side still has the right to.
func (s *survey) castlingWay() rules.Bitboard {
	var way rules.Bitboard
	for wing := uint8(0); wing < 2; wing++ {
		if cg := s.b.castle0(wing); cg != nil {
			way = way.Or(cg.empty)
		}
	}
	return way
}

// vacated is the origin sq of second moves and, once known, w0: the men
// that see it once it is empty (a move's destination aside).
type vacated struct {
	sq    rules.Square
	w0    rules.Bitboard
	known bool
	// gain: the men of w0 that a root move from sq may give a move (see
	// rootGains), once gainKnown.
	gain      rules.Bitboard
	gainKnown bool
}

// rootGains reports whether the root move m from v.sq, its man of kind k
// after it and untraveled when u, can record anything after the current
// first move m1 (a normal move or a double step; see secondMove): its man
// passing m1's square, a castling it opens, or a man that sees its square
// and is m1's man or stands beyond one of the two squares on their line.
func (s *survey) rootGains(v *vacated, m hmove, k rules.Kind, u bool) bool {
	b := &s.b
	m1 := s.line[0]
	a := m.from
	if s.way.Has(a) {
		return true
	}
	if u {
		occ := b.occ
		occ.Clear(a)
		occ.Set(m.to)
		if s.passes(k, m.to, m1.from, occ) {
			return true
		}
	}
	return !s.rootGain(v).IsZero()
}

// gives reports whether a root move from v.sq can record anything after
// the current first move (a normal move or a double step) other than by its
// man passing the first move's origin (see rootGains): whether v.sq is on a
// castling's way or a man that sees it may gain (rootGain).
func (s *survey) gives(v *vacated) bool {
	return s.way.Has(v.sq) || !s.rootGain(v).IsZero()
}

// rootGain returns the men of seers(v) that a root move from v.sq may give
// a final move after the current first move m1 (a normal move or a double
// step): m1's man, and the men beyond v.sq or m1's square on the line of
// the two (see secondMove).
func (s *survey) rootGain(v *vacated) rules.Bitboard {
	if v.gainKnown {
		return v.gain
	}
	v.gain, v.gainKnown = rules.Bitboard{}, true
	m1 := s.line[0]
	a := v.sq
	if !s.lineMovers(a, m1.from) {
		// No man on their line could see a: only m1's man can gain.
		if s.movedSees(m1, a, s.b.occ) {
			v.gain.Set(m1.to)
		}
		return v.gain
	}
	for w := s.seers(v); !w.IsZero(); {
		x := w.PopLSB()
		if x == m1.to || rules.IsBetween(x, m1.from, a) || rules.IsBetween(x, a, m1.from) {
			v.gain.Set(x)
		}
	}
	return v.gain
}

// lineMovers reports whether an untraveled man of the side stands on the
// line through squares a and f that could see a along it: a line piece of
// that line's kind, a King next to a, a pawn behind a on its file.
func (s *survey) lineMovers(a, f rules.Square) bool {
	line := s.b.g.Line(a, f)
	return !line.IsZero() && line.Intersects(s.moversOf(a, a.File() != f.File() && a.Rank() != f.Rank(), a.File() == f.File()))
}

// moverLines returns the squares f (a aside) for which lineMovers(a, f)
// holds: the lines through a that hold such a man; without the King next
// to a unless kings is set.
func (s *survey) moverLines(a rules.Square, kings bool) rules.Bitboard {
	g := s.b.g
	var lines rules.Bitboard
	for d := rules.North; d < rules.South; d++ {
		line := g.Rays[d][a].Or(g.Rays[d^4][a])
		line.Set(a)
		movers := s.moversOf(a, d.Diagonal(), d == rules.North)
		if !kings {
			movers = movers.AndNot(s.b.ukind[rules.King])
		}
		if line.Intersects(movers) {
			lines = lines.Or(line)
		}
	}
	lines.Clear(a)
	return lines
}

// moversOf returns the untraveled men of the side that could see a along
// a line through it, of the diagonals or the ranks and files: its line
// pieces, a King next to a, and on a file a pawn.
func (s *survey) moversOf(a rules.Square, diagonal, file bool) rules.Bitboard {
	k := &s.b.ukind
	movers := k[rules.Rook]
	switch {
	case diagonal:
		movers = k[rules.Bishop]
	case file:
		movers = movers.Or(k[rules.Pawn])
	}
	return movers.Or(k[rules.Queen]).Or(s.b.g.King[a].And(k[rules.King]))
}

// seers returns v.w0 at the node of the current first move (a normal move
// or a double step).
func (s *survey) seers(v *vacated) rules.Bitboard {
	if !v.known {
		v.w0, v.known = s.leavingAfter(v.sq, s.line[0]), true
	}
	return v.w0
}

// secondMove records the final moves after the current line of one move and
// the second move m (not played: only its blockers are), a root move when
// root is set (see finalMoves); v is its origin.
func (s *survey) secondMove(m hmove, root bool, v *vacated) {
	b := &s.b
	m1 := s.line[0]
	i := int(b.at[m.from]) - 1
	man := b.men[i]
	occ, own := b.occ, b.own
	occ.Clear(m.from)
	own.Clear(m.from)
	occ.Set(m.to)
	own.Set(m.to)
	k := promoted(man.kind, m.promo)
	s.push(m)
	s.swapped = root && s.commutes(m)
	switch {
	case !man.u:
	case !root:
		s.recordMan(i, m.to, k, occ, own)
	case s.passes(k, m.to, m1.from, occ):
		// The line m, final was recorded at m's own node of depth one.
		s.recordThrough(i, m.to, k, m1.from, occ, own)
	}
	// After a root move, only m1's man and the men that see m's square and
	// m1's along one line can gain. When m1's man moves again, from a square
	// empty in the position, only men that see both of its squares along one
	// line can.
	plain := m1.kind == hNormal || m1.kind == hDouble
	again := plain && m.from == m1.to && b.rootEmpty.Has(m.from)
	if (!root || s.movedSees(m1, m.from, occ)) && !again || rules.Aligned(m.from, m1.from) {
		w := s.seers(v)
		if root {
			w = s.rootGain(v) // those of them that can gain (root moves are not again)
		}
		for !w.IsZero() {
			u := w.PopLSB()
			if rules.IsBetween(u, m.from, m.to) {
				continue // m's destination stands in the way
			}
			if again && !rules.IsBetween(u, m1.from, m.from) && !rules.IsBetween(u, m.from, m1.from) {
				continue
			}
			j := int(b.at[u]) - 1
			s.recordThrough(j, b.men[j].sq, b.men[j].kind, m.from, occ, own)
		}
	}
	// A castling gains only when m empties a square on its way: one open
	// after m was open after the first move (recordAfter recorded it), and
	// a castling line, which reads its squares, never wants keeping again.
	if s.way.Has(m.from) {
		s.recordCastles(occ, b.rights&^b.castles.rightsLost(b.side, m.from))
	}
	s.pop()
}

// movedSees reports whether the untraveled man m1 moved could move to or
// through square f, with blockers occ.
func (s *survey) movedSees(m1 hmove, f rules.Square, occ rules.Bitboard) bool {
	i := int(s.b.at[m1.to]) - 1
	man := &s.b.men[i]
	return man.u && s.passes(man.kind, m1.to, f, occ)
}

// passes reports whether a man of kind k on sq can move to or through the
// square f, with blockers occ: whether f's vacancy gives it moves.
func (s *survey) passes(k rules.Kind, sq, f rules.Square, occ rules.Bitboard) bool {
	b := &s.b
	g := b.g
	if k == rules.Pawn {
		one := sq + b.fwd
		return f == one || f == one+b.fwd && sq.Rank() == b.second && !occ.Has(one)
	}
	return sees(g, k, sq).Has(f) && !g.Between(sq, f).Intersects(occ)
}

// vacancyMatters reports whether emptying square a could give an untraveled
// man a final move: a man that sees it, or a castling that needs it empty.
func (s *survey) vacancyMatters(a rules.Square) bool {
	b := &s.b
	occ := b.occ
	occ.Clear(a)
	if !b.watchers(a, occ).IsZero() {
		return true
	}
	for wing := uint8(0); wing < 2; wing++ {
		if cg := b.castle0(wing); cg != nil && cg.empty.Has(a) {
			return true
		}
	}
	return false
}

// promoted returns the kind a man of kind k has after a move promoting to
// promo (NoKind: no promotion).
func promoted(k, promo rules.Kind) rules.Kind {
	if promo != rules.NoKind {
		return promo
	}
	return k
}

// correct reports whether the surveyed side's traveling men can be matched
// one-to-one to distinct resonators (R6; a lost traveling man is the
// caller's to check). The matching is left in mt.chosen: the resonators' squares,
// by goal index (edgeOf finds the resonance of each).
func (s *survey) correct(mt *matcher) bool {
	if len(s.goals) == 0 {
		return true
	}
	mt.reset(len(s.goals))
	for ei := range s.edges {
		e := &s.edges[ei]
		mt.add(int(s.gidx[e.t]), s.origin[e.man])
	}
	return mt.solve()
}

// rootReads returns the squares the moves of man rest on in the position:
// its attacks, or a pawn's pawnReads (both hold its destinations).
func (s *survey) rootReads(man hman) rules.Bitboard {
	if man.kind == rules.Pawn {
		return s.pawnReads[man.sq]
	}
	return s.rootAtt[man.sq]
}

// transposed reports whether the line of the current first move m1 and
// the root move m is visited in the other order instead: both orders are
// lines when m1 can follow m (commutes), and they bring about the same
// board and gain the same final moves, so only the one whose first move
// starts on the lower square is visited.
func (s *survey) transposed(m hmove) bool {
	return m.from < s.line[0].from && s.commutes(m)
}

// commutes reports whether the current first move m1 (a normal move or a
// double step) can be played after the root move m, a second move after it
// by another man: m neither lands on m1's destination nor in its way.
func (s *survey) commutes(m hmove) bool {
	m1 := s.line[0]
	return m.to != m1.to && !s.b.g.Between(m1.from, m1.to).Has(m.to)
}

// rootIndex returns the index in buf0 of the root move of the normal
// move or double step from, to promoting to promo (-1: none).
func (s *survey) rootIndex(from, to rules.Square, promo rules.Kind) int {
	for r, h := range s.buf0 {
		if h.from == from && h.to == to && h.promo == promo && (h.kind == hNormal || h.kind == hDouble) {
			return r
		}
	}
	return -1
}
