package gifford_test

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

	"timechess/game"
	"timechess/notation"
	"timechess/rules"
	"timechess/variant/gifford"
)

// The scripted cases live in testdata/*.cases. A case is a block of lines
// that starts with "case NAME"; each further line is a directive, run in
// order on one position of the variant gifford:
//
//	source TEXT          the seed sentence or the ruling the case proves (required)
//	note TEXT            how the position realises it
//	position FEN|start   set the position up (start: the variant's start position)
//	refuse FEN => TEXT   the position text is refused with an error containing TEXT
//	play MOVES           play the moves (any notation notation.ParseMoves reads)
//	undo N               take back N actions
//	legal MOVES          each text names a legal action
//	illegal MOVES        each text is refused as naming no legal action
//	refused KIND TEXTS   each text is refused with that notation.ErrorKind (no-match, ambiguous, ...)
//	only MOVES           the legal actions are exactly the ones named
//	count N              the number of legal actions
//	kinds LIST           the legal actions by kind: orthodox=N send=N drop=N travel=N
//	sends LIST           the legal sends in coordinate form, sorted ("-" for none)
//	drops SQUARES        the squares the due man may land on, in square order ("-" for none)
//	targets NUMBERS      the moves a backward travel may go back to ("-" for none)
//	status RES [WHY]     p.Status(): "*", "1-0", "0-1" or "1/2-1/2", and the reason
//	check yes|no         whether the side to move is in check
//	fen TEXT             the position text
//	san MOVE TEXT        the SAN of the legal action named by MOVE
//	coord MOVE TEXT      its coordinate form
//	timelines N          replaying the moves played as a game gives the same
//	                     position (ruling C3) and N timelines
//	timeline I [abandoned] SANS  timeline I (from 1) holds these plies, in SAN
//
// In the move texts of legal, illegal, refused, only, san and coord, "_"
// stands for a space ("K//_to_2_K_a4_//_FTF"). Lines starting with "#" are
// comments.

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

// script is the state of a running case: the position, the text it was
// set up from and the actions played since.
type script struct {
	p     *rules.Position
	start string
	moves []rules.Move
}

// run plays the case's directives.
func (c scriptCase) run(t *testing.T) {
	var s *script
	for _, st := range c.steps {
		at := fmt.Sprintf("%s (line %d, %s %s)", c.where, st.line, st.op, st.args)
		switch st.op {
		case "note":
		case "position":
			text := st.args
			if text == "start" {
				text = gifford.Gifford.Spec().Start
			}
			p, err := rules.NewPosition(gifford.Gifford, text)
			if err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			s = &script{p: p, start: text}
		case "refuse":
			fen, want, _ := strings.Cut(st.args, "=>")
			_, err := rules.NewPosition(gifford.Gifford, strings.TrimSpace(fen))
			if err == nil || !strings.Contains(err.Error(), strings.TrimSpace(want)) {
				t.Errorf("%s: error %v, want one containing %q", at, err, strings.TrimSpace(want))
			}
		default:
			if s == nil {
				t.Fatalf("%s: no position set up", at)
			}
			if err := s.step(st.op, st.args); err != nil {
				t.Errorf("%s: %v\n\tposition %s", at, err, s.p.FEN())
			}
		}
	}
}

// step runs one directive.
func (s *script) step(op, args string) error {
	p := s.p
	fields := strings.Fields(args)
	for i, f := range fields {
		fields[i] = strings.ReplaceAll(f, "_", " ")
	}
	switch op {
	case "play":
		ms, err := notation.ParseMoves(p, args)
		s.moves = append(s.moves, ms...)
		return err
	case "undo":
		n, err := strconv.Atoi(args)
		if err != nil || n > len(s.moves) {
			return fmt.Errorf("cannot take back %q actions after %d", args, len(s.moves))
		}
		for range n {
			p.Unmake()
		}
		s.moves = s.moves[:len(s.moves)-n]
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
	case "kinds":
		if got := kindTally(p.Legal(nil)); got != args {
			return fmt.Errorf("legal actions by kind %q, want %q", got, args)
		}
	case "sends", "drops", "targets":
		if got := listOf(p, op); got != args {
			return fmt.Errorf("%s %q, want %q", op, got, args)
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
		move, text := fields[0], fields[1]
		m, err := notation.Parse(p, move)
		if err != nil {
			return err
		}
		got := notation.SAN(p, m)
		if op == "coord" {
			got = notation.Coord(p, m)
		}
		if got != text {
			return fmt.Errorf("%s of %s is %q, want %q", op, move, got, text)
		}
	case "timelines", "timeline":
		return s.timelines(op, fields)
	default:
		return fmt.Errorf("unknown directive %q", op)
	}
	return nil
}

// timelines replays the moves played as a game, checks that the replay
// reproduces the position (ruling C3) and checks the timelines it derives.
func (s *script) timelines(op string, fields []string) error {
	g, err := game.New(gifford.Gifford, s.start)
	if err != nil {
		return err
	}
	sans := make([]string, len(s.moves))
	for i, m := range s.moves {
		sans[i] = notation.SAN(g.Position(), m)
		if err := g.PlayMove(m); err != nil {
			return fmt.Errorf("replaying ply %d: %v", i+1, err)
		}
	}
	if g.Position().FEN() != s.p.FEN() || g.Position().Hash != s.p.Hash {
		return fmt.Errorf("the replay ends in %s", g.Position().FEN())
	}
	tls := g.Timelines()
	if op == "timelines" {
		if len(fields) != 1 || strconv.Itoa(len(tls)) != fields[0] {
			return fmt.Errorf("%d timelines, want %v", len(tls), fields)
		}
		return nil
	}
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

// refused checks that Parse refuses each text with a *notation.Error of the
// kind named.
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

// legalList gives the legal actions in SAN, sorted.
func legalList(p *rules.Position) string {
	var out []string
	for _, m := range p.Legal(nil) {
		out = append(out, notation.SAN(p, m))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
