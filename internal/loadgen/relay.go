package loadgen

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/coder/websocket"
)

// maxMessage bounds the size of one WebSocket message, both ways, on the
// relay and in the load generator's clients.
const maxMessage = 1 << 20

// Relay is the baseline server of a load run: a minimal WebSocket relay.
// POST /pairs with a message as body creates a pair and answers
// {"id": ID}; GET /pairs/ID/0 and /pairs/ID/1 are its two WebSocket seats.
// Each message from a seat goes unchanged to the other seat and back to its
// sender, as a timechess server sends each new state to both players, and a
// connecting seat first gets the pair's latest message (at first the one it
// was created with), as a timechess client gets the game's state. Pairs live
// as long as the Relay. It is safe for concurrent use.
type Relay struct {
	mux   *http.ServeMux
	mu    sync.Mutex
	pairs map[string]*pair
}

// pair is two seats of a Relay and the latest message between them.
type pair struct {
	mu    sync.Mutex
	last  []byte
	conns [2]*websocket.Conn
}

// NewRelay returns an empty relay.
func NewRelay() *Relay {
	r := &Relay{mux: http.NewServeMux(), pairs: map[string]*pair{}}
	r.mux.HandleFunc("POST /pairs", r.create)
	r.mux.HandleFunc("GET /pairs/{id}/{seat}", r.serveSeat)
	return r
}

// ServeHTTP serves the relay's two routes.
func (r *Relay) ServeHTTP(w http.ResponseWriter, req *http.Request) { r.mux.ServeHTTP(w, req) }

// create makes a pair whose first message is the request's body.
func (r *Relay) create(w http.ResponseWriter, req *http.Request) {
	first, err := io.ReadAll(http.MaxBytesReader(w, req.Body, maxMessage))
	if err != nil {
		http.Error(w, fmt.Sprintf("reading the first message: %v", err), http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	id := "p" + strconv.Itoa(len(r.pairs)+1)
	r.pairs[id] = &pair{last: first}
	r.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]string{"id": id})
}

// serveSeat connects one seat of a pair and relays its messages to both.
func (r *Relay) serveSeat(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	p := r.pairs[req.PathValue("id")]
	r.mu.Unlock()
	if p == nil {
		http.Error(w, fmt.Sprintf("no pair %q", req.PathValue("id")), http.StatusNotFound)
		return
	}
	seat, err := strconv.Atoi(req.PathValue("seat"))
	if err != nil || (seat != white && seat != black) {
		http.Error(w, fmt.Sprintf("seat %q: want 0 or 1", req.PathValue("seat")), http.StatusNotFound)
		return
	}
	conn, err := websocket.Accept(w, req, nil)
	if err != nil {
		return // Accept has answered the request
	}
	defer conn.CloseNow()
	conn.SetReadLimit(maxMessage)
	ctx := req.Context()

	p.mu.Lock()
	if old := p.conns[seat]; old != nil {
		old.CloseNow() // a reconnection replaces the seat's connection
	}
	p.conns[seat] = conn
	last := p.last
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		if p.conns[seat] == conn {
			p.conns[seat] = nil
		}
		p.mu.Unlock()
	}()

	if err := conn.Write(ctx, websocket.MessageText, last); err != nil {
		return
	}
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		p.mu.Lock()
		p.last = data
		other := p.conns[1-seat]
		p.mu.Unlock()
		if other != nil {
			_ = other.Write(ctx, typ, data) // a lost partner reconnects and gets p.last
		}
		if err := conn.Write(ctx, typ, data); err != nil {
			return
		}
	}
}
