package engine

import "timechess/rules"

// shortest returns the least number of moves within n in which the key
// move m mates.
func (s *solver) shortest(m rules.Move, n int) (int, error) {
	s.p.Make(m)
	defer s.p.Unmake()
	for k := 1; k <= n; k++ {
		won, _ := s.defend(k-1, 1)
		if s.err != nil {
			return 0, s.err
		}
		if won {
			return k, nil
		}
	}
	return n, nil
}

// line returns a main line of the mate in `in` moves starting with key:
// after each attacking move the defence that holds out longest (the first
// such in move order), after each defence the attacker's fastest mating move.
func (s *solver) line(key rules.Move, in int) ([]rules.Move, error) {
	p := s.p
	line := []rules.Move{key}
	p.Make(key)
	defer func() {
		for range line {
			p.Unmake()
		}
	}()
	left := in - 1 // the attacker's moves after the key
	for ply := 1; left > 0; ply += 2 {
		replies := p.Legal(nil)
		if len(replies) == 0 {
			break
		}
		reply, hold := replies[0], 0
		for _, r := range replies {
			p.Make(r)
			j, err := s.fastest(left, ply+1)
			p.Unmake()
			if err != nil {
				return nil, err
			}
			if j > hold {
				reply, hold = r, j
			}
		}
		p.Make(reply)
		line = append(line, reply)
		m, err := s.fastestMove(hold, ply+1)
		if err != nil {
			return nil, err
		}
		p.Make(m)
		line = append(line, m)
		left = hold - 1
	}
	return line, nil
}

// fastest returns the least j <= k for which the attacker, to move at ply,
// mates in j moves (k when none is found, which a proven line never meets).
func (s *solver) fastest(k, ply int) (int, error) {
	for j := 1; j <= k; j++ {
		won, _ := s.attack(j, ply)
		if s.err != nil {
			return 0, s.err
		}
		if won {
			return j, nil
		}
	}
	return k, nil
}

// fastestMove returns the attacker's move, at ply, that mates in j moves.
func (s *solver) fastestMove(j, ply int) (rules.Move, error) {
	p := s.p
	moves := p.Legal(nil)
	for _, m := range moves {
		p.Make(m)
		won, _ := s.defend(j-1, ply+1)
		p.Unmake()
		if s.err != nil {
			return rules.NullMove, s.err
		}
		if won {
			return m, nil
		}
	}
	return moves[0], nil
}
