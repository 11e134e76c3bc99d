package engine

import (
	"context"
	"testing"
	"time"

	"timechess/notation"
	"timechess/rules"
)

// TestBudget checks the time budgets of some clock settings (worked out
// by hand from the rules in timeman.go).
func TestBudget(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	over := DefaultOverhead
	for _, c := range []struct {
		name       string
		l          Limits
		side       rules.Color
		soft, hard time.Duration
	}{
		{"infinite", Limits{Infinite: true, MoveTime: ms(100)}, rules.White, 0, 0},
		{"depth only", Limits{Depth: 5}, rules.White, 0, 0},
		{"move time", Limits{MoveTime: ms(1000), Overhead: over}, rules.White, ms(950), ms(950)},
		{"move time, no overhead", Limits{MoveTime: ms(1000)}, rules.White, ms(1000), ms(1000)},
		{"short move time", Limits{MoveTime: ms(50), Overhead: over}, rules.White, ms(45), ms(45)},
		// 60 s over 30 moves: 2 s each, at most four times that.
		{"sudden death", Limits{WTime: ms(60000), BTime: ms(1000)}, rules.White, ms(2000), ms(8000)},
		// 31 s and 29 increments of 1 s over 30 moves.
		{"black's clock", Limits{WTime: ms(60000), BTime: ms(31000), BInc: ms(1000)}, rules.Black, ms(2000), ms(8000)},
		// 10.65 s + 29 * 0.1 s - 31 * 50 ms = 12 s over 30 moves.
		{"fast game", Limits{WTime: ms(10650), WInc: ms(100), Overhead: over}, rules.White, ms(400), ms(1600)},
		// The share would be 50 ms, but 60% of the clock less the overhead is 40 ms.
		{"low clock with increment", Limits{WTime: ms(150), WInc: ms(100), Overhead: over}, rules.White, ms(40), ms(40)},
		// 60% of 10 s less the overhead, though the share is 9.9 s.
		{"one to go", Limits{WTime: ms(10000), MovesToGo: 1, Overhead: over}, rules.White, ms(5950), ms(5950)},
		// Below the overhead: a tenth of the clock.
		{"nearly flagged", Limits{WTime: ms(20), Overhead: over}, rules.White, ms(1), ms(2)},
	} {
		soft, hard := budget(c.l, c.side)
		if soft != c.soft || hard != c.hard {
			t.Errorf("%s: budget %v/%v, want %v/%v", c.name, soft, hard, c.soft, c.hard)
		}
	}
}

// TestBudgetBounds checks over a grid of clocks that the hard budget never
// exceeds 60% of the time left less the overhead (or a tenth of the time
// left, when the overhead eats it all), and the soft budget never exceeds
// the hard one.
func TestBudgetBounds(t *testing.T) {
	for _, left := range []time.Duration{time.Millisecond, 30 * time.Millisecond, 170 * time.Millisecond, 2 * time.Second, 5 * time.Minute} {
		for _, inc := range []time.Duration{0, 50 * time.Millisecond, time.Second, 30 * time.Second} {
			for _, mtg := range []int{0, 1, 2, 40} {
				for _, over := range []time.Duration{0, DefaultOverhead, time.Second} {
					l := Limits{WTime: left, WInc: inc, MovesToGo: mtg, Overhead: over}
					soft, hard := budget(l, rules.White)
					limit := max(left*6/10-over, left/10, time.Millisecond)
					if hard > limit || soft > hard || soft <= 0 {
						t.Errorf("%+v: budget %v/%v, want soft <= hard <= %v", l, soft, hard, limit)
					}
				}
			}
		}
	}
}

// TestPollStopsOnTime checks the main thread's clock reading: once the hard
// budget is spent, its next poll raises the stop flag; a helper's poll
// leaves the clock to the main thread.
func TestPollStopsOnTime(t *testing.T) {
	t0 := time.Unix(0, 0)
	now := t0
	sh := &shared{clock: searchClock{now: func() time.Time { return now }, start: t0, soft: time.Second, hard: time.Second}}
	main, helper := &worker{id: 0, sh: sh}, &worker{id: 1, sh: sh}
	sh.workers = []*worker{main, helper}
	now = t0.Add(999 * time.Millisecond)
	main.poll()
	if sh.stop.Load() {
		t.Fatal("stopped before the hard budget was spent")
	}
	now = t0.Add(time.Second)
	helper.poll()
	if sh.stop.Load() {
		t.Fatal("a helper thread applied the time budget")
	}
	main.poll()
	if !sh.stop.Load() {
		t.Fatal("the hard budget is spent but the main thread's poll did not stop the search")
	}
}

// TestSearchStopsOnClock runs an unbounded search of an hour per move on an
// injected clock that advances a minute each time it is read: the search
// must end on that clock (the real timer would wait an hour) with a legal
// move of a completed depth.
func TestSearchStopsOnClock(t *testing.T) {
	p := newPosition(t, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "")
	e := New(Options{})
	t0, reads := time.Unix(0, 0), 0
	e.now = func() time.Time {
		reads++
		return t0.Add(time.Duration(reads) * time.Minute)
	}
	res := e.Search(context.Background(), p, Limits{MoveTime: time.Hour}, nil)
	if !legal(p, res.Best) || res.Depth < 1 {
		t.Fatalf("result %+v", res)
	}
	if res.Depth >= MaxDepth || res.Time < 36*time.Minute {
		t.Errorf("depth %d after %v of the injected clock: the search did not end on its budget", res.Depth, res.Time)
	}
}

// TestStoppedAtOnce searches with a context that has already ended. The
// search still completes depth 1, so the move it plays is a searched one:
// it does not play the first root move of its ordering when that one loses
// at once, and it finds a mate in one that is not first.
func TestStoppedAtOnce(t *testing.T) {
	cases := []struct {
		name, fen string
		first     string // the first root move by ordering (the only capture)
		want      string // "" for any move but first
	}{
		// Nxd4 wins a rook but unguards h2: Qxh2 mates (made up for this test).
		{"capture that allows a mate", "6k1/5ppp/3b4/7q/3r4/5N2/5PPP/5RK1 w - - 0 1", "Nxd4", ""},
		// Rxb4 wins a knight; Rd8 mates on the back rank (made up for this test).
		{"mate in one behind a capture", "6k1/5ppp/8/8/1n1R4/8/5PPP/6K1 w - - 0 1", "Rxb4", "Rd8#"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPosition(t, "chess", c.fen, "")
			e := New(Options{})
			w := e.workers[0]
			w.prepare(&shared{tt: e.tt, workers: e.workers}, p, profileFor(p.Variant()), rootMoves(p, nil))
			if got := notation.SAN(p, w.root[0].move); got != c.first {
				t.Fatalf("the first root move by ordering is %s, want %s", got, c.first)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			res := e.Search(ctx, p, Limits{Infinite: true}, nil)
			if res.Depth < 1 || !legal(p, res.Best) {
				t.Fatalf("result %+v", res)
			}
			got, want := notation.SAN(p, res.Best), c.want
			if want == "" {
				want = "anything but " + c.first
			}
			if got == c.first || c.want != "" && got != c.want {
				t.Errorf("stopped at once: plays %s (score %v), want %s", got, res.Score, want)
			}
		})
	}
}

// TestTimeUpInFirstIteration: an injected clock past the hard budget from
// its first poll on interrupts even the first iteration; the search still
// returns a legal move (the best searched, else the first by ordering).
func TestTimeUpInFirstIteration(t *testing.T) {
	p := newPosition(t, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "")
	e := New(Options{})
	t0, started := time.Unix(0, 0), false
	e.now = func() time.Time {
		if !started {
			started = true
			return t0
		}
		return t0.Add(time.Hour)
	}
	res := e.Search(context.Background(), p, Limits{MoveTime: time.Minute}, nil)
	if !legal(p, res.Best) || res.Depth > 1 {
		t.Fatalf("result %+v", res)
	}
}
