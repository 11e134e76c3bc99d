package game

import (
	"fmt"

	"timechess/rules"
)

// Timeline is one line of history: the plies, as indices into the log, that
// lead from the start to the line's last state. A backward travel (Gifford's
// variant) abandons the rest of the line it leaves, and so does a Time
// Thief's revert (a TT-capture), which takes back the opponent's last move;
// the abandoned line is kept as a finished timeline, a score sheet that is
// no longer played on.
type Timeline struct {
	Plies     []int
	Abandoned bool
}

// Branch is a ply that went back in time: it starts timeline New, which
// shares the plies of timeline Old played before its turn, and Old ends with
// its last ply. Timelines are numbered from 1 in the order they begin.
type Branch struct {
	Ply      int
	New, Old int
	// Turn is the turn the ply takes, OldEnd the turn of Old's last ply, both
	// as TurnIndex numbers them.
	Turn, OldEnd int
	// Revert marks a TT-capture: it takes back Old's last ply, and New
	// shares the plies of Old before that one.
	Revert bool
}

// Note is the branch's comment in a game record, such as "timeline 2
// branches from timeline 1 at White's move 2; timeline 1 ends at Black's
// move 5", or for a revert "timeline 2 branches from timeline 1 by taking
// back Black's move 1, where timeline 1 ends".
func (b Branch) Note() string {
	if b.Revert {
		return fmt.Sprintf("timeline %d branches from timeline %d by taking back %s, where timeline %d ends",
			b.New, b.Old, turnName(b.OldEnd), b.Old)
	}
	return fmt.Sprintf("timeline %d branches from timeline %d at %s; timeline %d ends at %s",
		b.New, b.Old, turnName(b.Turn), b.Old, turnName(b.OldEnd))
}

// turnName names a turn index: "White's move 2", "Black's move 5".
func turnName(turn int) string {
	side := "White"
	if turn%2 == 1 {
		side = "Black"
	}
	return fmt.Sprintf("%s's move %d", side, turn/2+1)
}

// Timelines derives the timelines from the log. Each ply takes the turn slot
// (full move and side) before the state it leads to; a ply whose slot is not
// later than the last one of the current line went back in time: the current
// line is kept as an abandoned timeline and play continues from its plies
// before that slot. A TT-capture (which takes back the last ply, whoever
// plays it) goes back in time too: play continues from the plies before the
// one it took back. Without travel there is a single live timeline. The live
// timeline comes last.
func (g *Game) Timelines() []Timeline {
	done, live, _ := g.history()
	return append(done, Timeline{Plies: live})
}

// Branches lists the plies that went back in time, in order.
func (g *Game) Branches() []Branch {
	_, _, branches := g.history()
	return branches
}

// history walks the log once and returns the abandoned timelines, the live
// one and the branches between them.
func (g *Game) history() (done []Timeline, live []int, branches []Branch) {
	p := g.Start()
	var t Tracker
	for _, pl := range g.plies {
		p.Make(pl.Move)
		t.Add(p)
	}
	return t.done, t.live, t.branches
}

// Tracker follows the timelines of a line of play ply by ply.
type Tracker struct {
	slots    []int // the turn slot of each ply
	live     []int // the plies of the current line
	done     []Timeline
	branches []Branch
}

// Add records the next ply, whose play led to p, and returns its branch when
// it went back in time.
func (t *Tracker) Add(p *rules.Position) (Branch, bool) {
	i := len(t.slots)
	t.slots = append(t.slots, TurnIndex(p)-1)
	n := len(t.live)
	revert := n > 0 && p.LastMove().Kind == rules.TTCapture
	if n == 0 || !revert && t.slots[i] > t.slots[t.live[n-1]] {
		t.live = append(t.live, i)
		return Branch{}, false
	}
	t.done = append(t.done, Timeline{Plies: t.live, Abandoned: true})
	b := Branch{Ply: i, New: len(t.done) + 1, Old: len(t.done), Turn: t.slots[i], OldEnd: t.slots[t.live[n-1]], Revert: revert}
	t.branches = append(t.branches, b)
	keep := n - 1 // a revert keeps all but the ply it took back
	if !revert {
		keep = 0
		for keep < n && t.slots[t.live[keep]] < t.slots[i] {
			keep++
		}
	}
	t.live = append(append([]int(nil), t.live[:keep]...), i)
	return b, true
}

// TurnIndex numbers the turn of p's side to move from the move counters:
// White's move n is 2n-2, Black's move n is 2n-1. A ply whose position after
// it does not have the next index has travelled in time.
func TurnIndex(p *rules.Position) int { return 2*(p.Fullmove-1) + int(p.Side) }
