package store

import (
	"context"
	"sync"
)

// EventKind says what changed.
type EventKind string

// The kinds of events.
const (
	// EventMove: a move was appended; Ply is its ply.
	EventMove EventKind = "move"
	// EventState: the state or a seat changed, or moves were taken back (Ply
	// is then the new ply count).
	EventState EventKind = "state"
	// EventComment: a comment was added; Seq is its number.
	EventComment EventKind = "comment"
	// EventSeek: a seek was created, taken or cancelled (topics LobbyTopic and
	// the seek's id).
	EventSeek EventKind = "seek"
	// EventResync: events may have been lost (the PostgreSQL listener lost
	// its connection, or the subscriber fell behind): read the state anew.
	EventResync EventKind = "resync"
)

// Event tells a subscriber that something changed. Events are hints: read the
// store for the state itself. They arrive in commit order for one topic.
type Event struct {
	// Topic is a game id, a seek id or LobbyTopic.
	Topic   string    `json:"t"`
	Kind    EventKind `json:"k"`
	Version int64     `json:"v,omitempty"`
	Ply     int       `json:"p,omitempty"`
	Seq     int       `json:"s,omitempty"`
}

// subscriptionBuffer is how many events a subscriber may fall behind before the
// oldest are replaced by an EventResync.
const subscriptionBuffer = 64

// hub fans events out to the subscribers of this process.
type hub struct {
	mu     sync.Mutex
	subs   map[string]map[*subscription]struct{}
	closed bool
}

type subscription struct {
	topic string
	ch    chan Event
	stop  func() bool // stops the context.AfterFunc that unsubscribes
}

func newHub() *hub { return &hub{subs: map[string]map[*subscription]struct{}{}} }

// subscribe returns a channel of the topic's events, closed when ctx ends or
// the hub closes.
func (h *hub) subscribe(ctx context.Context, topic string) (<-chan Event, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrClosed
	}
	s := &subscription{topic: topic, ch: make(chan Event, subscriptionBuffer)}
	if h.subs[topic] == nil {
		h.subs[topic] = map[*subscription]struct{}{}
	}
	h.subs[topic][s] = struct{}{}
	s.stop = context.AfterFunc(ctx, func() { h.unsubscribe(s) })
	return s.ch, nil
}

func (h *hub) unsubscribe(s *subscription) {
	h.mu.Lock()
	defer h.mu.Unlock()
	subs, ok := h.subs[s.topic]
	if _, found := subs[s]; !ok || !found {
		return
	}
	delete(subs, s)
	if len(subs) == 0 {
		delete(h.subs, s.topic)
	}
	close(s.ch)
}

// publish delivers ev to the subscribers of its topic without blocking: a
// subscriber whose buffer is full loses its oldest events and gets an
// EventResync in their place.
func (h *hub) publish(ev Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[ev.Topic] {
		s.deliver(ev)
	}
}

// resyncAll sends EventResync to every subscriber, after events may have been
// missed.
func (h *hub) resyncAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for topic, subs := range h.subs {
		for s := range subs {
			s.deliver(Event{Topic: topic, Kind: EventResync})
		}
	}
}

// deliver sends ev; the hub's lock is held, so nobody else sends on s.ch.
func (s *subscription) deliver(ev Event) {
	select {
	case s.ch <- ev:
		return
	default:
	}
	// Full: drop the two oldest events and say so.
	for range 2 {
		select {
		case <-s.ch:
		default:
		}
	}
	s.ch <- Event{Topic: s.topic, Kind: EventResync}
	s.ch <- ev
}

// close ends every subscription.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for topic, subs := range h.subs {
		for s := range subs {
			s.stop()
			close(s.ch)
		}
		delete(h.subs, topic)
	}
}
