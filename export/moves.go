package export

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// plyRow is the analysis of one ply (analyze.PlyAnalysis) flattened to
// the moves table's analysis columns: the only place the typed analysis
// becomes columns. Scores are in centi-men (a man is 100).
type plyRow struct {
	Depth int // the depth of the analysis (analyze.GameAnalysis.Depth)
	// EvalBefore is the best-play score of the position before the move,
	// from the mover's view (analyze.Score).
	EvalBefore int32
	// EvalAfter is the score after the move played, from the mover's view.
	EvalAfter int32
	// MateBefore is set when EvalBefore is a forced win or loss by rule:
	// the plies to the end of the game, positive when the mover wins,
	// negative when it loses (Score's Plies, IsWin and IsLoss).
	// eval_before and eval_before_white are then NULL, and mate_before
	// holds it. 0 when the score is not decisive.
	MateBefore int32
	// MateAfter is MateBefore for EvalAfter: the plies to the end counted
	// from the position before the move, the move included, signed for
	// the mover (a best move keeps MateAfter = MateBefore).
	MateAfter int32
	BestMove  string   // the engine's move, every landing square ("" for none)
	BestPV    []string // its principal variation, first move first
	Loss      int32    // what the move cost the mover, at least 0
	Class     string   // the verdict: best, good, inaccuracy, mistake, blunder ...
	Nodes     uint64   // nodes searched for the ply
	// VerdictDepth is the depth of the searches that decided Class.
	VerdictDepth int
	// TableBefore and TableAfter are the exact results, for the mover,
	// of the positions before and after the move where the endgame
	// databases hold them: "win", "draw" or "loss"; "" where they do not.
	TableBefore, TableAfter string
}

// flatten writes the analysis of a game's plies as rows of the analysis
// columns; nil when there is none.
func flatten(a *analyze.GameAnalysis) []plyRow {
	if a.Len() == 0 {
		return nil
	}
	rows := make([]plyRow, len(a.Plies))
	for i := range a.Plies {
		rows[i] = flattenPly(&a.Plies[i], a.Depth)
	}
	return rows
}

// flattenPly is the row of one ply analysed at depth.
func flattenPly(pa *analyze.PlyAnalysis, depth int) plyRow {
	e := plyRow{
		Depth:        depth,
		EvalBefore:   int32(pa.Before),
		EvalAfter:    int32(pa.After),
		MateBefore:   mate(pa.Before),
		MateAfter:    mate(pa.After),
		Loss:         int32(pa.Loss),
		Class:        string(pa.Class),
		Nodes:        pa.Nodes,
		VerdictDepth: pa.VerdictDepth,
	}
	if pa.HasBest() {
		e.BestMove = pa.Best.String()
	}
	for _, m := range pa.BestPV {
		e.BestPV = append(e.BestPV, m.String())
	}
	if pa.HasTableBefore {
		e.TableBefore = pa.TableBefore.String()
	}
	if pa.HasTableAfter {
		e.TableAfter = pa.TableAfter.String()
	}
	return e
}

// mate is the mate_before or mate_after of a score: the plies to a
// forced end, positive for a win of the side whose view s is, negative
// for a loss; 0 when s is not decisive.
func mate(s analyze.Score) int32 {
	switch {
	case s.IsWin():
		return int32(s.Plies())
	case s.IsLoss():
		return -int32(s.Plies())
	}
	return 0
}

// rowAt returns the analysis row of ply i, or nil.
func rowAt(rows []plyRow, i int) *plyRow {
	if i < len(rows) {
		return &rows[i]
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
// a where there is one: it prepares the rows (see PrepareGame), then
// adds them.
func (mw *MovesWriter) Add(r *validate.Report, a *analyze.GameAnalysis) error {
	if err := mw.check(); err != nil || len(r.Plies) == 0 {
		return err
	}
	return mw.add(prepareMoves(r, a, GameID(r.Game)))
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
