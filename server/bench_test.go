package server

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"timechess/store"
)

// benchGame is the game the benchmarks play, move by move: the Italian
// game's main line (a common opening), 24 plies.
var benchGame = strings.Fields("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5 exd5 Nxd5 Qb3 Nce7 O-O O-O Rfe1 c6")

// newServerOn builds a Server over st, with no rate limits and no sweep,
// closed at the end of the test.
func newServerOn(tb testing.TB, st store.Store) *Server {
	tb.Helper()
	s, err := New(context.Background(), Config{Store: st, SweepInterval: -1, NoRateLimits: true})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// openStoreAt opens the store at dsn, closed at the end of the test (after
// the servers built on it, whose cleanups run first).
func openStoreAt(tb testing.TB, dsn string) store.Store {
	tb.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

// benchServer is a Server over a fresh SQLite file.
func benchServer(b *testing.B) *Server {
	b.Helper()
	return newServerOn(b, openStoreAt(b, filepath.Join(b.TempDir(), "bench.db")))
}

// newLiveGame creates a live game of chess between two token holders.
func newLiveGame(tb testing.TB, s *Server) (id string, tokens [2]string) {
	tb.Helper()
	tokens = [2]string{store.NewToken(), store.NewToken()}
	tc := store.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}
	spec := store.GameSpec{Variant: "chess", Start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", TimeControl: tc,
		White: store.Seat{Token: store.HashToken(tokens[0])}, Black: store.Seat{Token: store.HashToken(tokens[1])}}
	g, err := s.store.CreateGame(context.Background(), spec, store.State{Status: store.Ongoing, Result: store.NoResult, Clocks: initialClocks(tc)})
	if err != nil {
		tb.Fatal(err)
	}
	return g.ID, tokens
}

// BenchmarkMove measures the server's work for one move (go test -bench
// Move ./server): checking it, storing it on SQLite and encoding the Game
// after it, as a WebSocket or HTTP move does. 32 players move at once, each
// in a game of its own, so that the store commits their moves together as
// under load; each game plays benchGame, then a new one starts (its
// creation is counted in).
func BenchmarkMove(b *testing.B) {
	s := benchServer(b)
	ctx := context.Background()
	b.SetParallelism(16)
	b.RunParallel(func(pb *testing.PB) {
		ply, id, tokens := len(benchGame), "", [2]string{}
		for pb.Next() {
			if ply == len(benchGame) {
				id, tokens = newLiveGame(b, s)
				ply = 0
			}
			if _, _, err := s.move(ctx, id, byToken(tokens[ply%2]), ply, benchGame[ply]); err != nil {
				b.Errorf("ply %d %s: %v", ply, benchGame[ply], err)
				return
			}
			ply++
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkDescribe measures the building of the Game message at each
// ply of benchGame (go test -bench Describe ./server): the position's view
// with the SAN of every legal move, then the JSON encoding.
func BenchmarkDescribe(b *testing.B) {
	s := benchServer(b)
	ctx := context.Background()
	var replays []*replay // replays[k] has played benchGame[:k+1]
	for plies := 1; plies <= len(benchGame); plies++ {
		id, tokens := newLiveGame(b, s)
		for ply, text := range benchGame[:plies] {
			if _, _, err := s.move(ctx, id, byToken(tokens[ply%2]), ply, text); err != nil {
				b.Fatal(err)
			}
		}
		r, err := s.open(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		r.mu.Unlock()
		replays = append(replays, r)
	}
	b.Run("position", func(b *testing.B) {
		legal := 0
		for i := 0; b.Loop(); i++ {
			v := describePosition(replays[i%len(replays)].play.Position())
			legal += len(v.Moves)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(legal), "ns/legal-move")
	})
	b.Run("game", func(b *testing.B) {
		bytes := 0
		for i := 0; b.Loop(); i++ {
			r := replays[i%len(replays)]
			r.built = perVersion{}
			data, err := r.describe()
			if err != nil {
				b.Fatal(err)
			}
			bytes += len(data)
		}
		b.ReportMetric(float64(bytes)/float64(b.N), "bytes/msg")
	})
}
