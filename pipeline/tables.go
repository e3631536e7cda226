package pipeline

import (
	"cmp"
	"errors"
	"io"
	"sync"

	"github.com/damka/damka/export"
)

// TableWriter is a table being written: one file (export.GamesWriter,
// export.MovesWriter) or a dataset of files (export.PartitionedWriter).
type TableWriter interface {
	AddPrepared(*export.Prepared) error
	Close() error
	Rows() int64
	Stats() export.WriterStats
}

// Tables writes the games and moves tables of a run. Either may be nil:
// that table is not written.
//
// The rows of a table are written in the order games are added; a
// dataset (NewDatasets) takes games in any order of partitions, so that
// the shards of a run on many machines (each with its own
// DatasetOptions.FilePrefix) write one dataset together.
type Tables struct {
	Games, Moves TableWriter
}

// NewDatasets starts the games and moves tables as datasets under one
// folder, written through create (export.NewPartitionedWriter):
// games/variant=russian/year=1947/part-00000.parquet, moves/....
func NewDatasets(f export.Format, meta export.Meta, d export.DatasetOptions, create export.CreateFunc, opts ...export.Option) (*Tables, error) {
	games, err := export.NewPartitionedWriter(export.GamesTable, f, meta, d, create, opts...)
	if err != nil {
		return nil, err
	}
	moves, err := export.NewPartitionedWriter(export.MovesTable, f, meta, d, create, opts...)
	if err != nil {
		return nil, err
	}
	return &Tables{Games: games, Moves: moves}, nil
}

// Add appends the rows of a processed game, preparing them (into
// res.Prepared) when they were not.
func (t *Tables) Add(res *Result) error {
	if res.Prepared == nil {
		res.Prepared = Prepare(res)
	}
	if t.Games != nil {
		if err := t.Games.AddPrepared(res.Prepared); err != nil {
			return err
		}
	}
	if t.Moves != nil {
		return t.Moves.AddPrepared(res.Prepared)
	}
	return nil
}

// Stats sums the counters of the writers.
func (t *Tables) Stats() (sum export.WriterStats) {
	for _, w := range []TableWriter{t.Games, t.Moves} {
		if w != nil {
			st := w.Stats()
			sum.Rows += st.Rows
			sum.Waited += st.Waited
			sum.Busy += st.Busy
		}
	}
	return sum
}

// Close finishes the tables: each encodes its last batch (all of the
// games table, whose rows make one batch) and writes its footer, at
// once. It does not close the files the writers write to.
func (t *Tables) Close() error {
	var gerr, merr error
	var wg sync.WaitGroup
	if t.Games != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gerr = t.Games.Close()
		}()
	}
	if t.Moves != nil {
		merr = t.Moves.Close()
	}
	wg.Wait()
	return cmp.Or(gerr, merr)
}

// Positions gathers the positions table of a run (export.Openings): one
// table, or one a partition of a dataset (export.PartitionedOpenings).
type Positions struct {
	one   *export.Openings
	parts *export.PartitionedOpenings
}

// NewPositions starts the positions table, one file, over the first
// plies plies of each game (export.DefaultOpeningsPlies when plies < 1).
func NewPositions(plies int) *Positions {
	return &Positions{one: export.NewOpenings(plies)}
}

// NewDatasetPositions starts the positions table as a dataset: a table a
// partition of the columns by (export.ParsePartitionBy; none: one table,
// in files of at most MaxRowsPerFile rows).
func NewDatasetPositions(plies int, by []string) *Positions {
	return &Positions{parts: export.NewPartitionedOpenings(plies, by)}
}

// Dataset reports whether the table is written as a dataset.
func (p *Positions) Dataset() bool { return p.parts != nil }

// Add counts a processed game, with its analysis.
func (p *Positions) Add(res *Result) {
	switch {
	case res.Prepared != nil && p.parts != nil:
		p.parts.AddPrepared(res.Prepared)
	case res.Prepared != nil:
		p.one.AddPrepared(res.Prepared)
	case p.parts != nil:
		p.parts.Add(res.Report, res.Evals)
	default:
		p.one.Add(res.Report, res.Evals)
	}
}

// Len is the number of rows gathered.
func (p *Positions) Len() int {
	if p.parts != nil {
		return p.parts.Len()
	}
	return p.one.Len()
}

// MaxPly is the number of plies counted per game.
func (p *Positions) MaxPly() int {
	if p.parts != nil {
		return p.parts.MaxPly()
	}
	return p.one.MaxPly()
}

// WriteFile writes the table of NewPositions to w.
func (p *Positions) WriteFile(w io.Writer, f export.Format, meta export.Meta, opts ...export.Option) error {
	if p.parts != nil {
		return errDataset
	}
	return p.one.Write(w, f, meta, opts...)
}

// WriteDataset writes the tables of NewDatasetPositions through create,
// a table a partition, in files of at most d.MaxRowsPerFile rows, and
// returns the files written.
func (p *Positions) WriteDataset(create export.CreateFunc, f export.Format, meta export.Meta, d export.DatasetOptions, opts ...export.Option) ([]string, error) {
	if p.parts == nil {
		return nil, errFile
	}
	return p.parts.Write(create, f, meta, d, opts...)
}

var (
	errDataset = errors.New("pipeline: the positions table is a dataset: WriteDataset writes it")
	errFile    = errors.New("pipeline: the positions table is one file: WriteFile writes it")
)
