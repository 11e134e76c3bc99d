package perfbench

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteText prints the report as a table: per position the nodes, and for
// each program the median time and the speed, then the ratio.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "position\tvariant\tdepth\tnodes\ttimechess s\tnodes/s\tFairy-Stockfish s\tnodes/s\tratio\t")
	for _, res := range r.Results {
		engine, ratio := "-\t-", "-"
		if res.Engine != nil {
			engine = fmt.Sprintf("%.3f\t%s", res.Engine.Median, speed(res.Engine.NodesPerSec))
			ratio = fmt.Sprintf("%.2f", res.Ratio)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.3f\t%s\t%s\t%s\t\n", res.Name, res.Variant, res.Depth,
			res.Timechess.Nodes, res.Timechess.Median, speed(res.Timechess.NodesPerSec), engine, ratio)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "Median of %d runs each. ratio = timechess nodes/s / Fairy-Stockfish nodes/s (above 1: timechess is faster).\nFairy-Stockfish: %s\n", r.Reps, r.Engine)
	return err
}

// speed writes nodes per second in millions.
func speed(nps float64) string { return fmt.Sprintf("%.2fM", nps/1e6) }
