package casescript

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"timechess/perft"
	"timechess/rules"
	_ "timechess/variant/chess"
)

// chess is the variant the package's own cases run in.
func chess(t testing.TB) rules.Variant {
	t.Helper()
	v, err := rules.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// pieces is a variant directive for the test: the number of men on the
// board.
func pieces(s *Script, args string) error {
	if got := strconv.Itoa(s.Position.Occupied().Count()); got != args {
		return fmt.Errorf("%s men, want %s", got, args)
	}
	return nil
}

// TestRun runs the cases of testdata, which use every common directive and
// one of the test's own.
func TestRun(t *testing.T) {
	Suite{Variant: chess(t), Directives: map[string]Directive{"pieces": pieces}}.Run(t, "testdata")
}

// TestDirectiveFailures checks that each directive of testdata/failures.txt
// fails with the error listed.
func TestDirectiveFailures(t *testing.T) {
	rows, err := LoadTable(filepath.Join("testdata", "failures.txt"), "position", "directive", "error")
	if err != nil {
		t.Fatal(err)
	}
	su := Suite{Variant: chess(t), Directives: map[string]Directive{"pieces": pieces}}
	for _, r := range rows {
		s := &Script{Variant: su.Variant}
		if err := s.setUp("position", r.Fields[0]); err != nil {
			t.Fatalf("%s: %v", r.Where, err)
		}
		op, args, _ := strings.Cut(r.Fields[1], " ")
		var err error
		switch op {
		case "variant", "position":
			err = s.setUp(op, args)
		case "refuse":
			err = s.refuse(args)
		default:
			err = su.step(s, op, args)
		}
		if err == nil || !strings.Contains(err.Error(), r.Fields[2]) {
			t.Errorf("%s: %s gives the error %v, want one containing %q", r.Where, r.Fields[1], err, r.Fields[2])
		}
	}
}

// TestNoVariant checks that a position or refuse directive before any
// variant is named is refused.
func TestNoVariant(t *testing.T) {
	s := &Script{}
	if err := s.setUp("position", "start"); err != errNoVariant {
		t.Errorf("position without a variant: %v", err)
	}
	if err := s.refuse("8/8 w - - 0 1 => ranks"); err != errNoVariant {
		t.Errorf("refuse without a variant: %v", err)
	}
}

// TestUndoKeepsMoves checks that undo drops the actions it takes back from
// Script.Moves, and takes back the history a position carries beyond them.
func TestUndoKeepsMoves(t *testing.T) {
	s := &Script{Variant: chess(t)}
	if err := s.setUp("position", "start"); err != nil {
		t.Fatal(err)
	}
	for _, step := range [][2]string{{"play", "e4 e5 Nf3"}, {"undo", "1"}} {
		if err := (Suite{}).step(s, step[0], step[1]); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.Moves) != 2 || s.Position.Ply() != 2 || s.Start != chess(t).Spec().Start {
		t.Fatalf("after play and undo: moves %v, ply %d, start %q", s.Moves, s.Position.Ply(), s.Start)
	}
	s.Moves = s.Moves[:1] // as if the first action came with the position text
	if err := undo(s, "2"); err != nil || len(s.Moves) != 0 || s.Position.Ply() != 0 {
		t.Fatalf("undo past the moves played: %v, moves %v, ply %d", err, s.Moves, s.Position.Ply())
	}
}

// TestValidate checks that a variant may not redefine a common directive.
func TestValidate(t *testing.T) {
	for name, want := range map[string]bool{"count": false, "position": false, "note": false, "pieces": true} {
		err := Suite{Directives: map[string]Directive{name: pieces}}.validate()
		if (err == nil) != want {
			t.Errorf("a variant directive %q: %v", name, err)
		}
	}
}

// TestLoadErrors checks the refusals of Load and of the case reader.
func TestLoadErrors(t *testing.T) {
	for _, c := range []struct{ name, files, want string }{
		{"no files", "", "no "},
		{"before the first case", "a.cases:source x\ncase one", `a.cases:1: "source x" before the first case`},
		{"no source", "a.cases:case one\nsource s\n\ncase two\nnote n", "a.cases:4: the case does not say where it comes from"},
		{"same name", "a.cases:case one\nsource s\nb.cases:# b\ncase one\nsource t", `b.cases:2: case "one" already defined at`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, c.files)
			_, err := Load(dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// writeFiles writes the files of spec into dir: each "NAME:" at the start
// of a line begins a file, whose text runs to the next one ("\n" separates
// lines).
func writeFiles(t *testing.T, dir, spec string) {
	t.Helper()
	var name string
	texts := map[string][]string{}
	for _, line := range strings.Split(spec, "\n") {
		if n, text, ok := strings.Cut(line, ":"); ok && strings.HasSuffix(n, ".cases") {
			name, line = n, text
		}
		if name != "" {
			texts[name] = append(texts[name], line)
		}
	}
	for n, lines := range texts {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoad checks the cases Load reads: names, sources, positions and
// steps.
func TestLoad(t *testing.T) {
	cases, err := Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	first := cases[0]
	if first.Name != "start-position" || first.Where != filepath.Join("testdata", "chess.cases")+":4" ||
		!strings.HasPrefix(first.Source, "FIDE Laws 2.3") || len(first.Steps) != 12 {
		t.Fatalf("first case %+v", first)
	}
	if st := first.Steps[1]; st != (Step{Line: 7, Op: "position", Args: "start"}) {
		t.Errorf("second step %+v", st)
	}
}

// TestLoadTable checks the rows LoadTable reads and its refusals.
func TestLoadTable(t *testing.T) {
	rows, err := readTable(strings.NewReader("# comment\n\n a | | c \nd|e|f"), "t.txt", []string{"x", "y", "z"})
	if err != nil || len(rows) != 2 || rows[0].Where != "t.txt:3" || strings.Join(rows[0].Fields, ",") != "a,,c" ||
		rows[1].Where != "t.txt:4" || strings.Join(rows[1].Fields, ",") != "d,e,f" {
		t.Fatalf("rows %+v, %v", rows, err)
	}
	_, err = readTable(strings.NewReader("a | b\na | b | c"), "t.txt", []string{"x", "y"})
	if err == nil || err.Error() != "t.txt:2: want 2 fields separated by |: x | y" {
		t.Errorf("error %v", err)
	}
	if _, err := LoadTable(filepath.Join("testdata", "missing.txt"), "x"); err == nil {
		t.Error("a missing file: no error")
	}
}

// TestFields checks that "_" stands for a space.
func TestFields(t *testing.T) {
	if got := strings.Join(Fields(" K//_to_2  e4 "), "|"); got != "K// to 2|e4" {
		t.Errorf("Fields gives %q", got)
	}
}

// TestCountListed checks the listing count against perft's from the start
// position (FIDE perft 1-3: 20, 400, 8902).
func TestCountListed(t *testing.T) {
	p, err := rules.NewPosition(chess(t), chess(t).Spec().Start)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	counting := func(q *rules.Position) []rules.Move { calls++; return q.Legal(nil) }
	for depth, want := range []uint64{1, 20, 400, 8902} {
		if got := CountListed(p, depth, nil); got != want {
			t.Errorf("depth %d: %d, want %d", depth, got, want)
		}
		if got := CountListed(p, depth, counting); got != want {
			t.Errorf("depth %d with a generator: %d, want %d", depth, got, want)
		}
	}
	if calls != 1+21+421 { // depth 0 lists nothing; each depth lists every node above the last ply
		t.Errorf("the generator was called %d times", calls)
	}
}

// TestCheckDivide checks that CheckDivide accepts a right divide and
// reports a wrong total, a wrong recount and a failed one.
func TestCheckDivide(t *testing.T) {
	ctx := context.Background()
	p, err := rules.NewPosition(chess(t), chess(t).Spec().Start)
	if err != nil {
		t.Fatal(err)
	}
	bulk := func(q *rules.Position, depth int) (uint64, error) { return perft.Count(ctx, q, depth) }
	if err := CheckDivide(ctx, p, 2, 400, bulk); err != nil {
		t.Errorf("a right divide: %v", err)
	}
	for _, c := range []struct {
		total   uint64
		recount func(*rules.Position, int) (uint64, error)
		want    string
	}{
		{401, bulk, "the divide of depth 2 sums to 400, want 401"},
		{400, func(q *rules.Position, d int) (uint64, error) { return 21, nil }, "after a2a3: 20 nodes in the divide, 21 recounted"},
		{400, func(q *rules.Position, d int) (uint64, error) { return 0, os.ErrInvalid }, "after a2a3: invalid argument"},
	} {
		if err := CheckDivide(ctx, p, 2, c.total, c.recount); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one containing %q", err, c.want)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := CheckDivide(cancelled, p, 5, 4865609, bulk); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled divide: error %v", err)
	}
}

// TestCheckNotation checks that CheckNotation accepts the legal actions of
// the start position and reports an action that does not read back and two
// actions with one text.
func TestCheckNotation(t *testing.T) {
	p, err := rules.NewPosition(chess(t), chess(t).Spec().Start)
	if err != nil {
		t.Fatal(err)
	}
	legal := p.Legal(nil)
	if err := CheckNotation(p, legal, legal); err != nil {
		t.Errorf("the start position: %v", err)
	}
	ghost := legal[0]
	ghost.Num = 7
	if err := CheckNotation(p, legal, []rules.Move{ghost}); err == nil || !strings.Contains(err.Error(), "reads back as") {
		t.Errorf("an action that does not read back: error %v", err)
	}
	if err := CheckNotation(p, append(legal, ghost), nil); err == nil || !strings.Contains(err.Error(), "names two actions") {
		t.Errorf("two actions with one text: error %v", err)
	}
}
