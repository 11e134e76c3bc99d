package travelers

import "timechess/rules"

// Resonators returns, for the square of each traveling man in p, the squares
// of the men of its side that resonate with it (ruling R2: they could
// annihilate it within three moves of their side), for displays such as the
// server's hover highlight. Squares without a resonator are left out.
func Resonators(p *rules.Position) map[rules.Square][]rules.Square {
	out := map[rules.Square][]rules.Square{}
	var s survey
	for _, c := range []rules.Color{rules.White, rules.Black} {
		if traveling(&p.State, c).IsZero() {
			continue
		}
		s.run(p, c, resonanceSurvey)
		for i, res := range s.res {
			for _, t := range res.Squares() {
				out[t] = append(out[t], s.origin[i])
			}
		}
	}
	return out
}
