package server

import (
	"container/list"
	"sync"
	"time"

	"timechess/game"
	"timechess/store"
)

// perVersion keeps an encoding of a game made at one of its versions.
type perVersion struct {
	data    []byte
	version int64
}

// of returns the kept encoding when it was made at version v, else makes
// it with build, keeps it and returns it.
func (c *perVersion) of(v int64, build func() ([]byte, error)) ([]byte, error) {
	if c.data != nil && c.version == v {
		return c.data, nil
	}
	data, err := build()
	if err != nil {
		return nil, err
	}
	c.data, c.version = data, v
	return data, nil
}

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
	// built keeps the Game JSON, record its PGN (analysis.go), history its
	// Timelines JSON (timelines.go), each of the version it was made at.
	built, record, history perVersion
	// wire is the WebSocket's parts of the game at its version (wire.go);
	// head the current Position as computed at version headVersion, for
	// parts to cut up without decoding it.
	wire        *gameParts
	head        *positionView
	headVersion int64
	// views keeps the encoded Position of the plies read (the Game's
	// current one among them), each computed once (view.go), viewBytes
	// their size as cache.viewBytes counts it; gate runs those
	// computations and the replays. cache is the cache r is (or was) in.
	views     map[int]plyView
	viewBytes int64
	gate      *computeGate
	cache     *cache
	evicted   bool // dropped from cache (under cache.mu): its views no longer count
}

// plyView is the encoded Position of one ply, or the refusal computing it
// gave (too_complex, which would only be given again).
type plyView struct {
	data []byte
	err  error
}

// maxViews bounds the plies a replay keeps the Position of: beyond it,
// all but the start position's are dropped. maxViewBytes bounds the bytes
// of the Positions all the replays keep: beyond it, a Position computed is
// served but not kept.
const (
	maxViews     = 64
	maxViewBytes = 64 << 20
)

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
	mu   sync.Mutex
	max  int
	gate *computeGate // the replays' (replay.gate)
	// viewBytes is the size of the Positions the cached replays keep
	// (replay.views), under mu.
	viewBytes int64
	order     *list.List // of *replay, most recent first
	items     map[string]*list.Element
}

func newCache(max int, gate *computeGate) *cache {
	return &cache{max: max, gate: gate, order: list.New(), items: map[string]*list.Element{}}
}

// countView adds delta bytes to the size of r's kept Positions, and
// reports whether r may keep them: false when r has left the cache, or
// when adding (delta > 0) would pass maxViewBytes. The caller holds r.mu.
func (c *cache) countView(r *replay, delta int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r.evicted || delta > 0 && c.viewBytes+delta > maxViewBytes {
		return false
	}
	r.viewBytes += delta
	c.viewBytes += delta
	return true
}

// get returns the game's replay, a new empty one when it is not cached, and
// locks it.
func (c *cache) get(id string) *replay {
	c.mu.Lock()
	el, ok := c.items[id]
	if ok {
		c.order.MoveToFront(el)
	} else {
		el = c.order.PushFront(&replay{id: id, gate: c.gate, cache: c})
		c.items[id] = el
		for c.order.Len() > c.max {
			last := c.order.Back()
			c.order.Remove(last)
			old := last.Value.(*replay)
			delete(c.items, old.id)
			old.evicted = true
			c.viewBytes -= old.viewBytes
		}
	}
	r := el.Value.(*replay)
	c.mu.Unlock()
	r.mu.Lock()
	return r
}
