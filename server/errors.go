package server

import (
	"errors"
	"fmt"
	"net/http"
	"time"

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
	codeCancelled   = "cancelled"
	codeInternal    = "internal"
	codeBadMethod   = "method_not_allowed"
)

// apiError is a refusal with its HTTP status and code.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// RetryAfter, when set, is the wait a 429 or 503 answer's Retry-After
	// names (1 s otherwise).
	RetryAfter time.Duration `json:"-"`
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
// into their codes, anything unknown into a 500 without details.
func asAPIError(err error) *apiError {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae
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
