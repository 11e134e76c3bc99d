package timethief

import (
	"timechess/notation"
	"timechess/rules"
)

// Notices says what is special about the turn (rules.Announcer): a King
// that must be restored first, and by which TT-capture (T7); a King frozen
// by a Time Thief that sees him (T6); a King in check (T6). It reads the
// legal actions t holds and the board; it generates no action of its own.
func (v *Variant) Notices(p *rules.Position, t *rules.Turn) []rules.Refusal {
	us := p.Side
	if v.mustRestore(p) {
		var restores []string
		for _, m := range t.Legal {
			if m.Kind == rules.TTCapture {
				restores = append(restores, notation.SAN(p, m))
			}
		}
		if len(restores) == 0 {
			return []rules.Refusal{*rules.Refuse("T7", "King restoration", "%s's King was captured and no TT-capture can take that back: the game is lost", us.Title())}
		}
		return []rules.Refusal{*rules.Refuse("T7", "King restoration", "%s's King was captured: this move must restore it with a TT-capture that takes the capture back (%s)", us.Title(), joinOr(restores))}
	}
	var out []rules.Refusal
	if t.Check && !v.free(p, us) {
		if n := p.CheckNotice(""); n != nil {
			n.Rule = "T6" // FIDE check under the basic rules
			out = append(out, *n)
		}
	}
	if king := p.Pieces(us, rules.King); !v.free(p, us) && king.Count() == 1 {
		k := king.LSB()
		occ := p.SlideOcc(us.Other())
		for tts := p.Pieces(us.Other(), rules.TimeThief); !tts.IsZero(); {
			if thief := tts.PopLSB(); sees(p.Geometry(), thief, k, occ) {
				out = append(out, *rules.Refuse("T6", "frozen King", "%s's King on %s is frozen: the Time Thief on %s sees him, and could take back his move and capture him; he may only capture that Time Thief",
					us.Title(), k, thief))
				break
			}
		}
	}
	return out
}
