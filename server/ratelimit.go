package server

import (
	"math"
	"sync"
	"time"
)

// Rate is a token bucket's refill rate and size: Burst requests at once, then
// PerSecond a second. The zero Rate imposes no limit.
type Rate struct {
	PerSecond float64
	Burst     int
}

// limiter keeps one token bucket per key (a client address or a token hash).
type limiter struct {
	rate Rate
	now  func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the keys a limiter remembers; beyond it, buckets that
// have refilled completely are forgotten.
const maxBuckets = 100000

func newLimiter(rate Rate, now func() time.Time) *limiter {
	return &limiter{rate: rate, now: now, buckets: map[string]*bucket{}}
}

// allow takes one token of key's bucket. It returns false, with the wait
// until the next token, when the bucket is empty.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l == nil || l.rate.PerSecond <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.forgetFull(now)
		}
		b = &bucket{tokens: float64(l.rate.Burst), last: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(float64(l.rate.Burst), b.tokens+now.Sub(b.last).Seconds()*l.rate.PerSecond)
	b.last = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.rate.PerSecond * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

// forgetFull drops the buckets that would be full by now.
func (l *limiter) forgetFull(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate.PerSecond >= float64(l.rate.Burst) {
			delete(l.buckets, k)
		}
	}
}
