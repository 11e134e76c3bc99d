package match

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// describeSpec writes the fields of a parsed spec as testdata/specs.txt does.
func describeSpec(s *Spec) string {
	args := ""
	if len(s.Args) > 0 {
		args = fmt.Sprintf(" args=%q", s.Args)
	}
	if s.Kind == KindTimechess {
		args += fmt.Sprintf(" overhead=%v", s.Overhead)
	}
	return fmt.Sprintf("kind=%s path=%s limit=%s threads=%d hash=%d seed=%d%s extra=%v name=%q",
		s.Kind, s.Path, s.Limit, s.Engine.Threads, s.Engine.HashMB, s.Seed, args, s.Extra, s.displayName(s.Kind))
}

func TestParseSpecCases(t *testing.T) {
	f, err := os.Open("testdata/specs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var spec string
	cases := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "$ "):
			spec = line[2:]
		default:
			cases++
			s, err := ParseSpec(spec)
			if want, isErr := strings.CutPrefix(line, "error: "); isErr {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("line %d: ParseSpec(%q) error %v, want one containing %q", n, spec, err, want)
				}
				continue
			}
			if err != nil {
				t.Errorf("line %d: ParseSpec(%q): %v", n, spec, err)
			} else if got := describeSpec(s); got != line {
				t.Errorf("line %d: ParseSpec(%q)\n got  %s\n want %s", n, spec, got, line)
			} else if s.String() != spec {
				t.Errorf("line %d: String() = %q", n, s.String())
			}
		}
	}
	if cases == 0 {
		t.Fatal("no cases")
	}
}

// FuzzParseSpec: any text gives a spec or an error, never a panic; a spec
// that parses has a kind and, for external programs, a path.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"timechess:depth=3", "uci:/usr/games/stockfish:Skill Level=0", "xboard:/usr/games/fairymax",
		"greedy:seed=1", "random", "uci::", "timechess:depth=3,,", "xboard:a:b:c=d=e", "timechess:name=a,name=b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSpec(text)
		if err != nil {
			return
		}
		if s.Kind == "" || (s.Kind == KindUCI || s.Kind == KindXBoard) && strings.TrimSpace(s.Path) == "" {
			t.Fatalf("ParseSpec(%q) = %+v", text, s)
		}
		_ = s.displayName(s.Kind)
	})
}
