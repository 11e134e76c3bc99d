package pgn_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"timechess/game"
	"timechess/pgn"
	_ "timechess/variant/all"
)

var update = flag.Bool("update", false, "rewrite the .golden files of testdata/games")

// want is an expectation a test file states in a line "% want <game> <key> <value>".
type want struct {
	game       int
	key, value string
}

// readWants collects the expectations of a test file.
func readWants(t *testing.T, data []byte) []want {
	t.Helper()
	var out []want
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "% want ")
		if !ok {
			continue
		}
		fields := strings.SplitN(rest, " ", 3)
		n, err := strconv.Atoi(fields[0])
		if len(fields) != 3 || err != nil {
			t.Fatalf("bad expectation %q: want \"%% want <game> <key> <value>\"", line)
		}
		out = append(out, want{n, fields[1], fields[2]})
	}
	return out
}

func readAll(t *testing.T, data []byte) []*game.Game {
	t.Helper()
	games, err := pgn.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func writeAll(t *testing.T, games []*game.Game) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, g := range games {
		if err := pgn.Write(&b, g); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// TestGames reads each game file of testdata/games, checks its stated
// expectations, compares the written form with the .golden file, and checks
// the round trip: reading the written form gives the same games, and
// writing them again gives the same text.
func TestGames(t *testing.T) {
	files, err := filepath.Glob("testdata/games/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			games := readAll(t, data)
			checkWants(t, games, readWants(t, data))
			written := writeAll(t, games)
			golden := strings.TrimSuffix(file, ".pgn") + ".golden"
			if *update {
				if err := os.WriteFile(golden, written, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			wantText, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(wantText), string(written)); diff != "" {
				t.Errorf("written form differs from %s (-want +got):\n%s", golden, diff)
			}
			checkWidth(t, written)
			again := readAll(t, written)
			if len(again) != len(games) {
				t.Fatalf("reading the written form gives %d games, want %d", len(again), len(games))
			}
			for i := range games {
				sameGame(t, i+1, games[i], again[i])
			}
			if rewritten := writeAll(t, again); !bytes.Equal(rewritten, written) {
				t.Errorf("writing again is not stable:\n%s\nthen\n%s", written, rewritten)
			}
		})
	}
}

func checkWants(t *testing.T, games []*game.Game, wants []want) {
	t.Helper()
	if len(wants) == 0 {
		t.Fatal("the file states no expectations")
	}
	for _, w := range wants {
		if w.game < 1 || w.game > len(games) {
			t.Errorf("expectation for game %d, but the file has %d games", w.game, len(games))
			continue
		}
		g := games[w.game-1]
		var got string
		switch w.key {
		case "status":
			got = game.Describe(g.Status())
		case "plies":
			got = strconv.Itoa(len(g.Plies()))
		case "fen":
			got = g.Position().FEN()
		default:
			t.Fatalf("unknown expectation key %q", w.key)
		}
		if got != w.value {
			t.Errorf("game %d: %s is %q, want %q", w.game, w.key, got, w.value)
		}
	}
}

// checkWidth checks that no line of written PGN exceeds 80 columns.
func checkWidth(t *testing.T, text []byte) {
	t.Helper()
	for i, line := range strings.Split(string(text), "\n") {
		if utf8.RuneCountInString(line) > 80 && !strings.HasPrefix(line, "[") {
			t.Errorf("line %d is %d columns wide: %s", i+1, utf8.RuneCountInString(line), line)
		}
	}
}

// rosterDefaults are the values Write gives missing Seven Tag Roster tags.
var rosterDefaults = map[string]string{"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?"}

// tagMap returns a game's tags with the roster's missing tags filled in as
// Write fills them.
func tagMap(g *game.Game) map[string]string {
	m := map[string]string{}
	for name, value := range rosterDefaults {
		m[name] = value
	}
	for _, tag := range g.Tags {
		m[tag.Name] = tag.Value
	}
	return m
}

// sameGame checks that b, read back from the written form of a, is the same game.
func sameGame(t *testing.T, n int, a, b *game.Game) {
	t.Helper()
	if a.Variant() != b.Variant() || a.StartFEN() != b.StartFEN() {
		t.Errorf("game %d: variant/start %s %s, read back %s %s", n, a.Variant().Spec().Name, a.StartFEN(), b.Variant().Spec().Name, b.StartFEN())
	}
	if diff := cmp.Diff(a.Plies(), b.Plies()); diff != "" {
		t.Errorf("game %d: moves and annotations differ (-first +read back):\n%s", n, diff)
	}
	if diff := cmp.Diff(a.Comments, b.Comments); diff != "" {
		t.Errorf("game %d: comments differ (-first +read back):\n%s", n, diff)
	}
	if diff := cmp.Diff(tagMap(a), tagMap(b)); diff != "" {
		t.Errorf("game %d: tags differ (-first +read back):\n%s", n, diff)
	}
	if a.Position().FEN() != b.Position().FEN() || a.Status() != b.Status() {
		t.Errorf("game %d: ends %s %v, read back %s %v", n, a.Position().FEN(), a.Status(), b.Position().FEN(), b.Status())
	}
}

// errorCase is a case of testdata/errors.txt.
type errorCase struct {
	name, want, input string
}

func readErrorCases(t testing.TB) []errorCase {
	t.Helper()
	data, err := os.ReadFile("testdata/errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	var cases []errorCase
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if head, ok := strings.CutPrefix(line, "### "); ok {
			name, wantText, found := strings.Cut(strings.TrimSpace(head), " | ")
			if !found {
				t.Fatalf("errors.txt: case line %q lacks \" | \"", line)
			}
			cases = append(cases, errorCase{name: name, want: wantText})
			continue
		}
		if len(cases) > 0 {
			cases[len(cases)-1].input += line
		}
	}
	return cases
}

// TestErrors reads each case of testdata/errors.txt and checks that the
// error says what is wrong and where.
func TestErrors(t *testing.T) {
	for _, c := range readErrorCases(t) {
		t.Run(c.name, func(t *testing.T) {
			_, err := pgn.Read(strings.NewReader(c.input))
			var fault *pgn.Error
			if !errors.As(err, &fault) {
				t.Fatalf("got %v, want a *pgn.Error containing %q", err, c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\ndoes not contain %q", err, c.want)
			}
		})
	}
}

// TestNextAfterError checks that a reader goes on with the next game after
// a faulty one, whatever the fault.
func TestNextAfterError(t *testing.T) {
	inputs := map[string]string{
		"illegal move":   "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 Nc6 3. d4 *\n\n",
		"bad FEN":        "[Event \"bad\"]\n[FEN \"xx\"]\n\n1. e4 *\n\n",
		"bad tag":        "[Event \"bad\"]\n[Site \"unclosed\n[Round \"1\"]\n\n1. e4 *\n\n",
		"result clash":   "1. f3 e5 2. g4 Qh4# 1-0\n\n",
		"open variation": "[Event \"bad\"]\n\n1. e4 (1. d4 d5\n\n",
	}
	for name, bad := range inputs {
		t.Run(name, func(t *testing.T) {
			rd := pgn.NewReader(strings.NewReader(bad + "[Event \"good\"]\n\n1. d4 d5 *\n"))
			if _, err := rd.Next(); err == nil {
				t.Fatal("the faulty game was read without error")
			}
			g, err := rd.Next()
			if err != nil {
				t.Fatalf("the game after the faulty one: %v", err)
			}
			if ev, _ := g.Tags.Get("Event"); ev != "good" || len(g.Plies()) != 2 {
				t.Errorf("read %q with %d plies, want the good game", ev, len(g.Plies()))
			}
			if _, err := rd.Next(); !errors.Is(err, io.EOF) {
				t.Errorf("after the last game: %v, want io.EOF", err)
			}
		})
	}
}

// TestLimits checks that input beyond the reader's limits fails clearly,
// and that the reader then goes on with the next game.
func TestLimits(t *testing.T) {
	cases := []struct {
		name   string
		limits pgn.Limits
		input  string
		want   string
	}{
		{"nesting", pgn.Limits{}, "1. e4 " + strings.Repeat("(1. d4 ", 70) + "*", "variations nested deeper than 64"},
		{"comment", pgn.Limits{TextBytes: 100}, "1. e4 {" + strings.Repeat("x", 200) + "} *", "comment longer than 100 bytes"},
		{"line comment", pgn.Limits{TextBytes: 100}, "1. e4 ; " + strings.Repeat("x", 200) + "\n*", "comment longer than 100 bytes"},
		{"tag value", pgn.Limits{TextBytes: 100}, "[Event \"" + strings.Repeat("x", 200) + "\"]\n*", "tag value longer than 100 bytes"},
		{"game size", pgn.Limits{GameBytes: 1000}, "1. e4 " + strings.Repeat("{comment} ", 200) + "*", "the game is longer than 1000 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rd := pgn.NewReader(strings.NewReader(c.input + "\n\n[Event \"next\"]\n1. e4 *\n"))
			rd.Limits = c.limits
			_, err := rd.Next()
			if !errors.Is(err, pgn.ErrLimit) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a limit error containing %q", err, c.want)
			}
			if g, err := rd.Next(); err != nil || len(g.Plies()) != 1 {
				t.Errorf("the game after the limit: %v", err)
			}
		})
	}
}

func TestEmptyInput(t *testing.T) {
	for _, input := range []string{"", "\n\n  \n", "\xef\xbb\xbf", "% only an escape line\n"} {
		games, err := pgn.Read(strings.NewReader(input))
		if err != nil || len(games) != 0 {
			t.Errorf("Read(%q) = %d games, %v; want none and no error", input, len(games), err)
		}
	}
}

// TestLatin1 checks that comments and tag values in ISO 8859-1, the
// encoding the PGN standard names, are read as the same text in UTF-8.
func TestLatin1(t *testing.T) {
	games, err := pgn.Read(strings.NewReader("[White \"R\xe9ti, Richard\"]\n\n1. Nf3 {Le d\xe9but R\xe9ti} *\n"))
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := games[0].Tags.Get("White"); w != "Réti, Richard" {
		t.Errorf("White tag %q", w)
	}
	if c := games[0].Plies()[0].Comments; len(c) != 1 || c[0] != "Le début Réti" {
		t.Errorf("comment %q", c)
	}
}

// TestWriteSpecialText checks text that needs care on output: tag values
// with quotes, backslashes and line breaks, comments holding '}' or line
// breaks, and a comment word that starts with '%'.
func TestWriteSpecialText(t *testing.T) {
	games := readAll(t, []byte("1. e4 e5 *"))
	g := games[0]
	g.Tags.Set("Annotator", "a \"b\" \\c\nd")
	g.Comments = []string{"see {this}"}
	a := g.Annotate(0)
	a.Comments = []string{"two\nlines", strings.Repeat("word ", 14) + "%percent"}
	var b bytes.Buffer
	if err := pgn.Write(&b, g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `[Annotator "a \"b\" \\c d"]`) || !strings.Contains(b.String(), "; see {this}\n") {
		t.Errorf("written:\n%s", b.String())
	}
	back := readAll(t, b.Bytes())[0]
	if v, _ := back.Tags.Get("Annotator"); v != "a \"b\" \\c d" {
		t.Errorf("Annotator read back as %q", v)
	}
	if diff := cmp.Diff([]string{"see {this}"}, back.Comments); diff != "" {
		t.Errorf("game comments read back (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"two lines", strings.Repeat("word ", 14) + "%percent"}, back.Plies()[0].Comments); diff != "" {
		t.Errorf("move comments read back (-want +got):\n%s", diff)
	}
}

func TestWriteRefusesBadTagName(t *testing.T) {
	g := readAll(t, []byte("*"))[0]
	g.Tags.Set("Bad Name", "x")
	if err := pgn.Write(io.Discard, g); err == nil || !strings.Contains(err.Error(), `tag name "Bad Name"`) {
		t.Errorf("Write with a bad tag name: %v", err)
	}
}

// FuzzRead feeds the reader arbitrary input: it must not panic, must fail
// only with *pgn.Error, and every game it reads must survive the round trip.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/games/*.pgn")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, c := range readErrorCases(f) {
		f.Add([]byte(c.input))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := pgn.NewReader(bytes.NewReader(data))
		rd.Limits = pgn.Limits{GameBytes: 1 << 16, TextBytes: 1 << 12, Depth: 16}
		for {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			var fault *pgn.Error
			if err != nil {
				if !errors.As(err, &fault) {
					t.Fatalf("error %v is not a *pgn.Error", err)
				}
				continue
			}
			var b bytes.Buffer
			if err := pgn.Write(&b, g); err != nil {
				t.Fatalf("writing a game read: %v", err)
			}
			back, err := pgn.Read(bytes.NewReader(b.Bytes()))
			if err != nil || len(back) != 1 {
				t.Fatalf("reading back %q: %d games, %v", b.String(), len(back), err)
			}
			sameGame(t, 1, g, back[0])
			var again bytes.Buffer
			if err := pgn.Write(&again, back[0]); err != nil || again.String() != b.String() {
				t.Fatalf("writing again is not stable (%v):\n%s\nthen\n%s", err, b.String(), again.String())
			}
		}
	})
}

func ExampleRead() {
	games, err := pgn.Read(strings.NewReader(`[White "Legall"]
[Black "Saint Brie"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(game.Describe(games[0].Status()), strings.Join(games[0].SAN()[10:], " "))
	// Output: 1-0 (checkmate) Bxf7+ Ke7 Nd5#
}
