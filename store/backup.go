package store

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// The portable backup format (docs/storage.md): JSON lines, one record each,
// the same for both databases. A header, then the games, the moves, the
// comments and the seeks, then a trailer with the counts, so that a truncated
// file is refused.
const (
	backupFormat  = "timechess-store"
	backupVersion = 1
)

// backupRecord is one line of a backup; exactly one of its parts is set.
type backupRecord struct {
	Format  string        `json:"format,omitempty"`
	Version int           `json:"version,omitempty"`
	Game    *Game         `json:"game,omitempty"`
	Move    *gameMove     `json:"move,omitempty"`
	Comment *Comment      `json:"comment,omitempty"`
	Seek    *Seek         `json:"seek,omitempty"`
	End     *backupCounts `json:"end,omitempty"`
}

// gameMove is a move with the id of its game.
type gameMove struct {
	Game string `json:"game"`
	Move
}

// backupCounts is the trailer: how many records of each kind came before.
type backupCounts struct {
	Games    int `json:"games"`
	Moves    int `json:"moves"`
	Comments int `json:"comments"`
	Seeks    int `json:"seeks"`
}

// Backup implements Store.
func (s *sqlStore) Backup(ctx context.Context, w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	var n backupCounts
	err := s.read(ctx, func(c conn) error {
		if err := enc.Encode(backupRecord{Format: backupFormat, Version: backupVersion}); err != nil {
			return err
		}
		rows, err := c.query(ctx, `SELECT `+gameColumns+` FROM games ORDER BY id`)
		if err := forEach(rows, err, scanGame, func(g Game) error {
			n.Games++
			return enc.Encode(backupRecord{Game: &g})
		}); err != nil {
			return err
		}
		rows, err = c.query(ctx, `SELECT game_id, ply, action, clock_ms, at_ms FROM moves ORDER BY game_id, ply`)
		if err := forEach(rows, err, scanGameMove, func(m gameMove) error {
			n.Moves++
			return enc.Encode(backupRecord{Move: &m})
		}); err != nil {
			return err
		}
		rows, err = c.query(ctx, `SELECT `+commentColumns+` FROM comments ORDER BY game_id, seq`)
		if err := forEach(rows, err, scanComment, func(c Comment) error {
			n.Comments++
			return enc.Encode(backupRecord{Comment: &c})
		}); err != nil {
			return err
		}
		rows, err = c.query(ctx, `SELECT `+seekColumns+` FROM seeks ORDER BY created_ms, id`)
		if err := forEach(rows, err, scanSeek, func(k Seek) error {
			n.Seeks++
			return enc.Encode(backupRecord{Seek: &k})
		}); err != nil {
			return err
		}
		return enc.Encode(backupRecord{End: &n})
	})
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

func scanGameMove(row rowScanner) (gameMove, error) {
	var m gameMove
	mv, err := scanMove(prefixed{row, &m.Game})
	m.Move = mv
	return m, err
}

// prefixed scans a row whose first column goes to first and the others to the
// destinations of Scan.
type prefixed struct {
	row   rowScanner
	first any
}

func (p prefixed) Scan(dest ...any) error { return p.row.Scan(append([]any{p.first}, dest...)...) }

// Restore implements Store.
func (s *sqlStore) Restore(ctx context.Context, r io.Reader) error {
	err := s.write(ctx, func(ctx context.Context, c conn) ([]Event, error) {
		var games, seeks int
		if err := c.queryRow(ctx, `SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM seeks)`).Scan(&games); err != nil {
			return nil, err
		}
		if games+seeks > 0 {
			return nil, fmt.Errorf("%w: the database already holds games or seeks; restore needs an empty one", ErrConflict)
		}
		return nil, readBackup(r, func(rec backupRecord) error {
			switch {
			case rec.Game != nil:
				return insertGame(ctx, c, *rec.Game)
			case rec.Move != nil:
				return insertMove(ctx, c, rec.Move.Game, rec.Move.Move)
			case rec.Comment != nil:
				return insertComment(ctx, c, *rec.Comment)
			default:
				return insertSeek(ctx, c, *rec.Seek)
			}
		})
	})
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	return nil
}

// readBackup reads a backup and calls visit with each game, move, comment and
// seek record, after checking it: the header, each record's values, that a
// game comes before its moves, comments and seek, that the moves and comments
// of a game are numbered 1, 2, ... up to its counts, and that the trailer
// counts what came before it and ends the file.
func readBackup(r io.Reader, visit func(backupRecord) error) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var (
		n     backupCounts
		games = map[string]*Game{}
		plies = map[string]int{} // the moves and comments read per game
		seqs  = map[string]int{}
	)
	for num := 1; ; num++ {
		var rec backupRecord
		if err := dec.Decode(&rec); err != nil {
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("%w: backup ends at record %d without its trailer (a truncated file?)", ErrInvalid, num)
			}
			return fmt.Errorf("%w: backup record %d: %v", ErrInvalid, num, err)
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%w: backup record %d: %s", ErrInvalid, num, fmt.Sprintf(format, args...))
		}
		if num == 1 {
			if rec != (backupRecord{Format: backupFormat, Version: backupVersion}) {
				return bad("want the header {\"format\":%q,\"version\":%d}", backupFormat, backupVersion)
			}
			continue
		}
		if parts := rec.parts(); parts != 1 {
			return bad("holds %d parts (want one of game, move, comment, seek, end)", parts)
		}
		var err error
		switch {
		case rec.Game != nil:
			err = checkBackupGame(*rec.Game, games)
			games[rec.Game.ID] = rec.Game
			n.Games++
		case rec.Move != nil:
			m := rec.Move
			err = checkNext("move", m.Game, m.Ply, games, plies)
			err = errors.Join(err, m.validate(), requireTime("move", m.At))
			n.Moves++
		case rec.Comment != nil:
			c := rec.Comment
			err = checkNext("comment", c.Game, c.Seq, games, seqs)
			if c.Text == "" {
				err = errors.Join(err, errors.New("empty comment"))
			}
			err = errors.Join(err, checkText("comment author", c.Author, maxName), c.Side.validate("comment"),
				checkText("comment", c.Text, maxComment), requireTime("comment", c.At))
			n.Comments++
		case rec.Seek != nil:
			err = checkBackupSeek(*rec.Seek, games)
			n.Seeks++
		default:
			if *rec.End != n {
				return bad("the trailer counts %+v, but the backup holds %+v", *rec.End, n)
			}
			for id, g := range games {
				if plies[id] != g.Ply || seqs[id] != g.Comments {
					return bad("game %s has %d moves and %d comments in the backup, but says %d and %d", id, plies[id], seqs[id], g.Ply, g.Comments)
				}
			}
			if dec.More() {
				return bad("the trailer is followed by more data")
			}
			return nil
		}
		if err != nil {
			return bad("%v", err)
		}
		if err := visit(rec); err != nil {
			return fmt.Errorf("backup record %d: %w", num, err)
		}
	}
}

// parts counts the parts of a record that are set.
func (rec backupRecord) parts() int {
	n := 0
	for _, set := range []bool{rec.Format != "" || rec.Version != 0, rec.Game != nil, rec.Move != nil, rec.Comment != nil, rec.Seek != nil, rec.End != nil} {
		if set {
			n++
		}
	}
	return n
}

func checkBackupGame(g Game, games map[string]*Game) error {
	switch {
	case games[g.ID] != nil:
		return fmt.Errorf("game %s comes twice", g.ID)
	case g.Ply < 0 || g.Version < 1 || g.Comments < 0 || g.Ply > maxCount || g.Comments > maxCount:
		return fmt.Errorf("game %s: ply %d, version %d, %d comments", g.ID, g.Ply, g.Version, g.Comments)
	case g.Created.IsZero() || g.Updated.IsZero():
		return fmt.Errorf("game %s has no creation or update time", g.ID)
	}
	return errors.Join(checkID("game", g.ID), g.GameSpec.validate(), g.State.validate())
}

func checkBackupSeek(k Seek, games map[string]*Game) error {
	if k.Game != "" && games[k.Game] == nil {
		return fmt.Errorf("seek %s names game %s, which comes later or not at all", k.ID, k.Game)
	}
	if k.Created.IsZero() {
		return fmt.Errorf("seek %s has no creation time", k.ID)
	}
	return errors.Join(checkID("seek", k.ID), k.SeekSpec.validate())
}

// checkNext checks that a move or comment of game id is the next one.
func checkNext(what, id string, num int, games map[string]*Game, last map[string]int) error {
	if games[id] == nil {
		return fmt.Errorf("%s of game %q, which comes later or not at all", what, id)
	}
	if num != last[id]+1 {
		return fmt.Errorf("%s %d of game %s follows %s %d", what, num, id, what, last[id])
	}
	last[id] = num
	return nil
}

func requireTime(what string, t time.Time) error {
	if t.IsZero() {
		return fmt.Errorf("%s without a time", what)
	}
	return nil
}

func checkID(what, id string) error {
	if !ValidID(id) {
		return fmt.Errorf("%s id %q: want %s", what, id, IDForm)
	}
	return nil
}

// forEach calls fn with every row of a query, read with scan.
func forEach[T any](rows *sql.Rows, err error, scan func(rowScanner) (T, error), fn func(T) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return rows.Err()
}
