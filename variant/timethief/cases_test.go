package timethief

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"timechess/notation"
	"timechess/rules"
)

// The scripted cases live in testdata/*.cases. A case is a block of lines
// that starts with "case NAME"; each further line is a directive, run in
// order on one position:
//
//	source TEXT        where the case comes from: the seed sentence or the ruling it proves (required)
//	note TEXT          how the position realises it (the seed's diagrams are lost)
//	variant NAME       timethief or timethief-restore
//	position FEN       set the position up (history fields last=/prev= allowed)
//	refuse FEN => TXT  the position text is refused with an error containing TXT
//	play MOVES         play the moves (any notation ParseMoves reads)
//	undo N             take back N actions
//	legal MOVES        each text names a legal action
//	illegal MOVES      each text is refused as naming no legal action
//	refused KIND TEXTS each text is refused with that notation.ErrorKind (unreadable, ambiguous, ...)
//	only MOVES         the legal actions are exactly the ones named
//	count N            the number of legal actions
//	ttcaptures LIST    the legal TT-captures in coordinate form, sorted ("-" for none)
//	status RES [WHY]   p.Status(): "*", "1-0", "0-1" or "1/2-1/2", and the reason
//	check yes|no       whether the side to move is in check
//	fen TEXT           the position text
//	san MOVE TEXT      the SAN of the legal action named by MOVE
//	coord MOVE TEXT    its coordinate form
//	loses              every legal action of the side to move has an answer that wins at once
//
// Lines starting with "#" are comments.

// scriptCase is one case of a .cases file.
type scriptCase struct {
	name, source string
	where        string // file:line of the case line
	steps        []scriptStep
}

// scriptStep is one directive line.
type scriptStep struct {
	line     int
	op, args string
}

// loadCases reads every case of the .cases files in testdata.
func loadCases(t testing.TB) []scriptCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.cases"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.cases files (%v)", err)
	}
	var out []scriptCase
	for _, name := range files {
		out = append(out, readCases(t, name)...)
	}
	return out
}

// readCases reads the cases of one file.
func readCases(t testing.TB, name string) []scriptCase {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []scriptCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op, args, _ := strings.Cut(line, " ")
		args = strings.TrimSpace(args)
		switch {
		case op == "case":
			out = append(out, scriptCase{name: args, where: fmt.Sprintf("%s:%d", name, n)})
		case len(out) == 0:
			t.Fatalf("%s:%d: %q before the first case", name, n, line)
		case op == "source":
			out[len(out)-1].source = args
		default:
			c := &out[len(out)-1]
			c.steps = append(c.steps, scriptStep{n, op, args})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCases runs every scripted case.
func TestCases(t *testing.T) {
	names := map[string]string{}
	for _, c := range loadCases(t) {
		if prev, dup := names[c.name]; dup {
			t.Fatalf("%s: case %q already defined at %s", c.where, c.name, prev)
		}
		names[c.name] = c.where
		t.Run(c.name, func(t *testing.T) {
			if c.source == "" {
				t.Fatalf("%s: the case does not say where it comes from (source line)", c.where)
			}
			c.run(t)
		})
	}
}

// run plays the case's directives.
func (c scriptCase) run(t *testing.T) {
	var v rules.Variant
	var p *rules.Position
	for _, s := range c.steps {
		at := fmt.Sprintf("%s (line %d, %s %s)", c.where, s.line, s.op, s.args)
		switch s.op {
		case "note":
		case "variant":
			var err error
			if v, err = rules.Lookup(s.args); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
		case "position":
			var err error
			if p, err = rules.NewPosition(v, s.args); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
		case "refuse":
			fen, want, _ := strings.Cut(s.args, "=>")
			_, err := rules.NewPosition(v, strings.TrimSpace(fen))
			if err == nil || !strings.Contains(err.Error(), strings.TrimSpace(want)) {
				t.Errorf("%s: error %v, want one containing %q", at, err, strings.TrimSpace(want))
			}
		default:
			if p == nil {
				t.Fatalf("%s: no position set up", at)
			}
			if err := runStep(p, s.op, s.args); err != nil {
				t.Errorf("%s: %v\n\tposition %s", at, err, p.FEN())
			}
		}
	}
}

// runStep runs one directive on p.
func runStep(p *rules.Position, op, args string) error {
	fields := strings.Fields(args)
	switch op {
	case "play":
		_, err := notation.ParseMoves(p, args)
		return err
	case "undo":
		n, err := strconv.Atoi(args)
		if err != nil || n > p.Ply() {
			return fmt.Errorf("cannot take back %q actions after %d", args, p.Ply())
		}
		for range n {
			p.Unmake()
		}
	case "legal":
		for _, text := range fields {
			if _, err := notation.Parse(p, text); err != nil {
				return fmt.Errorf("%s should be legal: %v", text, err)
			}
		}
	case "illegal":
		return refused(p, notation.NoMatch.String(), fields)
	case "refused":
		if len(fields) < 2 {
			return fmt.Errorf("refused wants an error kind and texts")
		}
		return refused(p, fields[0], fields[1:])
	case "only":
		return onlyMoves(p, fields)
	case "count":
		if got := strconv.Itoa(len(p.Legal(nil))); got != args {
			return fmt.Errorf("%s legal actions, want %s: %s", got, args, legalList(p))
		}
	case "ttcaptures":
		var got []string
		for _, m := range p.Legal(nil) {
			if m.Kind == rules.TTCapture {
				got = append(got, notation.Coord(p, m))
			}
		}
		slices.Sort(got)
		if s := strings.Join(got, " "); s != args && !(s == "" && args == "-") {
			return fmt.Errorf("TT-captures %q, want %q", s, args)
		}
	case "status":
		st := p.Status()
		if got := strings.TrimSpace(st.Result.String() + " " + st.Reason); got != args {
			return fmt.Errorf("status %q, want %q", got, args)
		}
	case "check":
		if got := map[bool]string{true: "yes", false: "no"}[p.InCheck()]; got != args {
			return fmt.Errorf("in check: %s, want %s", got, args)
		}
	case "fen":
		if got := p.FEN(); got != args {
			return fmt.Errorf("position text\n\t%s\nwant\n\t%s", got, args)
		}
	case "san", "coord":
		if len(fields) != 2 {
			return fmt.Errorf("%s wants a move and its text", op)
		}
		m, err := notation.Parse(p, fields[0])
		if err != nil {
			return err
		}
		got := notation.SAN(p, m)
		if op == "coord" {
			got = notation.Coord(p, m)
		}
		if got != fields[1] {
			return fmt.Errorf("%s of %s is %q, want %q", op, fields[0], got, fields[1])
		}
	case "loses":
		return everyMoveLoses(p)
	default:
		return fmt.Errorf("unknown directive %q", op)
	}
	return nil
}

// refused checks that Parse refuses each text with an *notation.Error of
// the kind named.
func refused(p *rules.Position, kind string, texts []string) error {
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

// onlyMoves checks that the texts name all the legal actions, each once.
func onlyMoves(p *rules.Position, texts []string) error {
	legal := p.Legal(nil)
	named := map[rules.Move]bool{}
	for _, text := range texts {
		m, err := notation.Parse(p, text)
		if err != nil {
			return fmt.Errorf("%s should be legal: %v", text, err)
		}
		named[m] = true
	}
	if len(named) != len(legal) || len(named) != len(texts) {
		return fmt.Errorf("the legal actions are %s, not just %s", legalList(p), strings.Join(texts, " "))
	}
	return nil
}

// everyMoveLoses checks that each legal action of the side to move allows
// an answer after which the game is won by the answering side.
func everyMoveLoses(p *rules.Position) error {
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

// legalList gives the legal actions in SAN, sorted.
func legalList(p *rules.Position) string {
	var out []string
	for _, m := range p.Legal(nil) {
		out = append(out, notation.SAN(p, m))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
