package casescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// addFiles adds the text of each testdata file matching pattern to the seed
// corpus of f.
func addFiles(f *testing.F, pattern string) {
	files, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil || len(files) == 0 {
		f.Fatalf("no testdata/%s (%v)", pattern, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
}

// FuzzReadCases checks that the case reader never panics, refuses with an
// error that says where, and reads cases whose steps are directives in
// line order.
func FuzzReadCases(f *testing.F) {
	addFiles(f, "*.cases")
	for _, text := range []string{"", "source s", "case\ncase", "# c\ncase a b\n  play  e4 \nsource", "case x\n\tsource \t y"} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cases, err := readCases(strings.NewReader(text), "f.cases")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.cases:") {
				t.Fatalf("error %q does not say where", err)
			}
			return
		}
		for _, c := range cases {
			if !strings.HasPrefix(c.Where, "f.cases:") {
				t.Fatalf("case %q is at %q", c.Name, c.Where)
			}
			line := 0
			for _, st := range c.Steps {
				if st.Line <= line || st.Op == "" || st.Op == "case" || st.Op == "source" || strings.HasPrefix(st.Op, "#") {
					t.Fatalf("case %q: step %+v after line %d", c.Name, st, line)
				}
				line = st.Line
			}
		}
	})
}

// FuzzReadTable checks that the table reader never panics, refuses with an
// error that says where, and reads rows of three trimmed fields.
func FuzzReadTable(f *testing.F) {
	addFiles(f, "*.txt")
	for _, text := range []string{"", "a|b|c", "a|b", "|||", " # | | ", "a | b | c\n\n#\nd||"} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := readTable(strings.NewReader(text), "f.txt", []string{"x", "y", "z"})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt:") {
				t.Fatalf("error %q does not say where", err)
			}
			return
		}
		for _, r := range rows {
			if len(r.Fields) != 3 || !strings.HasPrefix(r.Where, "f.txt:") {
				t.Fatalf("row %+v", r)
			}
			for _, field := range r.Fields {
				if field != strings.TrimSpace(field) {
					t.Fatalf("row %+v: field %q is not trimmed", r, field)
				}
			}
		}
	})
}
