package travelers

import "timechess/rules"

// A traveled man may not take an enemy resonator (R3), so move generation
// asks whether the enemy men he could take resonate (node.takeable). Sibling
// positions after explosions of the opponent ask it about the same men, and
// the opponent's lines before its explosion answer most of them: the
// explosion only filled two squares (and perhaps took a man of the side to
// move there), so a line of the position before it that reads neither
// square is a line after it too, and its man still resonates. Those lines
// are found once per position, by one survey of the opponent, and kept as
// proofs: each line's man and the squares it reads. The new traveling man
// resonates too with the men whose support of his type on his square had a
// line that reads neither square and takes no en passant (its last move now
// lands on him; see rematchExplosion).

// proof is a line of a resonance or a support: its man's square and the
// squares it reads (a support's last square aside).
type proof struct {
	man  rules.Square
	deps rules.Bitboard
}

// proofSet is the proofs of one colour's resonances and supports in a
// position, with the board they were found on (the occupied squares and
// that colour's men); the supports of type k on square x are
// supports[r[0]:r[1]], r being slotProof[{k, x}].
type proofSet struct {
	occ, own  rules.Bitboard
	proofs    []proof
	supports  []proof
	slotProof map[slotKey][2]int32
}

// slotKey names a slot of a proof set: a type and a square.
type slotKey struct {
	k rules.Kind
	x rules.Square
}

// proofsOf surveys colour c in p and returns its proof set (proofSetOf).
func proofsOf(p *rules.Position, c rules.Color) *proofSet {
	ses := sessionOf(p)
	s := ses.survey()
	defer ses.putSurvey(s)
	s.run(p, c, fullSurvey)
	return proofSetOf(s, p, c)
}

// keepProofs keeps the proof set of the full survey s of the side to move
// in p, unless one is kept: its children that follow its explosions ask for
// it (provenResonators), and a list of p's legal actions has surveyed it
// already.
func keepProofs(s *survey, p *rules.Position) {
	proofs := &sessionOf(p).proofs
	if _, ok := proofs.get(p.Hash, p.Side); !ok {
		proofs.put(p.Hash, p.Side, proofSetOf(s, p, p.Side))
	}
}

// proofSetOf returns the lines of the full survey s of colour c in p that
// prove its resonances (the minimal read sets a survey keeps per resonance:
// lines that neither take en passant nor castle) and its supports (the
// witnesses of each slot that take no en passant).
func proofSetOf(s *survey, p *rules.Position, c rules.Color) *proofSet {
	ps := &proofSet{occ: p.Occupied(), own: p.ByColor[c], slotProof: map[slotKey][2]int32{}}
	for ei := range s.edges {
		e := &s.edges[ei]
		for i := e.reads; i != 0; i = s.reads[i-1].next {
			ps.proofs = append(ps.proofs, proof{man: s.origin[e.man], deps: s.reads[i-1].deps})
		}
	}
	for k := range s.head {
		for x, h := range s.head[k] {
			if h == 0 {
				continue
			}
			from := int32(len(ps.supports))
			for i := s.slots[h-1].first; i != 0; i = s.wits[i-1].next {
				if w := &s.wits[i-1]; w.flags&usesEnPassant == 0 {
					ps.supports = append(ps.supports, proof{man: s.origin[w.man], deps: w.deps})
				}
			}
			ps.slotProof[slotKey{rules.Kind(k), rules.Square(x)}] = [2]int32{from, int32(len(ps.supports))}
		}
	}
	return ps
}

// provenResonators returns colour c's men that resonate in p by a line of
// the position before p's last action, when that action was an explosion
// of c's: lines that read neither square it filled, of a resonance or of a
// support of the exploded man's type on his square. It returns none when
// the last action was anything else. A proof set not cached is made on p with
// the action taken back, and p is left as it was.
func provenResonators(p *rules.Position, c rules.Color) rules.Bitboard {
	var men rules.Bitboard
	if p.Ply() == 0 || p.Side == c {
		return men
	}
	lm := p.LastMove()
	if lm.Kind != rules.Explosion {
		return men
	}
	filled := rules.BB(lm.From, lm.To)
	ps := sessionOf(p).proofs.before(p, c, proofsOf)
	// The proofs must be of the board before the explosion.
	if ps.occ.Or(filled) != p.Occupied() || ps.own.Or(filled) != p.ByColor[c] {
		return men
	}
	r := ps.slotProof[slotKey{lm.Piece, lm.From}]
	for _, set := range [2][]proof{ps.proofs, ps.supports[r[0]:r[1]]} {
		for _, pr := range set {
			if !men.Has(pr.man) && !pr.deps.Intersects(filled) {
				men.Set(pr.man)
			}
		}
	}
	return men
}
