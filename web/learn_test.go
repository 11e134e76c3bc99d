package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"timechess/game"
	"timechess/notation"
	"timechess/rules"
	_ "timechess/variant/all" // every variant, as cmd/timechess has them
)

// lesson is a guided game of static/learn/<variant>.json, as learn.js reads it.
type lesson struct {
	Variant string `json:"variant"`
	Title   string `json:"title"`
	Intro   string `json:"intro"`
	FEN     string `json:"fen"`
	Steps   []struct {
		Setup *struct {
			FEN string `json:"fen"`
			Say string `json:"say"`
		} `json:"setup"`
		Title  string   `json:"title"`
		Rule   string   `json:"rule"`
		Say    string   `json:"say"`
		Marks  []string `json:"marks"`
		Arrows []struct {
			From string `json:"from"`
			To   string `json:"to"`
			Cls  string `json:"cls"`
		} `json:"arrows"`
		Play   []string `json:"play"`
		Refuse *struct {
			Move string `json:"move"`
			Rule string `json:"rule"`
		} `json:"refuse"`
		Want  string `json:"want"`
		Done  string `json:"done"`
		Reply *struct {
			Move string `json:"move"`
			Say  string `json:"say"`
		} `json:"reply"`
	} `json:"steps"`
	Ends string `json:"ends"`
}

// lessonIndex is static/learn/index.json, the list the /learn page shows.
type lessonIndex struct {
	Lessons []struct {
		Variant string `json:"variant"`
		Title   string `json:"title"`
		Summary string `json:"summary"`
	} `json:"lessons"`
}

// decodeStrict reads JSON refusing unknown fields, so a misspelt key of a script fails here
// rather than being skipped silently by the page.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// lessonDoc is the rules document whose labels a variant's lesson cites
// (rules.go's line of the variant).
func lessonDoc(t testing.TB, variant string) string {
	t.Helper()
	v, ok := rulesEntry(variant)
	if !ok {
		t.Fatalf("no rules document for the lesson of %q", variant)
	}
	return v.Doc
}

// TestLessonsReplay replays every guided game through the rules: each action a step accepts
// and each scripted reply is legal where the step stands, each refused action is refused by
// the rule the step names, each highlighted square is on the board and means something
// there, each rule label is one of the variant's rules document, and the script ends on the
// position it says. A failure names the lesson and the step.
func TestLessonsReplay(t *testing.T) {
	var index lessonIndex
	data, err := fs.ReadFile(staticFiles, "static/learn/index.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := decodeStrict(data, &index); err != nil {
		t.Fatalf("learn/index.json: %v", err)
	}
	files, _ := fs.Glob(staticFiles, "static/learn/*.json")
	if len(files) != len(index.Lessons)+1 {
		t.Errorf("%d lesson files besides the index, %d lessons listed: list each file once", len(files)-1, len(index.Lessons))
	}
	for _, entry := range index.Lessons {
		if entry.Title == "" || entry.Summary == "" {
			t.Errorf("learn/index.json: %s lacks its title or summary", entry.Variant)
		}
		t.Run(entry.Variant, func(t *testing.T) {
			data, err := fs.ReadFile(staticFiles, "static/learn/"+entry.Variant+".json")
			if err != nil {
				t.Fatalf("no script for a listed lesson: %v", err)
			}
			replayLesson(t, entry.Variant, data)
		})
	}
}

// TestLessonReplayFindsFaults breaks the Gifford script in each way TestLessonsReplay guards
// against and checks that the replay reports it, naming the step.
func TestLessonReplayFindsFaults(t *testing.T) {
	good, err := fs.ReadFile(staticFiles, "static/learn/gifford.json")
	if err != nil {
		t.Fatal(err)
	}
	if msgs := replayProblems(t, "gifford", good); len(msgs) != 0 {
		t.Fatalf("the script as it is: %q", msgs)
	}
	for _, c := range []struct{ old, new, want string }{
		{`"g1f3"`, `"g1g4"`, "step 2 (Play on while he travels): g1g4 is not a legal action"},
		{`"move": "g8f6"`, `"move": "g8g5"`, "step 3 (The arrival): after B@d3 the reply g8g5 is refused"},
		{`"marks": [
        "g1",`, `"marks": [
        "h4",`, "step 2 (Play on while he travels): marked square h4 holds no man"},
		{`"rule": "G5"`, `"rule": "G99"`, `step 4 (Your King travels back): rule "G99" is not a label`},
		{`"play": [
        "e1//2@d3"
      ],`, `"refuse": {"move": "Ke1//2@d3", "rule": "G5"},`, "step 4 (Your King travels back): Ke1//2@d3 is legal"},
		{`"ends": "r1bqkbnr`, `"ends": "rnbqkbnr`, "the lesson ends on r1bqkbnr"},
		{`"want":`, `"wants":`, `unknown field "wants"`},
	} {
		bad := strings.Replace(string(good), c.old, c.new, 1)
		if bad == string(good) {
			t.Fatalf("%q is not in the script", c.old)
		}
		msgs := replayProblems(t, "gifford", []byte(bad))
		if !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, c.want) }) {
			t.Errorf("%s -> %s: the replay says %q, want %q", c.old, c.new, msgs, c.want)
		}
	}
}

// recorder is a testing.TB that keeps what a check reports instead of failing the test.
type recorder struct {
	testing.TB
	msgs []string
}

// stopped is what recorder.Fatalf panics with, to end the check as t.Fatalf would.
type stopped struct{}

func (r *recorder) Helper()           {}
func (r *recorder) Error(args ...any) { r.msgs = append(r.msgs, fmt.Sprint(args...)) }
func (r *recorder) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any)                 { r.Error(args...); panic(stopped{}) }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); panic(stopped{}) }

// replayProblems runs replayLesson on a script and returns what it reports.
func replayProblems(t *testing.T, name string, data []byte) (msgs []string) {
	r := &recorder{TB: t}
	defer func() {
		if x := recover(); x != nil {
			if _, ok := x.(stopped); !ok {
				panic(x)
			}
		}
		msgs = r.msgs
	}()
	replayLesson(r, name, data)
	return r.msgs
}

// replayLesson replays one script (the file static/learn/NAME.json holds) through the rules.
func replayLesson(t testing.TB, name string, data []byte) {
	t.Helper()
	var l lesson
	if err := decodeStrict(data, &l); err != nil {
		t.Fatalf("%s.json: %v", name, err)
	}
	if l.Variant != name || l.Title == "" || l.Intro == "" || len(l.Steps) == 0 || l.Ends == "" {
		t.Fatalf("%s.json: variant %q, title, intro, steps and ends are required", name, l.Variant)
	}
	v, err := rules.Lookup(l.Variant)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(path.Join("..", "docs", "rules", lessonDoc(t, name)+".md"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(v, l.FEN)
	if err != nil {
		t.Fatalf("start position: %v", err)
	}
	for i, st := range l.Steps {
		where := fmt.Sprintf("step %d (%s)", i+1, st.Title)
		if st.Setup != nil {
			if g, err = game.New(v, st.Setup.FEN); err != nil || st.Setup.Say == "" {
				t.Fatalf("%s: set-up %q: %v (a set-up needs a position and a sentence)", where, st.Setup.FEN, err)
			}
		}
		if st.Title == "" || st.Say == "" || st.Want == "" || st.Done == "" {
			t.Errorf("%s: title, say, want and done are required", where)
		}
		if !regexp.MustCompile(`(^|[^A-Za-z0-9])`+regexp.QuoteMeta(st.Rule)+`($|[^0-9])`).Match(doc) || st.Rule == "" {
			t.Errorf("%s: rule %q is not a label of docs/rules/%s.md", where, st.Rule, lessonDoc(t, name))
		}
		p := g.Position()
		if p.Side != rules.White {
			t.Fatalf("%s: the player (White) is not to move in %s", where, p.FEN())
		}
		legal := map[string]rules.Move{}
		for _, m := range p.Legal(nil) {
			legal[notation.Coord(p, m)] = m
		}
		// squares are those a mark may fall on: men, the squares of the step's actions, the arrows' ends.
		squares := map[string]bool{}
		for bb := p.Geometry().Mask; !bb.IsZero(); {
			if s := bb.PopLSB(); p.At(s) != rules.NoPiece {
				squares[s.String()] = true
			}
		}
		onBoard := func(name string) bool {
			_, err := rules.ParseSquare(name, p.Geometry().W, p.Geometry().H)
			return err == nil
		}
		for _, a := range st.Arrows {
			if !onBoard(a.From) || !onBoard(a.To) || a.From == a.To {
				t.Errorf("%s: arrow %s-%s is not between two squares of the board", where, a.From, a.To)
			}
			if !slices.Contains([]string{"", "arrow-line", "arrow-best", "arrow-annihilation"}, a.Cls) {
				t.Errorf("%s: arrow class %q is none of the board's", where, a.Cls)
			}
			squares[a.From], squares[a.To] = true, true
		}
		switch {
		case st.Refuse != nil && len(st.Play) == 0:
			m, err := notation.Parse(p, st.Refuse.Move)
			var ne *notation.Error
			if err == nil {
				t.Fatalf("%s: %s is legal (%s), the step wants it refused", where, st.Refuse.Move, notation.Coord(p, m))
			}
			if !errors.As(err, &ne) || ne.Rule == nil || ne.Rule.Rule != st.Refuse.Rule {
				t.Fatalf("%s: %s is refused with %v, want rule %s", where, st.Refuse.Move, err, st.Refuse.Rule)
			}
			if st.Reply != nil {
				t.Errorf("%s: a refused action has no reply", where)
			}
		case len(st.Play) > 0 && st.Refuse == nil:
			for _, c := range st.Play {
				m, ok := legal[c]
				if !ok {
					t.Fatalf("%s: %s is not a legal action in %s", where, c, p.FEN())
				}
				for _, s := range []rules.Square{m.From, m.To} {
					if s != rules.NoSquare {
						squares[s.String()] = true
					}
				}
			}
		default:
			t.Fatalf("%s: a step either plays (play) or shows a refusal (refuse)", where)
		}
		for _, sq := range st.Marks {
			if !onBoard(sq) || !squares[sq] {
				t.Errorf("%s: marked square %s holds no man and is not a square of the step's actions or arrows", where, sq)
			}
		}
		if len(st.Play) == 0 {
			continue
		}
		// Every accepted alternative must leave the scripted reply legal; the first one is the line.
		for j := len(st.Play) - 1; j >= 0; j-- {
			alt, err := game.New(v, p.FEN())
			if j == 0 {
				alt = g
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := alt.PlayMove(legal[st.Play[j]]); err != nil {
				t.Fatalf("%s: %s: %v", where, st.Play[j], err)
			}
			if st.Reply == nil {
				continue
			}
			if st.Reply.Say == "" {
				t.Errorf("%s: the reply %s says nothing", where, st.Reply.Move)
			}
			if err := alt.Play(st.Reply.Move); err != nil {
				t.Fatalf("%s: after %s the reply %s is refused: %v", where, st.Play[j], st.Reply.Move, err)
			}
		}
	}
	if got := g.Position().FEN(); got != l.Ends {
		t.Errorf("the lesson ends on %s, its script says %s", got, l.Ends)
	}
}
