package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"timechess/game"
	"timechess/internal/boardtext"
	"timechess/match"
	"timechess/notation"
	"timechess/pgn"
	"timechess/rules"
)

// PlayCmd plays a game against the engine on the terminal.
type PlayCmd struct {
	PositionFlags `embed:""`
	Color         string `enum:"white,black" default:"white" help:"Your colour: white or black. Default ${default}." placeholder:"white|black"`
	MoveTime      int    `name:"movetime" help:"The engine's time per move in milliseconds (default 1000 unless --depth is given)." placeholder:"MS"`
	Depth         int    `help:"The engine's search depth per move." placeholder:"D"`
	Engine        string `default:"timechess" help:"The opponent, as a player of 'timechess match' (e.g. uci:/usr/games/stockfish). Default ${default}." placeholder:"SPEC"`
}

// playHelp lists the commands of a game.
const playHelp = `Type a move in any notation (e4, Nf3, e2e4, O-O, P e2-e4, the variants' own forms), or:
  moves   list your legal moves     hint    ask the engine for a move
  undo    take back your last move  board   draw the board again
  fen     print the position        pgn     print the game so far
  resign  give up                   quit    leave`

// Help describes the session.
func (c *PlayCmd) Help() string {
	return "Reads moves and commands from standard input, one per line, and answers on standard output.\n\n" + playHelp
}

// session is one game against the engine.
type session struct {
	env     *Env
	g       *game.Game
	engine  match.Player
	control match.Control
	human   rules.Color
	over    bool // the end of the game has been announced
}

// Run plays until the game is left with quit or the input ends.
func (c *PlayCmd) Run(ctx context.Context, env *Env) error {
	p, err := c.position()
	if err != nil {
		return err
	}
	spec, err := match.ParseSpec(c.Engine)
	if err != nil {
		return fmt.Errorf("--engine: %w", err)
	}
	g, err := game.New(p.Variant(), p.FEN())
	if err != nil {
		return err
	}
	s := &session{env: env, g: g, human: rules.White}
	if c.Color == "black" {
		s.human = rules.Black
	}
	switch {
	case c.Depth < 0 || c.MoveTime < 0:
		return errors.New("--depth and --movetime cannot be negative")
	case c.Depth > 0 || c.MoveTime > 0:
		s.control.Limit = match.Limit{Depth: c.Depth, MoveTime: time.Duration(c.MoveTime) * time.Millisecond}
	default:
		s.control.Limit = match.Limit{MoveTime: time.Second}
	}
	if s.engine, err = spec.Start(ctx, p.Variant()); err != nil {
		return err
	}
	defer s.engine.Close()
	if err := s.engine.NewGame(ctx, g, s.control); err != nil {
		return err
	}
	g.Tags.Set("Event", "timechess play")
	g.Tags.Set("Date", env.now().Format("2006.01.02"))
	g.Tags.Set("White", "you")
	g.Tags.Set("Black", s.engine.Name())
	if s.human == rules.Black {
		g.Tags.Set("White", s.engine.Name())
		g.Tags.Set("Black", "you")
	}
	opponent := s.engine.Name()
	if spec.Limit.IsZero() && spec.Kind != match.KindGreedy && spec.Kind != match.KindRandom {
		opponent += " at " + strings.ReplaceAll(s.control.Limit.String(), "=", " ")
	}
	s.say("%s, you play %s against %s. Type help for the commands.", p.Variant().Spec().Title, s.human, opponent)
	return s.loop(ctx)
}

// loop alternates the engine's moves and the player's input.
func (s *session) loop(ctx context.Context) error {
	in := bufio.NewScanner(s.env.Stdin)
	if err := s.draw(); err != nil {
		return err
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if st := s.g.Status(); st.Over() {
			if !s.over {
				s.say("Game over: %s. Type pgn, undo or quit.", game.Describe(st))
				s.over = true
			}
		} else if s.g.Position().Side != s.human {
			if err := s.engineMove(ctx); err != nil {
				return err
			}
			continue
		}
		if s.env.Terminal {
			fmt.Fprint(s.env.Stdout, "> ")
		}
		if !in.Scan() {
			return in.Err()
		}
		line := strings.TrimSpace(in.Text())
		if !s.env.Terminal {
			s.say("> %s", line)
		}
		quit, err := s.command(ctx, line)
		if quit || err != nil {
			return err
		}
	}
}

// command carries out one input line; quit is set by quit.
func (s *session) command(ctx context.Context, line string) (quit bool, err error) {
	switch strings.ToLower(line) {
	case "":
	case "quit", "exit":
		return true, nil
	case "help", "?":
		s.say("%s", playHelp)
	case "board":
		return false, s.draw()
	case "fen":
		s.say("%s", s.g.Position().FEN())
	case "pgn":
		var b strings.Builder
		if err := pgn.Write(&b, s.g); err != nil {
			return false, err
		}
		s.say("%s", strings.TrimRight(b.String(), "\n"))
	case "moves":
		s.listMoves()
	case "undo":
		return false, s.undo()
	case "hint":
		return false, s.hint(ctx)
	case "resign":
		if s.g.Status().Over() {
			s.say("The game is over already.")
			return false, nil
		}
		_ = s.g.SetResult(rules.WinFor(s.human.Other()), s.human.String()+" resigns") // the game is in progress
	default:
		s.play(line)
	}
	return false, nil
}

// play plays the player's move, or says why it cannot.
func (s *session) play(text string) {
	if st := s.g.Status(); st.Over() {
		s.say("The game is over: %s. Type undo, pgn or quit.", game.Describe(st))
		return
	}
	p := s.g.Position()
	m, err := notation.Parse(p, text)
	if err != nil {
		s.say("Cannot play that: %v. Type moves for the list of legal moves.", err)
		return
	}
	s.say("You play %s", numbered(p, m))
	_ = s.g.PlayMove(m) // Parse returns legal moves only
	if s.g.Status().Over() {
		_ = s.draw() // an error to write shows again at the next output
	}
}

// engineMove asks the engine for its move and plays it.
func (s *session) engineMove(ctx context.Context) error {
	reply, err := s.engine.Move(ctx, s.g, nil)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("the engine failed: %w", err)
	}
	p := s.g.Position()
	if reply.Resign {
		_ = s.g.SetResult(rules.WinFor(s.human), p.Side.String()+" resigns") // the game is in progress
		s.say("%s resigns", s.engine.Name())
		return nil
	}
	text := numbered(p, reply.Move)
	if err := s.g.PlayMove(reply.Move); err != nil {
		return fmt.Errorf("the engine played an illegal move: %w", err)
	}
	s.say("%s plays %s%s", s.engine.Name(), text, evaluation(reply))
	return s.draw()
}

// hint asks the engine what it would play in the player's place.
func (s *session) hint(ctx context.Context) error {
	if s.g.Status().Over() {
		s.say("The game is over: no hint.")
		return nil
	}
	reply, err := s.engine.Move(ctx, s.g, nil)
	if err != nil {
		return fmt.Errorf("the engine failed: %w", err)
	}
	if reply.Resign {
		s.say("Hint: the engine would resign here.")
		return nil
	}
	s.say("Hint: %s%s", notation.SAN(s.g.Position(), reply.Move), evaluation(reply))
	return nil
}

// undo takes back plies until one of the player's own moves is gone and it
// is the player's turn again.
func (s *session) undo() error {
	plies := s.g.Plies()
	n := 0
	for i := len(plies) - 1; i >= 0; i-- {
		n++
		if s.sideOfPly(i) == s.human {
			break
		}
		if i == 0 {
			n = 0 // only engine moves: nothing of the player's to take back
		}
	}
	if n == 0 {
		s.say("There is no move of yours to take back.")
		return nil
	}
	for range n {
		if err := s.g.Undo(); err != nil {
			return err
		}
	}
	s.over = false
	if n == 1 {
		s.say("Took back your last move.")
	} else {
		s.say("Took back your last move and the reply.")
	}
	return s.draw()
}

// sideOfPly returns the side that played ply i (from 0).
func (s *session) sideOfPly(i int) rules.Color {
	p := s.g.Start()
	for _, pl := range s.g.Plies()[:i] {
		p.Make(pl.Move)
	}
	return p.Side
}

// listMoves prints the legal moves in SAN, sorted.
func (s *session) listMoves() {
	p := s.g.Position()
	legal := p.Legal(nil)
	if len(legal) == 0 || s.g.Status().Over() {
		s.say("No legal moves: %s.", game.Describe(s.g.Status()))
		return
	}
	names := make([]string, len(legal))
	for i, m := range legal {
		names[i] = notation.SAN(p, m)
	}
	slices.Sort(names)
	s.say("%d legal moves: %s", len(names), strings.Join(names, " "))
}

// draw prints the board from the player's side.
func (s *session) draw() error {
	return boardtext.Draw(s.env.Stdout, s.g.Position(), s.human == rules.Black)
}

// say prints one line (or more) of the session.
func (s *session) say(format string, args ...any) {
	fmt.Fprintf(s.env.Stdout, format+"\n", args...)
}

// numbered writes a move with its number: "1. e4", "1... e5".
func numbered(p *rules.Position, m rules.Move) string {
	dots := ". "
	if p.Side == rules.Black {
		dots = "... "
	}
	return strconv.Itoa(p.Fullmove) + dots + notation.SAN(p, m)
}

// evaluation writes a reply's score and depth: " (+0.35/8)", or "".
func evaluation(r match.Reply) string {
	if !r.Scored {
		return ""
	}
	return " (" + match.FormatScore(r.Score) + "/" + strconv.Itoa(r.Depth) + ")"
}
