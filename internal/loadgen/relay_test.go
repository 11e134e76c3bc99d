package loadgen

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestRelay: a connecting seat gets the pair's first message, each message
// goes to both seats unchanged, and a reconnecting seat gets the latest.
func TestRelay(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv := httptest.NewServer(NewRelay())
	defer srv.Close()
	echo := &Echo{URL: srv.URL, Size: 300, Client: srv.Client()}
	g, err := echo.NewGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dial := func(side int) *websocket.Conn {
		c, _, err := websocket.Dial(ctx, g.Seats[side].URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	read := func(c *websocket.Conn) string {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	start, _ := echo.state(0, "ongoing")
	w, b := dial(white), dial(black)
	defer w.CloseNow()
	defer b.CloseNow()
	if got := read(w); got != string(start) {
		t.Fatalf("white's first message = %q, want %q", got, start)
	}
	if got := read(b); got != string(start) {
		t.Fatalf("black's first message = %q, want %q", got, start)
	}
	for _, m := range []struct {
		from, to *websocket.Conn
		text     string
	}{{w, b, "one"}, {b, w, "two"}, {w, b, "three"}} {
		if err := m.from.Write(ctx, websocket.MessageText, []byte(m.text)); err != nil {
			t.Fatal(err)
		}
		if got := read(m.to); got != m.text {
			t.Fatalf("relayed %q, want %q", got, m.text)
		}
		if got := read(m.from); got != m.text {
			t.Fatalf("echoed %q, want %q", got, m.text)
		}
	}
	b.CloseNow()
	b = dial(black)
	if got := read(b); got != "three" {
		t.Errorf("a reconnected seat got %q, want the latest message %q", got, "three")
	}
}

// TestEchoMessageSize: echo messages have the asked size and read as the
// state after the move.
func TestEchoMessageSize(t *testing.T) {
	bare, err := (&Echo{}).MoveMessage("m4", 3, "e2e4")
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{10, len(bare), len(bare) + 1, 5000} {
		e := &Echo{Size: size}
		b, err := e.MoveMessage("m4", 3, "e2e4")
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != max(size, len(bare)) {
			t.Errorf("size %d: message of %d bytes, want %d", size, len(b), max(size, len(bare)))
		}
		m := decode(t, b)
		if m.Game.Ply != 4 || m.Game.toMove() != white || len(m.Game.Position.Moves) != 20 {
			t.Errorf("size %d: decoded ply %d, side %d, %d moves", size, m.Game.Ply, m.Game.toMove(), len(m.Game.Position.Moves))
		}
	}
}
