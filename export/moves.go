package export

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// PlyEval is the analysis of one ply, as damka analyze hands it to the
// writers: evals[i] belongs to report.Plies[i], and a nil entry (or a
// slice shorter than the plies, or nil) leaves the analysis columns of the
// ply NULL. Scores are in centi-men (a man is 100).
type PlyEval struct {
	Depth int // search depth
	// EvalBefore is the best-play score of the position before the move,
	// from the mover's view.
	EvalBefore int32
	// EvalAfter is the score after the move played, from the mover's view.
	EvalAfter int32
	BestMove  string   // the engine's move, every landing square ("" for none)
	BestPV    []string // its principal variation, first move first
	Loss      int32    // what the move cost the mover: EvalBefore - EvalAfter, at least 0
	Class     string   // the verdict: best, good, inaccuracy, mistake, blunder ...
	Nodes     uint64   // nodes searched for the ply
}

// evalAt returns the analysis of ply i, or nil.
func evalAt(evals []*PlyEval, i int) *PlyEval {
	if i < len(evals) {
		return evals[i]
	}
	return nil
}

// squareNames holds the algebraic name of every square, so that rows do
// not allocate one string per square.
var squareNames [64]string

func init() {
	for _, s := range draughts.AllSquares {
		squareNames[s] = s.String()
	}
}

func squareName(s draughts.Square) string {
	if int(s) < len(squareNames) && squareNames[s] != "" {
		return squareNames[s]
	}
	return s.String()
}

// appendFEN appends the canonical FEN of p, the text of
// draughts.Position.FEN, without allocating.
func appendFEN(dst []byte, p *draughts.Position) []byte {
	if p.Side == draughts.White {
		dst = append(dst, 'W')
	} else {
		dst = append(dst, 'B')
	}
	for c, tag := range [2]byte{draughts.White: 'W', draughts.Black: 'B'} {
		dst = append(dst, ':', tag)
		for b, first := p.Pieces[c], true; b != 0; b &= b - 1 {
			s := b.First()
			if !first {
				dst = append(dst, ',')
			}
			first = false
			if p.Kings.Has(s) {
				dst = append(dst, 'K')
			}
			dst = append(dst, squareName(s)...)
		}
	}
	return dst
}

// appendMove appends a move given by its path the way draughts.Move.String
// writes it: "c3-d4", "c3:e5:g3".
func appendMove(dst []byte, path []draughts.Square, capture bool) []byte {
	sep := byte('-')
	if capture {
		sep = ':'
	}
	for i, s := range path {
		if i > 0 {
			dst = append(dst, sep)
		}
		dst = append(dst, squareName(s)...)
	}
	return dst
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
	t       *table
	b       movesBuilders
	scratch []byte
}

// movesBuilders are the column builders of the moves table, typed.
type movesBuilders struct {
	gameID, side, written, move, from, to, fen *array.StringBuilder
	ply, moveNumber, legal                     *array.Int32Builder
	path, captured                             *array.ListBuilder
	pathSq, capturedSq                         *array.StringBuilder
	isCapture, compulsory, promotes            *array.BooleanBuilder
	hashBefore, hashAfter                      *array.Uint64Builder

	depth, evalBefore, evalWhite, evalAfter, loss *array.Int32Builder
	bestMove, class                               *array.StringBuilder
	pv                                            *array.ListBuilder
	pvMove                                        *array.StringBuilder
	nodes                                         *array.Uint64Builder
}

// NewMovesWriter starts a moves table on w. Close finishes it; w is not
// closed.
func NewMovesWriter(w io.Writer, f Format, meta Meta, opts ...Option) (*MovesWriter, error) {
	c := newConfig(opts)
	t, err := newTable(w, f, "moves", MovesSchema(meta), c)
	if err != nil {
		return nil, err
	}
	col := func(name string) array.Builder { return t.cols[fieldIndex(movesFields, name)] }
	s := func(name string) *array.StringBuilder { return col(name).(*array.StringBuilder) }
	n := func(name string) *array.Int32Builder { return col(name).(*array.Int32Builder) }
	l := func(name string) *array.ListBuilder { return col(name).(*array.ListBuilder) }
	bo := func(name string) *array.BooleanBuilder { return col(name).(*array.BooleanBuilder) }
	u := func(name string) *array.Uint64Builder { return col(name).(*array.Uint64Builder) }
	b := movesBuilders{
		gameID: s("game_id"), side: s("side"), written: s("move_written"), move: s("move"),
		from: s("from"), to: s("to"), fen: s("fen_before"),
		ply: n("ply"), moveNumber: n("move_number"), legal: n("legal_moves"),
		path: l("path"), captured: l("captured"),
		isCapture: bo("is_capture"), compulsory: bo("capture_was_compulsory"), promotes: bo("promotes"),
		hashBefore: u("hash_before"), hashAfter: u("hash_after"),
		depth: n("depth"), evalBefore: n("eval_before"), evalWhite: n("eval_before_white"),
		evalAfter: n("eval_after"), loss: n("loss"),
		bestMove: s("best_move"), class: s("class"), pv: l("best_pv"), nodes: u("nodes"),
	}
	b.pathSq = b.path.ValueBuilder().(*array.StringBuilder)
	b.capturedSq = b.captured.ValueBuilder().(*array.StringBuilder)
	b.pvMove = b.pv.ValueBuilder().(*array.StringBuilder)
	return &MovesWriter{t: t, b: b}, nil
}

// Add appends one row for each replayed ply of r, with the analysis of
// evals where there is one.
func (mw *MovesWriter) Add(r *validate.Report, evals []*PlyEval) error {
	t := mw.t
	if t.closed {
		return errClosed
	}
	if t.err != nil {
		return t.err
	}
	if len(r.Plies) == 0 {
		return nil
	}
	id := GameID(r.Game)
	analysed := false
	for _, e := range evals {
		if e != nil {
			analysed = true
			break
		}
	}
	// The plies go in chunks that fill the current batch at most, so
	// that the analysis columns of a game without one can be appended
	// as runs of NULLs.
	for start := 0; start < len(r.Plies); {
		end := min(len(r.Plies), start+t.limit-t.n)
		mw.appendPlies(r, id, start, end)
		if analysed {
			for i := start; i < end; i++ {
				mw.appendEval(evalAt(evals, i), r.Plies[i].Side)
			}
		} else {
			mw.appendNoEval(end - start)
		}
		if err := t.rowsAdded(end - start); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// appendPlies appends all but the analysis columns of plies [start, end).
func (mw *MovesWriter) appendPlies(r *validate.Report, id string, start, end int) {
	b := &mw.b
	for i := start; i < end; i++ {
		pl := &r.Plies[i]
		m := &pl.Move
		b.gameID.Append(id)
		b.ply.Append(int32(pl.Ply))
		b.moveNumber.Append(int32(pl.MoveNumber))
		b.side.Append(sideName(pl.Side))
		b.written.Append(pl.Written)
		path := m.Path()
		capture := m.IsCapture()
		mw.scratch = appendMove(mw.scratch[:0], path, capture)
		b.move.BinaryBuilder.Append(mw.scratch)
		b.from.Append(squareName(m.From))
		b.to.Append(squareName(m.To))
		b.path.Append(true)
		for _, s := range path {
			b.pathSq.Append(squareName(s))
		}
		b.captured.Append(true)
		if capture {
			for _, s := range m.CapturedInOrder() {
				b.capturedSq.Append(squareName(s))
			}
		}
		b.isCapture.Append(capture)
		b.compulsory.Append(pl.CaptureCompulsory)
		b.promotes.Append(m.Promotes)
		b.legal.Append(int32(pl.LegalMoves))
		mw.scratch = appendFEN(mw.scratch[:0], &pl.Before)
		b.fen.BinaryBuilder.Append(mw.scratch)
		b.hashBefore.Append(pl.Before.Hash())
		if i+1 < len(r.Plies) {
			b.hashAfter.Append(r.Plies[i+1].Before.Hash())
		} else {
			b.hashAfter.Append(r.Final.Hash())
		}
	}
}

// appendNoEval appends n rows of NULL analysis.
func (mw *MovesWriter) appendNoEval(n int) {
	b := &mw.b
	for _, col := range []array.Builder{b.depth, b.evalBefore, b.evalWhite, b.bestMove, b.pv, b.evalAfter, b.loss, b.class, b.nodes} {
		col.AppendNulls(n)
	}
}

func (mw *MovesWriter) appendEval(e *PlyEval, side draughts.Color) {
	b := &mw.b
	if e == nil {
		mw.appendNoEval(1)
		return
	}
	b.depth.Append(int32(e.Depth))
	b.evalBefore.Append(e.EvalBefore)
	white := e.EvalBefore
	if side == draughts.Black {
		white = -white
	}
	b.evalWhite.Append(white)
	appendOptStr(b.bestMove, e.BestMove)
	b.pv.Append(true)
	for _, mv := range e.BestPV {
		b.pvMove.Append(mv)
	}
	b.evalAfter.Append(e.EvalAfter)
	b.loss.Append(e.Loss)
	appendOptStr(b.class, e.Class)
	b.nodes.Append(e.Nodes)
}

// Rows is the number of rows added so far.
func (mw *MovesWriter) Rows() int64 { return mw.t.rows + int64(mw.t.n) }

// Close writes the last rows and the file's footer. It does not close the
// underlying writer.
func (mw *MovesWriter) Close() error { return mw.t.close() }
