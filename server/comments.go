package server

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"timechess/store"
)

// The limits of a comment.
const (
	maxAuthor      = 40
	maxCommentText = 2000
	maxCommentList = 500
)

// commentView is a comment as the API shows it.
type commentView struct {
	Seq    int    `json:"seq"`
	Author string `json:"author"`
	// Role is the side of a player of the game ("white", "black"), as the
	// seat token sent with the comment showed, or "spectator".
	Role string    `json:"role"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// spectator is the role of a comment whose author holds no seat.
const spectator = "spectator"

func commentOf(c store.Comment) commentView {
	role := string(c.Side)
	if c.Side == store.NoSide {
		role = spectator
	}
	return commentView{Seq: c.Seq, Author: c.Author, Role: role, Text: c.Text, At: c.At}
}

func (s *Server) handleComments(w http.ResponseWriter, r *http.Request) error {
	after := 0
	if q := r.URL.Query().Get("after"); q != "" {
		n, err := strconv.ParseInt(q, 10, 32)
		if err != nil || n < 0 {
			return invalid("after %.40q (want a comment number from 0 to %d)", q, math.MaxInt32)
		}
		after = int(n)
	}
	comments, err := s.store.Comments(r.Context(), r.PathValue("id"), after)
	if err != nil {
		return err
	}
	if len(comments) == 0 {
		if _, err := s.store.Game(r.Context(), r.PathValue("id")); err != nil {
			return err
		}
	}
	comments = comments[:min(len(comments), maxCommentList)]
	writeJSON(w, http.StatusOK, mapAll(comments, commentOf))
	return nil
}

func (s *Server) handleAddComment(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Author string `json:"author"`
		Text   string `json:"text"`
	}
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	req.Author, req.Text = strings.TrimSpace(req.Author), strings.TrimSpace(req.Text)
	if req.Author == "" {
		req.Author = "anonymous"
	}
	switch {
	case utf8.RuneCountInString(req.Author) > maxAuthor:
		return invalid("author: at most %d characters", maxAuthor)
	case req.Text == "":
		return invalid("text is empty")
	case utf8.RuneCountInString(req.Text) > maxCommentText:
		return invalid("text: at most %d characters", maxCommentText)
	}
	if err := checkPersonText("author", req.Author, false); err != nil {
		return err
	}
	if err := checkPersonText("text", req.Text, true); err != nil {
		return err
	}
	side := store.NoSide
	if token := bearer(r); token != "" {
		g, err := s.store.Game(r.Context(), r.PathValue("id"))
		if err != nil {
			return err
		}
		if side, err = g.SeatOf(token); err != nil {
			return fail(http.StatusForbidden, codeBadToken, "the token sent with the comment holds no seat of game %s; send the comment without it to post as a spectator", g.ID)
		}
	}
	c, err := s.store.AddComment(r.Context(), r.PathValue("id"), side, req.Author, req.Text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, commentOf(c))
	return nil
}
