package store

import (
	"context"
	"fmt"
	"time"
)

// Rematch implements Store.
func (s *sqlStore) Rematch(ctx context.Context, id string, expectedVersion int64, spec GameSpec, st State) (Game, Game, error) {
	next, err := newGame(spec, st)
	if err != nil {
		return Game{}, Game{}, err
	}
	update := `UPDATE games SET rematch = '', rematch_game = ?, version = version + 1, updated_ms = ?` +
		` WHERE id = ? AND version = ? AND status = 'ended' AND rematch_game IS NULL RETURNING ` + gameColumns
	refusal := func(g Game) error {
		switch {
		case g.Status != Ended:
			return fmt.Errorf("%w: game %s has not ended, so it has no rematch", ErrInvalid, id)
		case g.RematchGame != "":
			return fmt.Errorf("%w: game %s has its rematch already: game %s", ErrConflict, id, g.RematchGame)
		}
		return refuseVersion(expectedVersion)(g)
	}
	ended, err := s.change(ctx, gameChange{
		id: id, update: update, args: []any{next.ID, time.Now().UnixMilli(), id, expectedVersion},
		kind: EventState, refusal: refusal,
		then: func(ctx context.Context, c conn) error {
			if err := insertGame(ctx, c, next); err != nil {
				return err
			}
			next, err = s.gameIn(ctx, c, next.ID) // as stored, to the millisecond
			return err
		},
	})
	if err != nil {
		return Game{}, Game{}, err
	}
	return ended, next, nil
}
