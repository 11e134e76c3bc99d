package perft

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A perft fixture file lists positions with their counts, one format for every
// variant and board:
//
//	# Where the counts come from (a published table, a cross-check). The
//	# file's first comment block is the source of all its cases; a comment
//	# block further down adds to it for the cases below it.
//	variant gifford
//	FEN ;D1 n ;D2 n ...
//	FEN ;id two-timelines ;moves 1. d2//5 Nc6 2. e4 ;D1 n ;D2 n ...
//
// "variant NAME" names the variant of the cases that follow. A case is a
// position text ("start" for the variant's start position), optionally a
// name (";id", as in EPD) and the moves played from it first (";moves", in any notation the readers accept:
// for positions whose history a position text does not carry), then its
// counts by increasing depth. Blank lines end a comment block.

// Fixture is one case of a perft fixture file.
type Fixture struct {
	// Where is the file and line of the case ("perft.epd:12").
	Where string
	// Source is the comment block the case stands under: where it comes from.
	Source string
	// Variant is the registered name of the case's variant.
	Variant string
	// ID names the case for benchmarks and messages ("" for none).
	ID string
	// FEN is the position text, or "start".
	FEN string
	// Moves are played from FEN before counting ("" for none).
	Moves string
	// Counts are the node counts by increasing depth.
	Counts []DepthCount
}

// DepthCount is one ";Dn count" field of a fixture.
type DepthCount struct {
	Depth int
	Nodes uint64
}

// ReadFixtures reads the perft fixture file at path.
func ReadFixtures(path string) ([]Fixture, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseFixtures(f, filepath.Base(path))
}

// ParseFixtures reads a perft fixture file from r; name is the file's name for
// the errors and the Where of each case. A case without a variant or a source,
// or with a field that is not ";moves ..." or ";Dn count" with increasing
// depths, is an error naming its line.
func ParseFixtures(r io.Reader, name string) ([]Fixture, error) {
	var (
		out       []Fixture
		header    []string // the file's first comment block
		source    []string // the comment block above the next case
		inComment bool
		variant   string
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			inComment = false
			continue
		case strings.HasPrefix(line, "#"):
			if !inComment {
				if header == nil && source != nil {
					header = source
				}
				source = []string{}
				inComment = true
			}
			source = append(source, strings.TrimSpace(strings.TrimPrefix(line, "#")))
			continue
		}
		inComment = false
		where := fmt.Sprintf("%s:%d", name, n)
		if v, ok := strings.CutPrefix(line, "variant "); ok {
			variant = strings.TrimSpace(v)
			continue
		}
		c, err := parseFixture(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		c.Where, c.Variant, c.Source = where, variant, strings.Join(append(slices.Clip(header), source...), " ")
		if c.Variant == "" {
			return nil, fmt.Errorf("%s: no \"variant NAME\" line before the case", where)
		}
		if c.Source == "" {
			return nil, fmt.Errorf("%s: no comment above the case saying where its counts come from", where)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no case", name)
	}
	return out, nil
}

// parseFixture reads one case line: "FEN [;id NAME] [;moves M...] ;D1 n ;D2 n ...".
func parseFixture(line string) (Fixture, error) {
	fields := strings.Split(line, ";")
	c := Fixture{FEN: strings.TrimSpace(fields[0])}
	if c.FEN == "" {
		return c, fmt.Errorf("no position text before the first ';'")
	}
	for _, fd := range fields[1:] {
		fd = strings.TrimSpace(fd)
		if id, ok := strings.CutPrefix(fd, "id "); ok {
			if c.ID != "" || c.Moves != "" || len(c.Counts) > 0 {
				return c, fmt.Errorf("';id' must come once, first")
			}
			c.ID = strings.TrimSpace(id)
			continue
		}
		if m, ok := strings.CutPrefix(fd, "moves "); ok {
			if c.Moves != "" || len(c.Counts) > 0 {
				return c, fmt.Errorf("';moves' must come once, before the counts")
			}
			c.Moves = strings.TrimSpace(m)
			continue
		}
		d, err := parseDepthCount(fd)
		if err != nil {
			return c, err
		}
		if len(c.Counts) > 0 && d.Depth <= c.Counts[len(c.Counts)-1].Depth {
			return c, fmt.Errorf("depths must increase (%q)", fd)
		}
		c.Counts = append(c.Counts, d)
	}
	if len(c.Counts) == 0 {
		return c, fmt.Errorf("no ';Dn count' field: want \"FEN ;D1 n ;D2 n ...\"")
	}
	return c, nil
}

// parseDepthCount reads "Dn count".
func parseDepthCount(fd string) (DepthCount, error) {
	bad := fmt.Errorf("field %q is not \"Dn count\" (depth from 1), \"id NAME\" or \"moves ...\"", fd)
	d, count, ok := strings.Cut(fd, " ")
	if !ok || !strings.HasPrefix(d, "D") {
		return DepthCount{}, bad
	}
	depth, err1 := strconv.Atoi(d[1:])
	nodes, err2 := strconv.ParseUint(strings.TrimSpace(count), 10, 64)
	if err1 != nil || err2 != nil || depth < 1 {
		return DepthCount{}, bad
	}
	return DepthCount{Depth: depth, Nodes: nodes}, nil
}
