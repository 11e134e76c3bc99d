package travelers

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// TestSharedAgainstFresh holds the survey shared from the position before
// the opponent's explosion (runShared) against a fresh full survey of the
// same position, in random games and below the benchmark positions: the
// same supports and reach of every man, the same resonances with the same
// squares all their lines read and the same minimal read sets, and the same
// answer to grammatical correctness. (Witnesses may differ: each survey
// keeps the lines it meets first.) The slots a shared survey copies from the
// record are also held against replaying every event: the same slots with
// the same witnesses in the same order.
func TestSharedAgainstFresh(t *testing.T) {
	needProvers(t, Survey|Sharing)
	rng := rand.New(rand.NewPCG(*seed, 23))
	step, plies := explosionWalk()
	var fresh, shared, replayed survey
	var mt matcher
	compared := 0
	check := func(p *rules.Position) []rules.Move {
		c := p.Side
		rec, ch := parentRecord(p, c)
		if rec == nil || p.LostTraveling[c] {
			return p.Legal(nil)
		}
		fresh.run(p, c, fullSurvey)
		if !shared.runShared(p, c, rec, ch) {
			t.Fatalf("%s: the record of the position before does not fit", p.FEN())
		}
		compared++
		if diff := surveysDiffer(&fresh, &shared, &mt); diff != "" {
			t.Fatalf("%s: %s", p.FEN(), diff)
		}
		replayAll(&replayed, p, c, rec, ch)
		if diff := slotsDiffer(&replayed, &shared); diff != "" {
			t.Fatalf("%s: copied slots differ from replayed ones: %s", p.FEN(), diff)
		}
		return p.Legal(nil)
	}
	inRandomGames(t, rng, 2*len(playStarts), plies, check)
	inBenchTrees(t, step, func(p *rules.Position) { check(p) })
	if compared == 0 {
		t.Fatal("no shared survey compared")
	}
	t.Logf("%d shared surveys compared", compared)
}

// explosionWalk returns how the tests of what siblings share walk: below
// every step-th root action of the benchmark trees, and plies deep in random
// games.
func explosionWalk() (step, plies int) {
	if *deep {
		return 47, 16
	}
	return 499, 10
}

// surveysDiffer describes the first difference between the full surveys a
// and b of one position (b shared), or returns "": their supports and the
// reach of every man, the watchers of each man's square, the resonances
// with the squares all their lines read and their minimal read sets, and
// the answer to grammatical correctness.
func surveysDiffer(a, b *survey, mt *matcher) string {
	if a.support != b.support {
		return fmt.Sprintf("supports %v, shared %v", a.support, b.support)
	}
	for _, sq := range a.origin {
		if a.rootLeave[sq] != b.rootLeave[sq] || a.leaveReads[sq] != b.leaveReads[sq] {
			return fmt.Sprintf("the watchers of %v once its man leaves: %v reading %v, shared %v reading %v", sq, a.rootLeave[sq], a.leaveReads[sq], b.rootLeave[sq], b.leaveReads[sq])
		}
	}
	for i, sq := range a.origin {
		if j := int(b.b.at[sq]) - 1; j < 0 || a.reach[i] != b.reach[j] {
			return fmt.Sprintf("reach of the man on %v differs in the shared survey", sq)
		}
	}
	if len(a.edges) != len(b.edges) {
		return fmt.Sprintf("%d resonances, shared %d", len(a.edges), len(b.edges))
	}
	for ei := range a.edges {
		e := &a.edges[ei]
		i := int(b.b.at[a.origin[e.man]]) - 1
		at := b.edgeAt[i*len(b.goals)+int(b.gidx[e.t])]
		if at == 0 {
			return fmt.Sprintf("resonance %v-%v missing from the shared survey", a.origin[e.man], e.t)
		}
		o := &b.edges[at-1]
		if o.ess != e.ess || o.ess2 != e.ess2 || o.has2 != e.has2 {
			return fmt.Sprintf("resonance %v-%v reads %v (%v in two moves), shared %v (%v)", a.origin[e.man], e.t, e.ess, e.ess2, o.ess, o.ess2)
		}
		if !e.many && !o.many && !sameSets(readSetsOf(a, e), readSetsOf(b, o)) {
			return fmt.Sprintf("resonance %v-%v: minimal read sets %v, shared %v", a.origin[e.man], e.t, readSetsOf(a, e), readSetsOf(b, o))
		}
	}
	if x, y := a.correct(mt), b.correct(mt); x != y {
		return fmt.Sprintf("correct %v, shared %v", x, y)
	}
	return ""
}

// TestKeptAgainstShared holds the survey a node takes for an explosion of
// the opponent's (surveyOf) against the one runShared makes for it: the
// same in everything TestSharedAgainstFresh compares, and the same slots
// with the same witnesses, in the positions explosionSiblings visits.
func TestKeptAgainstShared(t *testing.T) {
	needProvers(t, Survey|Sharing|Kept)
	var shared survey
	var mt matcher
	n := new(node)
	compared, taken := 0, 0
	explosionSiblings(t, 37, func(p *rules.Position, _ int) {
		c := p.Side
		rec, ch := parentRecord(p, c)
		if rec == nil || p.LostTraveling[c] {
			return
		}
		n.p, n.us, n.them = p, c, c.Other()
		for _, e := range n.kept.ways {
			if e != nil && e.rec == rec && e.ch == ch && e.occ == p.Occupied() {
				taken++
			}
		}
		got := n.surveyOf(p)
		if !shared.runShared(p, c, rec, ch) {
			t.Fatalf("%s: the record of the position before does not fit", p.FEN())
		}
		compared++
		diff := surveysDiffer(&shared, got, &mt)
		if diff == "" {
			diff = slotsDiffer(&shared, got)
		}
		if diff != "" {
			t.Fatalf("%s: the survey taken differs from the shared one: %s", p.FEN(), diff)
		}
	})
	if taken == 0 {
		t.Fatal("no kept survey taken")
	}
	t.Logf("%d surveys compared, %d of them kept ones", compared, taken)
}

// explosionSiblings calls visit on the position after each explosion (the
// i-th action) of every 40th position TestSharedAgainstFresh walks (every
// 12th with -deep; stream varies the random games), the explosions of one
// position in the order they are generated, so that siblings that fill the
// same squares follow each other as in perft.
func explosionSiblings(t *testing.T, stream uint64, visit func(p *rules.Position, i int)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(*seed, stream))
	step, plies := explosionWalk()
	every := 40
	if *deep {
		every = 12
	}
	walked := 0
	check := func(p *rules.Position) []rules.Move {
		legal := p.Legal(nil)
		if walked++; walked%every != 0 {
			return legal
		}
		for i, m := range legal {
			if m.Kind == rules.Explosion {
				p.Make(m)
				visit(p, i)
				p.Unmake()
			}
		}
		return legal
	}
	inRandomGames(t, rng, len(playStarts), plies, check)
	inBenchTrees(t, step, func(p *rules.Position) { check(p) })
}

// readSetsOf returns the minimal read sets kept for resonance e.
func readSetsOf(s *survey, e *edge) []rules.Bitboard {
	var out []rules.Bitboard
	for i := e.reads; i != 0; i = s.reads[i-1].next {
		out = append(out, s.reads[i-1].deps)
	}
	return out
}

// sameSets reports whether a and b hold the same sets, in any order.
func sameSets(a, b []rules.Bitboard) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

// replayAll surveys colour c in p as runShared does, but replays every event
// of rec that reads no square the change ch altered, copying no slot.
func replayAll(s *survey, p *rules.Position, c rules.Color, rec *record, ch change) {
	s.begin(p, c, fullSurvey, p.Geometry().Mask)
	s.rootLines(nil, rules.Bitboard{})
	roots, _ := s.rootsOf(rec)
	for ix := range rec.events {
		s.replayEvent(&rec.events[ix], ch.touched(), &roots)
	}
	s.depth = 0
	s.changedLines(ch)
}

// slotsDiffer describes the first difference between the slots of a and b,
// surveys of one position: their fields and their witnesses in order (men by
// their squares), or returns "".
func slotsDiffer(a, b *survey) string {
	for k := range a.head {
		for x := range a.head[k] {
			ha, hb := a.head[k][x], b.head[k][x]
			if (ha == 0) != (hb == 0) {
				return fmt.Sprintf("slot %v on %v: present %v, %v", rules.Kind(k), rules.Square(x), ha != 0, hb != 0)
			}
			if ha == 0 {
				continue
			}
			sa, sb := a.slots[ha-1], b.slots[hb-1]
			sa.first, sb.first = 0, 0
			if sa != sb {
				return fmt.Sprintf("slot %v on %v: %+v, %+v", rules.Kind(k), rules.Square(x), sa, sb)
			}
			if a.weak[k].Has(rules.Square(x)) != b.weak[k].Has(rules.Square(x)) {
				return fmt.Sprintf("slot %v on %v: weak differs", rules.Kind(k), rules.Square(x))
			}
			wa, wb := a.slots[ha-1].first, b.slots[hb-1].first
			for wa != 0 && wb != 0 {
				x1, x2 := a.wits[wa-1], b.wits[wb-1]
				if a.origin[x1.man] != b.origin[x2.man] {
					return fmt.Sprintf("slot %v on %v: a witness of the man on %v, %v", rules.Kind(k), rules.Square(x), a.origin[x1.man], b.origin[x2.man])
				}
				wa, wb = x1.next, x2.next
				x1.man, x2.man, x1.next, x2.next = 0, 0, 0, 0
				if x1 != x2 {
					return fmt.Sprintf("slot %v on %v: witness %+v, %+v", rules.Kind(k), rules.Square(x), x1, x2)
				}
			}
			if wa != wb {
				return fmt.Sprintf("slot %v on %v: witnesses differ in number", rules.Kind(k), rules.Square(x))
			}
		}
	}
	return ""
}

// TestTakersCases holds the survey shared from the position before the
// opponent's move (runShared) against a fresh one in constructed positions
// where a line takes on the filled square with its second move, that
// taking a root move which gains only because of what the first move
// cleared (takersAfter).
func TestTakersCases(t *testing.T) {
	needProvers(t, Survey|Sharing)
	for _, c := range []struct{ why, fen, move string }{
		{"the rook comes to c8: the pawn on b7 takes there promoting, and the new queen annihilates with the traveling queen on h3, once the knight has left e6 first (to any of his squares, some of which do not see b7)",
			"r5k1/1P6/4N3/8/8/7Q*/8/4K3 b - - 0 1", "Rc8"},
	} {
		checkSharedCase(t, c.why, c.fen, c.move)
	}
}

// checkSharedCase makes move (SAN) in the position fen and holds the
// survey of the side to move shared from the record of fen (runShared)
// against a fresh one; it returns the position, the record, its change and
// the fresh survey.
func checkSharedCase(t *testing.T, why, fen, move string) (*rules.Position, *record, change, *survey) {
	t.Helper()
	p, err := rules.NewPosition(Travelers, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if _, err := notation.ParseMoves(p, move); err != nil {
		t.Fatalf("%s %s: %v", fen, move, err)
	}
	rec, ch := parentRecord(p, p.Side)
	if rec == nil {
		t.Fatalf("%s (%s): no record to share", why, p.FEN())
	}
	var fresh, shared survey
	var mt matcher
	fresh.run(p, p.Side, fullSurvey)
	if !shared.runShared(p, p.Side, rec, ch) {
		t.Fatalf("%s: the record does not fit", why)
	}
	if diff := surveysDiffer(&fresh, &shared, &mt); diff != "" {
		t.Errorf("%s (%s): %s", why, p.FEN(), diff)
	}
	return p, rec, ch, &fresh
}
