package store

import (
	"context"
	"testing"
)

// A subscriber that does not read loses its oldest events, never blocks the
// publisher, is told to resynchronise and still gets the latest event.
func TestHubSlowSubscriber(t *testing.T) {
	h := newHub()
	events, err := h.subscribe(t.Context(), "g")
	if err != nil {
		t.Fatal(err)
	}
	const published = 3 * subscriptionBuffer
	for ply := 1; ply <= published; ply++ {
		h.publish(Event{Topic: "g", Kind: EventMove, Ply: ply})
	}
	h.publish(Event{Topic: "other", Kind: EventMove, Ply: 1})
	var got []Event
	for len(events) > 0 {
		got = append(got, <-events)
	}
	if len(got) != subscriptionBuffer {
		t.Fatalf("%d events buffered, want %d", len(got), subscriptionBuffer)
	}
	if last := got[len(got)-1]; last.Ply != published {
		t.Errorf("the last event is %+v, want ply %d", last, published)
	}
	resyncs := 0
	for _, ev := range got {
		if ev.Kind == EventResync {
			resyncs++
		}
		if ev.Topic != "g" {
			t.Errorf("event %+v of another topic", ev)
		}
	}
	if resyncs == 0 {
		t.Error("no EventResync after events were dropped")
	}
}

// Subscriptions end with their context, and all of them when the hub
// closes; a closed hub refuses new ones.
func TestHubEnds(t *testing.T) {
	h := newHub()
	ctx, cancel := context.WithCancel(t.Context())
	short, _ := h.subscribe(ctx, "g")
	long, _ := h.subscribe(t.Context(), "g")
	cancel()
	if _, ok := <-short; ok {
		t.Error("an event after the context ended")
	}
	h.publish(Event{Topic: "g", Kind: EventState})
	if ev := <-long; ev.Kind != EventState {
		t.Errorf("got %+v", ev)
	}
	h.resyncAll()
	if ev := <-long; ev.Kind != EventResync || ev.Topic != "g" {
		t.Errorf("got %+v, want a resync of g", ev)
	}
	h.close()
	if _, ok := <-long; ok {
		t.Error("an event after the hub closed")
	}
	if _, err := h.subscribe(t.Context(), "g"); err != ErrClosed {
		t.Errorf("subscribe to a closed hub: %v", err)
	}
	if len(h.subs) != 0 {
		t.Errorf("subscriptions left: %v", h.subs)
	}
}
