package server

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"timechess/game"
	"timechess/notation"
	"timechess/rules"
	"timechess/store"
)

// timeControlJSON is a time control as the API writes it.
type timeControlJSON struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
	Days        int   `json:"days"`
}

// The bounds of a time control the server accepts.
const (
	maxInitial   = 24 * time.Hour
	maxIncrement = time.Hour
	maxDays      = 60
)

// timeControl checks and converts a requested time control.
func (tc timeControlJSON) timeControl() (store.TimeControl, error) {
	out := store.TimeControl{Initial: time.Duration(tc.InitialMs) * time.Millisecond,
		Increment: time.Duration(tc.IncrementMs) * time.Millisecond, Days: tc.Days}
	switch {
	case tc.InitialMs < 0 || tc.IncrementMs < 0 || tc.Days < 0:
		return out, invalid("the time control has a negative value: the clock's time, increment and days per move are 0 or more")
	case out.Initial > maxInitial || out.Increment > maxIncrement || tc.Days > maxDays:
		return out, invalid("the time control is too long: a live clock starts with at most %d minutes and adds at most %d seconds a move; correspondence gives at most %d days a move",
			int(maxInitial.Minutes()), int(maxIncrement.Seconds()), maxDays)
	case out.Live() && out.Correspondence():
		return out, invalid("the time control has both a live clock (initial_ms, increment_ms) and days per move: choose one")
	case out.Live() && out.Initial < time.Second && out.Increment < time.Second:
		return out, invalid("a live clock needs at least one second of time or of increment a move; for a game without a clock set both to 0")
	}
	return out, nil
}

// newGameRules checks a variant name and a start position (the variant's
// own when fen is empty) and returns the game, to which moves (if any) are
// applied, its position bound to the budget b (call it inside b's Run,
// and throw the game away when b stops it).
func newGameRules(b *rules.Budget, variant, fen string, moves []string) (*game.Game, error) {
	if variant == "" {
		variant = "chess"
	}
	v, err := rules.Lookup(variant)
	if err != nil {
		return nil, invalid("unknown variant %q (want one of %s)", variant, strings.Join(rules.Names(), ", "))
	}
	if len(fen) > 2000 {
		return nil, invalid("the position text (fen) is %d bytes long; at most 2000 are allowed", len(fen))
	}
	g, err := game.NewBound(v, fen, b)
	if err != nil {
		// The text itself is left out (the caller has it): game.NewBound
		// wraps the reason with it.
		if reason := errors.Unwrap(err); reason != nil {
			err = reason
		}
		return nil, invalid("the position text (fen) is not a valid %s position: %v. Correct it, or leave it empty for the variant's start position", v.Spec().Name, err)
	}
	if len(moves) > 2000 {
		return nil, invalid("moves: %d moves (at most 2000)", len(moves))
	}
	for i, m := range moves {
		mv, err := notation.Parse(g.Position(), m)
		if err == nil {
			err = g.PlayMove(mv)
		}
		if err != nil {
			return nil, illegalMove(fmt.Sprintf("move %d of the list (%s)", i+1, m), err)
		}
	}
	return g, nil
}

// createRequest is the body of POST /api/v1/games.
type createRequest struct {
	newRequest
	Opponent string `json:"opponent"`
	Level    int    `json:"level"`
}

// seatAnswer is the answer of a request that gives the caller a seat.
type seatAnswer struct {
	Game        json.RawMessage `json:"game"`
	Token       string          `json:"token"`
	Side        store.Side      `json:"side"`
	InviteToken string          `json:"invite_token,omitempty"`
}

// chooseSide resolves a requested colour.
func chooseSide(color string) (store.Side, error) {
	switch color {
	case "white":
		return store.White, nil
	case "black":
		return store.Black, nil
	case "", "random":
		var b [1]byte
		rand.Read(b[:])
		if b[0]&1 == 0 {
			return store.White, nil
		}
		return store.Black, nil
	}
	return store.NoSide, invalid("color %q (want white, black or random)", color)
}

// newRequest is what a request for a new game or seek gives: the variant,
// the start position (the variant's own when empty), the colour and the
// time control.
type newRequest struct {
	Variant     string          `json:"variant"`
	FEN         string          `json:"fen"`
	Color       string          `json:"color"`
	TimeControl timeControlJSON `json:"time_control"`
}

// checked is a newRequest checked: the variant's name, the position text
// to store, the time control, and the start position's Position, encoded.
type checked struct {
	variant, start string
	tc             store.TimeControl
	view           []byte
}

// checkNew checks the variant, the position (in a computation of the
// request's address, as POST /position would describe it: a position too
// complex to describe is refused before any game is stored) and the time
// control of q.
func (s *Server) checkNew(r *http.Request, q newRequest) (checked, error) {
	var c checked
	var err error
	if c.tc, err = q.TimeControl.timeControl(); err != nil {
		return c, err
	}
	var rulesErr error
	err = s.compute.run(r.Context(), clientAddr(r), "this position", computeBound, func(b *rules.Budget) {
		g, err := newGameRules(b, q.Variant, q.FEN, nil)
		if err != nil {
			rulesErr = err
			return
		}
		if st := g.Position().Status(); st.Over() {
			rulesErr = invalid("the position (fen) is already decided (%s): set up one where the game goes on", game.Describe(st))
			return
		}
		c.variant, c.start = g.Variant().Spec().Name, g.StartFEN()
		c.view, rulesErr = json.Marshal(describePosition(g.Position()))
	})
	if err == nil {
		err = rulesErr
	}
	return c, err
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var req createRequest
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	c, err := s.checkNew(r, req.newRequest)
	if err != nil {
		return err
	}
	side, err := chooseSide(req.Color)
	if err != nil {
		return err
	}
	token := store.NewToken()
	mine := store.Seat{Token: store.HashToken(token)}
	var theirs store.Seat
	invite := ""
	status := store.Ongoing
	switch req.Opponent {
	case "friend":
		invite = store.NewToken()
		theirs = store.Seat{Invite: store.HashToken(invite)}
	case "engine":
		if req.Level < 1 || req.Level > maxLevel {
			return invalid("the engine has levels 1 to %d, not %d", maxLevel, req.Level)
		}
		theirs = engineSeat(req.Level)
	case "open":
		status = store.Waiting
	default:
		return invalid("opponent %q (want friend, engine or open)", req.Opponent)
	}
	if req.Opponent != "engine" && req.Level != 0 {
		return invalid("level is for opponent engine only")
	}
	spec := store.GameSpec{Variant: c.variant, Start: c.start, TimeControl: c.tc, White: mine, Black: theirs}
	if side == store.Black {
		spec.White, spec.Black = theirs, mine
	}
	g, err := s.store.CreateGame(r.Context(), spec, store.State{Status: status, Result: store.NoResult, Clocks: initialClocks(c.tc)})
	if err != nil {
		return err
	}
	rp := s.cache.get(g.ID)
	rp.keepView(0, plyView{data: c.view})
	rp.mu.Unlock()
	return s.answerSeat(r.Context(), w, http.StatusCreated, g, seatAnswer{Token: token, Side: side, InviteToken: invite})
}

// answerSeat announces the game g, new or taken from a seek, and answers
// with code and a: the game, up to date and encoded for a.Side, and the
// caller's tokens.
func (s *Server) answerSeat(ctx context.Context, w http.ResponseWriter, code int, g store.Game, a seatAnswer) error {
	s.afterChange(g)
	data, err := s.gameFor(ctx, g.ID, a.Side)
	if err != nil {
		return err
	}
	a.Game = data
	writeJSON(w, code, a)
	return nil
}

// gameFor returns the encoded Game id, up to date, for side.
func (s *Server) gameFor(ctx context.Context, id string, side store.Side) ([]byte, error) {
	r, err := s.open(ctx, id)
	if err != nil {
		return nil, err
	}
	defer r.mu.Unlock()
	return r.describeFor(side)
}

// bearer returns the request's seat token, "" when it has none.
func bearer(r *http.Request) string {
	auth := r.Header.Get("Authorization")
	if len(auth) > 7 && strings.EqualFold(auth[:7], "bearer ") {
		return strings.TrimSpace(auth[7:])
	}
	return ""
}

func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) error {
	rp, err := s.open(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rp.mu.Unlock()
	// The position, when not known yet, is computed for this request.
	if _, err := rp.positionAt(r.Context(), clientAddr(r), len(rp.moves)); err != nil {
		return err
	}
	side := store.NoSide
	if token := bearer(r); token != "" {
		side, _ = rp.g.SeatOf(token)
	}
	data, err := rp.describeFor(side)
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, data)
	return nil
}

func (s *Server) handleGamePosition(w http.ResponseWriter, r *http.Request) error {
	rp, err := s.open(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rp.mu.Unlock()
	ply := rp.g.Ply
	if q := r.URL.Query().Get("ply"); q != "" {
		ply, err = strconv.Atoi(q)
		if err != nil || ply < 0 || ply > rp.g.Ply {
			return invalid("ply %q (want 0 to %d)", q, rp.g.Ply)
		}
	}
	data, err := rp.positionAt(r.Context(), clientAddr(r), ply)
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, data)
	return nil
}

// joinRequest is the body of POST /api/v1/games/{id}/join, which may be
// empty (take the open seat).
type joinRequest struct {
	// Invite is the token of a friend's invitation: take the seat it keeps.
	Invite string `json:"invite"`
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) error {
	var req joinRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, maxBody, &req); err != nil {
			return err
		}
	}
	rp, err := s.open(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rp.mu.Unlock()
	g := rp.g
	if g.Status == store.Ended {
		return errEnded(g)
	}
	if req.Invite != "" {
		return s.takeInvite(w, r, rp, req.Invite)
	}
	side := store.NoSide
	switch {
	case g.White.Open():
		side = store.White
	case g.Black.Open():
		side = store.Black
	case g.White.Invited() || g.Black.Invited():
		return fail(http.StatusConflict, codeConflict, "game %s has no open seat: the other seat is kept for an invited friend, who takes it with the invitation link", g.ID)
	default:
		return fail(http.StatusConflict, codeConflict, "game %s has no open seat", g.ID)
	}
	token := store.NewToken()
	st := g.State
	st.Status = store.Ongoing
	ng, err := s.store.ClaimSeat(r.Context(), g.ID, g.Version, side, store.Seat{Token: store.HashToken(token)}, st)
	if err != nil {
		return err
	}
	return s.answerJoin(w, r, rp, ng, seatAnswer{Token: token, Side: side})
}

// takeInvite gives the caller, who brings the invitation invite, the seat it
// keeps and a seat token of their own, once; later visitors with the same
// invitation are told who took it and when, and watch. A game created before
// invitations were kept apart has the invitation as its seat token: its
// holder keeps that seat and token.
func (s *Server) takeInvite(w http.ResponseWriter, r *http.Request, rp *replay, invite string) error {
	g := rp.g
	side, err := g.InviteOf(invite)
	if err != nil {
		if held, err := g.SeatOf(invite); err == nil {
			return s.answerJoin(w, r, rp, g, seatAnswer{Token: invite, Side: held})
		}
		return fail(http.StatusForbidden, codeBadToken, "this invitation is not one of game %s: check that the link was copied whole", g.ID)
	}
	if !g.Seat(side).Invited() {
		return inviteTaken(g, side)
	}
	token := store.NewToken()
	ng, err := s.store.TakeInvite(r.Context(), g.ID, side, store.HashToken(invite), store.HashToken(token))
	if errors.Is(err, store.ErrConflict) {
		// Taken meanwhile, through another server: say by whom.
		if g, err = s.store.Game(r.Context(), g.ID); err != nil {
			return err
		}
		return inviteTaken(g, side)
	}
	if err != nil {
		return err
	}
	return s.answerJoin(w, r, rp, ng, seatAnswer{Token: token, Side: side})
}

// inviteTaken is the refusal of an invitation to the seat of side, which
// its player took already.
func inviteTaken(g store.Game, side store.Side) error {
	when := ""
	if joined := g.Seat(side).Joined; !joined.IsZero() {
		when = " at " + joined.UTC().Format("2006-01-02 15:04 UTC")
	}
	return fail(http.StatusConflict, codeConflict,
		"this invitation was already taken by the player who joined as %s%s; you are watching the game (ask whoever invited you for a new invitation)", side, when)
}

// answerJoin brings rp up to the game ng, in which the caller just took a
// seat (moves made meanwhile included: taking an invitation names no
// version), announces it and answers with a.
func (s *Server) answerJoin(w http.ResponseWriter, r *http.Request, rp *replay, ng store.Game, a seatAnswer) error {
	if err := s.refresh(r.Context(), rp, &ng); err != nil {
		return err
	}
	s.afterChange(ng)
	data, err := rp.describeFor(a.Side)
	if err != nil {
		return err
	}
	a.Game = data
	writeJSON(w, http.StatusOK, a)
	return nil
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Ply  *int   `json:"ply"`
		Move string `json:"move"`
	}
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	if req.Ply == nil {
		return badRequest("ply is missing (the number of moves the client has seen)")
	}
	token, err := s.limitToken(r)
	if err != nil {
		return err
	}
	data, _, err := s.move(r.Context(), r.PathValue("id"), byToken(token), *req.Ply, req.Move)
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, data)
	return nil
}

func (s *Server) handleAction(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Action string `json:"action"`
	}
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	token, err := s.limitToken(r)
	if err != nil {
		return err
	}
	data, err := s.action(r.Context(), r.PathValue("id"), byToken(token), req.Action)
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, data)
	return nil
}

// limitToken returns the request's token after taking one from its bucket.
func (s *Server) limitToken(r *http.Request) (string, error) {
	token := bearer(r)
	if token == "" {
		return "", nil
	}
	if ok, wait := s.tokenLimit.allow(tokenKey(token)); !ok {
		return "", fail(http.StatusTooManyRequests, codeRateLimited, "too many moves and actions for this seat; retry in %v", wait.Round(time.Millisecond))
	}
	return token, nil
}

// listLimit reads a list's limit parameter.
func listLimit(r *http.Request, def, most int) (int, error) {
	q := r.URL.Query().Get("limit")
	if q == "" {
		return def, nil
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < 1 || n > most {
		return 0, invalid("limit %q (want 1 to %d)", q, most)
	}
	return n, nil
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) error {
	limit, err := listLimit(r, 50, 200)
	if err != nil {
		return err
	}
	status := store.Status(r.URL.Query().Get("status"))
	switch status {
	case "", store.Waiting, store.Ongoing, store.Ended:
	default:
		return invalid("status %q (want waiting, ongoing or ended)", status)
	}
	games, err := s.store.ListGames(r.Context(), store.GameFilter{Status: status, Limit: limit})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, mapAll(games, summarize))
	return nil
}

// maxMineTokens bounds the tokens of POST /api/v1/games/mine.
const maxMineTokens = 200

func (s *Server) handleMine(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Tokens []string `json:"tokens"`
	}
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	if len(req.Tokens) > maxMineTokens {
		return invalid("%d tokens (at most %d)", len(req.Tokens), maxMineTokens)
	}
	out := []*gameView{}
	if len(req.Tokens) > 0 {
		games, err := s.store.ListGames(r.Context(), store.GameFilter{Tokens: mapAll(req.Tokens, store.HashToken), Limit: 1000})
		if err != nil {
			return err
		}
		for _, g := range games {
			v := summarize(g)
			for _, t := range req.Tokens {
				if side, err := g.SeatOf(t); err == nil {
					v.You = &side
					break
				}
			}
			out = append(out, v)
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
