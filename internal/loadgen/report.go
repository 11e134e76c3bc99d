package loadgen

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// WriteText writes the report as a table: per number of games a line for
// the server, one for the echo relay, and their ratios; then the failures.
func (rep *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%gs measured per run after a %gs ramp-up; think time %gms; games resigned at ply %d\n\n",
		rep.DurationSeconds, rep.RampSeconds, rep.ThinkMs, rep.MaxPlies)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "games\ttarget\tmoves/s\tp50 ms\tp90 ms\tp99 ms\tmax ms\tCPU %\tCPU µs/move\tmsg bytes\tgames ended\tconns\treconnects\terrors\tload avg\t")
	for _, row := range rep.Rows {
		for _, res := range []*Result{row.Server, row.Echo} {
			l := res.Latency
			fmt.Fprintf(tw, "%d\t%s\t%.0f\t%.2f\t%.2f\t%.2f\t%.1f\t%.0f\t%.0f\t%d\t%d\t%d\t%d\t%d\t%s\t\n",
				row.Games, res.Target, res.MovesPerSecond, l.P50, l.P90, l.P99, l.Max,
				100*res.CPUSeconds/res.WindowSeconds, 1e6*ratio(res.CPUSeconds, float64(res.Moves)), res.MessageBytes, res.GamesEnded, res.Connections, res.Reconnects, res.ErrorCount(), row.LoadBefore)
		}
		fmt.Fprintf(tw, "%d\tserver/echo\t%.2f\t\t\t%.2f\t\t\t\t\t\t\t\t\t%s\t\n", row.Games, row.RateRatio, row.P99Ratio, row.LoadAfter)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, row := range rep.Rows {
		for _, res := range []*Result{row.Server, row.Echo} {
			kinds := make([]string, 0, len(res.Errors))
			for k := range res.Errors {
				kinds = append(kinds, k)
			}
			slices.Sort(kinds)
			for _, k := range kinds {
				e := res.Errors[k]
				fmt.Fprintf(w, "%d games on %s: %d × %s, first: %s\n", row.Games, res.Target, e.Count, k, strings.TrimSpace(e.First))
			}
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}
