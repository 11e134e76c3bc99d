package loadgen

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestHistogramQuantiles compares the histogram's quantiles with the exact
// nearest-rank quantiles of the sorted samples: within 1% above, never below.
func TestHistogramQuantiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Latencies like a load run's: mostly around a millisecond, a long tail
	// up to seconds, and some below the linear range (< 128 µs).
	var samples []time.Duration
	for range 20000 {
		us := math.Exp(rng.NormFloat64()*1.5 + 7)
		samples = append(samples, time.Duration(us*float64(time.Microsecond)).Truncate(time.Microsecond))
	}
	var h Histogram
	for _, s := range samples {
		h.Record(s)
	}
	slices.Sort(samples)
	if got := h.Count(); got != int64(len(samples)) {
		t.Fatalf("Count = %d, want %d", got, len(samples))
	}
	if got, want := h.Max(), samples[len(samples)-1]; got != want {
		t.Errorf("Max = %v, want %v", got, want)
	}
	for _, q := range []float64{0, 0.01, 0.5, 0.9, 0.99, 0.999, 1} {
		rank := max(int(math.Ceil(q*float64(len(samples)))), 1)
		want := samples[rank-1]
		got := h.Quantile(q)
		if got < want || float64(got-want) > 0.01*float64(want)+float64(time.Microsecond) {
			t.Errorf("Quantile(%v) = %v, want %v (to 1%% above)", q, got, want)
		}
	}
}

// TestHistogramBuckets checks that every value falls in a bucket whose upper
// value is at least it and within 1% of it, across the whole range.
func TestHistogramBuckets(t *testing.T) {
	values := []uint64{0, 1, 127, 128, 129, 255, 256, 257, 1000, 65535, 1 << 20, 1<<40 + 12345, math.MaxInt64}
	for _, v := range values {
		b := bucketOf(v)
		hi := bucketValue(b)
		if hi < v || float64(hi-v) > 0.01*float64(v) {
			t.Errorf("value %d: bucket %d stands for up to %d", v, b, hi)
		}
		if b > 0 && bucketValue(b-1) >= v {
			t.Errorf("value %d: the bucket before %d also holds it", v, b)
		}
	}
}

// TestHistogramEmpty: an empty histogram answers zeros.
func TestHistogramEmpty(t *testing.T) {
	var h Histogram
	if s := h.Summary(); s != (Summary{}) {
		t.Errorf("empty Summary = %+v", s)
	}
}
