package store_test

import (
	"slices"
	"testing"
	"time"

	"timechess/store"
)

// testExpireSeeks: ExpireSeeks deletes the open seeks older than the bound
// of their kind (live clock or not), never a taken one, and announces it
// on the lobby's feed and each seek's.
func testExpireSeeks(t *testing.T, b backend) {
	s := openStore(t, b.fresh(t))
	ctx := testContext(t)
	start := "8/8/8/8/8/8/8/K6k w - - 0 1"
	seek := func(tc store.TimeControl) store.Seek {
		return must[store.Seek](t)(s.CreateSeek(ctx, store.SeekSpec{Variant: "chess", Start: start, TimeControl: tc, Token: store.HashToken("creator")}))
	}
	live := seek(store.TimeControl{Initial: time.Minute})
	slow := seek(store.TimeControl{Days: 3})
	untimed := seek(store.TimeControl{})
	taken := seek(store.TimeControl{Initial: time.Minute})
	must[store.Game](t)(s.TakeSeek(ctx, taken.ID, store.GameSpec{Variant: "chess", Start: start,
		White: store.Seat{Token: store.HashToken("taker")}, Black: store.Seat{Token: store.HashToken("creator")}}, ongoing))
	lobby := must[<-chan store.Event](t)(s.Subscribe(ctx, store.LobbyTopic))
	own := must[<-chan store.Event](t)(s.Subscribe(ctx, live.ID))

	later, long := time.Now().Add(time.Second), time.Now().Add(-time.Hour)
	if ids := must[[]string](t)(s.ExpireSeeks(ctx, long, long)); len(ids) != 0 {
		t.Errorf("nothing is old enough, yet %v expired", ids)
	}
	if ids := must[[]string](t)(s.ExpireSeeks(ctx, later, long)); !slices.Equal(ids, []string{live.ID}) {
		t.Errorf("expired %v, want the live seek %s only", ids, live.ID)
	}
	expect(t, lobby, store.LobbyTopic, store.EventSeek, 0)
	expect(t, own, live.ID, store.EventSeek, 0)
	ids := must[[]string](t)(s.ExpireSeeks(ctx, later, later))
	slices.Sort(ids)
	want := []string{slow.ID, untimed.ID}
	slices.Sort(want)
	if !slices.Equal(ids, want) {
		t.Errorf("expired %v, want the slow seeks %v", ids, want)
	}
	if open := must[[]store.Seek](t)(s.OpenSeeks(ctx, 10)); len(open) != 0 {
		t.Errorf("open seeks left: %+v", open)
	}
	if k := must[store.Seek](t)(s.Seek(ctx, taken.ID)); k.Game == "" {
		t.Errorf("the taken seek lost its game: %+v", k)
	}
	_, err := s.Seek(ctx, live.ID)
	wantErr(t, "read an expired seek", err, store.ErrNotFound)
}
