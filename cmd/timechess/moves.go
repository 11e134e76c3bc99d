package main

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"timechess/notation"
	"timechess/rules"
)

// MovesCmd lists the legal moves of the side to move.
type MovesCmd struct {
	LineFlags `embed:""`
	LAN       bool   `name:"lan" help:"Print coordinate notation (e2e4) instead of SAN."`
	JSON      bool   `name:"json" help:"Print JSON."`
	Why       string `name:"why" help:"Say whether this move is legal and, when it is not, which rule forbids it and why." placeholder:"MOVE"`
	Notices   bool   `name:"notices" help:"Also say on stderr what is special about the turn (an arrival due, a frozen King, check...), with its rule."`
}

// whyResult is the JSON shape of moves --why.
type whyResult struct {
	Move   string `json:"move"`
	Legal  bool   `json:"legal"`
	SAN    string `json:"san,omitempty"`
	Coord  string `json:"coord,omitempty"`
	Rule   string `json:"rule,omitempty"`
	Name   string `json:"name,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// movesResult is the JSON shape of a move list.
type movesResult struct {
	Variant string      `json:"variant"`
	FEN     string      `json:"fen"`
	Moves   []moveNames `json:"moves"`
}

// moveNames is one legal move in both notations.
type moveNames struct {
	SAN   string `json:"san"`
	Coord string `json:"coord"`
}

// Run lists the moves, sorted by the notation printed (coordinates for JSON).
func (c *MovesCmd) Run(_ context.Context, env *Env) error {
	p, err := c.position()
	if err != nil {
		return err
	}
	if c.Why != "" {
		return c.why(p, env)
	}
	res := movesResult{Variant: c.Variant, FEN: p.FEN(), Moves: []moveNames{}}
	legal := p.Legal(nil)
	for _, m := range legal {
		res.Moves = append(res.Moves, moveNames{notation.SAN(p, m), notation.Coord(p, m)})
	}
	if c.Notices {
		for _, n := range rules.Notices(p, &rules.Turn{Legal: legal, Check: p.InCheck()}) {
			fmt.Fprintf(env.Stderr, "notice: %s\n", n.String())
		}
	}
	if len(res.Moves) == 0 {
		st := p.Status()
		fmt.Fprintf(env.Stderr, "no legal moves: %s (%s)\n", st.Reason, st.Result)
	}
	if c.JSON {
		sort.Slice(res.Moves, func(i, j int) bool { return res.Moves[i].Coord < res.Moves[j].Coord })
		return writeJSON(env.Stdout, res)
	}
	names := make([]string, len(res.Moves))
	for i, m := range res.Moves {
		names[i] = m.SAN
		if c.LAN {
			names[i] = m.Coord
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if _, err := fmt.Fprintln(env.Stdout, n); err != nil {
			return err
		}
	}
	return nil
}

// why answers --why: "Nf3 is legal (g1f3)", or the move with the reason it
// is refused and, when the variant can name it, the rule: "Nf3: White's
// bishop ... is due: ...", then "rule: G4 (arrival)".
func (c *MovesCmd) why(p *rules.Position, env *Env) error {
	res := whyResult{Move: c.Why}
	m, err := notation.Parse(p, c.Why)
	var refused *notation.Error
	switch {
	case err == nil:
		res.Legal, res.SAN, res.Coord = true, notation.SAN(p, m), notation.Coord(p, m)
	case errors.As(err, &refused):
		res.Reason = refused.Reason
		if refused.Kind == notation.Ambiguous {
			res.Reason = "ambiguous: " + refused.Reason
		}
		if r := refused.Rule; r != nil {
			res.Rule, res.Name = r.Rule, r.Name
		}
	default:
		res.Reason = err.Error()
	}
	if c.JSON {
		return writeJSON(env.Stdout, res)
	}
	switch {
	case res.Legal:
		_, err = fmt.Fprintf(env.Stdout, "%s is legal (%s)\n", res.SAN, res.Coord)
	case res.Rule != "":
		_, err = fmt.Fprintf(env.Stdout, "%s: %s\nrule: %s (%s)\n", c.Why, res.Reason, res.Rule, res.Name)
	default:
		_, err = fmt.Fprintf(env.Stdout, "%s: %s\n", c.Why, res.Reason)
	}
	return err
}
