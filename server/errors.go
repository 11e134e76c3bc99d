package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"timechess/notation"
	"timechess/store"
)

// The error codes of docs/api.md.
const (
	codeBadRequest  = "bad_request"
	codeTooLarge    = "too_large"
	codeInvalid     = "invalid"
	codeIllegalMove = "illegal_move"
	codeNotYourTurn = "not_your_turn"
	codeBadToken    = "bad_token"
	codeNotFound    = "not_found"
	codeConflict    = "conflict"
	codeEnded       = "ended"
	codeRateLimited = "rate_limited"
	codeBusy        = "busy"
	codeTooComplex  = "too_complex"
	codeInternal    = "internal"
	codeBadMethod   = "method_not_allowed"
	// codeClientClosed is the code of a request whose client left before
	// it was answered (status statusClientClosed).
	codeClientClosed = "client_closed"
	codeUnknownHost  = "unknown_host"
)

// statusClientClosed is the status logged and counted (metrics) for a
// request whose client closed the connection before the answer: nginx's
// 499, which no client reads, since none is left to read it. It is not a
// fault of the server: it is logged at info level like any answer.
const statusClientClosed = 499

// clientLeft reports whether r's client has gone: the server cancels a
// request's context when its connection closes (a deadline of the
// server's own ends it with DeadlineExceeded instead).
func clientLeft(r *http.Request) bool { return errors.Is(r.Context().Err(), context.Canceled) }

// apiError is a refusal with its HTTP status and code.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// Refusal is the rule that forbids a refused move, when the variant
	// names it.
	Refusal *refusalView `json:"refusal,omitempty"`
	// RetryAfter, when set, is the wait a 429 or 503 answer's Retry-After
	// names (1 s otherwise).
	RetryAfter time.Duration `json:"-"`
}

// refusalView is the rule that forbids a move (rules.Refusal).
type refusalView struct {
	Rule   string `json:"rule"`
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// illegalMove refuses the move named by label (its text, quoted, or "move
// 3 (Nf3)" in a list) for err, notation.Parse's reason: the message says
// why, and the refusal names the rule when the variant can.
func illegalMove(label string, err error) *apiError {
	var ne *notation.Error
	if !errors.As(err, &ne) {
		return fail(http.StatusBadRequest, codeIllegalMove, "%s is not legal here: %v", label, err)
	}
	ae := fail(http.StatusBadRequest, codeIllegalMove, "%s is not legal here: %s", label, ne.Explanation())
	if r := ne.Rule; r != nil {
		ae.Refusal = &refusalView{Rule: r.Rule, Name: r.Name, Reason: r.Reason}
	}
	return ae
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

// fail makes an apiError with a formatted message.
func fail(status int, code, format string, args ...any) *apiError {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

func badRequest(format string, args ...any) *apiError {
	return fail(http.StatusBadRequest, codeBadRequest, format, args...)
}

func invalid(format string, args ...any) *apiError {
	return fail(http.StatusBadRequest, codeInvalid, format, args...)
}

// asAPIError turns any error into the apiError the client sees: store errors
// into their codes, a cancelled request into statusClientClosed, anything
// unknown into a 500 without details.
func asAPIError(err error) *apiError {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, context.Canceled):
		return fail(statusClientClosed, codeClientClosed, "the request was cancelled before it was answered")
	case errors.Is(err, store.ErrNotFound):
		return fail(http.StatusNotFound, codeNotFound, "%v", err)
	case errors.Is(err, store.ErrConflict):
		return fail(http.StatusConflict, codeConflict, "%v; read the game again", err)
	case errors.Is(err, store.ErrEnded):
		return fail(http.StatusConflict, codeEnded, "%v", err)
	case errors.Is(err, store.ErrBadToken):
		return fail(http.StatusForbidden, codeBadToken, "the token holds no seat of this game")
	case errors.Is(err, store.ErrInvalid):
		return fail(http.StatusBadRequest, codeInvalid, "%v", err)
	}
	return fail(http.StatusInternalServerError, codeInternal, "internal error")
}
