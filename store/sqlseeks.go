package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
)

const seekColumns = `id, variant, start, initial_ms, increment_ms, days_per_move, side, token, owner, created_ms, game_id`

func seekValues(k Seek) []any {
	return []any{k.ID, k.Variant, k.Start, k.TimeControl.Initial.Milliseconds(), k.TimeControl.Increment.Milliseconds(),
		k.TimeControl.Days, k.Side, k.Token.bytes(), nullable(k.Owner), millis(k.Created), nullable(k.Game)}
}

func scanSeek(row rowScanner) (Seek, error) {
	var (
		k                  Seek
		initial, increment int64
		token              []byte
		owner, game        sql.NullString
		created            sql.NullInt64
	)
	err := row.Scan(&k.ID, &k.Variant, &k.Start, &initial, &increment, &k.TimeControl.Days, &k.Side, &token, &owner, &created, &game)
	if err != nil {
		return Seek{}, err
	}
	if k.Token, err = tokenHashOf(token); err != nil {
		return Seek{}, fmt.Errorf("seek %s: %w", k.ID, err)
	}
	k.TimeControl.Initial, k.TimeControl.Increment = durationOf(initial), durationOf(increment)
	k.Owner, k.Created, k.Game = owner.String, timeOf(created), game.String
	return k, nil
}

func insertSeek(ctx context.Context, c conn, k Seek) error {
	_, err := c.exec(ctx, `INSERT INTO seeks (`+seekColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, seekValues(k)...)
	return err
}

// seekEvents are the events of a change to a seek: for its own topic and the
// lobby's.
func seekEvents(id string) []Event {
	return []Event{{Topic: id, Kind: EventSeek}, {Topic: LobbyTopic, Kind: EventSeek}}
}

// CreateSeek implements Store.
func (s *sqlStore) CreateSeek(ctx context.Context, spec SeekSpec) (Seek, error) {
	if err := spec.validate(); err != nil {
		return Seek{}, err
	}
	k := Seek{ID: newID(), SeekSpec: spec, Created: time.Now().UTC().Truncate(time.Millisecond)}
	err := s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		if err := insertSeek(ctx, c, k); err != nil {
			return nil, err
		}
		var err error
		k, err = s.seekIn(ctx, c, k.ID) // as stored, to the millisecond
		return seekEvents(k.ID), err
	})
	if err != nil {
		return Seek{}, err
	}
	return k, nil
}

// Seek implements Store.
func (s *sqlStore) Seek(ctx context.Context, id string) (Seek, error) {
	return s.seekIn(ctx, s.pool(), id)
}

func (s *sqlStore) seekIn(ctx context.Context, c conn, id string) (Seek, error) {
	if !ValidID(id) {
		return Seek{}, notFound("seek", id)
	}
	k, err := scanSeek(c.queryRow(ctx, `SELECT `+seekColumns+` FROM seeks WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Seek{}, notFound("seek", id)
	}
	return k, s.dbError(ctx, err)
}

// OpenSeeks implements Store.
func (s *sqlStore) OpenSeeks(ctx context.Context, limit int) ([]Seek, error) {
	if limit < 1 || limit > 1000 {
		return nil, fmt.Errorf("%w: seek limit %d (want 1 to 1000)", ErrInvalid, limit)
	}
	rows, err := s.pool().query(ctx, `SELECT `+seekColumns+` FROM seeks WHERE game_id IS NULL ORDER BY created_ms, id LIMIT ?`, limit)
	seeks, err := collect(rows, err, scanSeek)
	return seeks, s.dbError(ctx, err)
}

// seekRefusal explains why an open seek could not be changed.
func (s *sqlStore) seekRefusal(ctx context.Context, c conn, id string) error {
	k, err := s.seekIn(ctx, c, id)
	if err != nil {
		return err
	}
	return fmt.Errorf("%w: seek %s was taken by game %s", ErrConflict, id, k.Game)
}

// TakeSeek implements Store.
func (s *sqlStore) TakeSeek(ctx context.Context, seekID string, spec GameSpec, st State) (Game, error) {
	if !ValidID(seekID) {
		return Game{}, notFound("seek", seekID)
	}
	g, err := newGame(spec, st)
	if err != nil {
		return Game{}, err
	}
	err = s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		if err := insertGame(ctx, c, g); err != nil {
			return nil, err
		}
		res, err := c.exec(ctx, `UPDATE seeks SET game_id = ? WHERE id = ? AND game_id IS NULL`, g.ID, seekID)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return nil, errors.Join(err, s.seekRefusal(ctx, c, seekID))
		}
		g, err = s.gameIn(ctx, c, g.ID) // as stored, to the millisecond
		return seekEvents(seekID), err
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// CancelSeek implements Store.
func (s *sqlStore) CancelSeek(ctx context.Context, id string) error {
	if !ValidID(id) {
		return notFound("seek", id)
	}
	return s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		res, err := c.exec(ctx, `DELETE FROM seeks WHERE id = ? AND game_id IS NULL`, id)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return nil, errors.Join(err, s.seekRefusal(ctx, c, id))
		}
		return seekEvents(id), nil
	})
}

// expireSeeksQuery deletes the open seeks created before its first value
// (live clocks) or its second (the others), the oldest MaxExpired of them.
var expireSeeksQuery = `DELETE FROM seeks WHERE id IN (SELECT id FROM seeks WHERE game_id IS NULL
	AND created_ms < CASE WHEN initial_ms > 0 OR increment_ms > 0 THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END
	ORDER BY created_ms, id LIMIT ` + strconv.Itoa(MaxExpired) + `) RETURNING id`

// ExpireSeeks implements Store.
func (s *sqlStore) ExpireSeeks(ctx context.Context, liveBefore, slowBefore time.Time) ([]string, error) {
	var ids []string
	err := s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		rows, err := c.query(ctx, expireSeeksQuery, liveBefore.UnixMilli(), slowBefore.UnixMilli())
		ids, err = collect(rows, err, func(row rowScanner) (string, error) {
			var id string
			return id, row.Scan(&id)
		})
		if err != nil || len(ids) == 0 {
			return nil, err
		}
		events := []Event{{Topic: LobbyTopic, Kind: EventSeek}}
		for _, id := range ids {
			events = append(events, Event{Topic: id, Kind: EventSeek})
		}
		return events, nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}
