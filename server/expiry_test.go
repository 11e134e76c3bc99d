package server

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// newClockNow is a fake clock that starts at the real time: the store
// stamps a game's creation and changes with the real clock, and the expiry
// compares them with the server's.
func newClockNow() *fakeClock { return &fakeClock{now: time.Now().UTC()} }

// TestExpiry creates a game of every kind that can expire, and some that
// cannot, at one instant, then lets the fake clock run over 400 days,
// sweeping at each step: each game is aborted exactly when docs/api.md says,
// with NoResult and a reason that says why, each seek is removed when due,
// and finished games keep their comments.
func TestExpiry(t *testing.T) {
	forEachServer(t, newClockNow, func(t *testing.T, ts *testServer) {
		live := map[string]any{"initial_ms": 600000, "increment_ms": 0}
		days3 := map[string]any{"days": 3}
		untimed := map[string]any{}
		friend := func(tc map[string]any, moves ...string) (string, string, string) {
			s, white, black := ts.friendGame(map[string]any{"time_control": tc})
			for i, mv := range moves {
				token := white
				if i%2 == 1 {
					token = black
				}
				ts.play(s.Game.ID, token, i, mv)
			}
			return s.Game.ID, white, black
		}
		open := func(tc map[string]any) string {
			var s seated
			ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "open", "time_control": tc}, http.StatusCreated, &s)
			return s.Game.ID
		}
		seek := func(tc map[string]any) string {
			var k struct{ Seek seekView }
			ts.call("POST", "/api/v1/seeks", "", map[string]any{"variant": "chess", "time_control": tc}, http.StatusCreated, &k)
			return k.Seek.ID
		}
		games := map[string]string{}
		games["live, no move"], _, _ = friend(live)
		games["live, one move"], _, _ = friend(live, "e4")
		games["live, both moved"], _, _ = friend(live, "e4", "e5")
		games["correspondence, no move"], _, _ = friend(days3)
		games["untimed, no move"], _, _ = friend(untimed)
		games["untimed, both moved"], _, _ = friend(untimed, "d4", "d5")
		games["live, open seat"] = open(live)
		var invited seated // a friend's game whose invitation nobody took: it waits as an open one does
		ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "color": "white", "opponent": "friend", "time_control": live}, http.StatusCreated, &invited)
		games["live, invitation not taken"] = invited.Game.ID
		games["correspondence, open seat"] = open(days3)
		resigned, white, _ := friend(untimed, "c4")
		ts.call("POST", "/api/v1/games/"+resigned+"/actions", white, map[string]any{"action": "resign"}, http.StatusOK, nil)
		ts.call("POST", "/api/v1/games/"+resigned+"/comments", "", map[string]any{"author": "kibitzer", "text": "well played"}, http.StatusCreated, nil)
		games["resigned"] = resigned
		seeks := map[string]string{"live": seek(live), "correspondence": seek(days3)}

		const day = 24 * time.Hour
		ongoing, waiting := "ongoing", "waiting"
		noMove5m, noMove3d, noMove7d := "aborted: no move in 5 minutes", "aborted: no move in 3 days", "aborted: no move in 7 days"
		noOpponent1d, noOpponent7d := "aborted: no opponent in 1 day", "aborted: no opponent in 7 days"
		steps := []struct {
			at    time.Duration
			games map[string]string // a status, or an abort's reason
			seeks []string          // the seeks still open
		}{
			{4*time.Minute + 50*time.Second, map[string]string{"live, no move": ongoing, "live, one move": ongoing, "live, both moved": ongoing,
				"live, open seat": waiting, "correspondence, no move": ongoing}, []string{"live", "correspondence"}},
			{5*time.Minute + 10*time.Second, map[string]string{"live, no move": noMove5m, "live, one move": noMove5m, "live, both moved": ongoing,
				"untimed, no move": ongoing, "live, invitation not taken": ongoing}, []string{"live", "correspondence"}},
			{59 * time.Minute, map[string]string{"live, both moved": "time"}, []string{"live", "correspondence"}},
			{61 * time.Minute, nil, []string{"correspondence"}},
			{day - time.Minute, map[string]string{"live, open seat": waiting, "live, invitation not taken": ongoing}, []string{"correspondence"}},
			{day + time.Minute, map[string]string{"live, open seat": noOpponent1d, "live, invitation not taken": noOpponent1d,
				"correspondence, open seat": waiting}, []string{"correspondence"}},
			{3*day - time.Minute, map[string]string{"correspondence, no move": ongoing}, []string{"correspondence"}},
			{3*day + time.Minute, map[string]string{"correspondence, no move": noMove3d}, []string{"correspondence"}},
			{7*day - time.Minute, map[string]string{"untimed, no move": ongoing, "correspondence, open seat": waiting}, []string{"correspondence"}},
			{7*day + time.Minute, map[string]string{"untimed, no move": noMove7d, "correspondence, open seat": noOpponent7d,
				"untimed, both moved": ongoing}, nil},
			{400 * day, map[string]string{"untimed, both moved": ongoing, "resigned": "resignation"}, nil},
		}
		var elapsed time.Duration
		for _, step := range steps {
			ts.clock.advance(step.at - elapsed)
			elapsed = step.at
			if err := ts.srv.sweep(t.Context()); err != nil {
				t.Fatal(err)
			}
			for name, want := range step.games {
				g := ts.game(games[name], "")
				got := g.Status
				if got == "ended" {
					got = g.Reason
				}
				if got != want || (strings.HasPrefix(want, "aborted") && g.Result != "*") {
					t.Errorf("after %v, the game %s is %s (%s), want %s", step.at, name, got, g.Result, want)
				}
			}
			var list []seekView
			ts.call("GET", "/api/v1/seeks", "", nil, http.StatusOK, &list)
			var open []string
			for _, k := range list {
				for name, id := range seeks {
					if k.ID == id {
						open = append(open, name)
					}
				}
			}
			slices.Sort(open) // the list's order among seeks made in one millisecond is the store's
			if want := slices.Sorted(slices.Values(step.seeks)); !slices.Equal(open, want) {
				t.Errorf("after %v, the open seeks are %v, want %v", step.at, open, step.seeks)
			}
		}
		var comments []commentView
		ts.call("GET", "/api/v1/games/"+resigned+"/comments", "", nil, http.StatusOK, &comments)
		if len(comments) != 1 || comments[0].Text != "well played" {
			t.Errorf("the resigned game's comments after 400 days: %+v", comments)
		}
		metrics := string(ts.do("GET", "/metrics", "", nil).body)
		for _, want := range []string{"timechess_abandoned_total 7", "timechess_seeks_expired_total 2"} {
			if !strings.Contains(metrics, want) {
				t.Errorf("metrics lack %q:\n%s", want, metrics)
			}
		}
	})
}

// TestExpiryConfigured: Config.Expiry shortens the times; a move or an
// action in a game past its expiry, before any sweep, finds it aborted, and
// a seek past its expiry cannot be accepted.
func TestExpiryConfigured(t *testing.T) {
	clock := newClockNow()
	ts := startTuned(t, backends()[0].fresh(t), clock, func(cfg *Config) {
		cfg.Expiry = Expiry{FirstMove: time.Minute, OpenSeat: 10 * time.Minute, Seek: time.Minute}
	})
	tc := map[string]any{"time_control": map[string]any{"initial_ms": 60000, "increment_ms": 1000}}
	s, white, black := ts.friendGame(tc)
	ts.play(s.Game.ID, white, 0, "e4")
	other, white2, _ := ts.friendGame(tc)
	var open seated
	ts.call("POST", "/api/v1/games", "", map[string]any{"variant": "chess", "opponent": "open", "time_control": tc["time_control"]}, http.StatusCreated, &open)
	var k struct{ Seek seekView }
	ts.call("POST", "/api/v1/seeks", "", map[string]any{"variant": "chess", "time_control": tc["time_control"]}, http.StatusCreated, &k)
	clock.advance(61 * time.Second)
	res := ts.do("POST", "/api/v1/seeks/"+k.Seek.ID+"/accept", "", nil)
	if res.status != http.StatusNotFound || !strings.Contains(string(res.body), "nobody accepted it in 1 minute") {
		t.Errorf("accepting a seek after its expiry: %d %s", res.status, res.body)
	}
	res = ts.do("POST", "/api/v1/games/"+s.Game.ID+"/moves", black, map[string]any{"ply": 1, "move": "e5"})
	if res.status != http.StatusConflict || res.errorCode() != codeEnded || !strings.Contains(string(res.body), "aborted: no move in 1 minute") {
		t.Errorf("a move after the expiry: %d %s", res.status, res.body)
	}
	var g apiGame
	ts.call("POST", "/api/v1/games/"+other.Game.ID+"/actions", white2, map[string]any{"action": "abort"}, http.StatusOK, &g)
	if g.Status != "ended" || g.Result != "*" || g.Reason != "aborted: no move in 1 minute" {
		t.Errorf("abort after the expiry: %s %s %s", g.Status, g.Result, g.Reason)
	}
	if g := ts.sweepAfter(8*time.Minute, open.Game.ID); g.Status != "waiting" {
		t.Errorf("open seat after 9 minutes: %s %s", g.Status, g.Reason)
	}
	if g := ts.sweepAfter(2*time.Minute, open.Game.ID); g.Reason != "aborted: no opponent in 10 minutes" {
		t.Errorf("open seat after 11 minutes: %s %s", g.Status, g.Reason)
	}
	ts.call("GET", "/api/v1/seeks/"+k.Seek.ID, "", nil, http.StatusNotFound, nil)
}

// TestExpiryTimer: with no sweep, the server's own timer aborts a game of
// its own when the expiry comes (on the real clock).
func TestExpiryTimer(t *testing.T) {
	ts := startTuned(t, backends()[0].fresh(t), nil, func(cfg *Config) {
		cfg.Expiry = Expiry{FirstMove: 300 * time.Millisecond}
	})
	s, _, _ := ts.friendGame(map[string]any{"time_control": map[string]any{"initial_ms": 60000}})
	deadline := time.Now().Add(10 * time.Second)
	for g := ts.game(s.Game.ID, ""); g.Status != "ended"; g = ts.game(s.Game.ID, "") {
		if time.Now().After(deadline) {
			t.Fatalf("the game is %s 10 s after a 300 ms expiry", g.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if g := ts.game(s.Game.ID, ""); g.Result != "*" || g.Reason != "aborted: no move in 300 milliseconds" {
		t.Errorf("aborted by the timer: %s %s", g.Result, g.Reason)
	}
}

// TestSpell checks the durations of the abort reasons.
func TestSpell(t *testing.T) {
	for d, want := range map[time.Duration]string{5 * time.Minute: "5 minutes", 24 * time.Hour: "1 day", 7 * 24 * time.Hour: "7 days",
		90 * time.Second: "90 seconds", time.Hour: "1 hour", 36 * time.Hour: "36 hours", 300 * time.Millisecond: "300 milliseconds"} {
		if got := spell(d); got != want {
			t.Errorf("spell(%v) = %q, want %q", d, got, want)
		}
	}
}
