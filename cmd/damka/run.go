package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/ordered"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
	"github.com/damka/damka/validate"
)

// runner is how a command runs the game-level pipeline (package pipeline)
// over its inputs on this machine: read in order, in batches of games,
// processed on jobs workers, each with its own pipeline.Processor, and
// handed to the command in input order.
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
	// reuse lets the run read the games of a batch, and process them,
	// into the memory of a batch emitted before (pdn.Reader.NextInto,
	// pipeline.Processor.Process): set it when emit keeps nothing of a
	// game or its result (its *pdn.Game, Tags, Moves, report, plies,
	// findings) once it has returned; strings may be kept.
	reuse bool
}

// A batch is games read in a row, and their results: the reader hands
// the workers a batch at a time, not a game (fewer channel operations and
// wake-ups), and with runner.reuse an emitted batch goes back to the
// reader to be read into again.
type batch struct {
	items []gameItem
	res   []pipeline.Result
	bytes int64 // of game text, for the memory budget
}

// A batch closes at batchGames games or batchBytes of game text,
// whichever comes first (a quarter of that with several workers):
// big enough that handing it over (waking a worker, and the emitting
// goroutine) costs nothing next to its work; with several workers, small
// enough that what it holds (text, tokens, games, reports: a few hundred
// KB) stays in the core's cache from reading to replay while the other
// cores read and replay theirs (-j 2 took 5 to 10% more CPU time with
// the whole size; -j 1 takes 5 to 7% more with the quarter). The first
// batches of a run are smaller (firstBatch games, doubling), so that the
// workers start at once and share a small archive.
const (
	batchGames = 256
	batchBytes = 256 << 10
	firstBatch = 8
)

// cutFrom is the number of workers from which the reader only cuts the
// games (pdn.Reader.NextRaw) and each worker builds its own: reading is
// what the workers do one at a time (a third of check's work at -j 1,
// building the games a third of that), so from 3 cores on it bounds the
// speed-up (to about 3x with the building under the lock, 5x without).
// On 1 or 2 cores the lock is not the bound (-j 2 keeps both cores 97%
// busy) and cutting apart costs 4 to 7% more CPU, so the reader builds.
const cutFrom = 3

// each reads every game of the inputs, processes it with pl, and calls
// emit with each game in input order, after counting it in the tally.
// An input that cannot be read is reported on stderr and counted, and
// the others go on; emit sees only games. The result emit gets, and with
// r.reuse the game, are good until emit returns.
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
	var free batchPool
	most, maxBytes := batchGames, int64(batchBytes)
	if jobs > 1 {
		most, maxBytes = batchGames/4, batchBytes/4
	}
	if pl.Options().Analysis != nil {
		// A game's search takes far longer than handing it over: batches
		// of one keep the workers evenly busy to the end.
		most = 1
	}
	limit := min(firstBatch, most)
	next := func() (*batch, bool, error) {
		t0 := time.Now()
		defer func() { times.read.Add(int64(time.Since(t0))) }()
		b := free.get(r.reuse)
		for len(b.items) < limit && b.bytes < maxBytes {
			var g *pdn.Game
			var c *pdn.RawGame
			if r.reuse && len(b.items) < cap(b.items) {
				old := &b.items[:len(b.items)+1][len(b.items)]
				g, c = old.Game, old.Raw // the game read there before
			}
			it, ok, err := in.next(g, c, r.reuse, r.reuse && jobs >= cutFrom)
			if err != nil {
				return nil, false, err
			}
			if !ok {
				break
			}
			b.items = append(b.items, it)
			switch {
			case it.Raw != nil:
				b.bytes += int64(it.Raw.Len()) + gameOverhead
			case it.Game != nil:
				b.bytes += int64(len(it.Game.Raw)) + gameOverhead
			}
		}
		limit = min(2*limit, most)
		return b, len(b.items) > 0, nil
	}
	newWorker := func() func(*batch) *batch {
		pr := pl.NewProcessor()
		return func(b *batch) *batch {
			if cap(b.res) < len(b.items) {
				b.res = append(b.res[:cap(b.res)], make([]pipeline.Result, len(b.items)-cap(b.res))...)
			}
			b.res = b.res[:len(b.items)]
			var sum pipeline.Times
			var built time.Duration
			for i := range b.items {
				it := &b.items[i]
				if it.Raw != nil {
					// Built here, on the worker, out of the reader's lock
					// (the reader only cut it), just before it is replayed.
					t0 := time.Now()
					g, err := it.Raw.Build(it.Game)
					if g == nil {
						// ErrNotCut or ErrBuilt: a game cut once is built
						// once, here; anything else would lose it quietly.
						panic(fmt.Sprintf("damka: building a game the reader cut: %v", err))
					}
					it.Game = g
					built += time.Since(t0)
				}
				if it.Game == nil {
					continue
				}
				res := &b.res[i]
				pr.Process(res, pipeline.Input{Game: it.Game, SourceFile: it.DataName})
				sum.Add(res.Times)
			}
			times.read.Add(int64(built))
			times.replay.Add(int64(sum.Replay))
			times.analyse.Add(int64(sum.Analysis))
			times.prepare.Add(int64(sum.Prepare))
			return b
		}
	}
	weight := func(b *batch) int64 { return b.bytes }
	popts := ordered.Options[*batch]{Workers: jobs, Budget: inFlightBudget, Weight: weight}
	return ordered.MapWorkers(ctx, popts, next, newWorker, func(b *batch) error {
		for i, it := range b.items {
			if it.Game == nil {
				r.io.clearProgress()
				if it.Note != "" {
					fmt.Fprintf(r.io.Err, "damka: %s\n", display.Text(it.Note))
					continue
				}
				r.tally.InputErrors++
				fmt.Fprintf(r.io.Err, "damka: %v\n", describeInputError(it.Err))
				continue
			}
			res := &b.res[i]
			r.tally.add(res.Report)
			if r.bar == nil {
				bar.Update(in.bytes.Load(), r.tally.Games)
			}
			t0 := time.Now()
			err := emit(it, res)
			times.write += time.Since(t0)
			if err != nil {
				return err
			}
		}
		if r.reuse {
			free.put(b)
		}
		return nil
	})
}

// batchPool holds the batches emitted, to be read into again
// (runner.reuse). The reader takes from it and the emitting goroutine
// gives back: at most the batches in flight are ever made.
type batchPool struct {
	mu   sync.Mutex
	free []*batch
}

// get returns an empty batch: one given back, its games and results kept
// in its arrays for reuse, or a new one.
func (p *batchPool) get(reuse bool) *batch {
	if reuse {
		p.mu.Lock()
		defer p.mu.Unlock()
		if n := len(p.free); n > 0 {
			b := p.free[n-1]
			p.free = p.free[:n-1]
			b.items, b.bytes = b.items[:0], 0
			return b
		}
	}
	return &batch{}
}

// keepPlies bounds what a batch given back keeps for the next read into
// it: the moves of its games and the plies of its reports, keepPlies in
// all (a batch of real games has 15 to 30 thousand), and the tokens of
// the games as cut (pdn.RawGame), those of keepText bytes of text in all
// (a batch holds at most batchBytes, but for its last game). What is over is let
// go, so that the memory a run keeps between batches stays bounded (a few
// MB a batch) whatever the games: one long game does not keep its plies
// in every batch it went through.
const (
	keepPlies = 1 << 15
	keepText  = batchBytes
)

// put gives back an emitted batch: its games and reports, for reuse,
// within keepPlies, and nothing of the rest of its results (rows,
// analysis).
func (p *batchPool) put(b *batch) {
	kept, keptText := 0, 0
	for i := range b.items {
		it := &b.items[i]
		var res *pipeline.Result
		n := 0
		if it.Game != nil {
			n += cap(it.Game.Moves)
		}
		if i < len(b.res) {
			res = &b.res[i]
			if res.Report != nil {
				n += cap(res.Report.Plies) + cap(res.Report.Findings)
			}
		}
		if it.Raw != nil {
			if keptText += it.Raw.Len(); keptText > keepText {
				it.Raw = nil
			}
		}
		if kept += n; kept > keepPlies {
			it.Game = nil
			if res != nil {
				*res = pipeline.Result{}
			}
			continue
		}
		if res != nil {
			*res = pipeline.Result{Report: res.Report}
		}
	}
	p.mu.Lock()
	p.free = append(p.free, b)
	p.mu.Unlock()
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
	if code := t.ExitStatus(); code != pipeline.ExitOK {
		return &exitError{code: exitCode(code)}
	}
	return nil
}
