package server

import (
	"container/list"
	"sync"
	"time"

	"timechess/game"
	"timechess/store"
)

// replay is a game as this process last read it from the store, replayed:
// the stored game (its version says which), the rules' game after its moves,
// and each move's notations. Its lock is held while it is read or brought up
// to date, and across a change that starts from it, so one process applies
// the changes of one game one at a time.
type replay struct {
	mu    sync.Mutex
	id    string
	g     store.Game // valid when play is not nil
	play  *game.Game
	moves []moveView
	// built caches the Game JSON of version built.
	built        []byte
	builtVersion int64
	// views keeps the encoded Position of the plies read (the Game's
	// current one among them), each computed once (view.go); gate runs
	// those computations and the replays.
	views map[int]plyView
	gate  *computeGate
}

// plyView is the encoded Position of one ply, or the refusal computing it
// gave (too_complex, which would only be given again).
type plyView struct {
	data []byte
	err  error
}

// maxViews bounds the plies a replay keeps the Position of: beyond it,
// all but the start position's are dropped.
const maxViews = 64

// moveView is one move of a game's log as the API shows it.
type moveView struct {
	Ply int `json:"ply"`
	// Number and Side are the move's number and side on its own score
	// sheet: a backward travel (Gifford) sets the counters back, so a
	// timeline numbers its moves by the game's own counters, not by plies.
	Number  int       `json:"number"`
	Side    string    `json:"side"`
	Coord   string    `json:"coord"`
	SAN     string    `json:"san"`
	ClockMs int64     `json:"clock_ms"`
	At      time.Time `json:"at"`
}

// cache keeps the replays of recently used games, at most max of them, the
// least recently used dropped first.
type cache struct {
	mu    sync.Mutex
	max   int
	gate  *computeGate // the replays' (replay.gate)
	order *list.List   // of *replay, most recent first
	items map[string]*list.Element
}

func newCache(max int, gate *computeGate) *cache {
	return &cache{max: max, gate: gate, order: list.New(), items: map[string]*list.Element{}}
}

// get returns the game's replay, a new empty one when it is not cached, and
// locks it.
func (c *cache) get(id string) *replay {
	c.mu.Lock()
	el, ok := c.items[id]
	if ok {
		c.order.MoveToFront(el)
	} else {
		el = c.order.PushFront(&replay{id: id, gate: c.gate})
		c.items[id] = el
		for c.order.Len() > c.max {
			last := c.order.Back()
			c.order.Remove(last)
			delete(c.items, last.Value.(*replay).id)
		}
	}
	r := el.Value.(*replay)
	c.mu.Unlock()
	r.mu.Lock()
	return r
}
