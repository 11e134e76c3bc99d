package server

import (
	"context"
	"crypto/subtle"
	"net/http"
	"time"

	"timechess/store"
)

// seekView is a seek as the API shows it.
type seekView struct {
	ID          string          `json:"id"`
	Variant     string          `json:"variant"`
	Start       string          `json:"start"`
	TimeControl timeControlJSON `json:"time_control"`
	Color       string          `json:"color"`
	Created     time.Time       `json:"created"`
	Game        string          `json:"game,omitempty"`
}

func describeSeek(k store.Seek) seekView {
	color := string(k.Side)
	if k.Side == store.NoSide {
		color = "random"
	}
	tc := k.TimeControl
	return seekView{ID: k.ID, Variant: k.Variant, Start: k.Start, Color: color, Created: k.Created, Game: k.Game,
		TimeControl: timeControlJSON{tc.Initial.Milliseconds(), tc.Increment.Milliseconds(), tc.Days}}
}

// maxSeeks bounds the open seeks listed.
const maxSeeks = 200

// openSeeks returns the open seeks, at most maxSeeks, as the API shows them.
func (s *Server) openSeeks(ctx context.Context) ([]seekView, error) {
	seeks, err := s.store.OpenSeeks(ctx, maxSeeks)
	if err != nil {
		return nil, err
	}
	return mapAll(seeks, describeSeek), nil
}

func (s *Server) handleSeeks(w http.ResponseWriter, r *http.Request) error {
	out, err := s.openSeeks(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleCreateSeek(w http.ResponseWriter, r *http.Request) error {
	var req newRequest
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	c, err := s.checkNew(r, req)
	variant, start, tc := c.variant, c.start, c.tc
	if err != nil {
		return err
	}
	side := store.NoSide
	switch req.Color {
	case "white", "black":
		side = store.Side(req.Color)
	case "", "random":
	default:
		return invalid("color %q (want white, black or random)", req.Color)
	}
	token := store.NewToken()
	k, err := s.store.CreateSeek(r.Context(), store.SeekSpec{Variant: variant, Start: start, TimeControl: tc, Side: side, Token: store.HashToken(token)})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"seek": describeSeek(k), "token": token})
	return nil
}

func (s *Server) handleSeek(w http.ResponseWriter, r *http.Request) error {
	k, err := s.store.Seek(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, describeSeek(k))
	return nil
}

func (s *Server) handleAcceptSeek(w http.ResponseWriter, r *http.Request) error {
	k, err := s.store.Seek(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if k.Game != "" {
		return fail(http.StatusConflict, codeConflict, "seek %s was taken already", k.ID)
	}
	if wait, ok := s.cfg.Expiry.seekExpired(k, s.now()); ok {
		return fail(http.StatusNotFound, codeNotFound, "seek %s has expired: nobody accepted it in %s", k.ID, spell(wait))
	}
	creator := k.Side
	if creator == store.NoSide {
		if creator, err = chooseSide("random"); err != nil {
			return err
		}
	}
	token := store.NewToken()
	mine := store.Seat{Token: store.HashToken(token)}
	theirs := store.Seat{Token: k.Token, Owner: k.Owner}
	spec := store.GameSpec{Variant: k.Variant, Start: k.Start, TimeControl: k.TimeControl, White: theirs, Black: mine}
	side := store.Black
	if creator == store.Black {
		spec.White, spec.Black, side = mine, theirs, store.White
	}
	g, err := s.store.TakeSeek(r.Context(), k.ID, spec, store.State{Status: store.Ongoing, Result: store.NoResult, Clocks: initialClocks(k.TimeControl)})
	if err != nil {
		return err
	}
	return s.answerSeat(r.Context(), w, http.StatusOK, g, seatAnswer{Token: token, Side: side})
}

func (s *Server) handleCancelSeek(w http.ResponseWriter, r *http.Request) error {
	k, err := s.store.Seek(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	token := bearer(r)
	if token == "" {
		return fail(http.StatusUnauthorized, codeBadToken, "cancelling a seek needs its creator's token")
	}
	h := store.HashToken(token)
	if subtle.ConstantTimeCompare(h[:], k.Token[:]) != 1 {
		return fail(http.StatusForbidden, codeBadToken, "the token is not the creator's of seek %s", k.ID)
	}
	if err := s.store.CancelSeek(r.Context(), k.ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
