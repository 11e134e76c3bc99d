package match

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"timechess/pgn"
	"timechess/rules"
)

// maxOpeningsBytes bounds an openings file.
const maxOpeningsBytes = 64 << 20

// Opening is a start position with moves played from it before the
// players take over.
type Opening struct {
	FEN   string       // the start position text
	Moves []rules.Move // legal moves from FEN, played in order
	// Source says where the opening comes from: "line 3", "game 2".
	Source string
}

// ReadOpenings reads openings for variant v: either PGN (input whose first
// character that is not white space is '['; each game's start position and
// moves, its Variant tag naming v) or one position per line (the position
// text of 'timechess moves --fen', or EPD: its first four fields are used
// when the whole line is not a position). Blank lines and lines starting
// with '#' are skipped. Every opening must leave a game in progress.
func ReadOpenings(r io.Reader, v rules.Variant) ([]Opening, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxOpeningsBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxOpeningsBytes {
		return nil, fmt.Errorf("openings: more than %d MiB", maxOpeningsBytes>>20)
	}
	var out []Opening
	if t := bytes.TrimLeft(data, " \t\r\n\ufeff"); len(t) > 0 && t[0] == '[' {
		out, err = pgnOpenings(data, v)
	} else {
		out, err = positionOpenings(data, v)
	}
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openings: no opening in the input")
	}
	return out, nil
}

// pgnOpenings reads the games of PGN input as openings.
func pgnOpenings(data []byte, v rules.Variant) ([]Opening, error) {
	games, err := pgn.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	out := make([]Opening, 0, len(games))
	for i, g := range games {
		src := fmt.Sprintf("game %d", i+1)
		if g.Variant() != v {
			return nil, fmt.Errorf("openings: %s is %s, the match plays %s (give it a [Variant \"%s\"] tag)",
				src, g.Variant().Spec().Name, v.Spec().Name, v.Spec().Name)
		}
		o := Opening{FEN: g.StartFEN(), Source: src}
		for _, pl := range g.Plies() {
			o.Moves = append(o.Moves, pl.Move)
		}
		if st := g.Position().Status(); st.Over() {
			return nil, fmt.Errorf("openings: %s ends the game (%s %s)", src, st.Result, st.Reason)
		}
		out = append(out, o)
	}
	return out, nil
}

// positionOpenings reads one position per line.
func positionOpenings(data []byte, v rules.Variant) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		src := fmt.Sprintf("line %d", n)
		p, err := rules.NewPosition(v, line)
		if f := strings.Fields(line); err != nil && len(f) > 4 {
			if epd, epdErr := rules.NewPosition(v, strings.Join(f[:4], " ")+" 0 1"); epdErr == nil {
				p, err = epd, nil
			}
		}
		if err != nil {
			return nil, fmt.Errorf("openings: %s: %q is not a %s position: %w", src, line, v.Spec().Name, err)
		}
		if st := p.Status(); st.Over() {
			return nil, fmt.Errorf("openings: %s: the game is already over (%s %s)", src, st.Result, st.Reason)
		}
		out = append(out, Opening{FEN: p.FEN(), Source: src})
	}
	return out, sc.Err()
}
