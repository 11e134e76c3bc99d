package timethief

import (
	"fmt"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// The position text of a Time Thief game adds, after a move, two fields that
// the next move depends on (a TT-capture restores the state before the last
// move):
//
//	last=MOVE   the last move in coordinate form (d7xg4 for a TT-capture,
//	            f3g5s for a Spirit leaving its host on f3)
//	prev=TEXT   the state before it: its six fields joined by commas
//
// Without them the position has no history and no TT-capture is possible.

// FormatExtra writes last= and prev= when the position has a previous state.
func (v *Variant) FormatExtra(p *rules.Position) []string {
	if p.Ply() == 0 {
		return nil
	}
	before := p.Sibling(p.Previous())
	return []string{"last=" + notation.Coord(&before, p.LastMove()), "prev=" + strings.ReplaceAll(before.FEN(), " ", ",")}
}

// ParseExtra reads last= and prev= and installs the previous state as the
// position's history. An orthodox or Spirit last move must lead from prev
// to this position; a TT-capture is taken as given, since checking it would
// need the state before prev.
func (v *Variant) ParseExtra(p *rules.Position, fields []string) error {
	var last, prev string
	for _, f := range fields {
		switch {
		case strings.HasPrefix(f, "last=") && last == "":
			last = f[len("last="):]
		case strings.HasPrefix(f, "prev=") && prev == "":
			prev = f[len("prev="):]
		default:
			return fmt.Errorf("%s: unexpected field %q (expected last=MOVE and prev=STATE)", v.S.Name, f)
		}
	}
	if last == "" && prev == "" {
		return nil
	}
	if last == "" || prev == "" {
		return fmt.Errorf("%s: last= and prev= go together", v.S.Name)
	}
	before, err := rules.NewPosition(v, strings.ReplaceAll(prev, ",", " "))
	if err != nil {
		return fmt.Errorf("prev= state: %v", err)
	}
	if before.Geometry() != p.Geometry() {
		return fmt.Errorf("prev= state is on a %dx%d board, the position on %dx%d",
			before.Geometry().W, before.Geometry().H, p.Geometry().W, p.Geometry().H)
	}
	m, err := ParseCoord(before, last)
	if err != nil {
		return fmt.Errorf("last= move: %v", err)
	}
	if m.Kind != rules.TTCapture {
		after := before.Copy()
		after.Make(m)
		if after.Placement() != p.Placement() || after.Side != p.Side {
			return fmt.Errorf("last=%s played on prev= does not give this position", last)
		}
	}
	p.PushHistory(before, m)
	p.Hash ^= p.Aux
	p.Aux = prevKey(before.Hash ^ before.Aux)
	p.Hash ^= p.Aux
	return nil
}
