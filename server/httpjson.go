package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The request body limits.
const (
	maxBody       = 1 << 20 // every JSON request
	maxImportBody = 4 << 20 // POST /api/v1/import
)

// mapAll returns f of each item, in order (an empty slice, not nil, for
// none, so that JSON shows []).
func mapAll[T, V any](items []T, f func(T) V) []V {
	out := make([]V, len(items))
	for i, x := range items {
		out[i] = f(x)
	}
	return out
}

// decode reads the request's JSON body into v, at most limit bytes, refusing
// unknown fields and trailing data.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil {
			return bodyError(err)
		}
		return badRequest("the body holds more than one JSON value")
	}
	return nil
}

// decodeBytes is decode for a message already read (a WebSocket message).
func decodeBytes(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyError(err)
	}
	if dec.More() {
		return badRequest("the message holds more than one JSON value")
	}
	return nil
}

// bodyError explains a JSON decoding failure.
func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return fail(http.StatusRequestEntityTooLarge, codeTooLarge, "the body is larger than %d bytes", tooBig.Limit)
	case errors.Is(err, io.EOF):
		return badRequest("the body is empty (want a JSON object)")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("the JSON body ends early")
	case errors.As(err, &syntax):
		return badRequest("malformed JSON at byte %d: %v", syntax.Offset, err)
	case errors.As(err, &typ):
		return badRequest("field %q: want %s, not JSON %s", typ.Field, typ.Type, typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return badRequest("%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	return badRequest("bad JSON: %v", err)
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		writeError(w, fmt.Errorf("encoding the answer: %w", err))
		return
	}
	writeRaw(w, status, data)
}

// writeRaw answers with JSON already encoded.
func writeRaw(w http.ResponseWriter, status int, data []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)+1))
	w.WriteHeader(status)
	w.Write(data)
	w.Write([]byte{'\n'})
}

// writeError answers with the error body of docs/api.md.
func writeError(w http.ResponseWriter, err error) {
	ae := asAPIError(err)
	switch ae.Status {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		if w.Header().Get("Retry-After") == "" {
			w.Header().Set("Retry-After", strconv.Itoa(max(1, int((ae.RetryAfter+time.Second-1)/time.Second))))
		}
	}
	writeJSON(w, ae.Status, map[string]any{"error": ae})
}
