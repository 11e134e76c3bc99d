package store_test

import (
	"os"
	"sync/atomic"
	"testing"

	"timechess/store"
)

// BenchmarkAppendMove measures AppendMove, one game per goroutine
// (go test -bench AppendMove -cpu 1,8,64 ./store): each op is one move,
// committed, of a game read back first as the server would (Game, then
// AppendMove at its ply).
func BenchmarkAppendMove(b *testing.B) {
	backends := map[string]func(t testing.TB) string{"sqlite": sqliteBackend.fresh}
	if admin := os.Getenv(postgresEnv); admin != "" {
		backends["postgres"] = func(t testing.TB) string { return freshPostgres(t, admin) }
	}
	for name, fresh := range backends {
		b.Run(name, func(b *testing.B) {
			s, err := store.Open(b.Context(), fresh(b))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			var n atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				g, err := s.CreateGame(b.Context(), chessSpec(store.NewToken(), store.NewToken()), ongoing)
				if err != nil {
					b.Error(err)
					return
				}
				for pb.Next() {
					g, err = s.Game(b.Context(), g.ID)
					if err == nil {
						_, err = s.AppendMove(b.Context(), g.ID, g.Ply, store.Move{Action: "e2e4"}, g.State)
					}
					if err != nil {
						b.Error(err)
						return
					}
					n.Add(1)
				}
			})
			b.ReportMetric(float64(n.Load())/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
