package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/iostreams"
	"github.com/damka/damka/output"
	"github.com/damka/damka/pipeline"
)

// streams are the standard streams of a command (internal/iostreams),
// progress a progress bar on stderr.
type (
	streams  = iostreams.Streams
	progress = iostreams.Progress
)

// gameFlags are the flags of every command that runs over games,
// defined once: --variant, -j/--jobs (jobs says what a job is there) and
// -q/--quiet.
type gameFlags struct {
	Variant string
	Jobs    int
	Quiet   bool
}

func (f *gameFlags) addFlags(fs *pflag.FlagSet, jobs string) {
	fs.StringVar(&f.Variant, "variant", "", "play every game by these rules ("+joinNames()+"), whatever its GameType tag")
	fs.IntVarP(&f.Jobs, "jobs", "j", 0, jobs)
	fs.BoolVarP(&f.Quiet, "quiet", "q", false, "no progress bar")
}

// addRulesFlag defines --variant of the commands given positions (moves,
// perft, eval): the rules they are played by, Russian by default.
func addRulesFlag(fs *pflag.FlagSet, variant *string) {
	fs.StringVar(variant, "variant", "russian", "rules: "+joinNames())
}

// openInputs names the inputs of a command's run: its arguments, or with
// none standard input when it is a pipe or a file, the built-in sample
// when it is a terminal (and the run says so), and else nothing (an
// input error: /dev/null under cron is neither).
func openInputs(io *streams, args []string) *pipeline.Inputs {
	o := pipeline.InputOptions{Stdin: io.In, Encoding: inputEncoding}
	switch {
	case io.InIsData:
		o.NoArgs = pipeline.ReadStdin
	case io.InIsTerm:
		o.NoArgs = pipeline.ReadSample
	}
	return pipeline.OpenInputs(args, o)
}

// runner is how a command runs pipeline.Run over its arguments: the
// inputs named as the command line names them, input errors and notes on
// stderr, a progress bar of the bytes read and the games unless quiet or
// the command draws its own (bar), the counts in the tally.
type runner struct {
	io    *streams
	args  []string
	quiet bool
	tally *tally
	// times, when set, gets where the run spent its time.
	times *pipeline.Timing
	// bar, when set, is the progress bar, which the command updates
	// itself (analyze counts positions).
	bar *progress
	// own is the bar the run draws when bar is not set.
	own *progress
}

// run runs the pipeline with opts, handing each game's result to sink:
// a run that writes no file (dupes lists its groups once every game is
// in).
func (r runner) run(ctx context.Context, opts pipeline.Options, sink func(*pipeline.Result) error) error {
	in, opts := r.prepare(opts)
	defer r.done()
	counts, err := pipeline.Run(ctx, in, opts, sink)
	r.tally.Counts = counts
	return err
}

// write runs the pipeline with opts into the outputs of set
// (output.Run): each game's result to add, then the closers in order,
// given the counts, which the tally has by then, and the commit. It
// reports whether the files were put in place.
func (r runner) write(ctx context.Context, opts pipeline.Options, set *output.Set, add func(*pipeline.Result) error, closers ...output.Closer) (bool, error) {
	in, opts := r.prepare(opts)
	defer r.done()
	tallied := func(c pipeline.Counts) error {
		r.done() // the bar is not drawn over what the closers print
		r.tally.Counts = c
		return nil
	}
	counts, written, err := output.Run(ctx, in, opts, set, add, append([]output.Closer{tallied}, closers...)...)
	r.tally.Counts = counts
	return written, err
}

// prepare opens the inputs and sets the progress bar, the notices and
// the timing of opts.
func (r *runner) prepare(opts pipeline.Options) (*pipeline.Inputs, pipeline.Options) {
	in := openInputs(r.io, r.args)
	if r.bar == nil {
		bar := iostreams.NewProgress(r.io, r.quiet, in.Size(), "games")
		r.own = bar
		opts.Progress = func(games int) { bar.Update(in.Read(), games) }
	}
	opts.Notify = func(n pipeline.Notice) {
		r.io.ClearProgress()
		if n.Note != "" {
			fmt.Fprintf(r.io.Err, "damka: %s\n", display.Text(n.Note))
			return
		}
		fmt.Fprintf(r.io.Err, "damka: %v\n", describeInputError(n.Err))
	}
	if r.times != nil {
		opts.Times = &r.times.Run
	}
	return in, opts
}

// done ends the progress bar the run drew.
func (r *runner) done() {
	if r.own != nil {
		r.own.Done(r.io)
		r.own = nil
	}
}

// tally sums up a run over many games (pipeline.Counts), and when it
// started.
type tally struct {
	pipeline.Counts
	start time.Time
}

func newTally() *tally { return &tally{start: time.Now()} }

func (t *tally) print(w io.Writer) {
	t.Write(w)
	t.printRate(w)
}

// printRate prints how fast the games were replayed.
func (t *tally) printRate(w io.Writer) {
	sec := time.Since(t.start).Seconds()
	rate := func(n int) float64 {
		if sec <= 0 {
			return 0
		}
		return float64(n) / sec
	}
	fmt.Fprintf(w, "%d plies replayed in %.2fs: %.0f games/s, %.0f plies/s\n", t.Plies, sec, rate(t.Games), rate(t.Plies))
}

// exit maps the tally to the exit status (exitStatusHelp).
func (t *tally) exit() error {
	if code := t.ExitStatus(); code != pipeline.ExitOK {
		return &exitError{code: exitCode(code)}
	}
	return nil
}
