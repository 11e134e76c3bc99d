package travelers

import (
	"fmt"
	"math/rand/v2"
	"testing"

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
	rng := rand.New(rand.NewPCG(*seed, 23))
	step, plies := explosionWalk()
	var fresh, shared, replayed survey
	var mt matcher
	compared := 0
	check := func(p *rules.Position) []rules.Move {
		c := p.Side
		rec, filled := parentRecord(p, c)
		if rec == nil || p.LostTraveling[c] {
			return p.Legal(nil)
		}
		fresh.run(p, c, fullSurvey)
		if !shared.runShared(p, c, rec, filled) {
			t.Fatalf("%s: the record of the position before does not fit", p.FEN())
		}
		compared++
		fen := p.FEN()
		if fresh.support != shared.support {
			t.Fatalf("%s: supports %v, shared %v", fen, fresh.support, shared.support)
		}
		for _, sq := range fresh.origin {
			if fresh.rootLeave[sq] != shared.rootLeave[sq] || fresh.leaveReads[sq] != shared.leaveReads[sq] {
				t.Fatalf("%s: the watchers of %v once its man leaves: %v reading %v, shared %v reading %v", fen, sq, fresh.rootLeave[sq], fresh.leaveReads[sq], shared.rootLeave[sq], shared.leaveReads[sq])
			}
		}
		for i, sq := range fresh.origin {
			j := int(shared.b.at[sq]) - 1
			if fresh.reach[i] != shared.reach[j] {
				t.Fatalf("%s: reach of the man on %v: %v, shared %v", fen, sq, fresh.reach[i], shared.reach[j])
			}
		}
		if len(fresh.edges) != len(shared.edges) {
			t.Fatalf("%s: %d resonances, shared %d", fen, len(fresh.edges), len(shared.edges))
		}
		for ei := range fresh.edges {
			e := &fresh.edges[ei]
			i := int(shared.b.at[fresh.origin[e.man]]) - 1
			at := shared.edgeAt[i*len(shared.goals)+int(shared.gidx[e.t])]
			if at == 0 {
				t.Fatalf("%s: resonance %v-%v missing from the shared survey", fen, fresh.origin[e.man], e.t)
			}
			o := &shared.edges[at-1]
			if o.ess != e.ess || o.ess2 != e.ess2 || o.has2 != e.has2 {
				t.Fatalf("%s: resonance %v-%v reads %v (%v in two moves), shared %v (%v)", fen, fresh.origin[e.man], e.t, e.ess, e.ess2, o.ess, o.ess2)
			}
			if !e.many && !o.many && !sameSets(readSetsOf(&fresh, e), readSetsOf(&shared, o)) {
				t.Fatalf("%s: resonance %v-%v: minimal read sets %v, shared %v", fen, fresh.origin[e.man], e.t, readSetsOf(&fresh, e), readSetsOf(&shared, o))
			}
		}
		if a, b := fresh.correct(&mt), shared.correct(&mt); a != b {
			t.Fatalf("%s: correct %v, shared %v", fen, a, b)
		}
		replayAll(&replayed, p, c, rec, filled)
		if diff := slotsDiffer(&replayed, &shared); diff != "" {
			t.Fatalf("%s: copied slots differ from replayed ones: %s", fen, diff)
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
// of rec that reads no filled square, copying no slot.
func replayAll(s *survey, p *rules.Position, c rules.Color, rec *record, filled rules.Bitboard) {
	s.begin(p, c, fullSurvey, p.Geometry().Mask)
	s.rootLines(nil, rules.Bitboard{})
	roots, _ := s.rootsOf(rec)
	for ix := range rec.events {
		s.replayEvent(&rec.events[ix], filled, &roots)
	}
	s.depth = 0
	s.takingLines(filled)
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
