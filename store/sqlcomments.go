package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// AddComment implements Store.
func (s *sqlStore) AddComment(ctx context.Context, id string, side Side, author, text string) (Comment, error) {
	if !ValidID(id) {
		return Comment{}, notFound("game", id)
	}
	if err := side.validate("comment"); err != nil {
		return Comment{}, err
	}
	if text == "" {
		return Comment{}, fmt.Errorf("%w: empty comment", ErrInvalid)
	}
	if err := checkText("comment author", author, maxName); err != nil {
		return Comment{}, err
	}
	if err := checkText("comment", text, maxComment); err != nil {
		return Comment{}, err
	}
	c := Comment{Game: id, Author: author, Side: side, Text: text, At: time.Now().UTC().Truncate(time.Millisecond)}
	err := s.write(ctx, func(ctx context.Context, cn conn) ([]Event, error) {
		err := cn.queryRow(ctx, `UPDATE games SET comments = comments + 1 WHERE id = ? RETURNING comments`, id).Scan(&c.Seq)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, notFound("game", id)
		}
		if err != nil {
			return nil, err
		}
		return []Event{{Topic: id, Kind: EventComment, Seq: c.Seq}}, insertComment(ctx, cn, c)
	})
	if err != nil {
		return Comment{}, err
	}
	return c, nil
}

func insertComment(ctx context.Context, cn conn, c Comment) error {
	_, err := cn.exec(ctx, `INSERT INTO comments (`+commentColumns+`) VALUES (?, ?, ?, ?, ?, ?)`,
		c.Game, c.Seq, c.Author, c.Side, c.Text, millis(c.At))
	return err
}

// Comments implements Store.
func (s *sqlStore) Comments(ctx context.Context, id string, afterSeq int) ([]Comment, error) {
	if err := checkCount("comments after number", afterSeq); err != nil {
		return nil, err
	}
	var comments []Comment
	err := s.read(ctx, func(cn conn) error {
		if _, err := s.gameIn(ctx, cn, id); err != nil {
			return err
		}
		rows, err := cn.query(ctx, `SELECT `+commentColumns+` FROM comments WHERE game_id = ? AND seq > ? ORDER BY seq`, id, afterSeq)
		comments, err = collect(rows, err, scanComment)
		return err
	})
	return comments, err
}

const commentColumns = `game_id, seq, author, side, body, at_ms`

func scanComment(row rowScanner) (Comment, error) {
	var (
		c  Comment
		at sql.NullInt64
	)
	if err := row.Scan(&c.Game, &c.Seq, &c.Author, &c.Side, &c.Text, &at); err != nil {
		return Comment{}, err
	}
	c.At = timeOf(at)
	return c, nil
}
