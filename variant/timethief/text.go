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
// to this position (board, side to move, castling rights, en passant); a
// TT-capture is checked only as far as prev allows (the state it restored
// is the one before prev): the Time Thief of prev's side to move left its
// square for the square it names.
func (v *Variant) ParseExtra(p *rules.Position, fields []string) error {
	f, err := rules.SplitExtra(v.S.Name, fields, "last=MOVE", "prev=STATE")
	if err != nil {
		return err
	}
	last, prev := f["last"], f["prev"]
	if last == "" && prev == "" {
		return nil
	}
	if last == "" || prev == "" {
		return fmt.Errorf("%s: last= and prev= go together", v.S.Name)
	}
	before, err := rules.NewPosition(earlierState{v}, strings.ReplaceAll(prev, ",", " "))
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
	if err := leadsTo(before, m, p); err != nil {
		return fmt.Errorf("last=%s: %v", last, err)
	}
	if err := sameCastlings(before, p); err != nil {
		return fmt.Errorf("prev= state: %v", err)
	}
	p.PushHistory(before, m)
	p.Hash ^= p.Aux
	p.Aux = prevKey(before.Hash ^ before.Aux)
	p.Hash ^= p.Aux
	return nil
}

// leadsTo checks that the action m, legal in before, can have given p.
func leadsTo(before *rules.Position, m rules.Move, p *rules.Position) error {
	if m.Kind == rules.TTCapture {
		tt := before.At(m.From)
		switch arrived := p.At(m.To); {
		case p.Side == before.Side:
			return fmt.Errorf("a move of %s, but %s is to move after it", before.Side, p.Side)
		case arrived.Kind() != rules.TimeThief || arrived.Color() != tt.Color() || p.At(m.From) != rules.NoPiece:
			return fmt.Errorf("the Time Thief on %s in prev= is not on %s here", m.From, m.To)
		}
		return nil
	}
	after := before.Copy()
	after.Make(m)
	if after.Placement() != p.Placement() || after.Side != p.Side || after.Castle != p.Castle || after.EP != p.EP {
		return fmt.Errorf("played on prev= it does not give this position (it gives %s)", after.FEN())
	}
	return nil
}

// sameCastlings checks that the castlings both positions keep are the same
// ones (King and rook on the same squares): the position's castling
// geometry serves the previous state once a TT-capture restores it.
func sameCastlings(before, p *rules.Position) error {
	shared := before.Castle & p.Castle
	if shared == 0 {
		return nil
	}
	for c := rules.White; c <= rules.Black; c++ {
		if shared>>(2*c)&3 != 0 && before.Pieces(c, rules.King) != p.Pieces(c, rules.King) {
			return fmt.Errorf("the %s King stands elsewhere, yet both keep a castling right", c)
		}
	}
	// The shared rights written with each position's castling geometry.
	st := before.State
	st.Castle = shared
	theirs, mine := before.Sibling(st), p.Sibling(st)
	if a, b := strings.Fields(theirs.FEN())[2], strings.Fields(mine.FEN())[2]; a != b {
		return fmt.Errorf("its castling rights %s name other rooks than this position's (%s)", a, b)
	}
	return nil
}

// earlierState reads the state of a prev= field: six fields and no history
// of its own, and, under the restoration rules, possibly without the King
// of the side to move (the state right after that King was taken).
type earlierState struct{ *Variant }

// Validate accepts the missing King of the side to move under the
// restoration rules.
func (e earlierState) Validate(p *rules.Position) error { return e.validate(p, true) }

// ParseExtra refuses fields beyond the sixth: prev= holds one state.
func (e earlierState) ParseExtra(p *rules.Position, fields []string) error {
	if len(fields) > 0 {
		return fmt.Errorf("a prev= state has six fields; unexpected %q", fields[0])
	}
	return nil
}
