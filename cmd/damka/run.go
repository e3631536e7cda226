package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/damka/damka/internal/ordered"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/validate"
)

// runner is how a command runs the game-level pipeline (package pipeline)
// over its inputs on this machine: read in order, processed on jobs
// workers, each with its own pipeline.Processor, and handed to the
// command in input order.
type runner struct {
	io    *streams
	args  []string
	jobs  int  // workers; all cores when less than 1
	quiet bool // no progress bar
	tally *tally
	// times, when set, gets where the run spent its time.
	times *stageTimes
	// bar, when set, is the progress bar, which the command updates
	// itself (analyze counts positions); else the run shows one of the
	// bytes read and the games.
	bar *progress
}

// each reads every game of the inputs, processes it with pl, and calls
// emit with each game in input order, after counting it in the tally.
// An input that cannot be read is reported on stderr and counted, and
// the others go on; emit sees only games.
func (r runner) each(ctx context.Context, pl *pipeline.Pipeline, emit func(gameItem, *pipeline.Result) error) error {
	if ctx == nil {
		ctx = context.Background()
	}
	jobs := r.jobs
	if jobs < 1 {
		jobs = runtime.GOMAXPROCS(0)
	}
	times := r.times
	if times == nil {
		times = &stageTimes{}
	}
	times.workers = jobs
	in := openInputs(r.io, r.args)
	defer in.Close()
	bar := r.bar
	if bar == nil {
		bar = newProgress(r.io, r.quiet, in.total, "games")
		defer bar.done(r.io)
	}
	next := func() (gameItem, bool, error) {
		t0 := time.Now()
		it, ok, err := in.next()
		times.read.Add(int64(time.Since(t0)))
		return it, ok, err
	}
	type result struct {
		item gameItem
		res  *pipeline.Result
	}
	newWorker := func() func(gameItem) result {
		pr := pl.NewProcessor()
		return func(it gameItem) result {
			if it.Game == nil {
				return result{item: it}
			}
			res := new(pipeline.Result)
			pr.Process(res, pipeline.Input{Game: it.Game, SourceFile: it.DataName})
			times.replay.Add(int64(res.Times.Replay))
			times.analyse.Add(int64(res.Times.Analysis))
			times.prepare.Add(int64(res.Times.Prepare))
			return result{it, res}
		}
	}
	weight := func(it gameItem) int64 {
		if it.Game == nil {
			return 0
		}
		return int64(len(it.Game.Raw)) + gameOverhead
	}
	popts := ordered.Options[gameItem]{Workers: jobs, Budget: inFlightBudget, Weight: weight}
	return ordered.MapWorkers(ctx, popts, next, newWorker, func(c result) error {
		if c.res == nil {
			r.io.clearProgress()
			if c.item.Note != "" {
				fmt.Fprintf(r.io.Err, "damka: %s\n", c.item.Note)
				return nil
			}
			r.tally.InputErrors++
			fmt.Fprintf(r.io.Err, "damka: %v\n", describeInputError(c.item.Err))
			return nil
		}
		r.tally.add(c.res.Report)
		if r.bar == nil {
			bar.Update(in.bytes.Load(), r.tally.Games)
		}
		t0 := time.Now()
		err := emit(c.item, c.res)
		times.write += time.Since(t0)
		return err
	})
}

// The memory budget of a run: games are read, replayed (and analysed)
// and written in a pipeline, and at most inFlightBudget bytes of game
// text (plus gameOverhead a game) are between reading and writing at
// once, whatever -j, besides one game the reader holds; at most 4 games a
// worker in any case. A game's replay and rows take about 40 to 90 times
// its text (a game of 4 MiB, the reader's cap, of 430,000 plies: 170 MB
// for check, 370 MB for export), so a run takes at most about that over
// a few tens of MB of buffers, on any input. Real games (a few KB) are
// far under the budget: it holds back only archives of huge games.
const (
	inFlightBudget = 4 << 20
	gameOverhead   = 1 << 10
)

// tally sums up a run over many games (pipeline.Counts), in input
// order, and when it started.
type tally struct {
	pipeline.Counts
	start time.Time
}

func newTally() *tally { return &tally{start: time.Now()} }

// add counts the next game.
func (t *tally) add(r *validate.Report) { t.Add(r, int64(t.Games)) }

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
	switch {
	case t.InputErrors > 0:
		return &exitError{code: exitInput}
	case t.HasErrors():
		return &exitError{code: exitFindings}
	}
	return nil
}
