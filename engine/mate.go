package engine

import (
	"context"
	"fmt"

	"timechess/rules"
)

// Mate is the answer of SolveMate.
type Mate struct {
	// Keys are the first moves of a forced mate, in the order found: one
	// (that of the shortest mate) unless every key was asked for; empty when
	// there is no forced mate in the number of moves asked.
	Keys []rules.Move
	// In is the length of the shortest mate found, in moves of the mating side.
	In int
	// Line is a main line of the first key: the mating side's fastest moves
	// against the longest defence, ending in the mate.
	Line  []rules.Move
	Nodes uint64
}

// SolveMate looks for a forced mate in at most n moves of the side to move
// in p: a first move after which, whatever the defence, the game is won
// (checkmate or any decisive result of the variant) by the side's n-th move
// at the latest. With all set it finds every such first move, otherwise one
// of the shortest mate. A position whose side to move would repeat a state
// of the line (or reach a threefold repetition, or the fifty-move rule)
// counts as a defence that holds, so a mate reported is a mate under every
// rule. p is not changed. The error is ctx's when it ends first.
func SolveMate(ctx context.Context, p *rules.Position, n int, all bool) (Mate, error) {
	if n < 1 || n > maxMateMoves {
		return Mate{}, fmt.Errorf("mate in %d: the number of moves must be 1 to %d", n, maxMateMoves)
	}
	s := newSolver(ctx, p)
	var res Mate
	var err error
	if all {
		res.Keys, err = s.keys(n, true)
		if len(res.Keys) > 0 && err == nil {
			res.In, err = s.shortest(res.Keys[0], n)
		}
	} else {
		for k := 1; k <= n && err == nil && len(res.Keys) == 0; k++ {
			res.Keys, err = s.keys(k, false)
			res.In = k
		}
	}
	if err == nil && len(res.Keys) > 0 {
		res.Line, err = s.line(res.Keys[0], res.In)
	}
	res.Nodes = s.nodes
	if err != nil {
		return Mate{Nodes: s.nodes}, err
	}
	if len(res.Keys) == 0 {
		res.In = 0
	}
	return res, nil
}

// solver is one mate search: the position, the attacking side, and a
// table of proven and disproven nodes.
type solver struct {
	ctx      context.Context
	p        *rules.Position
	pr       *profile
	attacker rules.Color
	nodes    uint64
	err      error
	table    map[uint64]mateEntry
	killers  [2*maxMateMoves + 1]rules.Move
	bufs     [2*maxMateMoves + 1][]rules.Move
	class    []uint8      // ordered's scratch
	scratch  []rules.Move // ordered's scratch
}

// maxMateMoves bounds n, so that the solver's buffers have a fixed size.
const maxMateMoves = 64

// mateEntry is what the table knows of a node: mate proven within proven
// moves of the attacker (0: not proven), and disproven within disproven
// moves (no mate in that many or fewer).
type mateEntry struct{ proven, disproven uint8 }

// defenderTag separates the table entries of defender nodes from those of
// attacker nodes (their hashes differ anyway by the side to move; the tag
// keeps them apart in Gifford's key too).
const defenderTag = 0x4d415445 // "MATE"

// tableLimit bounds the table; it is cleared when full.
const tableLimit = 1 << 22

func newSolver(ctx context.Context, p *rules.Position) *solver {
	q := p.Copy()
	return &solver{ctx: ctx, p: q, pr: profileFor(q.Variant()), attacker: q.Side,
		table: map[uint64]mateEntry{}}
}

// repeated reports whether p repeats any earlier state since the last
// irreversible action, before the root or after it. The solver counts such
// a state as a defence that holds: stricter than the threefold repetition,
// so every mate it proves is a mate, and a shortest mate never repeats a
// state of its own line.
func (s *solver) repeated() bool {
	p := s.p
	if !s.pr.repeatable(p) {
		return false
	}
	for i, n := 2, min(p.Halfmove, p.Ply()); i <= n; i += 2 {
		if p.HashBefore(i) == p.Hash {
			return true
		}
	}
	return false
}

// tick counts a node and checks the context now and then.
func (s *solver) tick() bool {
	s.nodes++
	if s.nodes&1023 == 0 && s.err == nil {
		s.err = s.ctx.Err()
	}
	return s.err != nil
}

// keys returns the root moves that mate in at most k moves: the first one
// found, or every one when all is set.
func (s *solver) keys(k int, all bool) ([]rules.Move, error) {
	var out []rules.Move
	for _, m := range s.ordered(s.p.Legal(nil), k == 1) {
		s.p.Make(m)
		won, _ := s.defend(k-1, 1)
		s.p.Unmake()
		if s.err != nil {
			return nil, s.err
		}
		if won {
			out = append(out, m)
			if !all {
				break
			}
		}
	}
	return out, nil
}

// ordered reorders moves in place, checks first, then captures, then the
// rest, and returns them; when checksOnly is set and the defender could
// only lose in check, it keeps the checks alone (the last move of a mate
// must check). class is scratch space.
func (s *solver) ordered(moves []rules.Move, checksOnly bool) []rules.Move {
	const (
		check = iota
		capture
		other
		dropped
	)
	p := s.p
	s.class = s.class[:0]
	var count [dropped + 1]int
	for _, m := range moves {
		p.Make(m)
		c := other
		switch {
		case p.InCheck():
			c = check
		case checksOnly && !s.pr.quietWin(p):
			c = dropped
		}
		p.Unmake()
		if _, noisy := gain(p, s.pr, m); c == other && noisy {
			c = capture
		}
		s.class = append(s.class, uint8(c))
		count[c]++
	}
	// A stable partition by class, through the scratch list.
	s.scratch = append(s.scratch[:0], moves...)
	start := [dropped + 1]int{0, count[check], count[check] + count[capture], count[check] + count[capture] + count[other]}
	for i, m := range s.scratch {
		c := s.class[i]
		moves[start[c]] = m
		start[c]++
	}
	return moves[:len(moves)-count[dropped]]
}

// attack reports whether the attacker, to move at ply, mates in at most k
// moves. The second result is false when the answer rests on a repetition
// of the line (it then depends on the path and is not stored).
func (s *solver) attack(k, ply int) (bool, bool) {
	if s.tick() {
		return false, false
	}
	p := s.p
	if p.Halfmove >= 100 || s.pr.dead(p) {
		return false, true
	}
	if s.repeated() {
		return false, false
	}
	key, stored := s.lookup(p, 0, k)
	if stored != nil {
		return *stored, true
	}
	moves := p.Legal(s.bufs[ply][:0])
	s.bufs[ply] = moves
	pathFree := true
	won := false
	if len(moves) > 0 {
		moves = s.ordered(moves, k == 1)
		if km := s.killers[ply]; !km.IsNull() {
			for i, m := range moves {
				if m == km {
					copy(moves[1:i+1], moves[:i])
					moves[0] = m
					break
				}
			}
		}
		for _, m := range moves {
			p.Make(m)
			w, free := s.defend(k-1, ply+1)
			p.Unmake()
			if s.err != nil {
				return false, false
			}
			pathFree = pathFree && free
			if w {
				won, pathFree = true, true
				s.killers[ply] = m
				break
			}
		}
	}
	s.record(key, k, won, pathFree)
	return won, pathFree
}

// defend reports whether the defender, to move at ply, is lost against a
// mate in at most k more moves of the attacker.
func (s *solver) defend(k, ply int) (bool, bool) {
	if s.tick() {
		return false, false
	}
	p := s.p
	if k == 0 {
		// Only a game already won counts: the defender must have no move.
		if p.CountLegal() > 0 {
			return false, true
		}
		return p.Status().Result == rules.WinFor(s.attacker), true
	}
	moves := p.Legal(s.bufs[ply][:0])
	s.bufs[ply] = moves
	if len(moves) == 0 {
		return p.Status().Result == rules.WinFor(s.attacker), true
	}
	if p.Halfmove >= 100 || s.pr.dead(p) {
		return false, true
	}
	if s.repeated() {
		return false, false
	}
	key, stored := s.lookup(p, defenderTag, k)
	if stored != nil {
		return *stored, true
	}
	if km := s.killers[ply]; !km.IsNull() {
		for i, m := range moves {
			if m == km {
				moves[0], moves[i] = moves[i], moves[0]
				break
			}
		}
	}
	lost, pathFree := true, true
	for _, m := range moves {
		p.Make(m)
		w, free := s.attack(k, ply+1)
		p.Unmake()
		if s.err != nil {
			return false, false
		}
		if !w {
			lost, pathFree = false, free
			s.killers[ply] = m
			break
		}
	}
	s.record(key, k, lost, pathFree)
	return lost, pathFree
}

// lookup returns the node's key and, when the table settles the question of
// a mate within k moves, the answer.
func (s *solver) lookup(p *rules.Position, tag uint64, k int) (uint64, *bool) {
	if p.Halfmove+2*k >= 100 {
		return 0, nil
	}
	key := s.pr.key(p) ^ tag
	e, ok := s.table[key]
	if !ok {
		return key, nil
	}
	yes, no := true, false
	switch {
	case e.proven != 0 && int(e.proven) <= k:
		return key, &yes
	case int(e.disproven) >= k:
		return key, &no
	}
	return key, nil
}

// record stores a node's answer: a proof always, a disproof only when no
// repetition of the path took part in it.
func (s *solver) record(key uint64, k int, won, pathFree bool) {
	if key == 0 || (!won && !pathFree) {
		return
	}
	if len(s.table) >= tableLimit {
		clear(s.table)
	}
	e := s.table[key]
	if won {
		if e.proven == 0 || int(e.proven) > k {
			e.proven = uint8(k)
		}
	} else if int(e.disproven) < k {
		e.disproven = uint8(k)
	}
	s.table[key] = e
}
