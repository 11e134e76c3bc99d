package timethief

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"timechess/internal/casescript"
	"timechess/rules"
)

// importCase is one line of testdata/import.txt.
type importCase struct {
	where, file, variant, want, what string
}

// loadImportCases reads testdata/import.txt.
func loadImportCases(t testing.TB) []importCase {
	t.Helper()
	rows, err := casescript.LoadTable(filepath.Join("testdata", "import.txt"), "file", "variant", "want", "what")
	if err != nil {
		t.Fatal(err)
	}
	var out []importCase
	for _, r := range rows {
		out = append(out, importCase{where: r.Where, file: r.Fields[0], variant: r.Fields[1], want: r.Fields[2], what: r.Fields[3]})
	}
	return out
}

// TestImportJSON reads every file of testdata/import.txt and compares the
// position text, or the error, with the one listed.
func TestImportJSON(t *testing.T) {
	for _, c := range loadImportCases(t) {
		t.Run(c.file+"/"+c.variant, func(t *testing.T) {
			v, err := rules.Lookup(c.variant)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join("testdata", "json", c.file))
			if err != nil {
				t.Fatal(err)
			}
			p, err := ImportJSON(v.(*Variant), bytes.NewReader(data))
			if wantErr, isErr := strings.CutPrefix(c.want, "error: "); isErr {
				if err == nil || !strings.Contains(err.Error(), wantErr) {
					t.Fatalf("%s (%s): error %v, want one containing %q", c.where, c.what, err, wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s (%s): %v", c.where, c.what, err)
			}
			if got := p.FEN(); got != c.want {
				t.Fatalf("%s (%s):\n\tgot  %s\n\twant %s", c.where, c.what, got, c.want)
			}
		})
	}
}

// TestImportJSONHistory checks that an imported previous position makes the
// TT-capture of the preceding move possible.
func TestImportJSONHistory(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "json", "history-rook.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := ImportJSON(Basic, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var tt []string
	for _, m := range p.Legal(nil) {
		if m.Kind == rules.TTCapture {
			tt = append(tt, m.From.String()+"x"+m.To.String())
		}
	}
	if strings.Join(tt, " ") != "c4xf7" {
		t.Fatalf("TT-captures %v, want c4xf7", tt)
	}
}

// TestImportJSONLimits checks the refusals that need no file: no variant,
// and a file over the size limit.
func TestImportJSONLimits(t *testing.T) {
	if _, err := ImportJSON(nil, strings.NewReader("{}")); err == nil {
		t.Error("no variant: no error")
	}
	big := `{"squares": ["` + strings.Repeat(" .|", maxJSON/3) + `"]}`
	if _, err := ImportJSON(Basic, strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file over the limit: error %v", err)
	}
}

// FuzzImportJSON checks that ImportJSON never panics, refuses with a
// non-empty error, and gives positions whose text reads back unchanged.
func FuzzImportJSON(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "json", "*.json"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(false, data)
		f.Add(true, data)
	}
	f.Fuzz(func(t *testing.T, restore bool, data []byte) {
		v := Basic
		if restore {
			v = Restore
		}
		p, err := ImportJSON(v, bytes.NewReader(data))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		q, err := rules.NewPosition(v, p.FEN())
		if err != nil {
			t.Fatalf("the imported position's text %q does not read back: %v", p.FEN(), err)
		}
		if q.FEN() != p.FEN() || q.Hash != p.Hash || p.Hash != p.ComputeHash() {
			t.Fatalf("the imported position %q reads back as %q", p.FEN(), q.FEN())
		}
	})
}
