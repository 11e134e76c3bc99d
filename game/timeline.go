package game

import "timechess/rules"

// Timeline is one line of history: the plies, as indices into the log, that
// lead from the start to the line's last state. A backward travel (Gifford's
// variant) abandons the rest of the line it leaves; the abandoned line is
// kept as a finished timeline, a score sheet that is no longer played on.
type Timeline struct {
	Plies     []int
	Abandoned bool
}

// Timelines derives the timelines from the log. Each ply takes the turn slot
// (full move and side) before the state it leads to; a ply whose slot is not
// later than the last one of the current line went back in time: the current
// line is kept as an abandoned timeline and play continues from its plies
// before that slot. Without travel there is a single live timeline. The live
// timeline comes last.
func (g *Game) Timelines() []Timeline {
	p := g.Start()
	var done []Timeline
	var live []int
	slots := make([]int, len(g.plies))
	for i, pl := range g.plies {
		p.Make(pl.Move)
		slots[i] = TurnIndex(p) - 1
		if n := len(live); n > 0 && slots[i] <= slots[live[n-1]] {
			done = append(done, Timeline{Plies: live, Abandoned: true})
			keep := 0
			for keep < n && slots[live[keep]] < slots[i] {
				keep++
			}
			live = append(append([]int(nil), live[:keep]...), i)
			continue
		}
		live = append(live, i)
	}
	return append(done, Timeline{Plies: live})
}

// TurnIndex numbers the turn of p's side to move from the move counters:
// White's move n is 2n-2, Black's move n is 2n-1. A ply whose position after
// it does not have the next index has travelled in time.
func TurnIndex(p *rules.Position) int { return 2*(p.Fullmove-1) + int(p.Side) }
