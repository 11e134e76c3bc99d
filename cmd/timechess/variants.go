package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"timechess/rules"
)

// VariantsCmd lists the registered variants.
type VariantsCmd struct {
	JSON bool `name:"json" help:"Print JSON."`
}

// variantInfo is the JSON shape of one variant.
type variantInfo struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Start  string `json:"start"`
}

// Run prints one line (or JSON object) per variant, by name.
func (c *VariantsCmd) Run(_ context.Context, env *Env) error {
	infos := []variantInfo{}
	for _, name := range rules.Names() {
		v, err := rules.Lookup(name)
		if err != nil {
			return err
		}
		s := v.Spec()
		p, err := rules.NewPosition(v, s.Start)
		if err != nil {
			return fmt.Errorf("variant %s: start position: %w", name, err)
		}
		g := p.Geometry()
		infos = append(infos, variantInfo{s.Name, s.Title, g.W, g.H, s.Start})
	}
	if c.JSON {
		return writeJSON(env.Stdout, infos)
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tBOARD\tTITLE")
	for _, in := range infos {
		fmt.Fprintf(tw, "%s\t%dx%d\t%s\n", in.Name, in.Width, in.Height, in.Title)
	}
	return tw.Flush()
}
