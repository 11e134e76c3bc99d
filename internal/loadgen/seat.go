package loadgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// liveGame is a game being played: the move in flight, so the opponent's
// client can tell how long it took to arrive.
type liveGame struct {
	id     string
	mu     sync.Mutex
	ply    int // the ply of the move in flight, 0 for none
	mover  int
	sentAt time.Time
}

// sent notes that side sent the move that becomes ply.
func (g *liveGame) sent(side, ply int, at time.Time) {
	g.mu.Lock()
	g.ply, g.mover, g.sentAt = ply, side, at
	g.mu.Unlock()
}

// arrived returns when the move that became ply was sent, if side's
// opponent sent it and its arrival was not counted yet.
func (g *liveGame) arrived(side, ply int) (time.Time, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ply == 0 || g.ply != ply || g.mover == side {
		return time.Time{}, false
	}
	g.ply = 0
	return g.sentAt, true
}

// player is one seat's client: it connects, says hello, and moves whenever
// the game says it is its turn, until the game ends or the run stops.
type player struct {
	run  *run
	game *liveGame
	side int
	seat Seat
	rng  *rand.Rand
	// movedAt is the ply at which this connection last sent a move, -1 for
	// none: a message for the same ply does not move twice.
	movedAt int
	// pending holds the moves sent and not yet acknowledged, by request id.
	pending map[string]string
}

// errMoveRefused reports that the server refused a move: the client's view
// was stale, so it reconnects to read the state again.
var errMoveRefused = errors.New("move refused")

// play plays the seat until the game ends (nil) or ctx is done; a lost
// connection is reconnected with a growing pause.
func (p *player) play(ctx context.Context) error {
	const firstPause, lastPause = 50 * time.Millisecond, time.Second
	pause := firstPause
	for {
		over, err := p.connection(ctx)
		if over {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		p.run.reconnects.Add(1)
		if errors.Is(err, errMoveRefused) {
			pause = firstPause
		}
		if !Sleep(ctx, pause) {
			return ctx.Err()
		}
		pause = min(2*pause, lastPause)
	}
}

// connection plays over one connection; it reports whether the game ended,
// or why the connection was given up.
func (p *player) connection(ctx context.Context) (over bool, err error) {
	conn, _, err := websocket.Dial(ctx, p.seat.URL, &websocket.DialOptions{HTTPClient: p.run.client})
	if err != nil {
		p.run.fail(ctx, "connect", err)
		return false, err
	}
	defer conn.CloseNow()
	conn.SetReadLimit(maxMessage)
	p.run.connections.Add(1)
	defer p.run.connections.Add(-1)
	if p.seat.Hello != nil {
		if err := conn.Write(ctx, websocket.MessageText, p.seat.Hello); err != nil {
			p.run.fail(ctx, "hello", err)
			return false, err
		}
	}
	p.movedAt = -1
	clear(p.pending)    // acks of earlier connections' moves never come
	var game *gameState // as this connection has shown it
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			p.run.fail(ctx, "connection lost", err)
			return false, err
		}
		at := time.Now()
		var m message
		if err := json.Unmarshal(data, &m); err != nil {
			p.run.fail(ctx, "bad message", err)
			continue
		}
		switch m.Type {
		case "game", "update":
			if m.Game == nil {
				p.run.fail(ctx, "bad message", fmt.Errorf("a %q message without game", m.Type))
				continue
			}
			p.run.received(len(data), at)
			g, ok := apply(game, &m)
			if !ok {
				if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"resync"}`)); err != nil {
					p.run.fail(ctx, "resync", err)
					return false, err
				}
				continue
			}
			game = g
			if sentAt, ok := p.game.arrived(p.side, game.Ply); ok {
				p.run.delivered(sentAt, at)
			}
			if game.over() {
				return true, nil
			}
			if game.toMove() == p.side && game.Ply != p.movedAt {
				if err := p.move(ctx, conn, game); err != nil {
					return false, err
				}
			}
		case "ack":
			if move, ok := p.pending[m.ID]; ok {
				delete(p.pending, m.ID)
				p.run.acknowledged(p.game.id, m.Ply, move)
			}
		case "error":
			code, text := "unknown", ""
			if m.Error != nil {
				code, text = m.Error.Code, m.Error.Message
			}
			err := fmt.Errorf("%w: %s: %s", errMoveRefused, code, text)
			p.run.fail(ctx, "server error "+code, err)
			delete(p.pending, m.ID)
			return false, err
		}
	}
}

// move pauses for the think time, picks a move and sends it, or resigns
// when the game has reached its longest.
func (p *player) move(ctx context.Context, conn *websocket.Conn, g *gameState) error {
	if len(g.Position.Moves) == 0 {
		return nil // no legal move: the next message ends the game
	}
	if t := p.run.cfg.Think; t > 0 {
		if !Sleep(ctx, t/2+time.Duration(p.rng.Int64N(int64(t)))) {
			return ctx.Err()
		}
	}
	p.movedAt = g.Ply
	if limit := p.run.cfg.MaxPlies; limit > 0 && g.Ply >= limit {
		msg, err := p.run.cfg.Target.ResignMessage("r"+strconv.Itoa(g.Ply), g.Ply)
		if err == nil {
			err = conn.Write(ctx, websocket.MessageText, msg)
		}
		if err != nil {
			p.run.fail(ctx, "resign", err)
		}
		return err
	}
	move := pickMove(p.rng, g.Position.Moves)
	req := "m" + strconv.Itoa(g.Ply+1)
	msg, err := p.run.cfg.Target.MoveMessage(req, g.Ply, move)
	if err != nil {
		return err
	}
	if p.pending == nil {
		p.pending = map[string]string{}
	}
	p.pending[req] = move
	at := time.Now()
	p.game.sent(p.side, g.Ply+1, at)
	if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
		p.run.fail(ctx, "send", err)
		return err
	}
	p.run.sent(at)
	return nil
}

// pickMove picks a legal move at random, preferring those that do not
// mate (SAN ending in '#'), so games last; it returns the coordinate form.
func pickMove(rng *rand.Rand, moves []legalMove) string {
	mates := func(m legalMove) bool { return strings.HasSuffix(m.SAN, "#") }
	n := 0
	for _, m := range moves {
		if !mates(m) {
			n++
		}
	}
	if n == 0 {
		return moves[rng.IntN(len(moves))].Coord
	}
	k := rng.IntN(n)
	for _, m := range moves {
		if !mates(m) {
			if k == 0 {
				return m.Coord
			}
			k--
		}
	}
	panic("unreachable") // k < n non-mating moves
}

// Sleep pauses for d, or less when ctx is done; it reports whether ctx is
// still live.
func Sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
