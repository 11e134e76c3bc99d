package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
)

// raceAnswer is one racer's answer: its status and error code.
type raceAnswer struct {
	status int
	code   string
}

// raceDo sends a request from a racing goroutine (no t.Fatal there).
func raceDo(ts *testServer, path, token string, body any) raceAnswer {
	data, err := json.Marshal(body)
	if err != nil {
		return raceAnswer{code: err.Error()}
	}
	req, err := http.NewRequest("POST", ts.http.URL+path, bytes.NewReader(data))
	if err != nil {
		return raceAnswer{code: err.Error()}
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := ts.http.Client().Do(req)
	if err != nil {
		return raceAnswer{code: err.Error()}
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return raceAnswer{res.StatusCode, response{status: res.StatusCode, body: out}.errorCode()}
}

// raceCase is a pair of changes sent at once through two servers, after a
// set-up, and the check of their answers and of the game after them.
type raceCase struct {
	name string
	// setUp plays the game to the position of the race.
	setUp func(ts *testServer, id, white, black string)
	// first goes through the first server, second through the other.
	first, second func(ts *testServer, id, white, black string) raceAnswer
	// check returns what is wrong with the answers and the game after them,
	// or "". won tells which change the game shows as first.
	check func(a, b raceAnswer, g apiGame) (problem string, won string)
}

func action(name string) func(ts *testServer, id, white, black string) raceAnswer {
	return func(ts *testServer, id, white, black string) raceAnswer { return actionBy(ts, id, white, name) }
}

func actionBy(ts *testServer, id, token, name string) raceAnswer {
	return raceDo(ts, "/api/v1/games/"+id+"/actions", token, map[string]any{"action": name})
}

// ok is a 200 answer; refusedFor is a refusal with one of codes.
func (a raceAnswer) ok() bool { return a.status == http.StatusOK }

func (a raceAnswer) refusedFor(codes ...string) bool {
	for _, c := range codes {
		if a.status >= 400 && a.status < 500 && a.code == c {
			return true
		}
	}
	return false
}

// raceCases are the races of issue 34: two seats acting at once on two
// servers. White's token is the first's and Black's the second's unless a
// case says otherwise. A change that is still legal when its turn comes is
// made; one that is not is refused for its reason (ended, invalid), never
// with conflict.
var raceCases = []raceCase{
	{
		name: "resign vs takeback request",
		setUp: func(ts *testServer, id, white, black string) {
			ts.play(id, white, 0, "e4")
			ts.play(id, black, 1, "e5")
		},
		first: action("resign"),
		second: func(ts *testServer, id, white, black string) raceAnswer {
			return actionBy(ts, id, black, "takeback")
		},
		check: func(resign, takeback raceAnswer, g apiGame) (string, string) {
			switch {
			case !resign.ok():
				return fmt.Sprintf("resign answered %+v", resign), ""
			case g.Status != "ended" || g.Reason != "resignation" || g.Result != "0-1":
				return fmt.Sprintf("game %s %s %s after a resignation", g.Status, g.Result, g.Reason), ""
			case takeback.ok():
				return "", "takeback"
			case takeback.refusedFor(codeEnded):
				return "", "resign"
			}
			return fmt.Sprintf("takeback request answered %+v", takeback), ""
		},
	},
	{
		name: "resign vs accept-takeback",
		setUp: func(ts *testServer, id, white, black string) {
			ts.play(id, white, 0, "e4")
			ts.play(id, black, 1, "e5")
			ts.call("POST", "/api/v1/games/"+id+"/actions", white, map[string]any{"action": "takeback"}, http.StatusOK, nil)
		},
		first: action("resign"),
		second: func(ts *testServer, id, white, black string) raceAnswer {
			return actionBy(ts, id, black, "accept-takeback")
		},
		check: func(resign, accept raceAnswer, g apiGame) (string, string) {
			switch {
			case !resign.ok():
				return fmt.Sprintf("resign answered %+v", resign), ""
			case g.Status != "ended" || g.Reason != "resignation":
				return fmt.Sprintf("game %s %s after a resignation", g.Status, g.Reason), ""
			case accept.ok() && g.Ply == 0:
				return "", "takeback"
			case accept.refusedFor(codeEnded) && g.Ply == 2:
				return "", "resign"
			}
			return fmt.Sprintf("accept-takeback answered %+v, game at ply %d", accept, g.Ply), ""
		},
	},
	{
		name: "move vs draw offer",
		setUp: func(ts *testServer, id, white, black string) {
			ts.play(id, white, 0, "e4")
			ts.play(id, black, 1, "e5")
		},
		first: func(ts *testServer, id, white, black string) raceAnswer {
			return raceDo(ts, "/api/v1/games/"+id+"/moves", white, map[string]any{"ply": 2, "move": "Nf3"})
		},
		second: func(ts *testServer, id, white, black string) raceAnswer {
			return actionBy(ts, id, black, "offer-draw")
		},
		check: func(move, offer raceAnswer, g apiGame) (string, string) {
			switch {
			case !move.ok() || !offer.ok():
				return fmt.Sprintf("move answered %+v, draw offer %+v (both are legal in either order)", move, offer), ""
			case g.Ply != 3 || g.Status != "ongoing":
				return fmt.Sprintf("game %s at ply %d after the move", g.Status, g.Ply), ""
			case g.DrawOffer != nil && *g.DrawOffer == "black":
				return "", "move" // the offer came second and stands
			case g.DrawOffer == nil:
				return "", "offer" // the move answered the offer
			}
			return fmt.Sprintf("draw offer %v", *g.DrawOffer), ""
		},
	},
	{
		name: "move vs draw accept",
		setUp: func(ts *testServer, id, white, black string) {
			ts.play(id, white, 0, "e4")
			ts.play(id, black, 1, "e5")
			ts.call("POST", "/api/v1/games/"+id+"/actions", white, map[string]any{"action": "offer-draw"}, http.StatusOK, nil)
		},
		first: func(ts *testServer, id, white, black string) raceAnswer {
			return raceDo(ts, "/api/v1/games/"+id+"/moves", white, map[string]any{"ply": 2, "move": "Nf3"})
		},
		second: func(ts *testServer, id, white, black string) raceAnswer {
			return actionBy(ts, id, black, "accept-draw")
		},
		check: func(move, accept raceAnswer, g apiGame) (string, string) {
			switch {
			case move.ok() && accept.refusedFor(codeInvalid) && g.Status == "ongoing" && g.Ply == 3:
				return "", "move" // the move withdrew the offer before it was accepted
			case accept.ok() && move.refusedFor(codeEnded) && g.Status == "ended" && g.Reason == "agreement" && g.Ply == 2:
				return "", "accept"
			}
			return fmt.Sprintf("move answered %+v, accept %+v, game %s %s at ply %d", move, accept, g.Status, g.Reason, g.Ply), ""
		},
	},
	{
		name: "resign vs move",
		setUp: func(ts *testServer, id, white, black string) {
			ts.play(id, white, 0, "e4")
			ts.play(id, black, 1, "e5")
		},
		first: func(ts *testServer, id, white, black string) raceAnswer {
			return raceDo(ts, "/api/v1/games/"+id+"/moves", white, map[string]any{"ply": 2, "move": "Nf3"})
		},
		second: func(ts *testServer, id, white, black string) raceAnswer {
			return actionBy(ts, id, black, "resign")
		},
		check: func(move, resign raceAnswer, g apiGame) (string, string) {
			switch {
			case !resign.ok():
				return fmt.Sprintf("resign answered %+v", resign), ""
			case g.Status != "ended" || g.Reason != "resignation" || g.Result != "1-0":
				return fmt.Sprintf("game %s %s %s after a resignation", g.Status, g.Result, g.Reason), ""
			case move.ok() && g.Ply == 3:
				return "", "move"
			case move.refusedFor(codeEnded) && g.Ply == 2:
				return "", "resign"
			}
			return fmt.Sprintf("move answered %+v, game at ply %d", move, g.Ply), ""
		},
	},
}

// raceRounds is how many times each race is run per database.
const raceRounds = 20

// TestRacesAcrossServers runs each race of raceCases raceRounds times
// through two Servers on one database (PostgreSQL, and a SQLite file that
// two stores open): no change that was still legal is refused, a refused
// one names its reason, and both servers then show the same game.
func TestRacesAcrossServers(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		dsn := b.fresh(t)
		noLimits := func(cfg *Config) { cfg.NoRateLimits = true }
		one, two := startTuned(t, dsn, nil, noLimits), startTuned(t, dsn, nil, noLimits)
		for _, c := range raceCases {
			t.Run(c.name, func(t *testing.T) {
				wins := map[string]int{}
				for round := range raceRounds {
					s, white, black := one.friendGame(nil)
					id := s.Game.ID
					c.setUp(one, id, white, black)
					two.game(id, "") // the second server has the game cached
					var (
						a, b  raceAnswer
						wg    sync.WaitGroup
						ready = make(chan struct{})
					)
					wg.Go(func() { <-ready; a = c.first(one, id, white, black) })
					wg.Go(func() { <-ready; b = c.second(two, id, white, black) })
					close(ready)
					wg.Wait()
					g1, g2 := one.game(id, ""), two.game(id, "")
					if g1.Version != g2.Version || g1.Status != g2.Status || g1.Reason != g2.Reason || g1.Ply != g2.Ply {
						t.Errorf("round %d: the servers disagree: version %d %s %q ply %d and version %d %s %q ply %d",
							round, g1.Version, g1.Status, g1.Reason, g1.Ply, g2.Version, g2.Status, g2.Reason, g2.Ply)
					}
					problem, won := c.check(a, b, g1)
					if problem != "" {
						t.Errorf("round %d: %s", round, problem)
					}
					wins[won]++
				}
				t.Logf("%s over %d rounds: which change came first: %v", b.name, raceRounds, wins)
			})
		}
	})
}
