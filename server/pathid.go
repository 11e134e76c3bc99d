package server

import (
	"net/http"
	"strings"

	"timechess/store"
)

// checkPathID refuses a request whose path holds a game or seek id ({id})
// that cannot be one (store.ValidID): no game or seek has it, so it is 404,
// answered without asking the store.
func checkPathID(r *http.Request) error {
	if !strings.Contains(r.Pattern, "{id}") {
		return nil
	}
	id := r.PathValue("id")
	if store.ValidID(id) {
		return nil
	}
	what := "game"
	if strings.Contains(r.Pattern, "/seeks/") {
		what = "seek"
	}
	if len(id) > 40 {
		id = id[:40] + "..."
	}
	return fail(http.StatusNotFound, codeNotFound, "no %s has the id %q: an id is %s", what, id, store.IDForm)
}
