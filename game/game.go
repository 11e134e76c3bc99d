package game

import (
	"errors"
	"fmt"
	"slices"

	"timechess/notation"
	"timechess/rules"
)

// Recorded is the reason of a result given by a record but not reached on the
// board: agreement, resignation, time or adjudication.
const Recorded = "as recorded"

// Game is a start position and the log of actions played from it, with the
// live position, the tags and annotations of a record and the result.
type Game struct {
	// Tags are the record's tag pairs. The variant, the start position and
	// the result are held by the game itself, not here.
	Tags Tags
	// Comments are the remarks before the first ply.
	Comments []string

	variant rules.Variant
	start   *rules.Position // never changed; Start hands out copies
	pos     *rules.Position
	plies   []Ply
	status  rules.Status
}

// New starts a game of variant v from the position text startFEN, or from
// the variant's start position when startFEN is empty.
func New(v rules.Variant, startFEN string) (*Game, error) {
	return NewBound(v, startFEN, nil)
}

// NewBound is New with the game's work bound to b (rules.Budget): the
// status of the start position is found, and the moves are checked, under
// it. Call it inside b's Run, and throw the game away when b stops it.
func NewBound(v rules.Variant, startFEN string, b *rules.Budget) (*Game, error) {
	if startFEN == "" {
		startFEN = v.Spec().Start
	}
	p, err := rules.NewPosition(v, startFEN)
	if err != nil {
		return nil, fmt.Errorf("start position %q: %w", startFEN, err)
	}
	pos := p.Copy()
	pos.Bind(b)
	return &Game{variant: v, start: p, pos: pos, status: pos.Status()}, nil
}

// Variant returns the rules the game is played by.
func (g *Game) Variant() rules.Variant { return g.variant }

// StartFEN returns the text of the start position, as timechess writes it.
func (g *Game) StartFEN() string { return g.start.FEN() }

// Start returns a fresh copy of the start position.
func (g *Game) Start() *rules.Position { return g.start.Copy() }

// Position returns the live position after the last ply. It belongs to the
// game: read it or Copy it, but do not make or unmake moves on it.
func (g *Game) Position() *rules.Position { return g.pos }

// Plies returns the log of actions played with their annotations. The slice
// belongs to the game; change annotations through Annotate.
func (g *Game) Plies() []Ply { return g.plies }

// Annotate returns the annotation of ply i (from 0) for reading or changing.
// The pointer is valid until the next Play, PlayMove or Undo.
func (g *Game) Annotate(i int) *Annotation { return &g.plies[i].Annotation }

// Status returns whether the game is over and why: the state of the board
// after the last ply, or the result set by SetResult.
func (g *Game) Status() rules.Status { return g.status }

// Play reads an action in any notation the notation package accepts (SAN,
// coordinates, Game Courier) and plays it.
func (g *Game) Play(text string) error {
	if err := g.playable(); err != nil {
		return err
	}
	m, err := notation.Parse(g.pos, text)
	if err != nil {
		return err
	}
	g.push(m)
	return nil
}

// PlayMove plays m, which must be one of the position's legal actions as
// Position.Legal or notation.Parse give them.
func (g *Game) PlayMove(m rules.Move) error {
	if err := g.playable(); err != nil {
		return err
	}
	if !IsLegal(g.pos, m) {
		return fmt.Errorf("%s is not a legal move in %s", notation.Coord(g.pos, m), g.pos.FEN())
	}
	g.push(m)
	return nil
}

// IsLegal reports whether m is one of the legal actions in p.
func IsLegal(p *rules.Position, m rules.Move) bool {
	var buf [256]rules.Move
	return slices.Contains(p.Legal(buf[:0]), m)
}

// playable tells why no move may be played, or nil.
func (g *Game) playable() error {
	if g.status.Over() {
		return fmt.Errorf("the game is over: %s", Describe(g.status))
	}
	return nil
}

func (g *Game) push(m rules.Move) {
	g.pos.Make(m)
	g.plies = append(g.plies, Ply{Move: m})
	g.status = g.pos.Status()
}

// Undo takes back the last ply with its annotations; a result set by
// SetResult gives way to the state of the board.
func (g *Game) Undo() error {
	if len(g.plies) == 0 {
		return errors.New("there is no move to take back")
	}
	g.pos.Unmake()
	g.plies = g.plies[:len(g.plies)-1]
	g.status = g.pos.Status()
	return nil
}

// SetResult ends the game with result r, as a record or the players declare
// it. When the board has already decided the game, r must agree and the
// board's reason stays; otherwise the game ends with r for the given reason
// (Recorded when empty).
func (g *Game) SetResult(r rules.Result, reason string) error {
	if r == rules.Ongoing {
		return errors.New("a game cannot be ended with the result *")
	}
	if board := g.pos.Status(); board.Over() {
		if board.Result != r {
			return fmt.Errorf("result %s contradicts the board: %s", r, Describe(board))
		}
		return nil
	}
	if reason == "" {
		reason = Recorded
	}
	g.status = rules.Status{Result: r, Reason: reason}
	return nil
}

// Describe writes a status for people: "1-0 (checkmate)", "* (game in progress)".
func Describe(s rules.Status) string {
	if !s.Over() {
		return "* (game in progress)"
	}
	return fmt.Sprintf("%s (%s)", s.Result, s.Reason)
}

// SAN returns the main line in Standard Algebraic Notation, one entry per ply.
func (g *Game) SAN() []string {
	p := g.Start()
	out := make([]string, len(g.plies))
	for i, pl := range g.plies {
		out[i] = notation.SAN(p, pl.Move)
		p.Make(pl.Move)
	}
	return out
}

// Replay rebuilds the position from the start and the log alone, checking
// that every action is legal where it was played. Its result must equal the
// live position (ruling C3).
func (g *Game) Replay() (*rules.Position, error) {
	p := g.Start()
	for i, pl := range g.plies {
		if !IsLegal(p, pl.Move) {
			return nil, fmt.Errorf("ply %d (%s) is not legal on replay in %s", i+1, notation.Coord(p, pl.Move), p.FEN())
		}
		p.Make(pl.Move)
	}
	return p, nil
}
