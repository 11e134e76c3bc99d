package engine

import (
	"testing"

	"timechess/rules"
	"timechess/variant/chess"
	"timechess/variant/gifford"
	"timechess/variant/timethief"
	"timechess/variant/travelers"
)

// renamed returns variant v under another name: the same rules, with a copy
// of its Spec that names it "renamed-" + its name.
func renamed(t *testing.T, v rules.Variant) rules.Variant {
	s := *v.Spec()
	s.Name = "renamed-" + s.Name
	o := rules.Orthodox{S: &s}
	switch v.(type) {
	case rules.Orthodox:
		return o
	case *gifford.Variant:
		return &gifford.Variant{Orthodox: o}
	case *timethief.Variant:
		return &timethief.Variant{Orthodox: o}
	case *travelers.Variant:
		return &travelers.Variant{Orthodox: o}
	}
	t.Fatalf("no renamed copy of %T", v)
	return nil
}

// TestProfileByRules checks that the engine picks a variant's profile by
// what its rules hold, not by its name: the same rules under another name
// get the same piece values, start material, evaluation, transposition keys
// and rule answers, on positions that exercise each profile's own terms.
func TestProfileByRules(t *testing.T) {
	for _, c := range []struct {
		v     rules.Variant
		texts []string
	}{
		{chess.Chess, []string{"", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}},
		{chess.Chess10x8, []string{""}},
		{gifford.Gifford, []string{"", "4k3/8/8/8/8/8/8/4K3 w - - 0 10 book=R@12", "4k3/8/8/8/8/8/8/4K3 w - - 0 10 book=K@12",
			"r1bqkbnr/pppppppp/2n5/8/K7/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2 book=P@5 travels=1,0"}},
		{timethief.Basic, []string{"", "4k5/10/10/10/10/10/10/4T4K w - - 0 1"}},
		{timethief.Restore, []string{"", "k8r/10/10/10/10/7b2/8Nq/r2N4TK w - - 0 1"}},
		{travelers.Travelers, []string{"", "4k3/8/8/8/3P*4/8/3P4/4K3 w - - 0 1", "4k3/8/8/8/3P*4/8/3P4/4K3 b - - 0 1 lost=b"}},
	} {
		w := renamed(t, c.v)
		a, b := profileFor(c.v), profileFor(w)
		name := c.v.Spec().Name
		if a.values != b.values || a.startNPM != b.startNPM {
			t.Errorf("%s: values %v, start material %d; renamed: %v, %d", name, a.values, a.startNPM, b.values, b.startNPM)
		}
		for _, text := range c.texts {
			if text == "" {
				text = c.v.Spec().Start
			}
			p, err := rules.NewPosition(c.v, text)
			if err != nil {
				t.Fatal(err)
			}
			q, err := rules.NewPosition(w, text)
			if err != nil {
				t.Fatal(err)
			}
			var ev evaluation
			if x, y := ev.within(p, a, -Infinity, Infinity), ev.within(q, b, -Infinity, Infinity); x != y {
				t.Errorf("%s %s: evaluation %v, renamed %v", name, text, x, y)
			}
			for _, f := range []struct {
				what string
				x, y bool
			}{
				{"dead", a.dead(p), b.dead(q)},
				{"repeatable", a.repeatable(p), b.repeatable(q)},
				{"quietWin", a.quietWin(p), b.quietWin(q)},
				{"checkBinds", a.checkBinds(p), b.checkBinds(q)},
				{"key", a.key(p) == p.Hash, b.key(q) == q.Hash},
			} {
				if f.x != f.y {
					t.Errorf("%s %s: %s %v, renamed %v", name, text, f.what, f.x, f.y)
				}
			}
		}
	}
}
