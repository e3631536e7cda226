package main

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress is a progress bar on stderr, or nothing when stderr is not a
// terminal or --quiet is given: a bar written into a log file is noise.
type progress struct {
	bar  *progressbar.ProgressBar
	noun string
}

// newProgress shows bytes read out of total (-1 when unknown) and a count.
func newProgress(io *streams, quiet bool, total int64, noun string) *progress {
	if quiet || !io.CanProgress() {
		return &progress{}
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(io.barWriter()),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
		// No redrawing from a goroutine of the bar's own: the bar is
		// drawn only in Update, on the goroutine that writes the other
		// output, so that it can be cleared first (lineWriter).
		progressbar.OptionSetSpinnerChangeInterval(0),
	)
	p := &progress{bar: bar, noun: noun}
	io.setProgress(p)
	return p
}

// Update sets the bytes done and the count shown.
func (p *progress) Update(bytes int64, count int) {
	if p.bar == nil {
		return
	}
	p.bar.Describe(fmt.Sprintf("%d %s", count, p.noun))
	p.bar.Set64(bytes)
}

// Clear removes the bar before other output; nil is no bar.
func (p *progress) Clear() {
	if p != nil && p.bar != nil {
		p.bar.Clear()
	}
}

// Finish ends the bar.
func (p *progress) Finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}

// done ends the bar and forgets it.
func (p *progress) done(io *streams) {
	p.Finish()
	io.setProgress(nil)
}

// newCountProgress shows a count of things out of total (-1 when
// unknown), their rate and the time left: "1234/8730 positions (310 positions/s) ETA".
func newCountProgress(io *streams, quiet bool, total int64, noun string) *progress {
	if quiet || !io.CanProgress() {
		return &progress{}
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(io.barWriter()),
		progressbar.OptionSetDescription(noun),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(noun),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetSpinnerChangeInterval(0),
	)
	p := &progress{bar: bar, noun: noun}
	io.setProgress(p)
	return p
}

// Add counts n more things done; safe from several goroutines.
func (p *progress) Add(n int) {
	if p.bar != nil {
		p.bar.Add(n)
	}
}
