package match

import "math"

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Tally counts the results of a match from the first player's side: wins,
// draws, losses, and the pentanomial count of the game pairs (each opening
// played with both colours): Pairs[k] is the number of pairs in which the
// first player scored k half points (0 to 4).
type Tally struct {
	Wins, Draws, Losses int
	Pairs               [5]int
}

// Games is the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score is the first player's mean score per game (1 win, 1/2 draw), or
// 0.5 before any game.
func (t Tally) Score() float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// EloOfScore is the logistic Elo difference that gives the expected score
// s: -400 log10(1/s - 1). It is -Inf at 0 and +Inf at 1.
func EloOfScore(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(s/(1-s))
}

// ScoreOfElo is the expected score at an Elo difference: 1/(1+10^(-elo/400)).
func ScoreOfElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Estimate is an Elo difference with its 95% confidence interval: Error is
// half the interval's width in Elo (+Inf when a bound reaches a score of 0
// or 1, as it does after only wins or only losses).
type Estimate struct {
	Elo, Low, High, Error float64
}

// estimate turns a mean score and the variance of that mean into an Elo
// estimate with a normal-approximation 95% interval.
func estimate(mean, varianceOfMean float64) Estimate {
	d := z95 * math.Sqrt(varianceOfMean)
	e := Estimate{Elo: EloOfScore(mean), Low: EloOfScore(mean - d), High: EloOfScore(mean + d)}
	e.Error = (e.High - e.Low) / 2
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) {
		e.Error = math.Inf(1)
	}
	return e
}

// unknownSpread is the estimate from fewer than two samples, whose
// variance is unknown: the interval is unbounded.
func unknownSpread(mean float64) Estimate {
	return Estimate{Elo: EloOfScore(mean), Low: math.Inf(-1), High: math.Inf(1), Error: math.Inf(1)}
}

// Trinomial estimates the Elo difference from the game results: the
// variance of one game's score is sum p_i (x_i - s)^2 over win, draw and
// loss, and the mean's is that over the number of games.
func (t Tally) Trinomial() Estimate {
	n := float64(t.Games())
	if n < 2 {
		return unknownSpread(t.Score())
	}
	s := t.Score()
	v := (float64(t.Wins)*sq(1-s) + float64(t.Draws)*sq(0.5-s) + float64(t.Losses)*sq(s)) / n
	return estimate(s, v/n)
}

// PairCount is the number of complete pairs counted.
func (t Tally) PairCount() int {
	n := 0
	for _, c := range t.Pairs {
		n += c
	}
	return n
}

// pairMoments returns the mean score per game over the complete pairs and
// the variance of that mean (each pair's score is its half points over 4).
// A count below floor is taken as floor.
func (t Tally) pairMoments(floor float64) (mean, varianceOfMean float64, ok bool) {
	if t.PairCount() == 0 {
		return 0.5, 0, false
	}
	var counts [5]float64
	var m float64
	for k, c := range t.Pairs {
		counts[k] = max(float64(c), floor)
		m += counts[k]
		mean += counts[k] * float64(k) / 4
	}
	mean /= m
	var v float64
	for k, c := range counts {
		v += c * sq(float64(k)/4-mean)
	}
	return mean, v / m / m, true
}

// Pentanomial estimates the Elo difference from the complete game pairs,
// whose variance takes the correlation of the two games of an opening into
// account. Before two pairs (two games for Trinomial) the error is +Inf.
func (t Tally) Pentanomial() Estimate {
	mean, v, _ := t.pairMoments(0)
	if t.PairCount() < 2 {
		return unknownSpread(mean)
	}
	return estimate(mean, v)
}

// LOS is the likelihood of superiority of the first player: the
// probability that it is the stronger, from wins and losses (draws carry
// no information): 1/2 (1 + erf((W-L) / sqrt(2(W+L)))).
func (t Tally) LOS() float64 {
	if t.Wins+t.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(t.Wins-t.Losses)/math.Sqrt(2*float64(t.Wins+t.Losses))))
}

func sq(x float64) float64 { return x * x }
