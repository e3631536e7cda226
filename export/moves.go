package export

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// PlyEval is the analysis of one ply, analyze.PlyEval: the moves table's
// analysis columns come from it.
type PlyEval = analyze.PlyEval

// evalAt returns the analysis of ply i, or nil.
func evalAt(evals []*PlyEval, i int) *PlyEval {
	if i < len(evals) {
		return evals[i]
	}
	return nil
}

var sideNames = [2]string{draughts.White: "white", draughts.Black: "black"}

func sideName(c draughts.Color) string {
	if int(c) < len(sideNames) {
		return sideNames[c]
	}
	return c.String()
}

// MovesWriter writes the moves table, one row per replayed ply.
type MovesWriter struct {
	t    *table
	rows *movesRows
}

// movesRows is where the rows of the moves table wait for their batch:
// the prepared games, with the range of their plies that goes in it (a
// game can straddle two batches).
type movesRows struct {
	schema *arrow.Schema
	parts  []movesPart
	n      int
	// bufs hands out the buffers of the columns, reused from batch to
	// batch: a batch takes a set when it is handed over and gives it back
	// once written. A table writes one batch at a time, so one set serves
	// it; the partitions of a dataset share as many sets as they write
	// batches at once (withDataset), however many partitions there are.
	bufs chan []colBuf
}

// take hands over the rows added since the last batch.
func (m *movesRows) take() batch {
	b := &movesBatch{parts: m.parts, n: m.n, bufs: <-m.bufs, pool: m.bufs}
	m.parts, m.n = nil, 0
	return b
}

// NewRecordBatch builds the rows added since the last batch as a record
// batch of buffers of its own.
func (m *movesRows) NewRecordBatch() arrow.RecordBatch {
	b := &movesBatch{parts: m.parts, n: m.n, bufs: make([]colBuf, len(movesFields))}
	m.parts, m.n = nil, 0
	cols := make([]arrow.Array, len(movesFields))
	for i := range cols {
		cols[i] = b.column(i)
	}
	rec := array.NewRecordBatch(m.schema, cols, int64(b.n))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

func (m *movesRows) Release() {}

// newBufPool makes n sets of column buffers for the moves table.
func newBufPool(n int) chan []colBuf {
	pool := make(chan []colBuf, n)
	for range n {
		pool <- make([]colBuf, len(movesFields))
	}
	return pool
}

// movesBatch is a batch of the moves table.
type movesBatch struct {
	parts []movesPart
	n     int
	bufs  []colBuf
	pool  chan []colBuf // where bufs go back, nil for none
}

func (b *movesBatch) numRows() int             { return b.n }
func (b *movesBatch) column(i int) arrow.Array { return movesColumn(i, b.parts, b.n, &b.bufs[i]) }

func (b *movesBatch) release() {
	if b.pool != nil {
		b.pool <- b.bufs
		b.bufs, b.pool = nil, nil
	}
}

// NewMovesWriter starts a moves table on w. Close finishes it; w is not
// closed.
func NewMovesWriter(w io.Writer, f Format, meta Meta, opts ...Option) (*MovesWriter, error) {
	c := newConfig(opts)
	t, err := newTable(w, f, "moves", MovesSchema(meta), c)
	if err != nil {
		return nil, err
	}
	bufs := c.bufs
	if bufs == nil {
		bufs = newBufPool(1)
	}
	rows := &movesRows{schema: t.schema, bufs: bufs}
	t.b, t.take = rows, rows.take
	return &MovesWriter{t: t, rows: rows}, nil
}

// Add appends one row for each replayed ply of r, with the analysis of
// evals where there is one: it prepares the rows (see PrepareGame), then
// adds them.
func (mw *MovesWriter) Add(r *validate.Report, evals []*PlyEval) error {
	if err := mw.check(); err != nil || len(r.Plies) == 0 {
		return err
	}
	return mw.add(prepareMoves(r, evals, GameID(r.Game)))
}

func (mw *MovesWriter) check() error {
	if mw.t.closed {
		return errClosed
	}
	return mw.t.err
}

// AddPrepared appends the rows of a prepared game: it does no more than
// note the game, whose columns are copied into the batch when the batch
// is written, on other goroutines.
func (mw *MovesWriter) AddPrepared(p *Prepared) error {
	if err := mw.check(); err != nil {
		return err
	}
	return mw.add(p.moves)
}

func (mw *MovesWriter) add(m *preparedMoves) error {
	t := mw.t
	// The plies go in chunks that fill the current batch at most.
	for start := 0; start < m.n; {
		end := min(m.n, start+t.limit-t.n)
		mw.rows.parts = append(mw.rows.parts, movesPart{m: m, start: start, end: end})
		mw.rows.n += end - start
		if err := t.rowsAdded(end - start); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// Rows is the number of rows added so far.
func (mw *MovesWriter) Rows() int64 { return mw.t.rows + int64(mw.t.n) }

// Stats returns the writer's counters.
func (mw *MovesWriter) Stats() WriterStats { return mw.t.stats() }

// Close writes the last rows and the file's footer. It does not close the
// underlying writer.
func (mw *MovesWriter) Close() error { return mw.t.close() }
