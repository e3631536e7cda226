// Package pipeline runs work over a stream in parallel and hands the
// results on in input order, with bounded memory: the output of damka is
// the same whatever the number of workers.
package pipeline

import (
	"context"
	"runtime"
	"sync"
)

// Ordered calls next from one goroutine until it reports no more items,
// applies work to the items on the given number of workers (all cores when
// workers < 1), and calls emit with the results one at a time, in the order
// next produced the items. At most 4×workers items are in flight, so a
// slow item holds back reading, not memory.
//
// The first error of next or emit stops everything and is returned; work
// cannot fail (put failures in its result). Cancelling ctx stops early and
// returns ctx.Err().
func Ordered[In, Out any](ctx context.Context, workers int, next func() (In, bool, error), work func(In) Out, emit func(Out) error) error {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type job struct {
		seq int
		in  In
	}
	type result struct {
		seq int
		out Out
	}
	window := 4 * workers
	jobs := make(chan job, window)
	results := make(chan result, window)
	slots := make(chan struct{}, window) // one per item read but not yet emitted

	var readErr error
	go func() {
		defer close(jobs)
		for seq := 0; ; seq++ {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			in, ok, err := next()
			if err != nil {
				readErr = err
				cancel()
				return
			}
			if !ok {
				return
			}
			select {
			case jobs <- job{seq, in}:
			case <-ctx.Done():
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r := result{j.seq, work(j.in)}
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := make(map[int]Out, window)
	nextSeq := 0
	var emitErr error
	for r := range results {
		if emitErr != nil {
			continue // drain
		}
		pending[r.seq] = r.out
		for {
			out, ok := pending[nextSeq]
			if !ok {
				break
			}
			delete(pending, nextSeq)
			nextSeq++
			if err := emit(out); err != nil {
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
