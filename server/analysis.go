package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"timechess/engine"
	"timechess/game"
	"timechess/notation"
	"timechess/pgn"
	"timechess/rules"
	"timechess/store"
)

// The bounds of the analysis endpoints.
const (
	maxMoveTime      = 10 * time.Second
	defaultMoveTime  = time.Second
	maxMultiPV       = 5
	maxMate          = 5
	solveTimeout     = 10 * time.Second
	maxImportedGames = 200
	// searchOverrun is how long an analysis or a mate search may run past
	// its time inside one computation of the rules before it is stopped.
	searchOverrun = time.Second
)

func (s *Server) handleVariants(w http.ResponseWriter, _ *http.Request) error {
	out, err := rules.Summaries()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// positionRequest names a position: a variant, a start position and moves.
type positionRequest struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen"`
	Moves   []string `json:"moves"`
}

func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) error {
	var req positionRequest
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	var data []byte
	var rulesErr error
	err := s.compute.run(r.Context(), clientAddr(r), "this position", computeBound, func(b *rules.Budget) {
		var g *game.Game
		if g, rulesErr = newGameRules(b, req.Variant, req.FEN, req.Moves); rulesErr == nil {
			data, rulesErr = json.Marshal(describePosition(g.Position()))
		}
	})
	if err == nil {
		err = rulesErr
	}
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, data)
	return nil
}

// setUp checks the requested position, in a computation of the request's
// address, and returns it, bound to no budget.
func (s *Server) setUp(r *http.Request, req positionRequest) (*rules.Position, error) {
	var p *rules.Position
	var rulesErr error
	err := s.compute.run(r.Context(), clientAddr(r), "setting up this position", computeBound, func(b *rules.Budget) {
		var g *game.Game
		if g, rulesErr = newGameRules(b, req.Variant, req.FEN, req.Moves); rulesErr == nil {
			p = g.Position().Copy()
			p.Bind(nil)
		}
	})
	if err == nil {
		err = rulesErr
	}
	return p, err
}

// search checks the requested position (setUp) and queues the search of
// kind that run makes on it (see analysisQueue.serve), with a context that
// ends after timeout or when the search has to yield.
func (s *Server) search(w http.ResponseWriter, r *http.Request, kind string, req positionRequest, timeout time.Duration,
	run func(ctx context.Context, p *rules.Position) (map[string]any, error)) error {
	p, err := s.setUp(r, req)
	if err != nil {
		return err
	}
	return s.engines.analysis.serve(w, r, kind, timeout, func(ctx context.Context) (map[string]any, error) {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		// The search stops itself at ctx's end with what it found; a rules
		// computation it is inside (a travelers position's legal actions)
		// is stopped by a budget a little later, should it run over.
		bctx, bcancel := context.WithTimeout(context.WithoutCancel(ctx), timeout+searchOverrun)
		defer bcancel()
		var out map[string]any
		var err error
		b := rules.NewBudget(bctx, 0)
		q := p.Copy()
		q.Bind(b)
		if stop := b.Run(func() { out, err = run(ctx, q) }); stop != nil {
			return nil, fail(http.StatusUnprocessableEntity, codeTooComplex,
				"this position's moves take too long to compute for the engine to search it within %v; try a smaller board or fewer men", timeout)
		}
		return out, err
	})
}

// analysisLine is one line of an analysis.
type analysisLine struct {
	Score string   `json:"score"`
	PV    []string `json:"pv"`
	SAN   []string `json:"san"`
}

func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		positionRequest
		MoveTimeMs int `json:"movetime_ms"`
		MultiPV    int `json:"multipv"`
	}
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	moveTime := time.Duration(req.MoveTimeMs) * time.Millisecond
	switch {
	case req.MoveTimeMs == 0:
		moveTime = defaultMoveTime
	case req.MoveTimeMs < 0 || moveTime > maxMoveTime:
		return invalid("movetime_ms %d (want 1 to %d)", req.MoveTimeMs, maxMoveTime.Milliseconds())
	}
	if req.MultiPV == 0 {
		req.MultiPV = 1
	}
	if req.MultiPV < 1 || req.MultiPV > maxMultiPV {
		return invalid("multipv %d (want 1 to %d)", req.MultiPV, maxMultiPV)
	}
	return s.search(w, r, "analyze", req.positionRequest, moveTime+time.Second, func(ctx context.Context, p *rules.Position) (map[string]any, error) {
		res := engine.New(engine.Options{Threads: 1, HashMB: s.cfg.EngineHashMB}).Search(ctx, p, engine.Limits{MoveTime: moveTime, MultiPV: req.MultiPV}, nil)
		lines := []analysisLine{}
		for _, l := range res.Lines {
			line := analysisLine{Score: l.Score.String(), PV: []string{}, SAN: []string{}}
			q := p.Copy()
			for _, m := range l.PV {
				line.PV = append(line.PV, notation.Coord(q, m))
				line.SAN = append(line.SAN, notation.SAN(q, m))
				q.Make(m)
			}
			lines = append(lines, line)
		}
		st := p.Status()
		return map[string]any{"depth": res.Depth, "nodes": res.Nodes, "lines": lines,
			"status": statusView{Over: st.Over(), Result: st.Result.String(), Reason: st.Reason}}, nil
	})
}

func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		positionRequest
		Mate int `json:"mate"`
	}
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	if req.Mate < 1 || req.Mate > maxMate {
		return invalid("mate %d (want 1 to %d)", req.Mate, maxMate)
	}
	return s.search(w, r, "solve", req.positionRequest, solveTimeout, func(ctx context.Context, p *rules.Position) (map[string]any, error) {
		m, err := engine.SolveMate(ctx, p, req.Mate, false)
		complete := true
		if err != nil {
			if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
				return nil, invalid("%v", err)
			}
			complete = false
		}
		keys, line := []string{}, []string{}
		for _, k := range m.Keys {
			keys = append(keys, notation.SAN(p, k))
		}
		q := p.Copy()
		for _, mv := range m.Line {
			line = append(line, notation.SAN(q, mv))
			q.Make(mv)
		}
		return map[string]any{"found": len(m.Keys) > 0, "in": m.In, "keys": keys, "line": line, "complete": complete}, nil
	})
}

// importedGame is one game read from PGN: its main line (Moves), and the
// same with its variations (Line, in the shape of POST /api/v1/pgn).
type importedGame struct {
	Variant string            `json:"variant"`
	FEN     string            `json:"fen"`
	Moves   []string          `json:"moves"`
	Line    []recordMove      `json:"line"`
	Tags    map[string]string `json:"tags"`
	Result  string            `json:"result"`
}

func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		PGN string `json:"pgn"`
	}
	if err := decode(w, r, maxImportBody, &req); err != nil {
		return err
	}
	out := []importedGame{}
	var readErr error
	err := s.compute.run(r.Context(), clientAddr(r), "checking these games", computeBound, func(b *rules.Budget) {
		rd := pgn.NewReader(strings.NewReader(req.PGN))
		rd.Budget = b
		for {
			g, err := rd.Next()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr = importError(err)
				}
				return
			}
			if len(out) == maxImportedGames {
				readErr = invalid("the PGN holds more than %d games; import at most %d at a time", maxImportedGames, maxImportedGames)
				return
			}
			out = append(out, describeImport(g))
		}
	})
	if err == nil {
		err = readErr
	}
	if err != nil {
		return err
	}
	if len(out) == 0 {
		return invalid("the text holds no game: paste a game in PGN, tags such as [Variant \"gifford\"] (optional) and moves such as 1. e4 e5 2. Nf3")
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
	return nil
}

// describeImport lists an imported game's main line in coordinates, and
// the same with its variations.
func describeImport(g *game.Game) importedGame {
	out := importedGame{Variant: g.Variant().Spec().Name, FEN: g.StartFEN(), Moves: []string{}, Tags: map[string]string{},
		Result: g.Status().Result.String()}
	out.Line = recordLine(g.Start(), g.Plies())
	for _, m := range out.Line {
		out.Moves = append(out.Moves, m.Move)
	}
	for _, t := range g.Tags {
		out.Tags[t.Name] = t.Value
	}
	return out
}

func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) error {
	rp, err := s.open(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	defer rp.mu.Unlock()
	g := rp.g
	// Written once per version: every move's notation is computed again
	// to write it, which a position of Time Traveler's Chess makes costly.
	record, err := rp.record.of(g.Version, func() ([]byte, error) { return gameRecord(rp) })
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "timechess-"+g.ID+".pgn"))
	_, err = w.Write(record)
	return err
}

// gameRecord writes rp's game in PGN, with the tags of the server's game.
func gameRecord(rp *replay) ([]byte, error) {
	g := rp.g
	tags := &rp.play.Tags
	tags.Set("Event", "timechess game "+g.ID)
	tags.Set("Site", "timechess")
	tags.Set("Date", g.Created.UTC().Format("2006.01.02"))
	tags.Set("White", playerName(g.White))
	tags.Set("Black", playerName(g.Black))
	if g.Status == store.Ended && g.Result != store.NoResult && !rp.play.Status().Over() {
		if res, ok := resultOf(g.Result); ok {
			if err := rp.play.SetResult(res, g.Reason); err != nil {
				return nil, err
			}
		}
	}
	var b bytes.Buffer
	if err := pgn.Write(&b, rp.play); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// playerName names a seat in a game record.
func playerName(seat store.Seat) string {
	if l := engineLevel(seat); l > 0 {
		return fmt.Sprintf("timechess engine level %d", l)
	}
	return "Anonymous"
}

// resultOf converts a stored result.
func resultOf(r store.Result) (rules.Result, bool) {
	switch r {
	case store.WhiteWins:
		return rules.WhiteWins, true
	case store.BlackWins:
		return rules.BlackWins, true
	case store.Draw:
		return rules.Draw, true
	}
	return rules.Ongoing, false
}

// importError says where a PGN could not be read and why, for the person
// who pasted it: the game, the line and the move at fault (pgn.Error).
func importError(err error) *apiError {
	var pe *pgn.Error
	if !errors.As(err, &pe) {
		return invalid("the PGN could not be read: %v", err)
	}
	where := fmt.Sprintf("game %d, line %d", pe.Game, pe.Line)
	if pe.Where != "" {
		where += ", " + pe.Where
	}
	return invalid("the PGN could not be read at %s: %v. Correct it there and import again", where, pe.Err)
}
