package main

import (
	"context"
	"fmt"
	"runtime"

	"github.com/damka/damka/internal/display"
	"github.com/damka/damka/internal/ordered"
	"github.com/damka/damka/pdn"
)

// eachGame reads the games of the inputs, applies work to each on jobs
// workers (all cores when jobs < 1), within the memory budget of a run
// (inFlightBudget), and calls emit with each game and its result in input
// order, with a progress bar unless quiet. An input that cannot be read
// is reported on stderr and counted, notes about the inputs are printed,
// and the others go on. It returns the games read and the inputs that
// could not be.
func eachGame[T any](ctx context.Context, io *streams, args []string, jobs int, quiet bool,
	work func(*pdn.Game) T, emit func(*pdn.Game, T) error) (games, inputErrors int, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if jobs < 1 {
		jobs = runtime.GOMAXPROCS(0)
	}
	in := openInputs(io, args)
	defer in.Close()
	bar := newProgress(io, quiet, in.total, "games")
	defer bar.done(io)
	type result struct {
		item gameItem
		out  T
	}
	weight := func(it gameItem) int64 {
		if it.Game == nil {
			return 0
		}
		return int64(len(it.Game.Raw)) + gameOverhead
	}
	popts := ordered.Options[gameItem]{Workers: jobs, Budget: inFlightBudget, Weight: weight}
	next := func() (gameItem, bool, error) { return in.next(nil, nil, false, false) }
	err = ordered.MapWith(ctx, popts, next, func(it gameItem) result {
		r := result{item: it}
		if it.Game != nil {
			r.out = work(it.Game)
		}
		return r
	}, func(r result) error {
		if r.item.Game == nil {
			io.clearProgress()
			if r.item.Note != "" {
				fmt.Fprintf(io.Err, "damka: %s\n", display.Text(r.item.Note))
				return nil
			}
			inputErrors++
			fmt.Fprintf(io.Err, "damka: %v\n", describeInputError(r.item.Err))
			return nil
		}
		games++
		bar.Update(in.bytes.Load(), games)
		return emit(r.item.Game, r.out)
	})
	return games, inputErrors, err
}
