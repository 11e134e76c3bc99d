package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"timechess/store"
)

// seatsGame is the part of a Game that tells who sits where.
type seatsGame struct {
	ID      string
	You     *string
	Version int64
	White   seatView
	Black   seatView
}

// createFriendGame creates a friend's game with the creator as White and
// returns its id, the creator's token and the invitation.
func createFriendGame(ts *testServer) (id, token, invite string) {
	ts.t.Helper()
	var s seated
	ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "friend", "time_control": map[string]any{}}, http.StatusCreated, &s)
	return s.Game.ID, s.Token, s.InviteToken
}

// seatsOf reads the seats of game id as the holder of token sees them.
func seatsOf(ts *testServer, id, token string) seatsGame {
	ts.t.Helper()
	var g seatsGame
	ts.call("GET", "/api/v1/games/"+id, token, nil, http.StatusOK, &g)
	return g
}

// TestInviteTakenOnce: an invitation is no seat token; the first visitor who
// brings it gets a token of their own and the inviter sees when they
// joined; a second visitor is told it was taken and moves nothing.
func TestInviteTakenOnce(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		id, white, invite := createFriendGame(ts)
		if g := seatsOf(ts, id, white); !g.Black.Invited || g.Black.Joined != nil || g.Black.Player != "human" {
			t.Errorf("before the friend comes, black reads %+v", g.Black)
		}
		// The invitation itself moves nothing, over HTTP or the socket.
		ts.play(id, white, 0, "e4")
		if res := ts.do("POST", "/api/v1/games/"+id+"/moves", invite, map[string]any{"ply": 1, "move": "e5"}); res.status != http.StatusForbidden {
			t.Errorf("a move with the invitation as token: %d %s", res.status, res.body)
		}
		// Joining without the invitation does not take the kept seat.
		res := ts.do("POST", "/api/v1/games/"+id+"/join", "", nil)
		if res.status != http.StatusConflict || !strings.Contains(string(res.body), "invited friend") {
			t.Errorf("join without the invitation: %d %s", res.status, res.body)
		}
		// A wrong invitation is refused as such.
		res = ts.do("POST", "/api/v1/games/"+id+"/join", "", map[string]any{"invite": "AAAAAAAAAAAAAAAAAAAAAAAAAA"})
		if res.status != http.StatusForbidden || res.errorCode() != codeBadToken || !strings.Contains(string(res.body), "copied whole") {
			t.Errorf("a wrong invitation: %d %s", res.status, res.body)
		}

		var friend seated
		before := time.Now().Add(-time.Second)
		ts.call("POST", "/api/v1/games/"+id+"/join", "", map[string]any{"invite": invite}, http.StatusOK, &friend)
		if friend.Side != "black" || friend.Token == "" || friend.Token == invite || friend.Game.You == nil || *friend.Game.You != "black" {
			t.Fatalf("the friend got %+v", friend)
		}
		g := seatsOf(ts, id, white)
		if g.Black.Invited || g.Black.Joined == nil || g.Black.Joined.Before(before) || g.Black.Joined.After(time.Now().Add(time.Second)) {
			t.Errorf("after the friend joined, black reads %+v", g.Black)
		}
		if g.White.Joined != nil || g.White.Invited {
			t.Errorf("the creator's seat reads %+v", g.White)
		}
		ts.play(id, friend.Token, 1, "e5")

		// A third browser with the same link: refused, told why, and its
		// token (the invitation) moves nothing.
		res = ts.do("POST", "/api/v1/games/"+id+"/join", "", map[string]any{"invite": invite})
		msg := string(res.body)
		if res.status != http.StatusConflict || res.errorCode() != codeConflict ||
			!strings.Contains(msg, "already taken by the player who joined as black at ") || !strings.Contains(msg, "you are watching") {
			t.Errorf("the second visitor: %d %s", res.status, res.body)
		}
		if res := ts.do("POST", "/api/v1/games/"+id+"/moves", invite, map[string]any{"ply": 2, "move": "Nf3"}); res.status != http.StatusForbidden {
			t.Errorf("the second visitor's move: %d %s", res.status, res.body)
		}
		if g := ts.game(id, ""); g.Ply != 2 {
			t.Errorf("the game has %d moves, want 2", g.Ply)
		}
	})
}

// TestInviteRacingTakers: eight visitors bring one invitation at once:
// exactly one is seated, the others are told it was taken.
func TestInviteRacingTakers(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		id, _, invite := createFriendGame(ts)
		body, err := json.Marshal(map[string]any{"invite": invite})
		if err != nil {
			t.Fatal(err)
		}
		const takers = 8
		statuses := make([]int, takers)
		tokens := make([]string, takers)
		var wg sync.WaitGroup
		for i := range takers {
			wg.Go(func() {
				res, err := ts.http.Client().Post(ts.http.URL+"/api/v1/games/"+id+"/join", "application/json", bytes.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				defer res.Body.Close()
				var s seated
				json.NewDecoder(res.Body).Decode(&s)
				statuses[i], tokens[i] = res.StatusCode, s.Token
			})
		}
		wg.Wait()
		winner := ""
		for i, status := range statuses {
			switch {
			case status == http.StatusOK && winner != "":
				t.Errorf("two takers were seated")
			case status == http.StatusOK:
				winner = tokens[i]
			case status != http.StatusConflict:
				t.Errorf("taker %d: status %d", i, status)
			}
		}
		if winner == "" {
			t.Fatal("nobody was seated")
		}
		if g := seatsOf(ts, id, winner); g.You == nil || *g.You != "black" {
			t.Errorf("the winner's token does not hold black: %+v", g)
		}
	})
}

// TestInviteOfFirstSchemaGame: a friend's game stored before invitations
// were kept apart (its seat token is the invitation's hash) goes on for the
// link's holder: joining with it gives back the same token and seat.
func TestInviteOfFirstSchemaGame(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		old := "OLDINVITATIONOLDINVITATION"
		spec := store.GameSpec{Variant: "chess", Start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			White: store.Seat{Token: store.HashToken("host")}, Black: store.Seat{Token: store.HashToken(old)}}
		g, err := ts.st.CreateGame(t.Context(), spec, store.State{Status: store.Ongoing, Result: store.NoResult})
		if err != nil {
			t.Fatal(err)
		}
		var s seated
		ts.call("POST", "/api/v1/games/"+g.ID+"/join", "", map[string]any{"invite": old}, http.StatusOK, &s)
		if s.Token != old || s.Side != "black" {
			t.Errorf("joining with the old link: %+v", s)
		}
		ts.play(g.ID, "host", 0, "e4")
		ts.play(g.ID, old, 1, "e5")
	})
}

// TestCommentIdentity: a comment sent with a seat token is its player's; any
// other is a spectator's, whatever name it gives; a token of no seat is
// refused.
func TestCommentIdentity(t *testing.T) {
	forEachServer(t, nil, func(t *testing.T, ts *testServer) {
		s, white, black := ts.friendGame(nil)
		id := s.Game.ID
		var c commentView
		ts.call("POST", "/api/v1/games/"+id+"/comments", black, map[string]any{"author": "bea", "text": "good luck"}, http.StatusCreated, &c)
		if c.Role != "black" || c.Author != "bea" {
			t.Errorf("black's comment: %+v", c)
		}
		ts.call("POST", "/api/v1/games/"+id+"/comments", "", map[string]any{"author": "white", "text": "I play white, honest"}, http.StatusCreated, &c)
		if c.Role != spectator || c.Author != "white" {
			t.Errorf("a spectator who calls themselves white: %+v", c)
		}
		_, _, otherWhite := ts.friendGame(nil)
		res := ts.do("POST", "/api/v1/games/"+id+"/comments", otherWhite, map[string]any{"author": "x", "text": "planted"})
		if res.status != http.StatusForbidden || res.errorCode() != codeBadToken || !strings.Contains(string(res.body), "without it") {
			t.Errorf("a comment with another game's token: %d %s", res.status, res.body)
		}
		ts.call("POST", "/api/v1/games/"+id+"/comments", white, map[string]any{"text": "thanks"}, http.StatusCreated, &c)
		var list []commentView
		ts.call("GET", "/api/v1/games/"+id+"/comments", "", nil, http.StatusOK, &list)
		if len(list) != 3 || list[0].Role != "black" || list[1].Role != spectator || list[2].Role != "white" {
			t.Errorf("the comments: %+v", list)
		}
	})
}

// TestCommentCharacters: names and comments refuse control characters and
// the characters that reorder or hide text, saying which and where; what
// people write (accents, emoji sequences, Persian with its non-joiner,
// newlines in a comment) passes.
func TestCommentCharacters(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	s, _, _ := ts.friendGame(nil)
	path := "/api/v1/games/" + s.Game.ID + "/comments"
	for _, c := range []struct {
		author, text, says string
	}{
		{"eve\u202egnp.exe", "hi", "author: character 4 is U+202E (a text-direction control)"},
		{"eve", "abc\u2066def", "text: character 4 is U+2066 (a text-direction control)"},
		{"eve", "\u200fhi", "text: character 1 is U+200F (a text-direction control)"},
		{"eve", "x\u202ay", "U+202A (a text-direction control)"},
		{"eve", "x\u2069", "U+2069 (a text-direction control)"},
		{"eve", "x\u200ey", "U+200E (a text-direction control)"},
		{"eve", "bell\a", "text: character 5 is U+0007 (a control character)"},
		{"eve", "esc\x1b[31m", "U+001B (a control character)"},
		{"two\nlines", "hi", "author: character 4 is U+000A (a control character)"},
		{"eve", "soft\u00adhyphen", "U+00AD (an invisible format character)"},
		{"eve", "tag\U000E0041", "U+E0041 (an invisible format character)"},
		{"eve", "line\u2028sep", "U+2028 (a line or paragraph separator)"},
		{"eve", "bom\ufeff", "U+FEFF (an invisible format character)"},
		{"eve", "bad \xff utf-8", "text: character 5 is U+FFFD, the mark of invalid UTF-8"},
	} {
		body, _ := json.Marshal(map[string]any{"author": c.author, "text": c.text})
		if strings.Contains(c.text, "\xff") {
			body = []byte(`{"author":"eve","text":"bad ` + "\xff" + ` utf-8"}`)
		}
		res := ts.do("POST", path, "", body)
		if res.status != http.StatusBadRequest || res.errorCode() != codeInvalid || !strings.Contains(string(res.body), c.says) {
			t.Errorf("author %q text %q: %d %s, want 400 invalid saying %q", c.author, c.text, res.status, res.body, c.says)
		}
	}
	for _, text := range []string{"Très bien, Ñandú ♞", "👨\u200d👩\u200d👧 family", "می\u200cخواهم", "two\nlines\tand a tab", "עברית and العربية"} {
		ts.call("POST", path, "", map[string]any{"author": "Zoë 🙂", "text": text}, http.StatusCreated, nil)
	}
	var list []commentView
	ts.call("GET", path, "", nil, http.StatusOK, &list)
	if len(list) != 5 {
		t.Errorf("%d comments stored, want the 5 accepted", len(list))
	}
}

// TestInviteAfterMoveElsewhere: a server that keeps the game from before
// another server (on the same database) stored a move gives the friend who
// takes the invitation the game with that move, and shows it so afterwards.
func TestInviteAfterMoveElsewhere(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		dsn := b.fresh(t)
		one := start(t, dsn, nil)
		id, white, invite := createFriendGame(one)
		one.game(id, "") // one keeps the game, at ply 0
		two := start(t, dsn, nil)
		two.play(id, white, 0, "e4")
		var friend struct {
			Game apiGame
		}
		one.call("POST", "/api/v1/games/"+id+"/join", "", map[string]any{"invite": invite}, http.StatusOK, &friend)
		if g := friend.Game; g.Ply != 1 || len(g.Moves) != 1 || g.Turn != "black" {
			t.Errorf("the friend got ply %d, %d moves, %s to move; want the move made on the other server", g.Ply, len(g.Moves), g.Turn)
		}
		if g := one.game(id, ""); g.Ply != 1 || len(g.Moves) != 1 {
			t.Errorf("the first server shows ply %d with %d moves", g.Ply, len(g.Moves))
		}
	})
}
