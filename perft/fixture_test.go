package perft

import (
	"strings"
	"testing"
)

// TestParseFixtures reads a file with a header, a case's own comment, moves
// and a change of variant.
func TestParseFixtures(t *testing.T) {
	text := `# Header: where the file's counts come from.
variant chess
start ;D1 20 ;D2 400

# A case of its own.
variant gifford
start ;id opening ;moves 1. e4 e5 ;D1 30
`
	got, err := ParseFixtures(strings.NewReader(text), "x.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d cases, want 2", len(got))
	}
	a, b := got[0], got[1]
	if a.Where != "x.epd:3" || a.Variant != "chess" || a.FEN != "start" || a.Moves != "" ||
		len(a.Counts) != 2 || a.Counts[1] != (DepthCount{2, 400}) || a.Source != "Header: where the file's counts come from." {
		t.Errorf("first case %+v", a)
	}
	if b.Variant != "gifford" || b.ID != "opening" || b.Moves != "1. e4 e5" || b.Counts[0] != (DepthCount{1, 30}) ||
		b.Source != "Header: where the file's counts come from. A case of its own." {
		t.Errorf("second case %+v", b)
	}
}

// TestParseFixturesRejectsBadLines keeps the reader honest about its format:
// each error names the line.
func TestParseFixturesRejectsBadLines(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"# s\nvariant chess\n8/8/8/8/8/8/8/K6k w - - 0 1\n", "bad.epd:3: no ';Dn count'"},
		{"# s\nvariant chess\n8/8/8/8/8/8/8/K6k w - - 0 1 ;3 4\n", "bad.epd:3: field \"3 4\""},
		{"# s\nvariant chess\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D0 1\n", "bad.epd:3: field \"D0 1\""},
		{"# s\nvariant chess\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D2 3 ;D1 3\n", "bad.epd:3: depths must increase"},
		{"# s\nvariant chess\nstart ;D1 20 ;moves e4\n", "bad.epd:3: ';moves' must come once"},
		{"# s\nvariant chess\n ;D1 20\n", "bad.epd:3: no position text"},
		{"# s\nvariant chess\nstart ;moves e4 ;id x ;D1 20\n", "bad.epd:3: ';id' must come once"},
		{"# s\nstart ;D1 20\n", "bad.epd:2: no \"variant NAME\""},
		{"variant chess\nstart ;D1 20\n", "bad.epd:2: no comment above the case"},
		{"# only a comment\n", "bad.epd: no case"},
	} {
		if _, err := ParseFixtures(strings.NewReader(c.text), "bad.epd"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFixtures(%q): error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

// FuzzParseFixtures feeds the reader any text: it returns cases or an error,
// never panics, and every case it returns is well formed.
func FuzzParseFixtures(f *testing.F) {
	f.Add("# s\nvariant chess\nstart ;D1 20 ;D2 400\n")
	f.Add("# s\nvariant gifford\nstart ;moves 1. e4 ;D1 30\n")
	f.Add(";;;\n#\nvariant \n;D1 1")
	f.Fuzz(func(t *testing.T, text string) {
		cases, err := ParseFixtures(strings.NewReader(text), "fuzz.epd")
		if err != nil {
			return
		}
		for _, c := range cases {
			if c.Variant == "" || c.Source == "" || c.FEN == "" || len(c.Counts) == 0 {
				t.Fatalf("ill-formed case %+v", c)
			}
			for i, dc := range c.Counts {
				if dc.Depth < 1 || (i > 0 && dc.Depth <= c.Counts[i-1].Depth) {
					t.Fatalf("bad depths %+v", c.Counts)
				}
			}
		}
	})
}
