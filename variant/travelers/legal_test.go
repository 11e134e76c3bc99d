package travelers

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// TestLegalAgainstOracle compares the legal actions with the oracle's on
// random small positions, and then on the positions a few random actions
// lead to.
func TestLegalAgainstOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(*seed, 5))
	n, plies := 3, 3
	if testing.Short() {
		n = 1
	}
	if *deep {
		n, plies = 200, 6
	}
	checked := 0
	for checked < n {
		w, h := 4+rng.IntN(3), 4+rng.IntN(3)
		text := randomPosition(rng, w, h, 4+rng.IntN(5))
		p, err := rules.NewPosition(Travelers, text)
		if err != nil {
			continue
		}
		checked++
		for range plies {
			legal := compareLegal(t, p)
			if len(legal) == 0 {
				break
			}
			p.Make(legal[rng.IntN(len(legal))])
		}
	}
}

// compareLegal checks p's legal actions against the oracle's and returns them.
func compareLegal(t *testing.T, p *rules.Position) []rules.Move {
	t.Helper()
	got, want := p.Legal(nil), plainLegal(p, nil)
	if d := moveDiff(p, got, want); d != "" {
		t.Errorf("%s: legal actions differ from the oracle's: %s", p.FEN(), d)
	}
	return got
}

// moveDiff describes the actions in one list and not the other.
func moveDiff(p *rules.Position, got, want []rules.Move) string {
	name := func(m rules.Move) string { return notation.Coord(p, m) }
	var extra, missing []string
	for _, m := range got {
		if !slices.Contains(want, m) {
			extra = append(extra, name(m))
		}
	}
	for _, m := range want {
		if !slices.Contains(got, m) {
			missing = append(missing, name(m))
		}
	}
	if len(extra)+len(missing) == 0 {
		return ""
	}
	return "extra [" + strings.Join(extra, " ") + "], missing [" + strings.Join(missing, " ") + "]"
}

// TestShortcutsAgainstExact checks the shortcuts of move generation (the
// witnesses, the refutations of settleExplosion, the check shortcut, the
// single traveling man surveyed after an explosion) against playing each
// candidate out with full resonance searches (which TestReachAgainstOracle
// checks) in the positions of random games.
func TestShortcutsAgainstExact(t *testing.T) {
	needProvers(t, Survey)
	rng := rand.New(rand.NewPCG(*seed, 13))
	games, plies := 3, 8
	if *deep {
		games, plies = 40, 16
	}
	inRandomGames(t, rng, games, plies, func(p *rules.Position) []rules.Move { return checkShortcuts(t, p) })
}

// TestDoubleStepRematch holds a pawn's single step that the lines starting
// with its double step prove (rootMoves). White's traveling queen on c4
// resonates with the queen on d1. After d2-d3 the line e2-e3, Qe2, Qxc4 is
// shut by the pawn on d3; the one left, d3-d4, Qd3, Qxc4, is the rest of
// d2-d4, Qd3, Qxc4, for the pawn's step to d4 leaves the board its double
// step leaves. Rematched with the lines that start with the double step the
// move is proved correct, with its own root move's lines alone it is not,
// and played out it is legal.
func TestDoubleStepRematch(t *testing.T) {
	needProvers(t, Survey|Witnesses|Rematch)
	p, err := rules.NewPosition(Travelers, "rnbqkb1r/pppppppp/2n*5/3p*4/Q'1Q*1P*1n'1/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 1 6")
	if err != nil {
		t.Fatal(err)
	}
	d2, d3 := square8(t, "d2"), square8(t, "d3")
	legal := p.Legal(nil)
	i := slices.IndexFunc(legal, func(m rules.Move) bool { return m.From == d2 && m.To == d3 })
	if i < 0 {
		t.Fatalf("%s: d2-d3 is not legal", p.FEN())
	}
	m := legal[i]
	n := analyse(p)
	defer n.release()
	changed := rules.BB(d2, d3)
	first := n.rootMoves(m)
	if first[0] < 0 || first[1] < 0 {
		t.Fatalf("root moves of d2-d3: %v, want both the step and the double step", first)
	}
	if n.stillCorrect(changed) {
		t.Fatal("the matching's witnesses alone prove d2-d3: the position tests nothing")
	}
	if n.rematch(changed, -1, rules.NoSquare, [2]int{first[0], -1}) {
		t.Error("d2-d3 rematched with its own root move's lines alone")
	}
	if !n.rematch(changed, -1, rules.NoSquare, first) {
		t.Error("d2-d3 not rematched with the lines that start with d2-d4")
	}
	if !playedOut(n, m) {
		t.Error("d2-d3 played out is not legal")
	}
}

// inRandomGames plays games random games of up to plies actions from the
// playStarts positions in turn and calls check, which returns the legal
// actions, on every position.
func inRandomGames(t *testing.T, rng *rand.Rand, games, plies int, check func(p *rules.Position) []rules.Move) {
	t.Helper()
	inRandomGamesFrom(t, rng, playStarts, games, plies, check)
}

// inRandomGamesFrom is inRandomGames from the positions starts.
func inRandomGamesFrom(t *testing.T, rng *rand.Rand, starts []startPosition, games, plies int, check func(p *rules.Position) []rules.Move) {
	t.Helper()
	inRandomGamesOf(t, Travelers, rng, starts, games, plies, check)
}

// inRandomGamesOf is inRandomGamesFrom with the rules of v.
func inRandomGamesOf(t *testing.T, v rules.Variant, rng *rand.Rand, starts []startPosition, games, plies int, check func(p *rules.Position) []rules.Move) {
	t.Helper()
	for g := range games {
		s := starts[g%len(starts)]
		p, err := rules.NewPosition(v, s.fen)
		if err != nil {
			t.Fatalf("%s: %v", s.from, err)
		}
		for range plies {
			legal := check(p)
			if len(legal) == 0 {
				break
			}
			p.Make(legal[rng.IntN(len(legal))])
		}
	}
}

// TestShortcutsInBenchTrees checks the shortcuts as TestShortcutsAgainstExact
// does in the positions two actions deep below the benchmark positions
// (bench_test.go), where perft spends its time: every 20,011th of them
// (about 20), every 211th with -deep (about 2,000; a minute).
func TestShortcutsInBenchTrees(t *testing.T) {
	needProvers(t, Survey)
	step := 20011
	if *deep {
		step = 211
	}
	inBenchTrees(t, step, func(p *rules.Position) { checkShortcuts(t, p) })
}

// inBenchTrees calls check on every step-th position two actions deep below
// the benchmark positions.
func inBenchTrees(t *testing.T, step int, check func(p *rules.Position)) {
	t.Helper()
	seen := 0
	for _, bp := range benchPositions {
		p, err := rules.NewPosition(Travelers, bp.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, a1 := range p.Legal(nil) {
			p.Make(a1)
			for _, a2 := range p.Legal(nil) {
				if seen++; seen%step == 0 {
					p.Make(a2)
					check(p)
					p.Unmake()
				}
			}
			p.Unmake()
		}
	}
}

// checkShortcuts compares the legality of every candidate action of p by
// move generation with playing it out, and returns the legal actions.
func checkShortcuts(t *testing.T, p *rules.Position) []rules.Move {
	t.Helper()
	legal := p.Legal(nil)
	n := analyse(p)
	defer n.release()
	for _, m := range candidates(n) {
		if want, got := playedOut(n, m), slices.Contains(legal, m); got != want {
			t.Errorf("%s: %s legal %v, exactly %v", p.FEN(), notation.Coord(p, m), got, want)
		}
	}
	return legal
}

// playedOut decides the legality of m by playing it and asking R6 and R7
// with full resonance searches, none of them recalled from the memo.
func playedOut(n *node, m rules.Move) bool {
	p, us := n.p, n.p.Side
	p.Make(m)
	defer p.Unmake()
	return surveyedCorrect(p, us) && (!threat(p, us) || !surveyedCorrect(p, us.Other()))
}

// surveyedCorrect reports whether colour c is grammatically correct in p by
// a resonance survey of its own.
func surveyedCorrect(p *rules.Position, c rules.Color) bool {
	if p.LostTraveling[c] {
		return false
	}
	var s survey
	var mt matcher
	s.run(p, c, resonanceSurvey)
	return s.correct(&mt)
}

// candidates returns the pseudo-legal actions of the node's side to move
// that exact can judge alone: normal moves, annihilations and explosions
// (castling has conditions of its own).
func candidates(n *node) []rules.Move {
	p := n.p
	var out []rules.Move
	if !n.correct {
		return nil
	}
	for _, m := range pseudoMoves(p, nil) {
		if m.Kind != rules.Castle {
			out = append(out, m)
		}
	}
	for _, gl := range n.own.goals {
		for rs := annihilatorsOf(p, n.us, gl.sq, p.Occupied(), rules.Bitboard{}); !rs.IsZero(); {
			from := rs.PopLSB()
			m := rules.Move{Kind: rules.Annihilation, Piece: p.Board[from].Kind(), From: from, To: gl.sq, Via: rules.NoSquare}
			if m.Piece != gl.kind {
				m.Promo = gl.kind
			}
			out = append(out, m)
		}
	}
	for _, k := range p.Variant().Spec().Kinds {
		for xs := n.own.support[k]; !xs.IsZero(); {
			x := xs.PopLSB()
			for ys := n.takeable(n.own.destinations(k, x)); !ys.IsZero(); {
				y := ys.PopLSB()
				m := rules.Move{Kind: rules.Explosion, Piece: k, From: x, To: y, Via: rules.NoSquare}
				if k == rules.Pawn && (y.Rank() == 0 || y.Rank() == p.Geometry().H-1) {
					m.Promo = rules.Queen
				}
				out = append(out, m)
			}
		}
	}
	return out
}

// checkStarts are positions where the side to move is in check (R7), the
// opponent having no traveling man.
var checkStarts = []startPosition{
	{"rnbqk1nr/pppp1ppp/8/4p3/1b6/3P4/PPP1PPPP/RNBQKBNR w KQkq - 1 3", "constructed: a bishop checks, a pawn or an explosion on c3 or d2 blocks"},
	{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "the fool's mate: FIDE's mate, here explosions on g3 block"},
}

// TestCountAgainstList checks that counting the legal actions (which adds
// sure explosions in bulk, explodeOn) agrees with listing them: in the
// positions of the seed's games, of random games (also from checkStarts)
// and below the benchmark positions.
func TestCountAgainstList(t *testing.T) {
	needProvers(t, Survey) // by the plain rules a count is the list's length
	rng := rand.New(rand.NewPCG(*seed, 19))
	games, plies, step := len(playStarts), 12, 997
	if *deep {
		games, plies, step = 8*len(playStarts), 24, 97
	}
	positions := 0
	check := func(p *rules.Position) []rules.Move {
		positions++
		legal := p.Legal(nil)
		if n := p.CountLegal(); n != len(legal) {
			t.Errorf("%s: %d actions counted, %d listed", p.FEN(), n, len(legal))
		}
		return legal
	}
	for _, c := range seedGames {
		p, err := rules.NewPosition(Travelers, Travelers.S.Start)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range strings.Fields(c.moves) {
			check(p)
			m, err := notation.Parse(p, text)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.moves, text, err)
			}
			p.Make(m)
		}
		check(p)
	}
	inRandomGamesFrom(t, rng, checkStarts, games, plies/2, check)
	if plainRun() {
		inRandomGamesFrom(t, rng, sparseStarts(), games, plies, check)
	} else {
		inRandomGames(t, rng, games, plies, check)
		inBenchTrees(t, step, func(p *rules.Position) { check(p) })
	}
	t.Logf("%d positions", positions)
}

// TestHopelessOnlyWhenRefuted checks hopeless against settleExplosion in
// the positions of random games and below the benchmark positions: an
// explosion square it gives up must have every traveled man's move refuted
// one by one, and so must the moves that take nothing when refutedAtOnce
// gives up those alone. A type kindHopeless gives up must be given up by
// hopeless on every square.
func TestHopelessOnlyWhenRefuted(t *testing.T) {
	needProvers(t, Survey|Refutations)
	rng := rand.New(rand.NewPCG(*seed, 17))
	step, plies := 997, 8
	if *deep {
		step, plies = 97, 16
	}
	hits, kindHits, quietHits := 0, 0, 0
	check := func(p *rules.Position) []rules.Move {
		n := analyse(p)
		defer n.release()
		if !n.correct {
			return p.Legal(nil)
		}
		for _, k := range p.Variant().Spec().Kinds {
			for xs := n.own.support[k]; !xs.IsZero(); {
				x := xs.PopLSB()
				n.freshGoal, n.freshKnown = goal{sq: x, kind: k}, false
				ys := n.takeable(n.own.destinations(k, x))
				coverAll := n.own.supportCover(k, x, rules.Bitboard{})
				if ys.IsZero() {
					continue
				}
				given := n.hopeless(k, x, ys, coverAll)
				if n.kindHopeless(k) {
					kindHits++
					if !given {
						t.Errorf("%s: every %v given up, but hopeless keeps %v", p.FEN(), k, x)
					}
				}
				lost := n.refutedAtOnce(k, x, ys, coverAll)
				switch {
				case given && lost != ys:
					t.Errorf("%s: %v on %v given up, but refutedAtOnce keeps %v", p.FEN(), k, x, ys.AndNot(lost))
				case given:
					hits++
				case !lost.IsZero():
					quietHits++
				}
				for rest := lost; !rest.IsZero(); {
					y := rest.PopLSB()
					occ := p.Occupied()
					occ.Set(x)
					occ.Set(y)
					bl := blast{k: k, x: x, y: y, emptyY: p.Board[y] == rules.NoPiece, occ: occ}
					if n.settleExplosion(&bl, coverAll) != refuted {
						t.Errorf("%s: %v on %v given up, but the move to %v is not refuted", p.FEN(), k, x, y)
					}
				}
			}
		}
		return p.Legal(nil)
	}
	inRandomGames(t, rng, len(playStarts), plies, check)
	inBenchTrees(t, step, func(p *rules.Position) { check(p) })
	if hits == 0 || kindHits == 0 || quietHits == 0 {
		t.Fatalf("hopeless gave %d explosion squares up, kindHopeless %d, refutedAtOnce the quiet moves of %d: something was not checked", hits, kindHits, quietHits)
	}
	t.Logf("%d explosion squares given up, %d of them with their whole type, and the quiet moves of %d more", hits, kindHits, quietHits)
}

// TestOldBoundAgainstAfresh checks unmatchedLate's answer from oldBoundOf,
// for explosion squares outside lateZone and for none, against the
// candidates matched afresh (unmatchedAfresh), in the positions of random
// games and below the benchmark positions, for several candidate sets of
// the new traveling man: none, the slot's men, each of them alone, and
// every man of the side.
func TestOldBoundAgainstAfresh(t *testing.T) {
	needProvers(t, Survey|Refutations)
	rng := rand.New(rand.NewPCG(*seed, 19))
	step, plies := 997, 8
	if *deep {
		step, plies = 97, 16
	}
	var asked, unmatched int
	check := func(p *rules.Position) []rules.Move {
		n := analyse(p)
		defer n.release()
		if !n.correct || len(n.own.goals) == 0 {
			return p.Legal(nil)
		}
		for _, k := range p.Variant().Spec().Kinds {
			for xs := n.own.support[k].AndNot(n.lateZone()); !xs.IsZero(); {
				x := xs.PopLSB()
				men := n.own.slots[n.own.head[k][x]-1].men
				sets := []rules.Bitboard{{}, men, n.own.b.own}
				for m := men; !m.IsZero(); {
					sets = append(sets, rules.SquareBB(m.PopLSB()))
				}
				for _, takes := range []bool{false, true} {
					for _, fresh := range sets {
						// No square at all (kindHopeless) as well as x.
						for _, sq := range []rules.Square{x, rules.NoSquare} {
							got, want := n.unmatchedLate(fresh, sq, takes), n.unmatchedAfresh(fresh, sq, takes)
							if got != want {
								t.Errorf("%s: %v on %v, candidates %v, taking %v: unmatchedLate %v, afresh %v", p.FEN(), k, sq, fresh, takes, got, want)
							}
							asked++
							if want {
								unmatched++
							}
						}
					}
				}
			}
		}
		return p.Legal(nil)
	}
	inRandomGames(t, rng, len(playStarts), plies, check)
	inBenchTrees(t, step, func(p *rules.Position) { check(p) })
	if unmatched == 0 || unmatched == asked {
		t.Fatalf("%d of %d questions unmatched: one answer was never checked", unmatched, asked)
	}
	t.Logf("%d questions, %d unmatched", asked, unmatched)
}
