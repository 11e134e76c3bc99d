package store

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzReadBackup feeds readBackup any text: it must never panic, and what it
// accepts must be accepted again, record for record, once written back.
// Seeds: the golden backup (testdata/backup-v1.jsonl) and pieces of it.
func FuzzReadBackup(f *testing.F) {
	golden, err := os.ReadFile("testdata/backup-v1.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	lines := strings.SplitAfter(string(golden), "\n")
	f.Add(string(golden))
	f.Add(lines[0] + lines[len(lines)-2])
	f.Add(lines[0] + `{"end":{"games":0,"moves":0,"comments":0,"seeks":0}}`)
	f.Add(strings.Join(lines[:len(lines)-2], ""))
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		var records []backupRecord
		if err := readBackup(strings.NewReader(text), func(rec backupRecord) error {
			records = append(records, rec)
			return nil
		}); err != nil {
			return
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		n := backupCounts{}
		enc.Encode(backupRecord{Format: backupFormat, Version: backupVersion})
		for _, rec := range records {
			enc.Encode(rec)
			switch {
			case rec.Game != nil:
				n.Games++
			case rec.Move != nil:
				n.Moves++
			case rec.Comment != nil:
				n.Comments++
			default:
				n.Seeks++
			}
		}
		enc.Encode(backupRecord{End: &n})
		var again []backupRecord
		if err := readBackup(&buf, func(rec backupRecord) error {
			again = append(again, rec)
			return nil
		}); err != nil {
			t.Fatalf("accepted %q, refused it written back: %v", text, err)
		}
		if diff := cmp.Diff(records, again); diff != "" {
			t.Fatalf("written back, the records differ:\n%s", diff)
		}
	})
}

// FuzzSQLiteDSN checks that any file name either is refused or becomes a
// file: URI whose path part decodes to exactly the name, with nothing in it
// that SQLite would read as the start of the query or fragment.
func FuzzSQLiteDSN(f *testing.F) {
	for _, path := range []string{"timechess.db", "/tmp/a b/x.db", "what?.db", "#1.db", "100%.db", "%3f.db", "", ":memory:", "é.db"} {
		f.Add(path)
	}
	f.Fuzz(func(t *testing.T, path string) {
		dsn, err := sqliteDSN(path, true)
		if err != nil {
			return
		}
		rest, ok := strings.CutPrefix(dsn, "file:")
		if !ok {
			t.Fatalf("%q: DSN %q is not a file: URI", path, dsn)
		}
		escaped, query, _ := strings.Cut(rest, "?")
		if strings.ContainsAny(escaped, "#") || !strings.Contains(query, "_txlock=immediate") {
			t.Fatalf("%q: DSN %q", path, dsn)
		}
		if back, err := url.PathUnescape(escaped); err != nil || back != path {
			t.Fatalf("%q: path part %q decodes to %q (%v)", path, escaped, back, err)
		}
	})
}
