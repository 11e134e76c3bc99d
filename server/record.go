package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"

	"timechess/game"
	"timechess/notation"
	"timechess/pgn"
	"timechess/rules"
)

// maxRecordMoves bounds the moves of a record to write, variations included.
const maxRecordMoves = 2000

// recordMove is one move of a line of POST /api/v1/pgn, with the variations
// that may replace it, each a line played from the position before it.
type recordMove struct {
	Move       string         `json:"move"`
	Variations [][]recordMove `json:"variations,omitempty"`
}

// recordRequest is the body of POST /api/v1/pgn: a start position and the
// main line, its variations nested in it.
type recordRequest struct {
	Variant string       `json:"variant"`
	FEN     string       `json:"fen"`
	Line    []recordMove `json:"line"`
}

// handleRecord writes an analysis board's tree of moves as PGN.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) error {
	var req recordRequest
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	var out []byte
	var rulesErr error
	err := s.compute.run(r.Context(), clientAddr(r), "writing this record", computeBound, func(b *rules.Budget) {
		out, rulesErr = writeRecord(b, req)
	})
	if err == nil {
		err = rulesErr
	}
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="timechess-analysis.pgn"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	_, err = w.Write(out)
	return err
}

// writeRecord plays req's main line with its variations and writes it.
func writeRecord(b *rules.Budget, req recordRequest) ([]byte, error) {
	g, err := newGameRules(b, req.Variant, req.FEN, nil)
	if err != nil {
		return nil, err
	}
	rd := recordReader{}
	line, err := rd.line(g.Position().Copy(), req.Line, "line", 0)
	if err != nil {
		return nil, err
	}
	for i, ply := range line.Plies {
		if err := g.PlayMove(ply.Move); err != nil {
			return nil, illegalMove(fmt.Sprintf("line[%d] (%s)", i, req.Line[i].Move), err)
		}
		g.Annotate(i).Variations = ply.Variations
	}
	var out bytes.Buffer
	if err := pgn.Write(&out, g); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// recordReader reads the lines of a record request, counting their moves.
type recordReader struct {
	moves int
}

// line plays moves from p, each move's variations from the position before
// it, and gives p back as it was. where names the line in errors, like a
// JSON path: line[3].variations[0][1].
func (rd *recordReader) line(p *rules.Position, moves []recordMove, where string, depth int) (game.Line, error) {
	var l game.Line
	if depth > pgn.DefaultLimits.Depth {
		return l, invalid("%s: variations nested deeper than %d", where, pgn.DefaultLimits.Depth)
	}
	defer func() {
		for range l.Plies {
			p.Unmake()
		}
	}()
	for i, m := range moves {
		here := fmt.Sprintf("%s[%d]", where, i)
		if rd.moves++; rd.moves > maxRecordMoves {
			return l, invalid("%s: more than %d moves in the record, variations included", here, maxRecordMoves)
		}
		var vars []game.Line
		for j, v := range m.Variations {
			if len(v) == 0 {
				return l, invalid("%s.variations[%d]: a variation without moves; leave it out", here, j)
			}
			sub, err := rd.line(p, v, fmt.Sprintf("%s.variations[%d]", here, j), depth+1)
			if err != nil {
				return l, err
			}
			vars = append(vars, sub)
		}
		if st := p.Status(); st.Over() {
			return l, invalid("%s (%s): the game is over before it: %s", here, m.Move, game.Describe(st))
		}
		mv, err := notation.Parse(p, m.Move)
		if err != nil {
			return l, illegalMove(fmt.Sprintf("%s (%s)", here, m.Move), err)
		}
		p.Make(mv)
		l.Plies = append(l.Plies, game.Ply{Move: mv, Annotation: game.Annotation{Variations: vars}})
	}
	return l, nil
}

// recordLine writes plies played from p in coordinates, each with its
// variations, and gives p back as it was.
func recordLine(p *rules.Position, plies []game.Ply) []recordMove {
	out := make([]recordMove, 0, len(plies))
	for _, ply := range plies {
		m := recordMove{Move: notation.Coord(p, ply.Move)}
		for _, v := range ply.Variations {
			if len(v.Plies) > 0 { // a variation of comments alone has no moves to list
				m.Variations = append(m.Variations, recordLine(p, v.Plies))
			}
		}
		p.Make(ply.Move)
		out = append(out, m)
	}
	for range plies {
		p.Unmake()
	}
	return out
}
