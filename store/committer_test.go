package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
)

// In one batch, a write that fails after changing rows is rolled back alone,
// one whose caller has gone is not run, and the others are committed.
func TestCommitterBatch(t *testing.T) {
	path := t.TempDir() + "/batch.db"
	s, err := openSQLite(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st := s.(*sqlStore)
	g, err := st.CreateGame(t.Context(), GameSpec{Variant: "chess", Start: "8/8/8/8/8/8/8/K6k w - - 0 1"}, State{Status: Ongoing, Result: NoResult})
	if err != nil {
		t.Fatal(err)
	}
	comment := func(text string, fail error) writeFunc {
		return func(ctx context.Context, cn conn) ([]Event, error) {
			c := Comment{Game: g.ID, Seq: len(text), Author: "batch", Text: text, At: g.Created}
			return nil, errors.Join(insertComment(ctx, cn, c), fail)
		}
	}
	refused := errors.New("refused after writing")
	gone, cancel := context.WithCancel(t.Context())
	cancel()
	batch := []*writeRequest{
		{ctx: t.Context(), fn: comment("a", nil)},
		{ctx: t.Context(), fn: comment("bb", refused)},
		{ctx: gone, fn: comment("ccc", nil)},
		{ctx: t.Context(), fn: comment("dddd", nil)},
	}
	// The batch runs on a writer connection of its own, beside the store's
	// idle committer.
	dsn, err := sqliteDSN(path, true)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	writes, err := prepareStatements(t.Context(), db, st.d, committerQueries...)
	if err != nil {
		t.Fatal(err)
	}
	defer writes.close()
	(&committer{writes: writes, hub: st.hub}).commit(batch)
	wantErrs := []error{nil, refused, context.Canceled, nil}
	for i, r := range batch {
		if !errors.Is(r.err, wantErrs[i]) || (wantErrs[i] == nil) != (r.err == nil) {
			t.Errorf("request %d: error %v, want %v", i, r.err, wantErrs[i])
		}
	}
	comments, err := st.Comments(t.Context(), g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range comments {
		texts = append(texts, c.Text)
	}
	if len(texts) != 2 || texts[0] != "a" || texts[1] != "dddd" {
		t.Errorf("stored comments %q, want a and dddd", texts)
	}
}
