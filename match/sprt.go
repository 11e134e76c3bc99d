package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test between two hypotheses on
// the first player's logistic Elo advantage, H0: Elo0 and H1: Elo1, with
// error rates Alpha (accepting H1 when H0 holds) and Beta (the reverse).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// unseenPairs is the count the SPRT gives a pair outcome not seen yet.
const unseenPairs = 0.5

// ParseSPRT reads "ELO0,ELO1" or "ELO0,ELO1,ALPHA,BETA" (alpha and beta
// default to 0.05).
func ParseSPRT(text string) (SPRT, error) {
	f := strings.Split(text, ",")
	if len(f) != 2 && len(f) != 4 {
		return SPRT{}, fmt.Errorf("SPRT %q: expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (e.g. 0,10 or 0,10,0.05,0.05)", text)
	}
	x := make([]float64, 4)
	x[2], x[3] = 0.05, 0.05
	for i, s := range f {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return SPRT{}, fmt.Errorf("SPRT %q: %q is not a number", text, s)
		}
		x[i] = v
	}
	t := SPRT{Elo0: x[0], Elo1: x[1], Alpha: x[2], Beta: x[3]}
	switch {
	case t.Elo1 <= t.Elo0:
		return SPRT{}, fmt.Errorf("SPRT %q: elo1 must be above elo0", text)
	case math.Abs(t.Elo0) >= 1000 || math.Abs(t.Elo1) >= 1000:
		return SPRT{}, fmt.Errorf("SPRT %q: Elo bounds must lie within ±1000", text)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return SPRT{}, fmt.Errorf("SPRT %q: alpha and beta must lie strictly between 0 and 0.5", text)
	}
	return t, nil
}

// Bounds are the log-likelihood ratios at which the test stops:
// ln(beta/(1-alpha)) accepts H0, ln((1-beta)/alpha) accepts H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// SPRTState is where a test stands.
type SPRTState struct {
	LLR          float64
	Lower, Upper float64
	// Decision is "H0" (no better than Elo0) or "H1" (at least Elo1) once
	// a bound is crossed, else "".
	Decision string
}

// State computes the log-likelihood ratio of the complete game pairs of t
// (the pentanomial model) in the normal approximation of the generalized
// SPRT: with s0 and s1 the expected scores at Elo0 and Elo1, the mean pair
// score s and its variance v, LLR = (s1-s0)(2s-s0-s1)/(2v). A pair outcome
// never seen counts as half a pair (a Jeffreys-like prior): without it a
// player that wins every pair would have a variance of 0 and an infinite
// ratio after one pair; with it, 10 won pairs give an LLR near 1 and 30 give
// 7.5 (for 0 against 10 Elo). Once every outcome has been seen, the
// counts are the plain ones.
func (t SPRT) State(tally Tally) SPRTState {
	st := SPRTState{}
	st.Lower, st.Upper = t.Bounds()
	mean, v, ok := tally.pairMoments(unseenPairs)
	if !ok {
		return st
	}
	s0, s1 := ScoreOfElo(t.Elo0), ScoreOfElo(t.Elo1)
	st.LLR = (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
	switch {
	case st.LLR >= st.Upper:
		st.Decision = "H1"
	case st.LLR <= st.Lower:
		st.Decision = "H0"
	}
	return st
}
