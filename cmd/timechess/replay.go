package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"timechess/game"
	"timechess/notation"
	"timechess/pgn"
	"timechess/rules"
)

// ReplayCmd checks every move of the games of a PGN file (or of bare
// movetext) and prints where each ends.
type ReplayCmd struct {
	PositionFlags `embed:""`
	File          string `arg:"" optional:"" default:"-" help:"PGN file or bare movetext; - (the default) reads standard input." placeholder:"FILE|-"`
	JSON          bool   `name:"json" help:"Print one JSON object per game."`
}

// replayResult is the JSON shape of one replayed game.
type replayResult struct {
	Variant string   `json:"variant"`
	Start   string   `json:"start"`
	SAN     []string `json:"san"`
	Coord   []string `json:"coord"`
	FEN     string   `json:"fen"`
	Result  string   `json:"result"`
	Reason  string   `json:"reason"` // empty while the game is in progress
}

// Help explains where the rules and the start position come from.
func (c *ReplayCmd) Help() string {
	return "A record's Variant and FEN tags choose its rules and start position; --variant and --fen " +
		"apply to input without tags (bare movetext). Prints each game's final position and a line " +
		"\"result: RESULT (REASON)\". An illegal or unreadable move ends the command with status 1."
}

// Run reads the games one by one and stops at the first faulty one.
func (c *ReplayCmd) Run(ctx context.Context, env *Env) error {
	// Check the flags before reading: a bad --variant or --fen is the error to report.
	start, err := c.position()
	if err != nil {
		return err
	}
	in, err := env.open(c.File)
	if err != nil {
		return err
	}
	defer in.Close()
	rd := pgn.NewReader(c.withDefaultTags(in, start))
	for n := 0; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			if n == 0 {
				return errors.New("the input holds no game")
			}
			return nil
		}
		if err != nil {
			return err
		}
		if err := c.print(env, g); err != nil {
			return err
		}
	}
}

// withDefaultTags puts the flags' variant and start position, as Variant and
// FEN tags, before input that has no tags of its own (bare movetext), which
// the PGN reader would otherwise read as chess from the start position.
// Records with tags keep their own. start is the position the flags name.
func (c *ReplayCmd) withDefaultTags(in io.Reader, start *rules.Position) io.Reader {
	br := bufio.NewReader(in)
	if bom, _ := br.Peek(3); string(bom) == "\ufeff" {
		_, _ = br.Discard(3) // the tags go first, so the byte order mark must go
	}
	if first := firstByte(br); first == '[' || first == 0 {
		return br
	}
	// The tags take no line of their own, so that the reader's line numbers
	// stay those of the input.
	tags := fmt.Sprintf("[Variant \"%s\"] ", c.Variant)
	if c.FEN != "" {
		tags += fmt.Sprintf("[SetUp \"1\"] [FEN \"%s\"] ", start.FEN())
	}
	return io.MultiReader(strings.NewReader(tags), br)
}

// firstByte returns the first byte of br that is not white space, without
// reading it; 0 when there is none within br's buffer.
func firstByte(br *bufio.Reader) byte {
	for n := 1; n <= br.Size(); n++ {
		b, _ := br.Peek(n)
		if len(b) < n {
			return 0
		}
		if c := b[n-1]; !strings.ContainsRune(" \t\r\n", rune(c)) {
			return c
		}
	}
	return 0
}

// print writes one game's final position and result.
func (c *ReplayCmd) print(env *Env, g *game.Game) error {
	st := g.Status()
	if !c.JSON {
		_, err := fmt.Fprintf(env.Stdout, "%s\nresult: %s\n", g.Position().FEN(), game.Describe(st))
		return err
	}
	res := replayResult{
		Variant: g.Variant().Spec().Name, Start: g.StartFEN(),
		SAN: []string{}, Coord: []string{},
		FEN: g.Position().FEN(), Result: st.Result.String(), Reason: st.Reason,
	}
	p := g.Start()
	for _, pl := range g.Plies() {
		res.SAN = append(res.SAN, notation.SAN(p, pl.Move))
		res.Coord = append(res.Coord, notation.Coord(p, pl.Move))
		p.Make(pl.Move)
	}
	return writeJSON(env.Stdout, res)
}
