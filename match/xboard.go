package match

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"timechess/game"
	"timechess/internal/engineproc"
	"timechess/notation"
	"timechess/rules"
)

// featureWait is how long an XBoard program has to announce its features
// after "protover 2"; one that says nothing is taken as protocol 1.
const featureWait = 2 * time.Second

// xboardPlayer is an external program that speaks XBoard/CECP. The game is
// kept in step move by move: the program stays in force mode until its
// first turn, is then told "go", and afterwards answers each opponent move.
type xboardPlayer struct {
	spec     *Spec
	proc     *engineproc.Process
	id       string
	features map[string]string
	variant  string // the XBoard variant name of the games ("normal" for chess)
	control  Control
	known    []rules.Move // the moves on the program's board
	playing  bool         // the program is out of force mode, playing the side to move
	pings    int
}

// startXBoard runs the program, reads its features and checks that it
// plays the variant.
func startXBoard(ctx context.Context, s *Spec, v rules.Variant) (_ *xboardPlayer, err error) {
	proc, err := engineproc.Start(filepath.Base(s.Path), s.Path, s.Args...)
	if err != nil {
		return nil, err
	}
	p := &xboardPlayer{spec: s, proc: proc, id: filepath.Base(s.Path), features: map[string]string{}}
	defer func() {
		if err != nil {
			p.Close()
		}
	}()
	if err := p.handshake(); err != nil {
		return nil, err
	}
	if p.variant, err = p.variantName(v.Spec().Name); err != nil {
		return nil, err
	}
	for _, o := range s.Extra {
		if err := p.proc.Send("option " + o.Key + "=" + o.Value); err != nil {
			return nil, err
		}
	}
	ctx, cancel := engineproc.WithDefaultTimeout(ctx)
	defer cancel()
	return p, p.sync(ctx)
}

// handshake sends "xboard" and "protover 2" and accepts the features.
func (p *xboardPlayer) handshake() error {
	for _, cmd := range []string{"xboard", "protover 2"} {
		if err := p.proc.Send(cmd); err != nil {
			return err
		}
	}
	wait := featureWait
	for {
		l, ok, err := p.proc.Poll(wait)
		if err != nil || !ok {
			return err // no (more) features: protocol 1, or done=0 without done=1
		}
		rest, isFeature := strings.CutPrefix(l, "feature ")
		if !isFeature {
			continue
		}
		for _, f := range parseFeatures(rest) {
			p.features[f.Key] = f.Value
			if err := p.proc.Send("accepted " + f.Key); err != nil {
				return err
			}
			switch {
			case f.Key == "myname":
				p.id = f.Value
			case f.Key == "done" && f.Value == "1":
				return nil
			case f.Key == "done":
				wait = engineproc.DefaultTimeout // the program asked for time to start
			}
		}
	}
}

// parseFeatures reads the NAME=VALUE pairs of a feature line; values may
// be quoted.
func parseFeatures(s string) []Setting {
	var out []Setting
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		key, rest, ok := strings.Cut(s, "=")
		if !ok || strings.ContainsRune(key, ' ') {
			return out
		}
		var value string
		if strings.HasPrefix(rest, `"`) {
			value, rest, _ = strings.Cut(rest[1:], `"`)
		} else {
			value, rest, _ = strings.Cut(rest, " ")
		}
		out = append(out, Setting{key, value})
		s = rest
	}
	return out
}

// variantName returns the XBoard name of a timechess variant the program
// announces.
func (p *xboardPlayer) variantName(name string) (string, error) {
	xb := name
	if name == "chess" {
		xb = "normal"
	}
	offered, ok := p.features["variants"]
	if !ok {
		offered = "normal"
	}
	for _, v := range strings.Split(offered, ",") {
		if strings.TrimSpace(v) == xb {
			return xb, nil
		}
	}
	return "", fmt.Errorf("%s cannot play %s: its variants are %s", p.id, name, offered)
}

// sync waits until the program has read everything sent so far (ping,
// when it has the feature).
func (p *xboardPlayer) sync(ctx context.Context) error {
	if p.features["ping"] != "1" {
		return nil
	}
	p.pings++
	n := strconv.Itoa(p.pings)
	_, err := p.proc.Exchange(ctx, "ping "+n, "pong "+n)
	return err
}

// Name is the program's name with the spec's settings.
func (p *xboardPlayer) Name() string { return p.spec.displayName(p.id) }

// NewGame sets up the variant, the time control and the start position.
func (p *xboardPlayer) NewGame(ctx context.Context, g *game.Game, control Control) error {
	p.control = control
	if err := p.setup(g); err != nil {
		return err
	}
	ctx, cancel := engineproc.WithDefaultTimeout(ctx)
	defer cancel()
	return p.sync(ctx)
}

// setup starts a new game on the program's board from g's start position,
// in force mode.
func (p *xboardPlayer) setup(g *game.Game) error {
	p.known, p.playing = p.known[:0], false
	cmds := []string{"new", "force", "easy", "post"}
	if p.variant != "normal" {
		cmds = append(cmds, "variant "+p.variant)
	}
	cmds = append(cmds, timeCommands(p.control.Clock, ownLimit(p.spec, p.control))...)
	if std, err := rules.NewPosition(g.Variant(), g.Variant().Spec().Start); err != nil || std.FEN() != g.StartFEN() {
		if p.features["setboard"] != "1" {
			return fmt.Errorf("%s cannot start from a set-up position: it has no setboard feature", p.id)
		}
		cmds = append(cmds, "setboard "+g.StartFEN())
	}
	for _, c := range cmds {
		if err := p.proc.Send(c); err != nil {
			return err
		}
	}
	return nil
}

// timeCommands sets the clock (level) or the time per move (st, whole
// seconds, at least 1) and the depth (sd).
func timeCommands(tc *TimeControl, l Limit) []string {
	var cmds []string
	switch {
	case tc != nil:
		secs := int(tc.Base.Round(time.Second).Seconds())
		cmds = append(cmds, fmt.Sprintf("level %d %d:%02d %s", tc.Moves, secs/60, secs%60,
			strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)))
	case l.MoveTime > 0:
		cmds = append(cmds, "st "+strconv.Itoa(max(int((l.MoveTime+time.Second-1)/time.Second), 1)))
	}
	if l.Depth > 0 {
		cmds = append(cmds, "sd "+strconv.Itoa(l.Depth))
	}
	return cmds
}

// Move brings the program up to date and reads its move. When the game
// has left the line the program knows (a move taken back, a hint that was
// not played), the program's board is set up again.
func (p *xboardPlayer) Move(ctx context.Context, g *game.Game, clock *Clock) (Reply, error) {
	plies := g.Plies()
	if !p.follows(plies) {
		if err := p.setup(g); err != nil {
			return Reply{}, err
		}
	}
	resume := p.playing && len(p.known) == len(plies)-1
	if !resume && p.playing {
		if err := p.proc.Send("force"); err != nil {
			return Reply{}, err
		}
	}
	if clock != nil && p.features["time"] != "0" {
		me := g.Position().Side
		if err := p.proc.Send(fmt.Sprintf("time %d", clock.Left[me].Milliseconds()/10)); err != nil {
			return Reply{}, err
		}
		if err := p.proc.Send(fmt.Sprintf("otim %d", clock.Left[me.Other()].Milliseconds()/10)); err != nil {
			return Reply{}, err
		}
	}
	pos := g.Start()
	for i, pl := range plies {
		if i >= len(p.known) {
			if err := p.proc.Send(p.moveCommand(pos, pl.Move)); err != nil {
				return Reply{}, err
			}
			p.known = append(p.known, pl.Move)
		}
		pos.Make(pl.Move)
	}
	if !resume {
		if err := p.proc.Send("go"); err != nil {
			return Reply{}, err
		}
		p.playing = true
	}
	return p.reply(ctx, g)
}

// follows reports whether the program's moves are the first moves of plies.
func (p *xboardPlayer) follows(plies []game.Ply) bool {
	if len(p.known) > len(plies) {
		return false
	}
	for i, m := range p.known {
		if plies[i].Move != m {
			return false
		}
	}
	return true
}

// moveCommand writes a move as the program reads it: SAN or coordinates,
// after "usermove" when it asked for that.
func (p *xboardPlayer) moveCommand(pos *rules.Position, m rules.Move) string {
	s := notation.Coord(pos, m)
	if p.features["san"] == "1" {
		s = notation.SAN(pos, m)
	}
	if p.features["usermove"] == "1" {
		s = "usermove " + s
	}
	return s
}

// reply reads thinking output until the program moves or resigns.
func (p *xboardPlayer) reply(ctx context.Context, g *game.Game) (Reply, error) {
	var r Reply
	for {
		l, err := p.proc.Next(ctx)
		if err != nil {
			return Reply{}, err
		}
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
		case f[0] == "move" && len(f) >= 2:
			m, err := notation.Parse(g.Position(), f[1])
			if err != nil {
				return Reply{}, fmt.Errorf("%s played an illegal move %q in %s: %v", p.id, f[1], g.Position().FEN(), err)
			}
			p.known = append(p.known, m)
			r.Move = m
			return r, nil
		case f[0] == "resign":
			r.Resign = true
			return r, nil
		case strings.HasPrefix(f[0], "Illegal") || strings.HasPrefix(f[0], "Error"):
			return Reply{}, fmt.Errorf("%s refused the game: %s", p.id, l)
		default:
			readThinking(f, &r)
		}
	}
}

// readThinking takes depth and score (centipawns, the program's view) from
// a line of thinking output: "DEPTH SCORE TIME NODES PV...".
func readThinking(f []string, r *Reply) {
	if len(f) < 4 {
		return
	}
	d, err1 := strconv.Atoi(strings.TrimRight(f[0], ".&"))
	s, err2 := strconv.Atoi(f[1])
	if err1 == nil && err2 == nil {
		r.Depth, r.Score, r.Scored = d, clampCentipawns(s), true
	}
}

// Close quits the program.
func (p *xboardPlayer) Close() error {
	p.proc.Close("quit")
	return nil
}
