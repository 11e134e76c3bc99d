package server

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// expandLegal rebuilds the legal actions from their compact form as
// docs/api.md tells clients to (web/static/js/wire.js does the same): each
// "coord san" pair of a kind through deriveAction, the whole ones as they
// are, in the order of their coordinate forms.
func expandLegal(t *testing.T, data []byte, board []manView) []actionView {
	t.Helper()
	var l legalView
	mustDecode(t, data, &l)
	men := map[string]string{}
	for _, m := range board {
		men[m.Square] = kindName(m.Kind)
	}
	out := append([]actionView{}, l.Full...)
	for kind, list := range l.Moves {
		if l.Labels[kind] != actionLabels[kind] {
			t.Errorf("the label of %s is sent as %q, not %q", kind, l.Labels[kind], actionLabels[kind])
		}
		f := strings.Fields(list)
		if len(f)%2 != 0 {
			t.Fatalf("the %s list has an odd number of words: %q", kind, list)
		}
		for i := 0; i < len(f); i += 2 {
			out = append(out, deriveAction(kind, f[i], f[i+1], men))
		}
	}
	slices.SortFunc(out, func(a, b actionView) int { return strings.Compare(a.Coord, b.Coord) })
	return out
}

// TestCompactLegal: the compact legal list of positions with every kind of
// action (their labels as the sentences of actionLabels say) rebuilds the
// Position's list exactly, and only the actions whose
// fields cannot be derived (a Chess960 castling, whose coordinate form
// names the rook's square) are sent whole.
func TestCompactLegal(t *testing.T) {
	for _, c := range []struct {
		name, variant, fen string
		moves              []string
		kinds              []string
		full               int
		labels             []string // labels some actions have
	}{
		{"travelers start", "travelers", "", nil, []string{"explosion", "normal", "double"}, 0,
			[]string{"explode a bishop on a3, the traveled one going to b4"}},
		{"travelers annihilations", "travelers", "rnbqkb1r/pppppppp/2n*5/3p*4/Q'1Q*1P*1n'1/2N'2N*2/PPPPPPPP/R1BQKBNR w KQkq - 1 6", nil, []string{"annihilation", "explosion"}, 0,
			[]string{"the man on e2 annihilates the traveling pawn on e4"}},
		{"gifford sends and back travel", "gifford", "", []string{"e4", "e5"}, []string{"send", "back"}, 0,
			[]string{"send the queen on d1 to move 10", "the king on e1 travels back to move 1, landing on a3"}},
		{"gifford arrival", "gifford", "", []string{"Bf1//3", "e5", "g3", "d5"}, []string{"drop"}, 0,
			[]string{"the bishop arrives on a4"}},
		{"timethief TT-capture", "timethief", "", []string{"f4", "a5"}, []string{"ttcapture"}, 0,
			[]string{"the time thief on g1 takes back the last move and captures on a7"}},
		{"chess promotions", "chess", "8/P7/8/8/8/8/8/K6k w - - 0 1", nil, []string{"promotion"}, 0, nil},
		{"chess castling", "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", nil, []string{"castle"}, 0, nil},
		{"chess960 castling", "chess", "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", nil, []string{"castle"}, 2, nil},
	} {
		g, err := newGameRules(nil, c.variant, c.fen, c.moves)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		pos := describePosition(g.Position())
		legal := compactLegal(pos.Moves, pos.Board)
		for _, kind := range c.kinds {
			if !slices.ContainsFunc(pos.Moves, func(a actionView) bool { return a.Kind == kind }) {
				t.Errorf("%s: no %s action to test", c.name, kind)
			}
		}
		for _, label := range c.labels {
			if !slices.ContainsFunc(pos.Moves, func(a actionView) bool { return a.Label == label }) {
				t.Errorf("%s: no action labelled %q", c.name, label)
			}
		}
		if len(legal.Full) != c.full {
			t.Errorf("%s: %d actions sent whole, want %d: %+v", c.name, len(legal.Full), c.full, legal.Full)
		}
		data := mustEncode(t, legal)
		if got := expandLegal(t, data, pos.Board); !slices.Equal(got, pos.Moves) {
			t.Errorf("%s: the compact list rebuilds\n%+v\nnot\n%+v", c.name, got, pos.Moves)
		}
		full := mustEncode(t, pos.Moves)
		t.Logf("%s: %d actions, %d bytes compact, %d whole", c.name, len(pos.Moves), len(data), len(full))
	}
}

// TestWebSocketLean follows a game over three sockets: each opens with one
// game message, the legal list goes only to the seat to move, each change
// comes as an update from the version the socket holds with only what
// changed, and a resync brings the whole game again.
func TestWebSocketLean(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(nil)
		path := "/api/v1/games/" + s.Game.ID + "/ws"
		ws, bs, watcher := ts.dial(path), ts.dial(path), ts.dial(path)
		for _, c := range []*wsConn{ws, bs, watcher} {
			if m := c.next(); m.Type != "game" || m.Legal != nil || len(m.Game.Position.Moves) != 0 {
				t.Fatalf("on opening: a %s message, legal %s, %d moves", m.Type, m.Legal, len(m.Game.Position.Moves))
			}
		}
		ws.send(map[string]any{"type": "hello", "token": white})
		if m := ws.next(); m.Type != "update" || m.You == nil || *m.You != "white" || m.Base != m.Version || len(m.Game.Position.Moves) != 20 {
			t.Fatalf("hello as White, to move: %s", m.Data)
		}
		bs.send(map[string]any{"type": "hello", "token": black})
		if m := bs.next(); m.Type != "update" || m.You == nil || *m.You != "black" || m.Legal != nil || len(m.Game.Position.Moves) != 0 {
			t.Fatalf("hello as Black, not to move: %s", m.Data)
		}
		version := s.Game.Version
		for i, move := range []string{"e4", "e5", "Nf3"} {
			token := white
			if i%2 == 1 {
				token = black
			}
			ts.play(s.Game.ID, token, i, move)
			for _, c := range []*wsConn{ws, bs, watcher} {
				m := c.until("the update of "+move, func(m wsMessage) bool { return m.Type == "update" })
				toMove := (c == bs) == (i%2 == 0)
				switch {
				case m.Base != version || m.Version <= version:
					t.Errorf("%s: an update from %d to %d, the socket held %d", move, m.Base, m.Version, version)
				case c != watcher && toMove != (m.Legal != nil):
					t.Errorf("%s: the legal list %s to a seat to move: %v", move, m.Legal, toMove)
				case c == watcher && m.Legal != nil:
					t.Errorf("%s: the legal list to a watcher", move)
				case m.Game.Ply != i+1 || m.Game.Moves[i].SAN != move || len(m.Game.Moves) != i+1:
					t.Errorf("%s: the update leaves ply %d, moves %+v", move, m.Game.Ply, m.Game.Moves)
				}
				var raw map[string]json.RawMessage
				mustDecode(t, m.Data, &raw)
				if string(raw["moves_from"]) != string(rune('0'+i)) || raw["branches"] != nil {
					t.Errorf("%s: the update carries more than the new move: %s", move, m.Data)
				}
				if g := ts.game(s.Game.ID, ""); g.Position.FEN != m.Game.Position.FEN || g.Version != m.Game.Version {
					t.Errorf("%s: the socket's game is at %s, the server's at %s", move, m.Game.Position.FEN, g.Position.FEN)
				}
				if toMove && c != watcher && len(m.Game.Position.Moves) != len(ts.game(s.Game.ID, "").Position.Moves) {
					t.Errorf("%s: the seat to move holds %d legal moves", move, len(m.Game.Position.Moves))
				}
			}
			version = ts.game(s.Game.ID, "").Version
		}
		// A draw offer changes no position: its update has none, and no
		// legal list either, for Black holds it already.
		ts.call("POST", "/api/v1/games/"+s.Game.ID+"/actions", white, map[string]any{"action": "offer-draw"}, 200, nil)
		m := bs.until("the draw offer", func(m wsMessage) bool { return m.Type == "update" })
		var raw map[string]json.RawMessage
		mustDecode(t, m.Data, &raw)
		if raw["position"] != nil || raw["legal"] != nil || raw["moves"] != nil || m.Game.DrawOffer == nil || len(m.Game.Position.Moves) == 0 {
			t.Errorf("the draw offer's update: %s", m.Data)
		}
		bs.send(map[string]any{"type": "resync"})
		if m := bs.next(); m.Type != "game" || m.Legal == nil || m.Game.You == nil || *m.Game.You != "black" || m.Game.Ply != 3 {
			t.Errorf("resync: %s", m.Data)
		}
	})
}

// TestWireBytesGoals: a Time Traveler's Chess move's update to the seat to
// move (its legal list of 925 actions with it) is under 20 KB, and a seat
// opens the game with one whole message of about that size.
func TestWireBytesGoals(t *testing.T) {
	m := measureWire(t, wireScenarios[0])
	if m.toMove >= 20000 || m.open >= 20000 || m.watcher >= 4000 {
		t.Errorf("travelers: an update of %d bytes to the seat to move, %d to a watcher, %d bytes to open", m.toMove, m.watcher, m.open)
	}
}
