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
	white_invite, white_joined_ms, black_invite, black_joined_ms,
	initial_ms, increment_ms, days_per_move,
	status, result, reason, white_ms, black_ms, turn_start_ms, draw_offer, takeback,
	rematch, rematch_game, ply, version, comments, created_ms, updated_ms`

// setState is the SET clause that replaces a game's state (the values of
// stateValues) and counts a new version.
const setState = `status = ?, result = ?, reason = ?, white_ms = ?, black_ms = ?, turn_start_ms = ?,
	draw_offer = ?, takeback = ?, rematch = ?, rematch_game = ?, version = version + 1, updated_ms = ?`

// openGame is the condition of a game that takes moves and seat claims.
const openGame = `status <> 'ended'`

func stateValues(st State, now time.Time) []any {
	return []any{st.Status, st.Result, st.Reason, st.Clocks.White.Milliseconds(), st.Clocks.Black.Milliseconds(),
		millis(st.Clocks.TurnStart), st.DrawOffer, st.Takeback, st.Rematch, nullable(st.RematchGame), now.UnixMilli()}
}

func gameValues(g Game) []any {
	return []any{g.ID, g.Variant, g.Start,
		g.White.Token.bytes(), nullable(g.White.Owner), g.White.Engine,
		g.Black.Token.bytes(), nullable(g.Black.Owner), g.Black.Engine,
		g.White.Invite.bytes(), millis(g.White.Joined), g.Black.Invite.bytes(), millis(g.Black.Joined),
		g.TimeControl.Initial.Milliseconds(), g.TimeControl.Increment.Milliseconds(), g.TimeControl.Days,
		g.Status, g.Result, g.Reason, g.Clocks.White.Milliseconds(), g.Clocks.Black.Milliseconds(),
		millis(g.Clocks.TurnStart), g.DrawOffer, g.Takeback, g.Rematch, nullable(g.RematchGame),
		g.Ply, g.Version, g.Comments, millis(g.Created), millis(g.Updated)}
}

func scanGame(row rowScanner) (Game, error) {
	var (
		g                            Game
		whiteToken, blackToken       []byte
		whiteInvite, blackInvite     []byte
		whiteOwner, blackOwner       sql.NullString
		whiteJoined, blackJoined     sql.NullInt64
		initial, increment, wms, bms int64
		turnStart, created, updated  sql.NullInt64
		rematchGame                  sql.NullString
	)
	err := row.Scan(&g.ID, &g.Variant, &g.Start,
		&whiteToken, &whiteOwner, &g.White.Engine, &blackToken, &blackOwner, &g.Black.Engine,
		&whiteInvite, &whiteJoined, &blackInvite, &blackJoined,
		&initial, &increment, &g.TimeControl.Days,
		&g.Status, &g.Result, &g.Reason, &wms, &bms, &turnStart, &g.DrawOffer, &g.Takeback,
		&g.Rematch, &rematchGame, &g.Ply, &g.Version, &g.Comments, &created, &updated)
	if err != nil {
		return Game{}, err
	}
	if g.White.Token, err = tokenHashOf(whiteToken); err != nil {
		return Game{}, fmt.Errorf("game %s: white %w", g.ID, err)
	}
	if g.Black.Token, err = tokenHashOf(blackToken); err != nil {
		return Game{}, fmt.Errorf("game %s: black %w", g.ID, err)
	}
	if g.White.Invite, err = tokenHashOf(whiteInvite); err != nil {
		return Game{}, fmt.Errorf("game %s: white invitation's %w", g.ID, err)
	}
	if g.Black.Invite, err = tokenHashOf(blackInvite); err != nil {
		return Game{}, fmt.Errorf("game %s: black invitation's %w", g.ID, err)
	}
	g.White.Owner, g.Black.Owner = whiteOwner.String, blackOwner.String
	g.RematchGame = rematchGame.String
	g.White.Joined, g.Black.Joined = timeOf(whiteJoined), timeOf(blackJoined)
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
	if !ValidID(id) {
		return Game{}, notFound("game", id)
	}
	g, err := scanGame(c.queryRow(ctx, selectGameQuery, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, notFound("game", id)
	}
	return g, s.dbError(ctx, err)
}

// Moves implements Store.
func (s *sqlStore) Moves(ctx context.Context, id string, afterPly int) ([]Move, error) {
	if err := checkCount("moves after ply", afterPly); err != nil {
		return nil, err
	}
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
	_, err := c.exec(ctx, insertMoveQuery, append([]any{id, m.Ply}, moveValues(m)...)...)
	return err
}

// moveValues are the values of a move's row after its game and ply.
func moveValues(m Move) []any {
	return []any{m.Action, m.Clock.Milliseconds(), millis(m.At)}
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
		if err := checkText("owner", f.Owner, maxName); err != nil {
			return nil, err
		}
		where, args = append(where, `(white_owner = ? OR black_owner = ?)`), append(args, f.Owner, f.Owner)
	}
	if f.After != nil {
		if !ValidID(f.After.ID) {
			return nil, fmt.Errorf("%w: list after game %q: not a game id (%s)", ErrInvalid, f.After.ID, IDForm)
		}
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
	return games, s.dbError(ctx, err)
}

// gameChange is a change of one game: a guarded UPDATE that returns the
// changed game, what is written with it, and the event that announces it.
type gameChange struct {
	id string
	// update ends in WHERE <guards> RETURNING gameColumns; args are its
	// arguments.
	update string
	args   []any
	kind   EventKind
	// move, when not nil, is stored with the change, as the game's new ply.
	move *Move
	// then, when not nil, runs after the update in the same transaction.
	then func(ctx context.Context, c conn) error
	// refusal explains, from the game as it is, why the guard refused; when
	// it finds nothing wrong (nil), the game changed in between.
	refusal func(Game) error
}

// event announces the change, which left the game at g.
func (ch gameChange) event(g Game) Event {
	return Event{Topic: ch.id, Kind: ch.kind, Version: g.Version, Ply: g.Ply}
}

// change runs ch in one transaction and returns the changed game. A change
// without a then step runs as one statement where the store can (atOnce,
// PostgreSQL); otherwise the update, the move and then run one after the
// other in the write transaction.
func (s *sqlStore) change(ctx context.Context, ch gameChange) (Game, error) {
	if !ValidID(ch.id) {
		return Game{}, notFound("game", ch.id)
	}
	if s.atOnce != nil && ch.then == nil {
		return s.changeAtOnce(ctx, ch)
	}
	var g Game
	err := s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		var err error
		g, err = scanGame(c.queryRow(ctx, ch.update, ch.args...))
		if errors.Is(err, sql.ErrNoRows) {
			return nil, s.refused(ctx, c, ch)
		}
		if err != nil {
			return nil, err
		}
		if ch.move != nil {
			if err := insertMove(ctx, c, ch.id, *ch.move); err != nil {
				return nil, err
			}
		}
		if ch.then != nil {
			if err := ch.then(ctx, c); err != nil {
				return nil, err
			}
		}
		return []Event{ch.event(g)}, nil
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// changeAtOnce runs ch as one statement (atOnce); when its guard refuses, it
// reads the game to say why.
func (s *sqlStore) changeAtOnce(ctx context.Context, ch gameChange) (Game, error) {
	if err := ctx.Err(); err != nil {
		return Game{}, err
	}
	g, err := s.atOnce(ctx, ch)
	if errors.Is(err, sql.ErrNoRows) {
		err = s.refused(ctx, s.pool(), ch)
	}
	if err != nil {
		return Game{}, s.dbError(ctx, err)
	}
	return g, nil
}

// values are the arguments of ch's statement when it runs at once: those of
// its update, then its move's values (moveValues), if any.
func (ch gameChange) values() []any {
	if ch.move == nil {
		return ch.args
	}
	return append(ch.args[:len(ch.args):len(ch.args)], moveValues(*ch.move)...)
}

// refused returns the error of a change whose guard refused it, read on c
// from the game as it is now.
func (s *sqlStore) refused(ctx context.Context, c conn, ch gameChange) error {
	current, err := s.gameIn(ctx, c, ch.id)
	if err != nil {
		return err
	}
	if err := ch.refusal(current); err != nil {
		return err
	}
	return fmt.Errorf("game %s changed: %w", ch.id, ErrConflict)
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
	if err := checkCount("expected ply", expectedPly); err != nil {
		return Game{}, err
	}
	now := time.Now()
	mv.Ply = expectedPly + 1
	if mv.At.IsZero() {
		mv.At = now
	}
	ch := gameChange{id: id, update: appendMoveQuery, args: append(stateValues(st, now), id, expectedPly),
		kind: EventMove, move: &mv, refusal: refusePly(expectedPly)}
	if expectedVersion != 0 {
		ch.update, ch.args = appendMoveAtQuery, append(ch.args, expectedVersion)
		ch.refusal = func(g Game) error {
			if g.Ply == expectedPly && g.Status != Ended {
				return refuseVersion(expectedVersion)(g)
			}
			return refusePly(expectedPly)(g)
		}
	}
	return s.change(ctx, ch)
}

// insertMoveInto begins the statement that stores a move: its game, its ply
// and moveValues follow.
const insertMoveInto = `INSERT INTO moves (game_id, ply, action, clock_ms, at_ms)`

// The queries of every move, prepared (hotQueries).
const (
	selectGameQuery  = `SELECT ` + gameColumns + ` FROM games WHERE id = ?`
	selectMovesQuery = `SELECT ply, action, clock_ms, at_ms FROM moves WHERE game_id = ? AND ply > ? ORDER BY ply`
	insertMoveQuery  = insertMoveInto + ` VALUES (?, ?, ?, ?, ?)`
	// appendMoveQuery takes stateValues, the id and the expected ply;
	// appendMoveAtQuery the expected version too.
	appendMoveQuery   = `UPDATE games SET ply = ply + 1, ` + setState + ` WHERE id = ? AND ply = ? AND ` + openGame + ` RETURNING ` + gameColumns
	appendMoveAtQuery = `UPDATE games SET ply = ply + 1, ` + setState + ` WHERE id = ? AND ply = ? AND ` + openGame + ` AND version = ? RETURNING ` + gameColumns
)

// hotQueries are the queries every move runs: reading the game and its
// moves, and appending a move. (On PostgreSQL, pgx prepares the appends in
// their one-statement form, pgOneStatement.)
var hotQueries = []string{selectGameQuery, selectMovesQuery, insertMoveQuery, appendMoveQuery, appendMoveAtQuery}

// TakeBack implements Store.
func (s *sqlStore) TakeBack(ctx context.Context, id string, expectedPly, toPly int, st State) (Game, error) {
	if toPly < 0 || toPly >= expectedPly || expectedPly > maxCount {
		return Game{}, fmt.Errorf("%w: take back from %d moves to %d", ErrInvalid, expectedPly, toPly)
	}
	if err := st.validate(); err != nil {
		return Game{}, err
	}
	// The moves are deleted by a statement of their own, after the update
	// has locked the game: it sees every move committed until then (a
	// statement that did both would see the moves as they were when it
	// began).
	return s.change(ctx, gameChange{
		id:     id,
		update: `UPDATE games SET ply = ?, ` + setState + ` WHERE id = ? AND ply = ? AND ` + openGame + ` RETURNING ` + gameColumns,
		args:   append(append([]any{toPly}, stateValues(st, time.Now())...), id, expectedPly),
		kind:   EventState,
		then: func(ctx context.Context, c conn) error {
			_, err := c.exec(ctx, `DELETE FROM moves WHERE game_id = ? AND ply > ?`, id, toPly)
			return err
		},
		refusal: refusePly(expectedPly),
	})
}

// SetState implements Store.
func (s *sqlStore) SetState(ctx context.Context, id string, expectedVersion int64, st State) (Game, error) {
	if err := st.validate(); err != nil {
		return Game{}, err
	}
	return s.change(ctx, gameChange{
		id:      id,
		update:  `UPDATE games SET ` + setState + ` WHERE id = ? AND version = ? RETURNING ` + gameColumns,
		args:    append(stateValues(st, time.Now()), id, expectedVersion),
		kind:    EventState,
		refusal: refuseVersion(expectedVersion),
	})
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
	update := `UPDATE games SET ` + col + `_token = ?, ` + col + `_owner = ?, ` + col + `_engine = ?, ` + col + `_joined_ms = ?, ` + setState +
		` WHERE id = ? AND version = ? AND ` + openGame +
		` AND ` + col + `_token IS NULL AND ` + col + `_owner IS NULL AND ` + col + `_engine = '' AND ` + col + `_invite IS NULL` +
		` RETURNING ` + gameColumns
	now := time.Now()
	args := append(append([]any{seat.Token.bytes(), nullable(seat.Owner), seat.Engine, now.UnixMilli()}, stateValues(st, now)...), id, expectedVersion)
	refusal := func(g Game) error {
		if err := refuseEnded(g); err != nil {
			return err
		}
		if !g.Seat(side).Open() {
			return fmt.Errorf("%w: game %s: the %s seat is taken", ErrConflict, id, side)
		}
		return refuseVersion(expectedVersion)(g)
	}
	return s.change(ctx, gameChange{id: id, update: update, args: args, kind: EventState, refusal: refusal})
}

// TakeInvite implements Store.
func (s *sqlStore) TakeInvite(ctx context.Context, id string, side Side, invite, token TokenHash) (Game, error) {
	if !ValidID(id) {
		return Game{}, notFound("game", id)
	}
	if side != White && side != Black {
		return Game{}, fmt.Errorf("%w: take the invitation of side %q", ErrInvalid, string(side))
	}
	if invite.IsZero() || token.IsZero() {
		return Game{}, fmt.Errorf("%w: taking an invitation needs the invitation and a new token", ErrInvalid)
	}
	col := string(side) // the column prefix; side is White or Black
	now := time.Now()
	update := `UPDATE games SET ` + col + `_token = ?, ` + col + `_joined_ms = ?, version = version + 1, updated_ms = ?` +
		` WHERE id = ? AND ` + openGame + ` AND ` + col + `_invite = ? AND ` + col + `_token IS NULL` +
		` RETURNING ` + gameColumns
	args := []any{token.bytes(), now.UnixMilli(), now.UnixMilli(), id, invite.bytes()}
	refusal := func(g Game) error {
		if err := refuseEnded(g); err != nil {
			return err
		}
		seat := g.Seat(side)
		if !invite.matches(seat.Invite) {
			return fmt.Errorf("game %s: no %s seat waits for this invitation: %w", id, side, ErrBadToken)
		}
		if !seat.Token.IsZero() {
			return fmt.Errorf("%w: game %s: the invitation to the %s seat was taken at %s", ErrConflict, id, side,
				seat.Joined.UTC().Format(time.RFC3339))
		}
		return nil
	}
	return s.change(ctx, gameChange{id: id, update: update, args: args, kind: EventState, refusal: refusal})
}
