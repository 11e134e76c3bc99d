package timethief

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"timechess/internal/casescript"
	"timechess/notation"
	"timechess/rules"
)

// The scripted cases live in testdata/*.cases, in the format and with the
// common directives of package casescript; each case names its variant
// (timethief or timethief-restore) with a variant line, and its position
// texts may carry history fields (last=/prev=). The directives of its own:
//
//	ttcaptures LIST    the legal TT-captures in coordinate form, sorted ("-" for none)
//	loses              every legal action of the side to move has an answer that wins at once

// TestCases runs every scripted case.
func TestCases(t *testing.T) {
	casescript.Suite{Directives: map[string]casescript.Directive{
		"ttcaptures": ttCaptures,
		"loses":      loses,
	}}.Run(t, "testdata")
}

// ttCaptures checks the legal TT-captures in coordinate form.
func ttCaptures(s *casescript.Script, args string) error {
	p := s.Position
	var got []string
	for _, m := range p.Legal(nil) {
		if m.Kind == rules.TTCapture {
			got = append(got, notation.Coord(p, m))
		}
	}
	slices.Sort(got)
	if list := strings.Join(got, " "); list != args && !(list == "" && args == "-") {
		return fmt.Errorf("TT-captures %q, want %q", list, args)
	}
	return nil
}

// loses checks that each legal action of the side to move allows an answer
// after which the game is won by the answering side.
func loses(s *casescript.Script, _ string) error {
	p := s.Position
	us := p.Side
	legal := p.Legal(nil)
	if len(legal) == 0 {
		return fmt.Errorf("%s has no legal action", us)
	}
	for _, m := range legal {
		san := notation.SAN(p, m)
		p.Make(m)
		won := false
		for _, r := range p.Legal(nil) {
			p.Make(r)
			won = p.Status().Result == rules.WinFor(us.Other())
			p.Unmake()
			if won {
				break
			}
		}
		p.Unmake()
		if !won {
			return fmt.Errorf("after %s, %s has no winning answer", san, us.Other())
		}
	}
	return nil
}
