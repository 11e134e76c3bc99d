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

// Run prints one line (or JSON object) per variant, by name.
func (c *VariantsCmd) Run(_ context.Context, env *Env) error {
	infos, err := rules.Summaries()
	if err != nil {
		return err
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
