package travelers

import (
	"fmt"
	"strings"

	"timechess/rules"
)

// Notices says what is special about the turn (rules.Announcer): a side to
// move that has lost a traveling man to a capture, and so the game (R6); check by a kingless
// threat (R7); traveling men of the side to move, which its moves must
// leave annihilable, each by a resonator of its own (R6). It reads the
// board and the check t holds; it surveys nothing, so it names no
// resonator (Resonators does, at the cost of a survey).
func (v *Variant) Notices(p *rules.Position, t *rules.Turn) []rules.Refusal {
	us := p.Side
	var out []rules.Refusal
	if p.LostTraveling[us] {
		out = append(out, *rules.Refuse("R6", "grammatical correctness", "%s has lost a traveling man to a capture: it can never be annihilated, so %s is grammatically incorrect and has lost", us.Title(), us.Title()))
	}
	if t.Check {
		out = append(out, *checkNotice(p))
	}
	if men := traveling(&p.State, us); !men.IsZero() && !p.LostTraveling[us] {
		which := "traveling " + describeMen(p, men) + " must stay annihilable: every move must leave it"
		if men.More() {
			which = "traveling men (" + describeMen(p, men) + ") must stay annihilable: every move must leave each of them"
		}
		out = append(out, *rules.Refuse("R6", "grammatical correctness", "%s's %s a resonator of its own (a man of its side that could reach it within three moves and annihilate it)",
			us.Title(), which))
	}
	return out
}

// checkNotice says how the side to move is in check by R7: kingless with an
// opponent that can resolve next move, or with a last surviving King the
// opponent can capture.
func checkNotice(p *rules.Position) *rules.Refusal {
	us, them := p.Side, p.Side.Other()
	k := kingsOf(&p.State, us)
	if k.surviving() == 0 {
		return rules.Refuse("R7", "check", "%s is kingless and %s can resolve next move: stop it, or %s wins", us.Title(), them.Title(), them.Title())
	}
	for c := k.critical(); !c.IsZero(); {
		sq := c.PopLSB()
		if !p.AttackersTo(sq, them, p.Occupied()).IsZero() {
			return rules.Refuse("R7", "check", "%s's last surviving King on %s is attacked: were %s to pass, %s could capture it and be resolved", us.Title(), sq, us.Title(), them.Title())
		}
	}
	return rules.Refuse("R7", "check", "%s is in check: were %s to pass, %s could leave it kingless and be resolved", us.Title(), us.Title(), them.Title())
}

// describeMen names the men on b by kind and square: "knight on e4",
// "knight on e4 and bishop on c5".
func describeMen(p *rules.Position, b rules.Bitboard) string {
	var names []string
	for s := b; !s.IsZero(); {
		sq := s.PopLSB()
		names = append(names, fmt.Sprintf("%s on %s", p.At(sq).Kind(), sq))
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
