package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"timechess/engine"
	"timechess/game"
	"timechess/internal/engineproc"
	"timechess/internal/fsf"
	"timechess/notation"
	"timechess/rules"
)

// uciPlayer is an external program that speaks UCI. Positions are sent as
// "position fen START moves ..." in coordinate notation (notation.Coord),
// the variant as UCI_Variant (Fairy-Stockfish's convention) when it is not
// chess, and Chess960 set-ups with UCI_Chess960.
type uciPlayer struct {
	spec     *Spec
	proc     *engineproc.Process
	id       string          // the program's "id name"
	options  map[string]bool // the options it offers, lower case
	variants map[string]bool // its UCI_Variant values
	set      map[string]string
	dir      string // a private directory for Fairy-Stockfish's variants.ini, or ""
	control  Control
}

// startUCI runs the program, completes the handshake, sets the spec's
// options and selects the variant.
func startUCI(ctx context.Context, s *Spec, v rules.Variant) (_ *uciPlayer, err error) {
	proc, err := engineproc.Start(filepath.Base(s.Path), s.Path, s.Args...)
	if err != nil {
		return nil, err
	}
	p := &uciPlayer{spec: s, proc: proc, id: filepath.Base(s.Path), set: map[string]string{}}
	defer func() {
		if err != nil {
			p.Close()
		}
	}()
	ctx, cancel := engineproc.WithDefaultTimeout(ctx)
	defer cancel()
	if err := p.handshake(ctx); err != nil {
		return nil, err
	}
	for _, o := range s.Extra {
		if !p.options[strings.ToLower(o.Key)] {
			return nil, fmt.Errorf("%s has no UCI option %q (it has: %s)", p.id, o.Key, p.optionList())
		}
		if err := p.setOption(ctx, o.Key, o.Value); err != nil {
			return nil, err
		}
	}
	return p, p.selectVariant(ctx, v.Spec().Name)
}

// handshake sends "uci" and reads the name, the options and the variants.
func (p *uciPlayer) handshake(ctx context.Context) error {
	lines, err := p.proc.Exchange(ctx, "uci", "uciok")
	if err != nil {
		return err
	}
	p.options, p.variants = map[string]bool{}, map[string]bool{}
	for _, l := range lines {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			p.id = strings.TrimSpace(name)
		}
		rest, ok := strings.CutPrefix(l, "option name ")
		if !ok {
			continue
		}
		name, def, _ := strings.Cut(rest, " type ")
		p.options[strings.ToLower(strings.TrimSpace(name))] = true
		if strings.EqualFold(strings.TrimSpace(name), "UCI_Variant") {
			f := strings.Fields(def)
			for i := 0; i+1 < len(f); i++ {
				if f[i] == "var" {
					p.variants[f[i+1]] = true
				}
			}
		}
	}
	return nil
}

// optionList names the options the program offers, sorted.
func (p *uciPlayer) optionList() string {
	var names []string
	for n := range p.options {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// setOption sets an option unless it already has the value, and waits
// until the program is ready again.
func (p *uciPlayer) setOption(ctx context.Context, name, value string) error {
	if old, ok := p.set[strings.ToLower(name)]; ok && old == value {
		return nil
	}
	if err := p.proc.Send("setoption name " + name + " value " + value); err != nil {
		return err
	}
	lines, err := p.proc.Exchange(ctx, "isready", "readyok")
	if err != nil {
		return err
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "No such option") || strings.HasPrefix(l, "Unable to") {
			return fmt.Errorf("%s refused option %s = %q: %s", p.id, name, value, l)
		}
	}
	p.set[strings.ToLower(name)] = value
	return nil
}

// selectVariant sets UCI_Variant for a variant other than chess. A
// Fairy-Stockfish that lacks one of timechess's own orthodox variants
// (fsf.CustomVariants) is given their definitions through VariantPath.
func (p *uciPlayer) selectVariant(ctx context.Context, name string) error {
	if !p.options["uci_variant"] {
		if name != "chess" {
			return fmt.Errorf("%s cannot play %s: it has no UCI_Variant option", p.id, name)
		}
		return nil
	}
	_, userPath := p.set["variantpath"]
	if !p.variants[name] && slices.Contains(fsf.CustomVariants, name) && p.options["variantpath"] && !userPath {
		dir, err := os.MkdirTemp("", "timechess-uci-")
		if err != nil {
			return err
		}
		p.dir = dir
		ini, err := fsf.WriteVariants(dir)
		if err == nil {
			err = p.setOption(ctx, "VariantPath", ini)
		}
		if err == nil {
			err = p.handshake(ctx)
		}
		if err != nil {
			return err
		}
	}
	if !p.variants[name] {
		return fmt.Errorf("%s cannot play %s: its UCI_Variant values do not include it", p.id, name)
	}
	return p.setOption(ctx, "UCI_Variant", name)
}

// Name is the program's name with the spec's settings.
func (p *uciPlayer) Name() string { return p.spec.displayName(p.id) }

// NewGame sets UCI_Chess960 as the start position needs and sends ucinewgame.
func (p *uciPlayer) NewGame(ctx context.Context, g *game.Game, control Control) error {
	p.control = control
	ctx, cancel := engineproc.WithDefaultTimeout(ctx)
	defer cancel()
	chess960 := g.Start().Setup().Chess960
	switch {
	case p.options["uci_chess960"]:
		if err := p.setOption(ctx, "UCI_Chess960", strconv.FormatBool(chess960)); err != nil {
			return err
		}
	case chess960:
		return fmt.Errorf("%s cannot play from a Chess960 set-up: it has no UCI_Chess960 option", p.id)
	}
	if err := p.proc.Send("ucinewgame"); err != nil {
		return err
	}
	_, err := p.proc.Exchange(ctx, "isready", "readyok")
	return err
}

// Move sends the game and a go command, and reads the search's last score
// and its best move.
func (p *uciPlayer) Move(ctx context.Context, g *game.Game, clock *Clock) (Reply, error) {
	if err := p.proc.Send(positionCommand(g)); err != nil {
		return Reply{}, err
	}
	if err := p.proc.Send(goCommand(ownLimit(p.spec, p.control), clock)); err != nil {
		return Reply{}, err
	}
	var r Reply
	for {
		l, err := p.proc.Next(ctx)
		if err != nil {
			return Reply{}, err
		}
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			readInfo(f, &r)
		case "bestmove":
			if len(f) < 2 {
				return Reply{}, fmt.Errorf("%s answered %q without a move", p.id, l)
			}
			m, err := notation.Parse(g.Position(), f[1])
			if err != nil {
				return Reply{}, fmt.Errorf("%s played an illegal move %q in %s: %v", p.id, f[1], g.Position().FEN(), err)
			}
			r.Move = m
			return r, nil
		}
	}
}

// positionCommand writes the game as a UCI position command.
func positionCommand(g *game.Game) string {
	var b strings.Builder
	b.WriteString("position fen " + g.StartFEN())
	p := g.Start()
	for i, pl := range g.Plies() {
		if i == 0 {
			b.WriteString(" moves")
		}
		b.WriteString(" " + notation.Coord(p, pl.Move))
		p.Make(pl.Move)
	}
	return b.String()
}

// goCommand writes the clocks and the limit as a UCI go command.
func goCommand(l Limit, clock *Clock) string {
	s := "go"
	if clock != nil {
		s += fmt.Sprintf(" wtime %d btime %d winc %d binc %d", clock.Left[0].Milliseconds(), clock.Left[1].Milliseconds(),
			clock.Inc.Milliseconds(), clock.Inc.Milliseconds())
		if clock.MovesToGo > 0 {
			s += " movestogo " + strconv.Itoa(clock.MovesToGo)
		}
	}
	if l.Depth > 0 {
		s += " depth " + strconv.Itoa(l.Depth)
	}
	if l.Nodes > 0 {
		s += " nodes " + strconv.FormatUint(l.Nodes, 10)
	}
	if l.MoveTime > 0 {
		s += " movetime " + strconv.FormatInt(l.MoveTime.Milliseconds(), 10)
	}
	return s
}

// readInfo takes the depth and score of a UCI info line into r.
func readInfo(f []string, r *Reply) {
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			if d, err := strconv.Atoi(f[i+1]); err == nil {
				r.Depth = d
			}
		case "score":
			if i+2 >= len(f) {
				return
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "cp":
				r.Score, r.Scored = clampCentipawns(n), true
			case "mate":
				r.Score, r.Scored = mateScore(n), true
			}
		}
	}
}

// clampCentipawns keeps an evaluation below the mate scores.
func clampCentipawns(n int) engine.Score {
	const limit = 20000
	return engine.Score(min(max(n, -limit), limit))
}

// mateScore converts "mate N" (moves, negative when mated) to a Score.
func mateScore(n int) engine.Score {
	n = min(max(n, -engine.MaxPly), engine.MaxPly)
	if n > 0 {
		return engine.MateIn(2*n - 1)
	}
	return engine.MatedIn(-2 * n)
}

// Close quits the program and removes its temporary files.
func (p *uciPlayer) Close() error {
	p.proc.Close("quit")
	if p.dir != "" {
		return os.RemoveAll(p.dir)
	}
	return nil
}
