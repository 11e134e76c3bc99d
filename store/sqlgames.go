package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// gameColumns are the columns of table games, in the order of scanGame and
// gameValues.
const gameColumns = `id, variant, start,
	white_token, white_owner, white_engine, black_token, black_owner, black_engine,
	initial_ms, increment_ms, days_per_move,
	status, result, reason, white_ms, black_ms, turn_start_ms, draw_offer, takeback,
	ply, version, comments, created_ms, updated_ms`

// setState is the SET clause that replaces a game's state (the values of
// stateValues) and counts a new version.
const setState = `status = ?, result = ?, reason = ?, white_ms = ?, black_ms = ?, turn_start_ms = ?,
	draw_offer = ?, takeback = ?, version = version + 1, updated_ms = ?`

// openGame is the condition of a game that takes moves and seat claims.
const openGame = `status <> 'ended'`

func stateValues(st State, now time.Time) []any {
	return []any{st.Status, st.Result, st.Reason, st.Clocks.White.Milliseconds(), st.Clocks.Black.Milliseconds(),
		millis(st.Clocks.TurnStart), st.DrawOffer, st.Takeback, now.UnixMilli()}
}

func gameValues(g Game) []any {
	return []any{g.ID, g.Variant, g.Start,
		g.White.Token.bytes(), nullable(g.White.Owner), g.White.Engine,
		g.Black.Token.bytes(), nullable(g.Black.Owner), g.Black.Engine,
		g.TimeControl.Initial.Milliseconds(), g.TimeControl.Increment.Milliseconds(), g.TimeControl.Days,
		g.Status, g.Result, g.Reason, g.Clocks.White.Milliseconds(), g.Clocks.Black.Milliseconds(),
		millis(g.Clocks.TurnStart), g.DrawOffer, g.Takeback,
		g.Ply, g.Version, g.Comments, millis(g.Created), millis(g.Updated)}
}

func scanGame(row rowScanner) (Game, error) {
	var (
		g                            Game
		whiteToken, blackToken       []byte
		whiteOwner, blackOwner       sql.NullString
		initial, increment, wms, bms int64
		turnStart, created, updated  sql.NullInt64
	)
	err := row.Scan(&g.ID, &g.Variant, &g.Start,
		&whiteToken, &whiteOwner, &g.White.Engine, &blackToken, &blackOwner, &g.Black.Engine,
		&initial, &increment, &g.TimeControl.Days,
		&g.Status, &g.Result, &g.Reason, &wms, &bms, &turnStart, &g.DrawOffer, &g.Takeback,
		&g.Ply, &g.Version, &g.Comments, &created, &updated)
	if err != nil {
		return Game{}, err
	}
	if g.White.Token, err = tokenHashOf(whiteToken); err != nil {
		return Game{}, fmt.Errorf("game %s: white %w", g.ID, err)
	}
	if g.Black.Token, err = tokenHashOf(blackToken); err != nil {
		return Game{}, fmt.Errorf("game %s: black %w", g.ID, err)
	}
	g.White.Owner, g.Black.Owner = whiteOwner.String, blackOwner.String
	g.TimeControl.Initial, g.TimeControl.Increment = durationOf(initial), durationOf(increment)
	g.Clocks = Clocks{White: durationOf(wms), Black: durationOf(bms), TurnStart: timeOf(turnStart)}
	g.Created, g.Updated = timeOf(created), timeOf(updated)
	return g, nil
}

// insertGameQuery stores a game: the values of gameValues.
var insertGameQuery = `INSERT INTO games (` + gameColumns + `) VALUES (` +
	strings.Repeat("?, ", strings.Count(gameColumns, ",")) + "?)"

func insertGame(ctx context.Context, c conn, g Game) error {
	_, err := c.exec(ctx, insertGameQuery, gameValues(g)...)
	return err
}

// newGame is a game as CreateGame and TakeSeek store it.
func newGame(spec GameSpec, st State) (Game, error) {
	if err := spec.validate(); err != nil {
		return Game{}, err
	}
	if err := st.validate(); err != nil {
		return Game{}, err
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	return Game{ID: newID(), GameSpec: spec, State: st, Version: 1, Created: now, Updated: now}, nil
}

// CreateGame implements Store.
func (s *sqlStore) CreateGame(ctx context.Context, spec GameSpec, st State) (Game, error) {
	g, err := newGame(spec, st)
	if err != nil {
		return Game{}, err
	}
	err = s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		if err := insertGame(ctx, c, g); err != nil {
			return nil, err
		}
		g, err = s.gameIn(ctx, c, g.ID) // as stored, to the millisecond
		return nil, err
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// Game implements Store.
func (s *sqlStore) Game(ctx context.Context, id string) (Game, error) {
	return s.gameIn(ctx, s.pool(), id)
}

func (s *sqlStore) gameIn(ctx context.Context, c conn, id string) (Game, error) {
	g, err := scanGame(c.queryRow(ctx, selectGameQuery, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("game %s: %w", id, ErrNotFound)
	}
	return g, s.dbError(err)
}

// Moves implements Store.
func (s *sqlStore) Moves(ctx context.Context, id string, afterPly int) ([]Move, error) {
	var moves []Move
	err := s.read(ctx, func(c conn) error {
		if _, err := s.gameIn(ctx, c, id); err != nil {
			return err
		}
		var err error
		moves, err = s.movesIn(ctx, c, id, afterPly)
		return err
	})
	return moves, err
}

func (s *sqlStore) movesIn(ctx context.Context, c conn, id string, afterPly int) ([]Move, error) {
	rows, err := c.query(ctx, selectMovesQuery, id, afterPly)
	return collect(rows, err, scanMove)
}

func scanMove(row rowScanner) (Move, error) {
	var (
		m     Move
		clock int64
		at    sql.NullInt64
	)
	if err := row.Scan(&m.Ply, &m.Action, &clock, &at); err != nil {
		return Move{}, err
	}
	m.Clock, m.At = durationOf(clock), timeOf(at)
	return m, nil
}

func insertMove(ctx context.Context, c conn, id string, m Move) error {
	_, err := c.exec(ctx, insertMoveQuery,
		id, m.Ply, m.Action, m.Clock.Milliseconds(), millis(m.At))
	return err
}

// Load implements Store.
func (s *sqlStore) Load(ctx context.Context, id string) (Game, []Move, error) {
	var (
		g     Game
		moves []Move
	)
	err := s.read(ctx, func(c conn) error {
		var err error
		if g, err = s.gameIn(ctx, c, id); err != nil {
			return err
		}
		moves, err = s.movesIn(ctx, c, id, 0)
		return err
	})
	return g, moves, err
}

// ListGames implements Store.
func (s *sqlStore) ListGames(ctx context.Context, f GameFilter) ([]Game, error) {
	limit := f.Limit
	switch {
	case limit == 0:
		limit = 100
	case limit < 0 || limit > 1000:
		return nil, fmt.Errorf("%w: list limit %d (want 1 to 1000)", ErrInvalid, f.Limit)
	case len(f.Tokens) > 1000:
		return nil, fmt.Errorf("%w: %d tokens (at most 1000)", ErrInvalid, len(f.Tokens))
	}
	var (
		where []string
		args  []any
	)
	if f.Status != "" {
		if err := f.Status.validate(); err != nil {
			return nil, err
		}
		where, args = append(where, `status = ?`), append(args, f.Status)
	}
	if len(f.Tokens) > 0 {
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(f.Tokens)), ", ")
		where = append(where, `(white_token IN (`+marks+`) OR black_token IN (`+marks+`))`)
		for range 2 {
			for _, t := range f.Tokens {
				args = append(args, t[:])
			}
		}
	}
	if f.Owner != "" {
		where, args = append(where, `(white_owner = ? OR black_owner = ?)`), append(args, f.Owner, f.Owner)
	}
	if f.After != nil {
		ms := f.After.Updated.UnixMilli()
		where, args = append(where, `(updated_ms < ? OR (updated_ms = ? AND id > ?))`), append(args, ms, ms, f.After.ID)
	}
	query := `SELECT ` + gameColumns + ` FROM games`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY updated_ms DESC, id LIMIT ?`
	rows, err := s.rdb.QueryContext(ctx, s.d.q(query), append(args, limit)...) // not prepared: the query varies
	games, err := collect(rows, err, scanGame)
	return games, s.dbError(err)
}

// change runs a guarded UPDATE of one game (the query ends in WHERE ...
// RETURNING gameColumns, with its arguments) that returns the changed game,
// then more, all in one transaction. When the guard refuses, refusal
// explains why from the game as it is.
func (s *sqlStore) change(ctx context.Context, id string, update string, args []any,
	refusal func(Game) error, more func(ctx context.Context, c conn, g Game) (Event, error)) (Game, error) {
	var g Game
	err := s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		var err error
		g, err = scanGame(c.queryRow(ctx, update, args...))
		if errors.Is(err, sql.ErrNoRows) {
			current, err := s.gameIn(ctx, c, id)
			if err != nil {
				return nil, err
			}
			if err := refusal(current); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("game %s changed: %w", id, ErrConflict)
		}
		if err != nil {
			return nil, err
		}
		ev, err := more(ctx, c, g)
		return []Event{ev}, err
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// refuseEnded is the refusal of a change to a game that is over.
func refuseEnded(g Game) error {
	if g.Status == Ended {
		return fmt.Errorf("game %s (%s, %s): %w", g.ID, g.Result, g.Reason, ErrEnded)
	}
	return nil
}

// refusePly is the refusal of a change that expected another ply count.
func refusePly(expectedPly int) func(Game) error {
	return func(g Game) error {
		if err := refuseEnded(g); err != nil {
			return err
		}
		return fmt.Errorf("%w: game %s has %d moves, not %d", ErrConflict, g.ID, g.Ply, expectedPly)
	}
}

// refuseVersion is the refusal of a change that expected another version.
func refuseVersion(expected int64) func(Game) error {
	return func(g Game) error {
		return fmt.Errorf("%w: game %s is at version %d, not %d", ErrConflict, g.ID, g.Version, expected)
	}
}

// AppendMove implements Store.
func (s *sqlStore) AppendMove(ctx context.Context, id string, expectedPly int, mv Move, st State) (Game, error) {
	return s.appendMove(ctx, id, 0, expectedPly, mv, st)
}

// AppendMoveAt stores mv if the game is at expectedVersion with expectedPly moves (Store).
func (s *sqlStore) AppendMoveAt(ctx context.Context, id string, expectedVersion int64, expectedPly int, mv Move, st State) (Game, error) {
	if expectedVersion < 1 {
		return Game{}, fmt.Errorf("%w: expected version %d", ErrInvalid, expectedVersion)
	}
	return s.appendMove(ctx, id, expectedVersion, expectedPly, mv, st)
}

// appendMove is AppendMove, also guarded by the version unless
// expectedVersion is 0.
func (s *sqlStore) appendMove(ctx context.Context, id string, expectedVersion int64, expectedPly int, mv Move, st State) (Game, error) {
	if err := mv.validate(); err != nil {
		return Game{}, err
	}
	if err := st.validate(); err != nil {
		return Game{}, err
	}
	if expectedPly < 0 {
		return Game{}, fmt.Errorf("%w: expected ply %d", ErrInvalid, expectedPly)
	}
	now := time.Now()
	mv.Ply = expectedPly + 1
	if mv.At.IsZero() {
		mv.At = now
	}
	update, args, refusal := appendMoveQuery, append(stateValues(st, now), id, expectedPly), refusePly(expectedPly)
	if expectedVersion != 0 {
		update, args = appendMoveAtQuery, append(args, expectedVersion)
		refusal = func(g Game) error {
			if g.Ply == expectedPly && g.Status != Ended {
				return refuseVersion(expectedVersion)(g)
			}
			return refusePly(expectedPly)(g)
		}
	}
	return s.change(ctx, id, update, args, refusal, func(ctx context.Context, c conn, g Game) (Event, error) {
		return Event{Topic: id, Kind: EventMove, Version: g.Version, Ply: g.Ply}, insertMove(ctx, c, id, mv)
	})
}

// The queries of every move, prepared (hotQueries).
const (
	selectGameQuery  = `SELECT ` + gameColumns + ` FROM games WHERE id = ?`
	selectMovesQuery = `SELECT ply, action, clock_ms, at_ms FROM moves WHERE game_id = ? AND ply > ? ORDER BY ply`
	insertMoveQuery  = `INSERT INTO moves (game_id, ply, action, clock_ms, at_ms) VALUES (?, ?, ?, ?, ?)`
	// appendMoveQuery takes stateValues, the id and the expected ply;
	// appendMoveAtQuery the expected version too.
	appendMoveQuery   = `UPDATE games SET ply = ply + 1, ` + setState + ` WHERE id = ? AND ply = ? AND ` + openGame + ` RETURNING ` + gameColumns
	appendMoveAtQuery = `UPDATE games SET ply = ply + 1, ` + setState + ` WHERE id = ? AND ply = ? AND ` + openGame + ` AND version = ? RETURNING ` + gameColumns
)

// hotQueries are the queries every move runs: reading the game and its
// moves, and appending a move.
var hotQueries = []string{selectGameQuery, selectMovesQuery, insertMoveQuery, appendMoveQuery, appendMoveAtQuery}

// TakeBack implements Store.
func (s *sqlStore) TakeBack(ctx context.Context, id string, expectedPly, toPly int, st State) (Game, error) {
	if toPly < 0 || toPly >= expectedPly {
		return Game{}, fmt.Errorf("%w: take back from %d moves to %d", ErrInvalid, expectedPly, toPly)
	}
	if err := st.validate(); err != nil {
		return Game{}, err
	}
	update := `UPDATE games SET ply = ?, ` + setState + ` WHERE id = ? AND ply = ? AND ` + openGame + ` RETURNING ` + gameColumns
	args := append(append([]any{toPly}, stateValues(st, time.Now())...), id, expectedPly)
	return s.change(ctx, id, update, args, refusePly(expectedPly), func(ctx context.Context, c conn, g Game) (Event, error) {
		_, err := c.exec(ctx, `DELETE FROM moves WHERE game_id = ? AND ply > ?`, id, toPly)
		return Event{Topic: id, Kind: EventState, Version: g.Version, Ply: g.Ply}, err
	})
}

// SetState implements Store.
func (s *sqlStore) SetState(ctx context.Context, id string, expectedVersion int64, st State) (Game, error) {
	if err := st.validate(); err != nil {
		return Game{}, err
	}
	update := `UPDATE games SET ` + setState + ` WHERE id = ? AND version = ? RETURNING ` + gameColumns
	args := append(stateValues(st, time.Now()), id, expectedVersion)
	return s.change(ctx, id, update, args, refuseVersion(expectedVersion), stateEvent)
}

func stateEvent(_ context.Context, _ conn, g Game) (Event, error) {
	return Event{Topic: g.ID, Kind: EventState, Version: g.Version, Ply: g.Ply}, nil
}

// ClaimSeat implements Store.
func (s *sqlStore) ClaimSeat(ctx context.Context, id string, expectedVersion int64, side Side, seat Seat, st State) (Game, error) {
	if side != White && side != Black {
		return Game{}, fmt.Errorf("%w: claim the seat of side %q", ErrInvalid, string(side))
	}
	if seat.Open() {
		return Game{}, fmt.Errorf("%w: a seat claim needs a token, an owner or an engine", ErrInvalid)
	}
	if err := seat.validate(side); err != nil {
		return Game{}, err
	}
	if err := st.validate(); err != nil {
		return Game{}, err
	}
	col := string(side) // the column prefix; side is White or Black
	update := `UPDATE games SET ` + col + `_token = ?, ` + col + `_owner = ?, ` + col + `_engine = ?, ` + setState +
		` WHERE id = ? AND version = ? AND ` + openGame +
		` AND ` + col + `_token IS NULL AND ` + col + `_owner IS NULL AND ` + col + `_engine = ''` +
		` RETURNING ` + gameColumns
	args := append(append([]any{seat.Token.bytes(), nullable(seat.Owner), seat.Engine}, stateValues(st, time.Now())...), id, expectedVersion)
	refusal := func(g Game) error {
		if err := refuseEnded(g); err != nil {
			return err
		}
		if !g.Seat(side).Open() {
			return fmt.Errorf("%w: game %s: the %s seat is taken", ErrConflict, id, side)
		}
		return refuseVersion(expectedVersion)(g)
	}
	return s.change(ctx, id, update, args, refusal, stateEvent)
}
