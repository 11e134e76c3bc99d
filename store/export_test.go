package store

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"strings"
	"testing/fstest"

	"github.com/pressly/goose/v3"
)

// CreateFirstSchemaGame brings a new database at dsn to the first version of
// the schema only and stores a game there as that version did: a friend's
// game whose seat tokens are the hashes of white and black (the invitation's,
// for the friend). It returns the game's id, for the tests of the later
// migrations.
func CreateFirstSchemaGame(ctx context.Context, dsn, white, black string) (string, error) {
	driver, gd, dir, source := "sqlite", goose.DialectSQLite3, "sqlite", dsn
	if strings.HasPrefix(dsn, "postgres") {
		driver, gd, dir = "pgx", goose.DialectPostgres, "postgres"
	} else {
		var err error
		if source, err = sqliteDSN(dsn, true); err != nil {
			return "", err
		}
	}
	db, err := sql.Open(driver, source)
	if err != nil {
		return "", err
	}
	defer db.Close()
	first, err := fs.ReadFile(migrations, "migrations/"+dir+"/00001_games.sql")
	if err != nil {
		return "", err
	}
	p, err := goose.NewProvider(gd, db, fstest.MapFS{"00001_games.sql": {Data: first}})
	if err != nil {
		return "", err
	}
	if _, err := p.Up(ctx); err != nil {
		return "", err
	}
	d := dialect{dollarParams: dir == "postgres"}
	id := newID()
	wh, bh := HashToken(white), HashToken(black)
	_, err = db.ExecContext(ctx, d.q(`INSERT INTO games (id, variant, start, white_token, white_engine, black_token, black_engine,
		initial_ms, increment_ms, days_per_move, status, result, reason, white_ms, black_ms, draw_offer, takeback,
		ply, version, comments, created_ms, updated_ms)
		VALUES (?, 'chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ?, '', ?, '',
		0, 0, 0, 'ongoing', '*', '', 0, 0, '', '', 0, 1, 0, 1, 1)`), id, wh[:], bh[:])
	if err != nil {
		return "", err
	}
	_, err = db.ExecContext(ctx, d.q(`INSERT INTO comments (game_id, seq, author, body, at_ms) VALUES (?, 1, 'white', 'hello', 1)`), id)
	if err == nil {
		_, err = db.ExecContext(ctx, d.q(`UPDATE games SET comments = 1 WHERE id = ?`), id)
	}
	return id, errors.Join(err, db.Close())
}
