package pipeline

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/damka/damka/internal/ordered"
	"github.com/damka/damka/pdn"
)

// Notice is what a run says about its inputs, in its place among the
// games: an input that could not be read (Err, counted in
// Counts.InputErrors; the run goes on with the next input), or a note
// (Note: a folder with nothing to read, a file with no game, the sample
// read when no input is named).
type Notice struct {
	File string
	Err  error
	Note string
}

// RunTimes is where a run spent its time, summed over its workers:
// reading (decompressing and parsing), replay, analysis and preparing the
// rows, and in the sink (one goroutine). A command may read it while the
// run goes on.
type RunTimes struct {
	Workers                         int
	Read, Replay, Analysis, Prepare atomic.Int64 // nanoseconds
	Sink                            time.Duration
}

// Run reads every game of the inputs, processes it (Processor.Process)
// on opts.Jobs workers, each with its own Processor, and hands each
// result to sink in input order, after counting it: the whole of a damka
// command's run on one machine. An input that cannot be read is told to
// opts.Notify and counted, and the others go on; sink sees only games
// (with Options.Select, only those selected). The result sink gets, and
// with Options.Reuse its game, are good until sink returns.
//
// Games are read in batches, handed to the workers a batch at a time,
// within a memory budget (at most 4 MiB of game text between reading and
// the sink, whatever the number of workers); the analysis of a run
// shares one cache of root searches between its workers. None of that
// changes a result: the counts, and what sink gets in what order, are
// the same for any number of workers.
//
// Run returns the counts of the games and inputs read (a game Select
// decided on without its replay counts in Counts.Games alone), and the
// first error of sink or ctx, which ends the run.
func Run(ctx context.Context, in *Inputs, opts Options, sink func(*Result) error) (Counts, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	pl := New(opts)
	opts = pl.opts
	jobs := opts.Jobs
	if jobs < 1 {
		jobs = runtime.GOMAXPROCS(0)
	}
	times := opts.Times
	if times == nil {
		times = &RunTimes{}
	}
	times.Workers = jobs
	defer in.closeCur()
	var counts Counts
	counts.init()
	reuse := opts.Reuse
	var free batchPool
	most, maxBytes := batchGames, int64(batchBytes)
	if jobs > 1 {
		most, maxBytes = batchGames/4, batchBytes/4
	}
	if opts.Analysis != nil {
		// A game's search takes far longer than handing it over: batches
		// of one keep the workers evenly busy to the end.
		most = 1
	}
	limit := min(firstBatch, most)
	next := func() (*batch, bool, error) {
		t0 := time.Now()
		defer func() { times.Read.Add(int64(time.Since(t0))) }()
		b := free.get(reuse)
		for len(b.items) < limit && b.bytes < maxBytes {
			var g *pdn.Game
			var c *pdn.RawGame
			if reuse && len(b.items) < cap(b.items) {
				old := &b.items[:len(b.items)+1][len(b.items)]
				g, c = old.Game, old.Raw // the game read there before
			}
			it, ok := in.next(g, c, reuse, reuse && jobs >= cutFrom)
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
				b.res = append(b.res[:cap(b.res)], make([]Result, len(b.items)-cap(b.res))...)
			}
			b.res = b.res[:len(b.items)]
			var sum Times
			var built time.Duration
			for i := range b.items {
				it := &b.items[i]
				if it.Raw != nil && !it.Built {
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
				pr.Process(res, Input{Game: it.Game, SourceFile: it.DataName, Source: it.Source})
				sum.Add(res.Times)
			}
			times.Read.Add(int64(built))
			times.Replay.Add(int64(sum.Replay))
			times.Analysis.Add(int64(sum.Analysis))
			times.Prepare.Add(int64(sum.Prepare))
			return b
		}
	}
	weight := func(b *batch) int64 { return b.bytes }
	popts := ordered.Options[*batch]{Workers: jobs, Budget: inFlightBudget, Weight: weight}
	err := ordered.MapWorkers(ctx, popts, next, newWorker, func(b *batch) error {
		for i, it := range b.items {
			if it.Game == nil {
				if it.Note == "" {
					counts.InputErrors++
				}
				if opts.Notify != nil {
					opts.Notify(Notice{File: it.File, Err: it.Err, Note: it.Note})
				}
				continue
			}
			res := &b.res[i]
			if res.Report != nil {
				counts.Add(res.Report, int64(counts.Games))
			} else {
				counts.Games++
			}
			if opts.Progress != nil {
				opts.Progress(counts.Games)
			}
			if res.Skipped {
				continue
			}
			t0 := time.Now()
			err := sink(res)
			times.Sink += time.Since(t0)
			if err != nil {
				return err
			}
		}
		if reuse {
			free.put(b)
		}
		return nil
	})
	return counts, err
}

// A batch is games read in a row, and their results: the reader hands
// the workers a batch at a time, not a game (fewer channel operations and
// wake-ups), and with Options.Reuse a batch the sink is done with goes
// back to the reader to be read into again.
type batch struct {
	items []item
	res   []Result
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

// The memory budget of a run: games are read, replayed (and analysed)
// and written in a pipeline, and at most inFlightBudget bytes of game
// text (plus gameOverhead a game) are between reading and writing at
// once, whatever the workers, besides one game the reader holds; at most
// 4 games a worker in any case. A game's replay and rows take about 40 to
// 90 times its text (a game of 4 MiB, the reader's cap, of 430,000
// plies: 170 MB for check, 370 MB for export), so a run takes at most
// about that over a few tens of MB of buffers, on any input. Real games
// (a few KB) are far under the budget: it holds back only archives of
// huge games.
const (
	inFlightBudget = 4 << 20
	gameOverhead   = 1 << 10
)

// batchPool holds the batches the sink is done with, to be read into
// again (Options.Reuse). The reader takes from it and the emitting
// goroutine gives back: at most the batches in flight are ever made.
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
// all, and the tokens of
// the games as cut (pdn.RawGame), those of keepText bytes of text in all
// (a batch holds at most batchBytes, but for its last game). What is
// over is let go, so that the memory a run keeps between batches stays
// bounded (a few MB a batch) whatever the games: one long game does not
// keep its plies in every batch it went through. A batch of 256 real
// games of 50 to 60 plies has 30 to 60 thousand (the moves grow
// geometrically, the plies by 64: see validate's replay): at 1 << 15
// the last games and reports of a batch were let go and made again at
// every use (on the Russian master games repeated, check allocated 35
// MB of plies for 1.7 M plies; 27 MB at 1 << 16, 18 MB with the plies
// rounded up too).
const (
	keepPlies = 1 << 16
	keepText  = batchBytes
)

// put gives back a batch the sink is done with: its games and reports,
// for reuse, within keepPlies, and nothing of the rest of its results
// (rows, analysis).
func (p *batchPool) put(b *batch) {
	kept, keptText := 0, 0
	for i := range b.items {
		it := &b.items[i]
		var res *Result
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
				*res = Result{}
			}
			continue
		}
		if res != nil {
			*res = Result{Report: res.Report}
		}
	}
	p.mu.Lock()
	p.free = append(p.free, b)
	p.mu.Unlock()
}
