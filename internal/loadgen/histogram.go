package loadgen

import (
	"math"
	"math/bits"
	"sync/atomic"
	"time"
)

// subBuckets is the number of buckets per power of two in a Histogram: the
// value a bucket stands for is within 1/subBuckets (under 1%) of any value
// recorded in it.
const subBuckets = 128

// subBits is log2(subBuckets).
const subBits = 7

// Histogram counts latencies in microseconds in log-linear buckets (HDR
// style): exact below subBuckets µs, then subBuckets buckets per power of
// two. It is safe for concurrent use; the zero value is ready.
type Histogram struct {
	counts [(64 - subBits + 1) * subBuckets]atomic.Int64
	total  atomic.Int64
	sum    atomic.Int64
	max    atomic.Int64
}

// bucketOf returns the bucket of a value in microseconds.
func bucketOf(us uint64) int {
	if us < subBuckets {
		return int(us)
	}
	shift := bits.Len64(us) - subBits - 1 // us>>shift is in [subBuckets, 2*subBuckets)
	return (shift+1)*subBuckets + int(us>>shift) - subBuckets
}

// bucketValue returns the highest value in microseconds of a bucket.
func bucketValue(b int) uint64 {
	if b < subBuckets {
		return uint64(b)
	}
	shift := b/subBuckets - 1
	low := uint64(b%subBuckets+subBuckets) << shift
	return low + (uint64(1) << shift) - 1
}

// Record adds one latency; negative ones count as zero.
func (h *Histogram) Record(d time.Duration) {
	us := max(d.Microseconds(), 0)
	h.counts[bucketOf(uint64(us))].Add(1)
	h.total.Add(1)
	h.sum.Add(us)
	for {
		m := h.max.Load()
		if us <= m || h.max.CompareAndSwap(m, us) {
			return
		}
	}
}

// Count returns the number of recorded latencies.
func (h *Histogram) Count() int64 { return h.total.Load() }

// Max returns the largest recorded latency (exact).
func (h *Histogram) Max() time.Duration { return time.Duration(h.max.Load()) * time.Microsecond }

// Mean returns the mean recorded latency, 0 when there is none.
func (h *Histogram) Mean() time.Duration {
	n := h.total.Load()
	if n == 0 {
		return 0
	}
	return time.Duration(h.sum.Load()/n) * time.Microsecond
}

// Quantile returns the latency below or at which a fraction q (0 to 1) of
// the recorded ones lie, to within 1%, and never above Max; 0 when nothing
// was recorded.
func (h *Histogram) Quantile(q float64) time.Duration {
	n := h.total.Load()
	if n == 0 {
		return 0
	}
	rank := int64(math.Ceil(q * float64(n))) // nearest rank: the rank-th smallest, 1-based
	rank = min(max(rank, 1), n)
	var seen int64
	for b := range h.counts {
		seen += h.counts[b].Load()
		if seen >= rank {
			us := min(bucketValue(b), uint64(h.max.Load()))
			return time.Duration(us) * time.Microsecond
		}
	}
	return h.Max()
}

// Summary is a histogram's digest in milliseconds, for reports.
type Summary struct {
	Count int64   `json:"count"`
	Mean  float64 `json:"mean_ms"`
	P50   float64 `json:"p50_ms"`
	P90   float64 `json:"p90_ms"`
	P99   float64 `json:"p99_ms"`
	Max   float64 `json:"max_ms"`
}

// Summary digests the histogram.
func (h *Histogram) Summary() Summary {
	return Summary{
		Count: h.Count(),
		Mean:  ms(h.Mean()),
		P50:   ms(h.Quantile(0.50)),
		P90:   ms(h.Quantile(0.90)),
		P99:   ms(h.Quantile(0.99)),
		Max:   ms(h.Max()),
	}
}

// ms converts a duration to milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
