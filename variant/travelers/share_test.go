package travelers

import (
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
// keeps the lines it meets first.)
func TestSharedAgainstFresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(*seed, 23))
	step, plies := 499, 10
	if *deep {
		step, plies = 47, 16
	}
	var fresh, shared survey
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
		return p.Legal(nil)
	}
	inRandomGames(t, rng, 2*len(playStarts), plies, check)
	inBenchTrees(t, step, func(p *rules.Position) { check(p) })
	if compared == 0 {
		t.Fatal("no shared survey compared")
	}
	t.Logf("%d shared surveys compared", compared)
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
