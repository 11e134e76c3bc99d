// Package crashtest checks that timechess's server keeps every move it
// acknowledged when its process dies at any moment (issue 8, "crash
// safety").
//
// Run starts `timechess serve` as a child process on a loopback port over a
// database, plays live games against it with the load generator
// (internal/loadgen) while recording every move the server acknowledged,
// kills the server with SIGKILL at random moments and starts it again, and
// at the end reads the database with store.Open and checks it: every
// acknowledged move is stored, every game replays legally to its stored
// state, the clocks are consistent and the games out of time were flagged
// after the last restart, and the players reconnected and went on playing
// after every restart.
//
// The test (crashtest_test.go) runs only with -crash or TIMECHESS_CRASHTEST=1;
// .ci/crashtest runs it on SQLite and, when TIMECHESS_TEST_POSTGRES is set,
// on PostgreSQL.
package crashtest
