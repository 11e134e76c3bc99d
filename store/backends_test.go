package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"timechess/internal/pgtest"
	"timechess/store"
)

// postgresEnv names the variable that gives the tests a PostgreSQL server:
// a DSN of a database whose user may create databases. .ci/run starts a
// throwaway cluster and sets it.
const postgresEnv = pgtest.Env

// backend is a database the contract runs against.
type backend struct {
	name string
	// fresh returns the DSN of a new, empty database, removed after the test.
	fresh func(t testing.TB) string
	// sharedFeed: two Store values on one database hear each other's events
	// (PostgreSQL's LISTEN/NOTIFY; SQLite's feed is in-process).
	sharedFeed bool
}

// contract is the suite every backend passes.
var contract = []struct {
	name string
	run  func(t *testing.T, b backend)
}{
	{"CreateAndRead", testCreateAndRead},
	{"ListGames", testListGames},
	{"Moves", testMoves},
	{"TakeBack", testTakeBack},
	{"SetState", testSetState},
	{"ClaimSeat", testClaimSeat},
	{"TakeInvite", testTakeInvite},
	{"Rematch", testRematch},
	{"ConcurrentInviteTakers", testConcurrentInviteTakers},
	{"CommentSides", testCommentSides},
	{"MigrateFirstSchema", testMigrateFirstSchema},
	{"Comments", testComments},
	{"Seeks", testSeeks},
	{"ExpireSeeks", testExpireSeeks},
	{"Refusals", testRefusals},
	{"Invalid", testInvalid},
	{"NotFound", testNotFound},
	{"BadArguments", testBadArguments},
	{"CallerLeft", testCallerLeft},
	{"ConcurrentSameMove", testConcurrentSameMove},
	{"ConcurrentRivalMoves", testConcurrentRivalMoves},
	{"ConcurrentSeekTakers", testConcurrentSeekTakers},
	{"ConcurrentComments", testConcurrentComments},
	{"Feed", testFeed},
	{"FeedAcrossStores", testFeedAcrossStores},
	{"FeedEnds", testFeedEnds},
	{"MigrateTwice", testMigrateTwice},
	{"BackupRoundTrip", testBackupRoundTrip},
	{"BackupGolden", testBackupGolden},
	{"RestoreRefusesBadBackups", testRestoreRefusesBadBackups},
	{"RestoreNeedsEmpty", testRestoreNeedsEmpty},
	{"CrashKeepsAcknowledgedMoves", testCrashKeepsAcknowledgedMoves},
}

func runContract(t *testing.T, b backend) {
	for _, c := range contract {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.run(t, b)
		})
	}
}

// TestSQLite runs the contract on SQLite files in temporary directories.
func TestSQLite(t *testing.T) {
	runContract(t, sqliteBackend)
}

var sqliteBackend = backend{
	name: "sqlite",
	fresh: func(t testing.TB) string {
		return filepath.Join(t.TempDir(), "timechess.db")
	},
}

// TestPostgres runs the contract on PostgreSQL, one new database per test,
// when TIMECHESS_TEST_POSTGRES names a server.
func TestPostgres(t *testing.T) {
	runContract(t, postgresBackend(t))
}

// postgresBackend returns the PostgreSQL backend, or skips the test.
func postgresBackend(t *testing.T) backend {
	admin := os.Getenv(postgresEnv)
	if admin == "" {
		t.Skipf("%s is not set: skipping the PostgreSQL tests (.ci/run starts a server and sets it, e.g. postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable)", postgresEnv)
	}
	return backend{name: "postgres", sharedFeed: true, fresh: func(t testing.TB) string {
		return freshPostgres(t, admin)
	}}
}

// freshPostgres creates a database for one test and drops it afterwards.
func freshPostgres(t testing.TB, admin string) string {
	t.Helper()
	return pgtest.Fresh(t, admin, "timechess_test_")
}

// openStore opens dsn and closes the store at the end of the test.
func openStore(t *testing.T, dsn string) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return s
}

// testContext ends with the test, and after a minute at most.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// must fails the test on an error.
func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// ongoing is the state of a game in play.
var ongoing = store.State{Status: store.Ongoing, Result: store.NoResult}

// chessSpec is a game of chess between two tokens, 5+3.
func chessSpec(white, black string) store.GameSpec {
	return store.GameSpec{
		Variant:     "chess",
		Start:       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		White:       store.Seat{Token: store.HashToken(white)},
		Black:       store.Seat{Token: store.HashToken(black)},
		TimeControl: store.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second},
	}
}

// newChessGame creates a game of chess in play.
func newChessGame(t *testing.T, s store.Store) store.Game {
	t.Helper()
	return must[store.Game](t)(s.CreateGame(testContext(t), chessSpec(store.NewToken(), store.NewToken()), ongoing))
}

// wantErr fails the test unless err is target.
func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("%s: got error %v, want %v", what, err, target)
	}
}

// play appends the moves in order from the game's current ply.
func play(t *testing.T, s store.Store, g store.Game, actions ...string) store.Game {
	t.Helper()
	for _, a := range actions {
		var err error
		if g, err = s.AppendMove(testContext(t), g.ID, g.Ply, store.Move{Action: a}, g.State); err != nil {
			t.Fatalf("move %d (%s): %v", g.Ply+1, a, err)
		}
	}
	return g
}
