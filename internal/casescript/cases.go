package casescript

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Case is one case of a .cases file.
type Case struct {
	Name   string
	Source string // where the case comes from
	Where  string // file:line of the case line
	Steps  []Step
}

// Step is one directive line of a case.
type Step struct {
	Line     int
	Op, Args string
}

// Load reads every case of the .cases files in dir, refusing a case without
// a source line and a name two cases share.
func Load(dir string) ([]Case, error) {
	pattern := filepath.Join(dir, "*.cases")
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no %s files (%v)", pattern, err)
	}
	var out []Case
	for _, name := range files {
		cases, err := loadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, cases...)
	}
	names := map[string]string{}
	for _, c := range out {
		if prev, dup := names[c.Name]; dup {
			return nil, fmt.Errorf("%s: case %q already defined at %s", c.Where, c.Name, prev)
		}
		names[c.Name] = c.Where
		if c.Source == "" {
			return nil, fmt.Errorf("%s: the case does not say where it comes from (source line)", c.Where)
		}
	}
	return out, nil
}

// loadFile reads the cases of the file name.
func loadFile(name string) ([]Case, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readCases(f, name)
}

// readCases reads the cases of r, a file called name.
func readCases(r io.Reader, name string) ([]Case, error) {
	var out []Case
	err := eachLine(r, name, func(n int, line string) error {
		op, args, _ := strings.Cut(line, " ")
		args = strings.TrimSpace(args)
		switch {
		case op == "case":
			out = append(out, Case{Name: args, Where: fmt.Sprintf("%s:%d", name, n)})
		case len(out) == 0:
			return fmt.Errorf("%q before the first case", line)
		case op == "source":
			out[len(out)-1].Source = args
		default:
			c := &out[len(out)-1]
			c.Steps = append(c.Steps, Step{n, op, args})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
