// Package ordered runs work over a stream in parallel and hands the
// results on in input order, with bounded memory: the output of damka is
// the same whatever the number of workers. (The game-level work itself is
// package pipeline's; this is the machinery that runs it on one machine.)
package ordered

import (
	"context"
	"runtime"
	"sync"

	"golang.org/x/sync/semaphore"
)

// Options tune MapWith and MapWorkers.
type Options[In any] struct {
	// Workers is the number of goroutines that run work (all cores when
	// less than 1).
	Workers int
	// Budget bounds the summed Weight of the items in flight: read and
	// not yet emitted. An item heavier than Budget goes alone. 0 means no
	// bound but the count (4 items a worker).
	Budget int64
	// Weight tells what an item costs; nil weighs every item 1.
	Weight func(In) int64
}

// Map is MapWith on the given number of workers, with no budget but the
// count of items in flight.
func Map[In, Out any](ctx context.Context, workers int, next func() (In, bool, error), work func(In) Out, emit func(Out) error) error {
	return MapWith(ctx, Options[In]{Workers: workers}, next, work, emit)
}

// MapWith is MapWorkers with one work function shared by the workers,
// which must then be safe for concurrent use.
func MapWith[In, Out any](ctx context.Context, o Options[In], next func() (In, bool, error), work func(In) Out, emit func(Out) error) error {
	return MapWorkers(ctx, o, next, func() func(In) Out { return work }, emit)
}

// MapWorkers applies work to the items next produces on o.Workers
// goroutines, each with the work function newWorker made for it on that
// goroutine (so that a worker can keep state across items, such as a
// pipeline.Processor, without locks), and calls emit with the results one
// at a time, in the order next produced the items.
//
// The workers call next themselves, one at a time and in turn (under a
// lock, which gives the items their order): there is no goroutine that
// only reads, so -j workers use -j cores, reading is spread over them,
// and the one part that cannot run in parallel is next itself. The
// speed-up with n workers is at most the time of next and work together
// over that of next alone, whatever n. With a worker on every core, a
// worker lets the emitting goroutine run after each result it hands
// over, so that emit keeps up without a core of its own.
//
// At most 4 items a worker are in flight, and, with o.Budget set, items
// whose summed weight is at most the budget (an item heavier than the
// budget is let in alone), besides the one item a reading worker holds
// while it waits for room: a slow or large item holds back reading, not
// memory. An item's weight is released once emit has returned for it.
//
// The first error of next or emit stops everything and is returned; work
// cannot fail (put failures in its result). Cancelling ctx stops early and
// returns ctx.Err().
func MapWorkers[In, Out any](ctx context.Context, o Options[In], next func() (In, bool, error), newWorker func() func(In) Out, emit func(Out) error) error {
	workers := o.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	var budget *semaphore.Weighted
	if o.Budget > 0 {
		budget = semaphore.NewWeighted(o.Budget)
	}
	weigh := func(in In) int64 {
		if budget == nil {
			return 0
		}
		w := int64(1)
		if o.Weight != nil {
			w = o.Weight(in)
		}
		return min(max(w, 0), o.Budget)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type job struct {
		seq int
		in  In
		w   int64 // weight taken from the budget
	}
	type result struct {
		seq int
		out Out
		w   int64
	}
	window := 4 * workers
	results := make(chan result, window)
	slots := make(chan struct{}, window) // one per item read but not yet emitted

	var (
		mu      sync.Mutex // held by the worker reading
		seq     int
		over    bool // no more items: next said so or failed, or the run stops
		readErr error
	)
	// read takes the next item for a worker. Room (a slot, the budget) is
	// taken under the lock too, in the order of the items: an item waiting
	// for room waits only for items before it, which are in flight.
	read := func() (job, bool) {
		mu.Lock()
		defer mu.Unlock()
		if over {
			return job{}, false
		}
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			over = true
			return job{}, false
		}
		in, ok, err := next()
		if err != nil || !ok {
			over = true
			<-slots
			if err != nil {
				readErr = err
				cancel()
			}
			return job{}, false
		}
		w := weigh(in)
		if w > 0 && budget.Acquire(ctx, w) != nil {
			over = true // cancelled
			return job{}, false
		}
		j := job{seq, in, w}
		seq++
		return j, true
	}

	// With a core for each worker and none to spare, the emitting
	// goroutine (this one) gets a core only when a worker stops: the
	// results wait for it, the items in flight pile up to their bound,
	// and the workers end up waiting for room and for the reading lock,
	// each wait leaving a core idle until the worker is woken again
	// (about 0.14 ms a wake-up on the 2-core machine: 14% of -j 2's
	// core time was lost so). So a worker lets it run after each result
	// it hands over, on its own core, at once (no core is woken), and
	// the emitting keeps up: -j 2 of check took 1.12x to 1.18x less wall
	// time and 1.09x to 1.14x less CPU (docs/performance.md). A worker
	// of -j 1 does not: there the emitting goroutine runs beside it, on
	// a core to spare.
	yield := workers > 1 && workers >= runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work := newWorker()
			for {
				j, ok := read()
				if !ok {
					return
				}
				r := result{j.seq, work(j.in), j.w}
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
				if yield {
					runtime.Gosched()
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := make(map[int]result, window)
	nextSeq := 0
	var emitErr error
	for r := range results {
		if emitErr != nil {
			continue // drain
		}
		pending[r.seq] = r
		for {
			r, ok := pending[nextSeq]
			if !ok {
				break
			}
			delete(pending, nextSeq)
			nextSeq++
			err := emit(r.out)
			if r.w > 0 {
				budget.Release(r.w)
			}
			if err != nil {
				emitErr = err
				cancel()
				break
			}
			<-slots
		}
	}
	switch {
	case emitErr != nil:
		return emitErr
	case readErr != nil:
		return readErr
	}
	return ctx.Err()
}
