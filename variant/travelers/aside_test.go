package travelers

import (
	"math/rand/v2"
	"testing"

	"timechess/rules"
)

// TestAsideAgainstOracle checks asideLine against the brute force: after
// every explosion of the sampled positions for which asideLine says no, no
// line may move the traveled man (leaving no square he took on) and then an
// untraveled man onto the new traveling man. Where it decides (the
// slot's men kept for a short line alone) and says no, every resonator of
// the new traveling man that the brute force finds must be among the
// candidates slotResonators and freshLate keep without the slot's men.
// Every man asideResonators proves (sampled) must be a resonator of the new
// traveling man by the brute force. Positions: the seed's games and random
// games, and the perft trees of the benchmark positions.
func TestAsideAgainstOracle(t *testing.T) {
	needProvers(t, Survey|Aside)
	rng := rand.New(rand.NewPCG(*seed, 29))
	step, plies, sample, every, proofEvery := 1499, 8, 2000, 5, 1000
	if *deep {
		step, plies, sample, every, proofEvery = 499, 12, 400, 1, 50
	}
	var yeses, noes, lines, loose, none, decided, proofs, proved int
	check := func(p *rules.Position) []rules.Move {
		n := analyse(p)
		defer n.release()
		if !n.correct {
			return p.Legal(nil)
		}
		us := n.us
		for _, k := range p.Variant().Spec().Kinds {
			for xs := n.own.support[k]; !xs.IsZero(); {
				x := xs.PopLSB()
				n.freshGoal, n.freshKnown = goal{sq: x, kind: k}, false
				coverAll := n.own.supportCover(k, x, rules.Bitboard{})
				for ys := n.takeable(n.own.destinations(k, x)); !ys.IsZero(); {
					y := ys.PopLSB()
					occ := p.Occupied()
					occ.Set(x)
					occ.Set(y)
					bl := blast{k: k, x: x, y: y, emptyY: p.Board[y] == rules.NoPiece, occ: occ}
					got := n.asideLine(&bl)
					men, slotMen := n.slotResonators(&bl, coverAll)
					men = men.Or(n.freshLate(&bl))
					slotMen = slotMen.AndNot(men)
					m := rules.Move{Kind: rules.Explosion, Piece: k, From: x, To: y, Via: rules.NoSquare}
					if k == rules.Pawn && (y.Rank() == 0 || y.Rank() == p.Geometry().H-1) {
						m.Promo = rules.Queen
					}
					// The new traveling man's proved resonators, then each
					// old one's.
					gls := append([]goal{n.freshGoal}, n.own.goals...)
					proofMen := make([]rules.Bitboard, len(gls))
					any := false
					for j, gl := range gls {
						proofMen[j] = n.asideResonators(&bl, gl, n.lastMovesOf(j-1))
						any = any || !proofMen[j].IsZero()
					}
					if any {
						proofs++
					}
					if any && proofs%proofEvery == 0 {
						p.Make(m)
						res := refSurvey(p, us).res
						for j, gl := range gls {
							for o := proofMen[j]; !o.IsZero(); {
								if v := o.PopLSB(); !res[v].Has(gl.sq) {
									t.Errorf("%s: after %v on %v to %v, asideResonators proves %v, but the brute force finds no line of his onto %v", p.FEN(), k, x, y, v, gl.sq)
								}
								proved++
							}
						}
						p.Unmake()
					}
					// A yes is always safe: the brute force checks every no
					// where asideLine decides, and samples of the other noes
					// and of the yeses.
					switch {
					case got:
						if yeses++; yeses%sample != 0 {
							continue
						}
					case slotMen.IsZero():
						if noes++; noes%sample != 0 {
							continue
						}
					}
					p.Make(m)
					want := refAside(p, us, x, y)
					switch {
					case want && !got:
						t.Errorf("%s: after %v on %v to %v, a line moves the traveled man and then a man onto %v, but asideLine says none", p.FEN(), k, x, y, x)
					case want:
						lines++
					case got:
						loose++
					default:
						none++
					}
					if !got && !slotMen.IsZero() {
						decided++
					}
					if !got && !slotMen.IsZero() && decided%every == 0 {
						for o, res := range refSurvey(p, us).res {
							if res.Has(x) && !men.Has(o) {
								t.Errorf("%s: after %v on %v to %v, %v resonates with the new traveling man, but asideLine leaves him out (candidates %v)", p.FEN(), k, x, y, o, men.Squares())
							}
						}
					}
					p.Unmake()
				}
			}
		}
		return p.Legal(nil)
	}
	inRandomGames(t, rng, len(playStarts), plies, check)
	inBenchTrees(t, step, func(p *rules.Position) { check(p) })
	if lines == 0 || none == 0 || decided == 0 || proved == 0 {
		t.Fatalf("explosions with such a line %d, without %d, decided by asideLine %d, men proved by asideResonators %d: something was not checked", lines, none, decided, proved)
	}
	t.Logf("asideLine said yes %d times and no %d+%d times (%d where it decides); the brute force, asked %d times, found such a line %d times (asideLine said yes) and none %d times (yes %d); asideResonators proved men in %d explosions, %d men checked", yeses, noes, decided, decided, lines+loose+none, lines, loose+none, loose, proofs, proved)
}

// refAside reports whether colour c, after an explosion that left its new
// traveling man on x and the traveled man on y (p), has a line of up to
// three moves in which the traveled man moves, leaving no square he took
// on, and then an untraveled man moves onto x: every line tried (the
// opponent is to move in p, so no line takes en passant).
func refAside(p *rules.Position, c rules.Color, x, y rules.Square) bool {
	b := newRefBoard(p, c)
	tm := int16(y) + 1
	var walk func(depth int, moved, took bool) bool
	walk = func(depth int, moved, took bool) bool {
		moves, onto := b.lineMoves(false)
		for _, m := range onto {
			if moved && m.to == x {
				return true
			}
		}
		if depth == 2 {
			return false
		}
		for _, m := range moves {
			isTM := b.id[m.from] == tm
			if isTM && took {
				continue
			}
			takes := isTM && b.enemy(m.to)
			undo := b.play(m)
			found := walk(depth+1, moved || isTM, took || takes)
			undo()
			if found {
				return true
			}
		}
		return false
	}
	return walk(0, false, false)
}

// TestAsideLineCases holds asideLine and the brute force to constructed
// explosions, one for each way the traveled man may get out of a last
// move's way, and one where he cannot.
func TestAsideLineCases(t *testing.T) {
	needProvers(t, Survey|Aside)
	cases := []struct {
		fen     string
		k       rules.Kind
		x, y    string
		want    bool
		comment string
	}{
		{"4k3/8/8/8/1p6/1P6/8/R3K3 w - - 0 1", rules.Rook, "a6", "a3", true,
			"constructed: the traveled rook on a3 steps to a2 and then b2 (or to a4 and takes on b4), and Ra1 reaches a6"},
		{"4k3/8/1p6/1P6/1P6/1N6/1P6/R3K3 w - - 0 1", rules.Rook, "a6", "a3", true,
			"constructed: the knight on b3 leaves, the traveled rook steps to b3, and Ra1 reaches a6"},
		{"4k3/8/8/8/8/8/3P4/3RK3 w - - 0 1", rules.Rook, "a6", "a4", true,
			"constructed: Rd1 goes to a1 and, once the traveled rook on a4 has stepped to b4, on to a6"},
		{"rnbqkbnr/pppppppp/8/8/8/N5p*1/PPPPPp'PP/R1BQKBNR w KQkq - 0 2", rules.Rook, "h4", "h3", false,
			"from the perft tree of the start position: the pawn on h2 and the traveled rook on h3 both bar h1-h4, and each can only take on g3 or step along the file; Rh1 cannot castle with f1 and g1 full"},
		{"rnbqkb1r/pppppppp/2n*2n'2/3p*4/4P*3/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 0 5", rules.Bishop, "c4", "d3", false,
			"the benchmark's two-traveling position: the traveled bishop on d3 can only step to e2, still on f1's diagonal to c4"},
	}
	for _, c := range cases {
		p, n, bl := asideCase(t, c.fen, c.k, c.x, c.y)
		got := n.asideLine(&bl)
		n.release()
		us := p.Side
		p.Make(rules.Move{Kind: rules.Explosion, Piece: c.k, From: bl.x, To: bl.y, Via: rules.NoSquare})
		brute := refAside(p, us, bl.x, bl.y)
		p.Unmake()
		if got != c.want || brute != c.want {
			t.Errorf("%s (%s): %v on %s to %s: asideLine %v, brute force %v, want %v", c.fen, c.comment, c.k, c.x, c.y, got, brute, c.want)
		}
	}
}

// TestAsideResonatorsCases holds asideResonators to constructed explosions
// whose new traveling man resonates only by a line that clears the way of
// the traveled man: the men it proves, checked by the brute force too.
func TestAsideResonatorsCases(t *testing.T) {
	needProvers(t, Survey|Aside)
	cases := []struct {
		fen     string
		k       rules.Kind
		x, y    string
		want    []string
		comment string
	}{
		{"rnbqkb1r/p1pppppp/2n*2n'2/1p1p*4/4P*3/2N'2N*2/PPPPPPPP/1RBQKBNR w Kkq - 0 6", rules.Bishop, "a6", "b5", []string{"f1"},
			"from the perft tree of the two-traveling position: e2-e3, the traveled bishop leaves b5 (to c6 or a4), Bf1-a6"},
		{"rnbqkb1r/pppppppp/2n*2n'2/3p*4/4P*b*2/2N'2N*2/PPPPPPPb'/1RBQKBNR w Kkq - 0 6", rules.Rook, "h3", "h2", []string{"h1"},
			"from the perft tree of the two-traveling position: g2-g3 frees g2, the traveled rook steps there from h2, Rh1-h3"},
		{"rnbqkb1r/pppppppp/2n*2n'2/3p*4/1q*2P*3/2q'2N*2/PPPPPPPP/1RBQKBNR w Kkq - 0 6", rules.Queen, "b3", "c3", []string{"d1"},
			"from the perft tree of the two-traveling position: the traveled queen leaves c3 (to b4 or d3), c2-c3 clears d1's diagonal, Qd1-b3"},
		{"rnbqkbnr/pppppppp/8/8/8/N5p*1/PPPPPp'PP/R1BQKBNR w KQkq - 0 2", rules.Rook, "h4", "h3", nil,
			"from the perft tree of the start position: no line clears h1-h4 (as in TestAsideLineCases)"},
	}
	for _, c := range cases {
		p, n, bl := asideCase(t, c.fen, c.k, c.x, c.y)
		x := bl.x
		var want rules.Bitboard
		for _, s := range c.want {
			want.Set(parseSquare(t, p, s))
		}
		got := n.asideResonators(&bl, n.freshGoal, n.lastMovesOf(-1))
		n.release()
		us := p.Side
		p.Make(rules.Move{Kind: rules.Explosion, Piece: c.k, From: x, To: bl.y, Via: rules.NoSquare})
		res := refSurvey(p, us).res
		p.Unmake()
		if got != want {
			t.Errorf("%s (%s): %v on %s to %s: asideResonators %v, want %v", c.fen, c.comment, c.k, c.x, c.y, got.Squares(), want.Squares())
		}
		for o := want; !o.IsZero(); {
			if v := o.PopLSB(); !res[v].Has(x) {
				t.Errorf("%s (%s): the brute force finds no line of %v onto %s", c.fen, c.comment, v, c.x)
			}
		}
	}
}

// asideCase sets up, for the aside tests, the explosion of kind k on xs
// whose traveled man moves to ys in the position fen: the position, its
// node (the new traveling man its fresh goal; the caller releases it) and
// the explosion.
func asideCase(t *testing.T, fen string, k rules.Kind, xs, ys string) (*rules.Position, *node, blast) {
	t.Helper()
	p, err := rules.NewPosition(Travelers, fen)
	if err != nil {
		t.Fatal(err)
	}
	x, y := parseSquare(t, p, xs), parseSquare(t, p, ys)
	n := analyse(p)
	n.freshGoal, n.freshKnown = goal{sq: x, kind: k}, false
	occ := p.Occupied()
	occ.Set(x)
	occ.Set(y)
	return p, n, blast{k: k, x: x, y: y, emptyY: p.Board[y] == rules.NoPiece, occ: occ}
}

// parseSquare returns the square named s on p's board.
func parseSquare(t *testing.T, p *rules.Position, s string) rules.Square {
	t.Helper()
	g := p.Geometry()
	v, err := rules.ParseSquare(s, g.W, g.H)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
