package server

import (
	"container/heap"
	"net/http"
	"slices"
	"testing"
	"time"

	"timechess/engine"
	"timechess/store"
)

// TestReplyQueueOrder: live games come first, the one whose flag falls
// soonest at the head; correspondence and untimed games follow in the order
// they came.
func TestReplyQueueOrder(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	var q replyQueue
	for i, w := range []replyWait{
		{id: "untimed"},
		{id: "blitz-later", live: true, due: now.Add(3 * time.Minute)},
		{id: "correspondence"},
		{id: "bullet", live: true, due: now.Add(20 * time.Second)},
		{id: "blitz", live: true, due: now.Add(time.Minute)},
	} {
		w.seq = uint64(i)
		heap.Push(&q, w)
	}
	var got []string
	for q.Len() > 0 {
		got = append(got, heap.Pop(&q).(replyWait).id)
	}
	if want := []string{"bullet", "blitz", "blitz-later", "untimed", "correspondence"}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// TestMoveLimitsPayTheWait: on a live clock the engine's move time is a
// share of the time it has left when its search starts, so the time its
// reply waited in the queue is paid from it.
func TestMoveLimitsPayTheWait(t *testing.T) {
	start := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	g := store.Game{ID: "g", Ply: 3,
		GameSpec: store.GameSpec{Variant: "chess", Black: engineSeat(8), TimeControl: store.TimeControl{Initial: 30 * time.Second}},
		State: store.State{Status: store.Ongoing,
			Clocks: store.Clocks{White: 30 * time.Second, Black: 30 * time.Second, TurnStart: start}}}
	if turnOf(g) != store.Black {
		t.Fatalf("the engine (Black) is not to move")
	}
	for _, c := range []struct {
		waited, want time.Duration
	}{
		{0, time.Second}, // 30 s / 30
		{21 * time.Second, 300 * time.Millisecond}, // 9 s / 30
		{30 * time.Second, 10 * time.Millisecond},  // nothing left: the floor
	} {
		if got := moveLimits(g, start.Add(c.waited)).MoveTime; got != c.want {
			t.Errorf("after %v in the queue: move time %v, want %v", c.waited, got, c.want)
		}
	}
	g.TimeControl = store.TimeControl{}
	if got := moveLimits(g, start.Add(time.Hour)).MoveTime; got != 2*time.Second {
		t.Errorf("untimed: move time %v, want level 8's 2s", got)
	}
}

// TestAcceptsDraw: the engine takes a draw a pawn down or worse, and in a
// level position from move 40 on; it declines a level position early and
// any position it wins.
func TestAcceptsDraw(t *testing.T) {
	for _, c := range []struct {
		score engine.Score
		ply   int
		want  bool
	}{
		{-100, 10, true}, {-450, 10, true}, {engine.MatedIn(3), 10, true},
		{-99, 10, false}, {0, 10, false}, {300, 120, false}, {engine.MateIn(5), 120, false},
		{0, 80, true}, {-15, 90, true}, {15, 90, true}, {16, 90, false},
	} {
		if got := acceptsDraw(c.score, c.ply); got != c.want {
			t.Errorf("score %d at ply %d: accepts %v, want %v", c.score, c.ply, got, c.want)
		}
	}
}

// TestEngineAnswersDrawOffers: a draw offered to the engine with the move
// before its turn is answered at its move: accepted a queen down, declined
// a queen up (then it moves).
func TestEngineAnswersDrawOffers(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		offer := func(fen, move string) apiGame {
			t.Helper()
			var s seated
			ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "fen": fen, "color": "white", "opponent": "engine", "level": 2, "time_control": map[string]any{}}, http.StatusCreated, &s)
			ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", s.Token, map[string]any{"action": "offer-draw"}, http.StatusOK, nil)
			if g := ts.play(s.Game.ID, s.Token, 0, move); g.DrawOffer == nil || *g.DrawOffer != "white" {
				t.Fatalf("the offer did not stand after White's move: %v", g.DrawOffer)
			}
			deadline := time.Now().Add(20 * time.Second)
			for {
				g := ts.game(s.Game.ID, "")
				if g.Status == "ended" || g.Ply >= 2 {
					return g
				}
				if time.Now().After(deadline) {
					t.Fatalf("the engine did not answer: %+v", g)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		if g := offer("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "Qa2"); g.Result != "1/2-1/2" || g.Reason != "agreement" || g.Ply != 1 {
			t.Errorf("a queen down, the engine answered %s %s at ply %d", g.Result, g.Reason, g.Ply)
		}
		if g := offer("q3k3/8/8/8/8/8/8/4K3 w - - 0 1", "Ke2"); g.Status != "ongoing" || g.DrawOffer != nil || g.Ply != 2 {
			t.Errorf("a queen up, the engine answered %s, draw offer %v, ply %d", g.Status, g.DrawOffer, g.Ply)
		}
	})
}
