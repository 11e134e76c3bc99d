package server

import (
	"container/heap"
	"slices"
	"testing"
	"time"

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
