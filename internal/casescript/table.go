package casescript

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Row is one line of a table file: its fields, trimmed, and where it stands.
type Row struct {
	Where  string // file:line
	Fields []string
}

// LoadTable reads the table file at path: each line that is neither blank
// nor a "#" comment holds one field per name in columns, separated by "|".
func LoadTable(path string, columns ...string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readTable(f, path, columns)
}

// readTable reads the table of r, a file called name.
func readTable(r io.Reader, name string, columns []string) ([]Row, error) {
	var out []Row
	err := eachLine(r, name, func(n int, line string) error {
		fields := strings.Split(line, "|")
		if len(fields) != len(columns) {
			return fmt.Errorf("want %d fields separated by |: %s", len(columns), strings.Join(columns, " | "))
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		out = append(out, Row{Where: fmt.Sprintf("%s:%d", name, n), Fields: fields})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
