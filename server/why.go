package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"timechess/game"
	"timechess/notation"
	"timechess/rules"
)

// whyRequest is the body of POST /api/v1/why: a position as POST
// /api/v1/position takes it, and the move to ask about.
type whyRequest struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen"`
	Moves   []string `json:"moves"`
	Move    string   `json:"move"`
}

// whyView is the answer of the why routes: whether the move is legal and,
// when not, why, with the rule that forbids it when the variant names one.
type whyView struct {
	Legal bool `json:"legal"`
	// SAN names the legal move (for a square: the first legal action of
	// its man).
	SAN string `json:"san,omitempty"`
	// Message says why the move is refused, in the words of a refused
	// move's error message.
	Message string       `json:"message,omitempty"`
	Refusal *refusalView `json:"refusal"`
}

// maxWhyMove bounds the move text a why route reads.
const maxWhyMove = 200

// handleWhy answers POST /api/v1/why: why a move is refused in a position
// given by its variant, start and moves, without playing it.
func (s *Server) handleWhy(w http.ResponseWriter, r *http.Request) error {
	var req whyRequest
	if err := decode(w, r, maxBody, &req); err != nil {
		return err
	}
	if err := checkWhyMove(req.Move); err != nil {
		return err
	}
	var v whyView
	var rulesErr error
	err := s.compute.run(r.Context(), clientAddr(r), "this position", computeBound, func(b *rules.Budget) {
		var g *game.Game
		if g, rulesErr = newGameRules(b, req.Variant, req.FEN, req.Moves); rulesErr == nil {
			v, rulesErr = why(g.Position(), req.Move)
		}
	})
	if err == nil {
		err = rulesErr
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// handleGameWhy answers GET /api/v1/games/{id}/why?move=TEXT: why a move
// is refused in the game's current position, without playing it.
func (s *Server) handleGameWhy(w http.ResponseWriter, r *http.Request) error {
	rp, err := s.open(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	p := rp.play.Position().Copy()
	gate := rp.gate
	rp.mu.Unlock()
	text := r.URL.Query().Get("move")
	if err := checkWhyMove(text); err != nil {
		return err
	}
	var v whyView
	var rulesErr error
	err = gate.run(r.Context(), clientAddr(r), "this position", computeBound, func(b *rules.Budget) {
		p.Bind(b)
		v, rulesErr = why(p, text)
	})
	if err == nil {
		err = rulesErr
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// checkWhyMove refuses a missing or overlong move text.
func checkWhyMove(text string) error {
	switch {
	case strings.TrimSpace(text) == "":
		return invalid("move: missing; give a move in any notation (Nf3, g1f3, Ng1-f3) or a square (g1) to ask about the man on it")
	case len(text) > maxWhyMove:
		return invalid("move: %d bytes (at most %d)", len(text), maxWhyMove)
	}
	return nil
}

// why says whether text names a legal action of p and, when not, why. A
// lone square asks about the man on it: legal when he has a legal action,
// else the reason the variant gives for his first move it refuses (manWhy).
// Text that names no square or move of the board is invalid.
func why(p *rules.Position, text string) (whyView, error) {
	g := p.Geometry()
	if sq, err := rules.ParseSquare(strings.TrimSpace(text), g.W, g.H); err == nil {
		return manWhy(p, sq), nil
	}
	m, err := notation.Parse(p, text)
	if err == nil {
		return whyView{Legal: true, SAN: notation.SAN(p, m)}, nil
	}
	var ne *notation.Error
	if errors.As(err, &ne) && ne.Kind == notation.Unreadable {
		return whyView{}, invalid("move: %v", err)
	}
	v := whyView{Message: err.Error()}
	if errors.As(err, &ne) {
		v.Message = ne.Explanation()
		if r := ne.Rule; r != nil {
			v.Refusal = &refusalView{Rule: r.Rule, Name: r.Name, Reason: r.Reason}
		}
	}
	return v, nil
}

// manWhy says whether the man on sq has a legal action in p and, when he
// has none, why: the variant's reason for the first of his moves by the
// laws of chess that it refuses (a due arrival, a King to restore, a pin),
// or, for a man with no such move (a traveling man), for a move of his at
// all; plainly that he has no move (or no legal move) when nothing explains
// it.
func manWhy(p *rules.Position, sq rules.Square) whyView {
	pc := p.At(sq)
	switch {
	case p.Status().Over():
		return whyView{Message: "the game is over: " + p.Status().Reason}
	case pc == rules.NoPiece:
		return whyView{Message: fmt.Sprintf("%s is empty", sq)}
	case pc.Color() != p.Side:
		return whyView{Message: fmt.Sprintf("the %s on %s is %s's, and it is %s's move", pc.Kind(), sq, pc.Color().Title(), p.Side.Title())}
	}
	for _, m := range p.Legal(nil) {
		if m.From == sq {
			return whyView{Legal: true, SAN: notation.SAN(p, m)}
		}
	}
	tries := []rules.Move{}
	for _, m := range p.GeneratePseudo(nil) {
		if m.From == sq {
			tries = append(tries, m)
		}
	}
	tries = append(tries, rules.Move{Kind: rules.Normal, Piece: pc.Kind(), From: sq, To: rules.NoSquare, Via: rules.NoSquare})
	for _, m := range tries {
		if r := rules.Explain(p, m); r != nil {
			return whyView{Message: r.String(), Refusal: &refusalView{Rule: r.Rule, Name: r.Name, Reason: r.Reason}}
		}
	}
	if len(tries) == 1 {
		return whyView{Message: fmt.Sprintf("the %s on %s has no move: every square it could go to is blocked", pc.Kind(), sq)}
	}
	return whyView{Message: fmt.Sprintf("the %s on %s has no legal move", pc.Kind(), sq)}
}
