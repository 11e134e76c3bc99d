package main

import (
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress shows how far a long run has got, on a terminal only; off a
// terminal every method does nothing.
type progress struct {
	bar *progressbar.ProgressBar
}

// startProgress begins a progress display of total steps on env's Stderr.
func startProgress(env *Env, total int, description string) *progress {
	if !env.Terminal {
		return &progress{}
	}
	return &progress{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(env.Stderr),
		progressbar.OptionSetDescription(description),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// set records that done steps are finished.
func (pr *progress) set(done int) {
	if pr.bar != nil {
		_ = pr.bar.Set(done) // a failed write to the terminal only loses the display
	}
}

// finish removes the display.
func (pr *progress) finish() {
	if pr.bar != nil {
		_ = pr.bar.Finish()
	}
}
