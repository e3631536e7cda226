package output

import (
	"cmp"
	"fmt"
	"strings"
	"sync"

	"github.com/damka/damka/export"
	"github.com/damka/damka/pipeline"
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
	// names are where the tables go, as Summary names them: a file, or a
	// dataset's folder ("out/games/"); one a table written.
	names []string
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
func (t *Tables) Add(res *pipeline.Result) error {
	if res.Prepared == nil {
		res.Prepared = pipeline.Prepare(res)
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

// Summary names what was written: "out/games.parquet (209 rows)", or for
// a dataset "out/games/ (209 rows in 3 files, 3 partitions)".
func (t *Tables) Summary() string {
	var parts []string
	i := 0
	for _, w := range []TableWriter{t.Games, t.Moves} {
		if w == nil {
			continue
		}
		part := fmt.Sprintf("%s (%d rows", t.names[i], w.Rows())
		if pw, ok := w.(*export.PartitionedWriter); ok {
			part += fmt.Sprintf(" in %s, %s", Plural(len(pw.Files()), "file"), Plural(pw.Partitions(), "partition"))
		}
		parts = append(parts, part+")")
		i++
	}
	return strings.Join(parts, " and ")
}

// Plural writes n things: "1 file", "3 files".
func Plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// Positions gathers the positions table of a run (export.Openings) and
// writes it to its destination at the end: one file (PositionsFile) or,
// with a dataset layout, a table a partition in the folder of the
// dataset (PositionsDataset). Layout.NewPositions makes the one the
// layout asks for.
type Positions interface {
	// Add counts a processed game, with its analysis.
	Add(*pipeline.Result)
	// Write writes the table.
	Write() error
	// Len is the number of rows gathered.
	Len() int
	// MaxPly is the number of plies counted a game.
	MaxPly() int
	// Summary names what was written: "out/positions.parquet (2372
	// rows)".
	Summary() string
	// SummaryPlies names it for damka openings:
	// "out/positions.parquet (2372 positions and moves over 24 plies)".
	SummaryPlies() string
}

// PositionsFile is the positions table as one file.
type PositionsFile struct {
	*export.Openings
	dest *Destination
	l    Layout
	meta export.Meta
}

// NewPositionsFile starts the positions table over the first plies plies
// of each game (export.DefaultOpeningsPlies when plies < 1), to be
// written to dest in the layout's format.
func (l Layout) NewPositionsFile(plies int, dest *Destination, meta export.Meta) *PositionsFile {
	return &PositionsFile{Openings: export.NewOpenings(plies), dest: dest, l: l, meta: meta}
}

// Add counts a processed game.
func (p *PositionsFile) Add(res *pipeline.Result) {
	if res.Prepared != nil {
		p.AddPrepared(res.Prepared)
		return
	}
	p.Openings.Add(res.Report, res.Analysis)
}

// Write writes the table to its file.
func (p *PositionsFile) Write() error {
	return p.Openings.Write(p.dest.W, p.l.Format, p.meta, p.l.WriterOptions()...)
}

// Summary names what was written.
func (p *PositionsFile) Summary() string {
	return fmt.Sprintf("%s (%d rows)", p.dest.Name, p.Len())
}

// SummaryPlies names what was written, with the plies counted.
func (p *PositionsFile) SummaryPlies() string {
	return fmt.Sprintf("%s (%d positions and moves over %d plies)", p.dest.Name, p.Len(), p.MaxPly())
}

// PositionsDataset is the positions table as a dataset: a table a
// partition of the layout's columns (none: one table, in files of at
// most MaxRowsPerFile rows).
type PositionsDataset struct {
	*export.PartitionedOpenings
	dest  *Destination
	l     Layout
	meta  export.Meta
	dopts export.DatasetOptions
	files int
}

// NewPositionsDataset starts the positions table as a dataset over the
// first plies plies of each game, its files made in dest's folder.
func (l Layout) NewPositionsDataset(plies int, dest *Destination, meta export.Meta) *PositionsDataset {
	dopts, _ := l.Dataset()
	return &PositionsDataset{PartitionedOpenings: export.NewPartitionedOpenings(plies, dopts.PartitionBy), dest: dest, l: l, meta: meta, dopts: dopts}
}

// Add counts a processed game.
func (p *PositionsDataset) Add(res *pipeline.Result) {
	if res.Prepared != nil {
		p.AddPrepared(res.Prepared)
		return
	}
	p.PartitionedOpenings.Add(res.Report, res.Analysis)
}

// Write writes the tables, a partition each.
func (p *PositionsDataset) Write() error {
	files, err := p.PartitionedOpenings.Write(p.dest.Create, p.l.Format, p.meta, p.dopts, p.l.WriterOptions()...)
	p.files = len(files)
	return err
}

// Summary names what was written.
func (p *PositionsDataset) Summary() string {
	return fmt.Sprintf("%s (%d rows in %s)", p.dest.Name, p.Len(), Plural(p.files, "file"))
}

// SummaryPlies names what was written, with the plies counted.
func (p *PositionsDataset) SummaryPlies() string {
	return fmt.Sprintf("%s (%d positions and moves over %d plies, in %s)", p.dest.Name, p.Len(), p.MaxPly(), Plural(p.files, "file"))
}

// NewPositions starts the positions table the layout asks for: a
// dataset (PositionsDataset) when it lays tables out as datasets, else
// one file (PositionsFile).
func (l Layout) NewPositions(plies int, dest *Destination, meta export.Meta) Positions {
	if _, ok := l.Dataset(); ok {
		return l.NewPositionsDataset(plies, dest, meta)
	}
	return l.NewPositionsFile(plies, dest, meta)
}
