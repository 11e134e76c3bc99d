package gifford_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"timechess/game"
	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/rules"
	"timechess/variant/gifford"
)

// The scripted cases live in testdata/*.cases, in the format and with the
// common directives of package casescript, run on positions of the variant
// gifford ("position start" is its start position). The directives of its
// own:
//
//	kinds LIST           the legal actions by kind: orthodox=N send=N drop=N travel=N
//	sends LIST           the legal sends in coordinate form, sorted ("-" for none)
//	drops SQUARES        the squares the due man may land on, in square order ("-" for none)
//	targets NUMBERS      the moves a backward travel may go back to ("-" for none)
//	timelines N          replaying the moves played as a game gives the same
//	                     position (ruling C3) and N timelines
//	timeline I [abandoned] SANS  timeline I (from 1) holds these plies, in SAN
//
// In the SANS of timeline, "_" stands for a space.

// TestCases runs every scripted case.
func TestCases(t *testing.T) {
	casescript.Suite{Variant: gifford.Gifford, Directives: map[string]casescript.Directive{
		"kinds":     kinds,
		"sends":     listed("sends"),
		"drops":     listed("drops"),
		"targets":   listed("targets"),
		"timelines": timelines,
		"timeline":  timeline,
	}}.Run(t, "testdata")
}

// kinds checks the number of legal actions by kind.
func kinds(s *casescript.Script, args string) error {
	if got := kindTally(s.Position.Legal(nil)); got != args {
		return fmt.Errorf("legal actions by kind %q, want %q", got, args)
	}
	return nil
}

// listed gives the directive what (sends, drops or targets), which checks
// listOf.
func listed(what string) casescript.Directive {
	return func(s *casescript.Script, args string) error {
		if got := listOf(s.Position, what); got != args {
			return fmt.Errorf("%s %q, want %q", what, got, args)
		}
		return nil
	}
}

// timelines checks the number of timelines of the replayed game.
func timelines(s *casescript.Script, args string) error {
	tls, _, err := replay(s)
	if err != nil {
		return err
	}
	if fields := casescript.Fields(args); len(fields) != 1 || strconv.Itoa(len(tls)) != fields[0] {
		return fmt.Errorf("%d timelines, want %v", len(tls), fields)
	}
	return nil
}

// timeline checks the plies of one timeline of the replayed game, and
// whether it is abandoned.
func timeline(s *casescript.Script, args string) error {
	tls, sans, err := replay(s)
	if err != nil {
		return err
	}
	fields := casescript.Fields(args)
	if len(fields) < 1 {
		return fmt.Errorf("timeline wants a number")
	}
	i, err := strconv.Atoi(fields[0])
	if err != nil || i < 1 || i > len(tls) {
		return fmt.Errorf("no timeline %q among %d", fields[0], len(tls))
	}
	tl := tls[i-1]
	want := fields[1:]
	abandoned := len(want) > 0 && want[0] == "abandoned"
	if abandoned {
		want = want[1:]
	}
	got := make([]string, len(tl.Plies))
	for j, ply := range tl.Plies {
		got[j] = sans[ply]
	}
	if tl.Abandoned != abandoned || !slices.Equal(got, want) {
		return fmt.Errorf("timeline %d (abandoned %v): %s", i, tl.Abandoned, strings.Join(got, " "))
	}
	return nil
}

// replay replays the moves played as a game, checks that the replay
// reproduces the position (ruling C3) and gives the timelines it derives
// and the SAN of each ply.
func replay(s *casescript.Script) ([]game.Timeline, []string, error) {
	g, err := game.New(gifford.Gifford, s.Start)
	if err != nil {
		return nil, nil, err
	}
	sans := make([]string, len(s.Moves))
	for i, m := range s.Moves {
		sans[i] = notation.SAN(g.Position(), m)
		if err := g.PlayMove(m); err != nil {
			return nil, nil, fmt.Errorf("replaying ply %d: %v", i+1, err)
		}
	}
	if g.Position().FEN() != s.Position.FEN() || g.Position().Hash != s.Position.Hash {
		return nil, nil, fmt.Errorf("the replay ends in %s", g.Position().FEN())
	}
	return g.Timelines(), sans, nil
}

// kindName groups the action kinds as the kinds directive counts them.
func kindName(k rules.MoveKind) string {
	switch k {
	case rules.Send:
		return "send"
	case rules.Drop:
		return "drop"
	case rules.BackTravel:
		return "travel"
	}
	return "orthodox"
}

// kindTally counts the actions by kind: "orthodox=20 send=60", kinds
// without actions left out.
func kindTally(ml []rules.Move) string {
	var out []string
	for _, k := range []string{"orthodox", "send", "drop", "travel"} {
		n := 0
		for _, m := range ml {
			if kindName(m.Kind) == k {
				n++
			}
		}
		if n > 0 {
			out = append(out, fmt.Sprintf("%s=%d", k, n))
		}
	}
	return strings.Join(out, " ")
}

// listOf writes the legal sends in coordinate form sorted, the squares of the
// legal drops in square order, or the moves backward travel reaches; "-"
// when there are none.
func listOf(p *rules.Position, what string) string {
	var out []string
	switch what {
	case "sends":
		for _, m := range p.Legal(nil) {
			if m.Kind == rules.Send {
				out = append(out, notation.Coord(p, m))
			}
		}
		slices.Sort(out)
	case "drops":
		var squares []rules.Square
		for _, m := range p.Legal(nil) {
			if m.Kind == rules.Drop {
				squares = append(squares, m.To)
			}
		}
		slices.Sort(squares)
		for _, s := range squares {
			out = append(out, s.String())
		}
	case "targets":
		var nums []int
		for _, m := range p.Legal(nil) {
			if m.Kind == rules.BackTravel && !slices.Contains(nums, int(m.Num)) {
				nums = append(nums, int(m.Num))
			}
		}
		slices.Sort(nums)
		for _, n := range nums {
			out = append(out, strconv.Itoa(n))
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, " ")
}
