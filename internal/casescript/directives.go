package casescript

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// common are the directives every variant has that run on the position.
var common = map[string]Directive{
	"play":    play,
	"undo":    undo,
	"legal":   legal,
	"illegal": illegal,
	"refused": refusedAs,
	"why":     why,
	"only":    only,
	"count":   count,
	"status":  status,
	"check":   inCheck,
	"notice":  notices,
	"fen":     fen,
	"san":     writes("san", notation.SAN),
	"coord":   writes("coord", notation.Coord),
}

// Fields splits a directive's arguments into texts at spaces; "_" in them
// stands for a space.
func Fields(args string) []string {
	fields := strings.Fields(args)
	for i, f := range fields {
		fields[i] = strings.ReplaceAll(f, "_", " ")
	}
	return fields
}

// play plays the moves of args.
func play(s *Script, args string) error {
	ms, err := notation.ParseMoves(s.Position, args)
	s.Moves = append(s.Moves, ms...)
	return err
}

// undo takes back the number of actions args says.
func undo(s *Script, args string) error {
	p := s.Position
	n, err := strconv.Atoi(args)
	if err != nil || n > p.Ply() {
		return fmt.Errorf("cannot take back %q actions after %d", args, p.Ply())
	}
	for range n {
		p.Unmake()
	}
	s.Moves = s.Moves[:len(s.Moves)-min(n, len(s.Moves))]
	return nil
}

// legal checks that each text names a legal action.
func legal(s *Script, args string) error {
	for _, text := range Fields(args) {
		if _, err := notation.Parse(s.Position, text); err != nil {
			return fmt.Errorf("%s should be legal: %v", text, err)
		}
	}
	return nil
}

// illegal checks that each text is refused as naming no legal action.
func illegal(s *Script, args string) error {
	return Refused(s.Position, notation.NoMatch.String(), Fields(args))
}

// refusedAs checks that each text after the first is refused with the
// notation.ErrorKind the first names.
func refusedAs(s *Script, args string) error {
	fields := Fields(args)
	if len(fields) < 2 {
		return fmt.Errorf("refused wants an error kind and texts")
	}
	return Refused(s.Position, fields[0], fields[1:])
}

// Refused checks that notation.Parse refuses each text in p with a
// *notation.Error of the kind named ("no-match", "ambiguous", ...).
func Refused(p *rules.Position, kind string, texts []string) error {
	for _, text := range texts {
		m, err := notation.Parse(p, text)
		var ne *notation.Error
		switch {
		case err == nil:
			return fmt.Errorf("%s should be refused, but names %s", text, notation.Coord(p, m))
		case !errors.As(err, &ne) || ne.Kind.String() != kind:
			return fmt.Errorf("%s should be refused as %s, but: %v", text, kind, err)
		}
	}
	return nil
}

// why checks that each text after the first is refused by the rule the
// first names (a rules.Refusal's Rule: "G4", "FIDE 3.9" written
// "FIDE_3.9"), whatever notation it is written in.
func why(s *Script, args string) error {
	fields := Fields(args)
	if len(fields) < 2 {
		return fmt.Errorf("why wants a rule and texts")
	}
	return Why(s.Position, fields[0], fields[1:])
}

// Why checks that notation.Parse refuses each text in p naming rule as the
// one that forbids it, with a name and a reason.
func Why(p *rules.Position, rule string, texts []string) error {
	for _, text := range texts {
		m, err := notation.Parse(p, text)
		var ne *notation.Error
		switch {
		case err == nil:
			return fmt.Errorf("%s should be refused by %s, but names %s", text, rule, notation.Coord(p, m))
		case !errors.As(err, &ne) || ne.Rule == nil:
			return fmt.Errorf("%s should be refused by %s, but: %v (no rule named)", text, rule, err)
		case ne.Rule.Rule != rule:
			return fmt.Errorf("%s should be refused by %s, but by %s: %s", text, rule, ne.Rule.Rule, ne.Rule.Reason)
		case ne.Rule.Reason == "" || ne.Rule.Name == "":
			return fmt.Errorf("%s: refused by %s without a name or a reason", text, ne.Rule.Rule)
		}
	}
	return nil
}

// only checks that the texts name all the legal actions, each once.
func only(s *Script, args string) error { return Only(s.Position, Fields(args)) }

// Only checks that the texts name all the legal actions of p, each once.
func Only(p *rules.Position, texts []string) error {
	named := map[rules.Move]bool{}
	for _, text := range texts {
		m, err := notation.Parse(p, text)
		if err != nil {
			return fmt.Errorf("%s should be legal: %v", text, err)
		}
		named[m] = true
	}
	if n := len(p.Legal(nil)); len(named) != n || len(named) != len(texts) {
		return fmt.Errorf("the legal actions are %s, not just %s", legalList(p), strings.Join(texts, " "))
	}
	return nil
}

// count checks the number of legal actions.
func count(s *Script, args string) error {
	p := s.Position
	if got := strconv.Itoa(len(p.Legal(nil))); got != args {
		return fmt.Errorf("%s legal actions, want %s: %s", got, args, legalList(p))
	}
	return nil
}

// status checks the result and the reason of p.Status().
func status(s *Script, args string) error {
	st := s.Position.Status()
	if got := strings.TrimSpace(st.Result.String() + " " + st.Reason); got != args {
		return fmt.Errorf("status %q, want %q", got, args)
	}
	return nil
}

// inCheck checks whether the side to move is in check: "yes" or "no".
func inCheck(s *Script, args string) error {
	if got := map[bool]string{true: "yes", false: "no"}[s.Position.InCheck()]; got != args {
		return fmt.Errorf("in check: %s, want %s", got, args)
	}
	return nil
}

// fen checks the position text.
func fen(s *Script, args string) error {
	if got := s.Position.FEN(); got != args {
		return fmt.Errorf("position text\n\t%s\nwant\n\t%s", got, args)
	}
	return nil
}

// writes gives the directive op ("MOVE TEXT"): write gives TEXT for the
// legal action MOVE names.
func writes(op string, write func(*rules.Position, rules.Move) string) Directive {
	return func(s *Script, args string) error {
		fields := Fields(args)
		if len(fields) != 2 {
			return fmt.Errorf("%s wants a move and its text", op)
		}
		move, text := fields[0], fields[1]
		m, err := notation.Parse(s.Position, move)
		if err != nil {
			return err
		}
		if got := write(s.Position, m); got != text {
			return fmt.Errorf("%s of %s is %q, want %q", op, move, got, text)
		}
		return nil
	}
}

// legalList gives the legal actions in SAN, sorted.
func legalList(p *rules.Position) string {
	var out []string
	for _, m := range p.Legal(nil) {
		out = append(out, notation.SAN(p, m))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// notices checks the notices of the turn (rules.Notices): args name their
// rules in order ("-" for none), each rule optionally followed by texts
// marked "~" that its notice's text must contain ("G4 ~light_square").
func notices(s *Script, args string) error {
	return Notices(s.Position, Fields(args))
}

// Notices checks that the notices of the turn in p come from the rules
// fields names, in order, each with a name and a text containing the
// "~"-marked fields that follow its rule; fields "-" wants none.
func Notices(p *rules.Position, fields []string) error {
	got := rules.Notices(p, &rules.Turn{Legal: p.Legal(nil), Check: p.InCheck()})
	var said []string
	for _, n := range got {
		said = append(said, n.String())
	}
	if len(fields) == 1 && fields[0] == "-" {
		fields = nil
	}
	i := -1
	for _, f := range fields {
		if want, ok := strings.CutPrefix(f, "~"); ok {
			if i < 0 || i >= len(got) || !strings.Contains(got[i].Reason, want) {
				return fmt.Errorf("notice %d should say %q; the notices are %q", i+1, want, said)
			}
			continue
		}
		i++
		if i >= len(got) || got[i].Rule != f {
			return fmt.Errorf("notice %d should come from %s; the notices are %q", i+1, f, said)
		}
		if got[i].Name == "" || got[i].Reason == "" {
			return fmt.Errorf("notice %d (%s) has no name or no text", i+1, f)
		}
	}
	if i+1 != len(got) {
		return fmt.Errorf("the notices should be %d; they are %q", i+1, said)
	}
	return nil
}
