package casescript

import (
	"fmt"
	"testing"

	"timechess/rules"
)

// Directive runs one directive line of a case on s, given the text after
// the directive's name, and says what was wrong.
type Directive func(s *Script, args string) error

// Script is the state of a running case.
type Script struct {
	Variant  rules.Variant   // the variant position texts are read in
	Position *rules.Position // nil until a position directive
	Start    string          // the text the position was set up from
	Moves    []rules.Move    // the actions played on it since, less those taken back
}

// Suite says how the cases of a variant run.
type Suite struct {
	// Variant is the variant a case starts in; nil makes each case name one
	// with a variant line before its first position.
	Variant rules.Variant
	// Directives are the variant's own directives by name; like the common
	// ones after set-up, they run on the position and an error fails the
	// case but lets it go on.
	Directives map[string]Directive
}

// Run loads the cases of dir/*.cases and runs each as a subtest of t.
func (su Suite) Run(t *testing.T, dir string) {
	t.Helper()
	if err := su.validate(); err != nil {
		t.Fatal(err)
	}
	cases, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) { su.play(t, c) })
	}
}

// validate refuses a variant directive that has the name of a common one.
func (su Suite) validate() error {
	for name := range su.Directives {
		if _, isCommon := common[name]; isCommon || setUp[name] {
			return fmt.Errorf("the variant's directive %q is a common one", name)
		}
	}
	return nil
}

// setUp are the directives that need no position; a failed one (but
// refuse) ends the case.
var setUp = map[string]bool{"note": true, "variant": true, "position": true, "refuse": true}

// play runs the directives of c.
func (su Suite) play(t *testing.T, c Case) {
	s := &Script{Variant: su.Variant}
	for _, st := range c.Steps {
		at := fmt.Sprintf("%s (line %d, %s %s)", c.Where, st.Line, st.Op, st.Args)
		switch st.Op {
		case "note":
		case "variant", "position":
			if err := s.setUp(st.Op, st.Args); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
		case "refuse":
			if err := s.refuse(st.Args); err != nil {
				t.Errorf("%s: %v", at, err)
			}
		default:
			if s.Position == nil {
				t.Fatalf("%s: no position set up", at)
			}
			if err := su.step(s, st.Op, st.Args); err != nil {
				t.Errorf("%s: %v\n\tposition %s", at, err, s.Position.FEN())
			}
		}
	}
}

// step runs a directive that needs a position.
func (su Suite) step(s *Script, op, args string) error {
	run, ok := common[op]
	if !ok {
		run, ok = su.Directives[op]
	}
	if !ok {
		return fmt.Errorf("unknown directive %q", op)
	}
	return run(s, args)
}
