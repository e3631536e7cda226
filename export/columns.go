package export

import (
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/damka/damka/draughts"
)

// The moves table does not go through Arrow builders: its rows wait as
// the prepared games themselves (a batch is a list of games and ranges of
// their plies), and each column of a batch is built straight into Arrow
// buffers when the batch is written, on the encoding goroutines, one
// column per goroutine. The buffers are Go slices kept from one batch to
// the next: batches are written one at a time, and nothing holds on to
// a batch's arrays after it is written.

// movesPart is the plies [start, end) of a prepared game.
type movesPart struct {
	m          *preparedMoves
	start, end int
}

// colBuf holds the buffers of one column, reused from batch to batch.
type colBuf struct {
	valid           bitmap
	offs, childOffs []int32
	data, childData []byte
	i32             []int32
	u64             []uint64
	bits            bitmap
}

// bitmap is an Arrow bitmap being filled, bit by bit, least significant
// bit first; the bits past the last are 0.
type bitmap struct {
	b []byte
	n int
}

func (m *bitmap) reset() { m.b, m.n = m.b[:0], 0 }

func (m *bitmap) add(v bool) {
	if m.n&7 == 0 {
		m.b = append(m.b, 0)
	}
	if v {
		m.b[m.n>>3] |= 1 << (m.n & 7)
	}
	m.n++
}

// addN adds n copies of v.
func (m *bitmap) addN(v bool, n int) {
	for ; n > 0 && m.n&7 != 0; n-- {
		m.add(v)
	}
	fill := byte(0)
	if v {
		fill = 0xff
	}
	for ; n >= 8; n -= 8 {
		m.b = append(m.b, fill)
		m.n += 8
	}
	for ; n > 0; n-- {
		m.add(v)
	}
}

// strOffsets starts Arrow offsets in offs.
func strOffsets(offs []int32) []int32 { return append(offs[:0], 0) }

// Typed views of Go slices as Arrow buffers.

func bytesBuf(b []byte) *memory.Buffer { return memory.NewBufferBytes(b) }

func i32Buf(v []int32) *memory.Buffer { return memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(v)) }

func u64Buf(v []uint64) *memory.Buffer {
	return memory.NewBufferBytes(arrow.Uint64Traits.CastToBytes(v))
}

// validityBuf is the validity buffer of an array with nulls NULLs: none
// when there are none. It is padded with zeros to 64 bytes, as the Arrow
// builders pad theirs, so that the Arrow IPC writer copies it the same
// way and writes the same bytes.
func validityBuf(m *bitmap, nulls int) *memory.Buffer {
	if nulls == 0 {
		return nil
	}
	for len(m.b)%64 != 0 {
		m.b = append(m.b, 0)
	}
	return bytesBuf(m.b)
}

func makeArray(t arrow.DataType, n int, bufs []*memory.Buffer, children []arrow.ArrayData, nulls int) arrow.Array {
	d := array.NewData(t, n, bufs, children, nulls, 0)
	defer d.Release()
	return array.MakeFromData(d)
}

func strData(offs []int32, data []byte, valid *bitmap, nulls int) arrow.ArrayData {
	return array.NewData(str, len(offs)-1, []*memory.Buffer{validityBuf(valid, nulls), i32Buf(offs), bytesBuf(data)}, nil, nulls, 0)
}

// The columns of the moves table, by index.
var (
	mcGameID      = fieldIndex(movesFields, "game_id")
	mcPly         = fieldIndex(movesFields, "ply")
	mcMoveNumber  = fieldIndex(movesFields, "move_number")
	mcSide        = fieldIndex(movesFields, "side")
	mcWritten     = fieldIndex(movesFields, "move_written")
	mcMove        = fieldIndex(movesFields, "move")
	mcFrom        = fieldIndex(movesFields, "from")
	mcTo          = fieldIndex(movesFields, "to")
	mcPath        = fieldIndex(movesFields, "path")
	mcCaptured    = fieldIndex(movesFields, "captured")
	mcIsCapture   = fieldIndex(movesFields, "is_capture")
	mcCompulsory  = fieldIndex(movesFields, "capture_was_compulsory")
	mcPromotes    = fieldIndex(movesFields, "promotes")
	mcRepaired    = fieldIndex(movesFields, "repaired")
	mcLegal       = fieldIndex(movesFields, "legal_moves")
	mcFEN         = fieldIndex(movesFields, "fen_before")
	mcFENAfter    = fieldIndex(movesFields, "fen_after")
	mcHashBefore  = fieldIndex(movesFields, "hash_before")
	mcHashAfter   = fieldIndex(movesFields, "hash_after")
	mcComment     = fieldIndex(movesFields, "comment")
	mcNAGs        = fieldIndex(movesFields, "nags")
	mcStrength    = fieldIndex(movesFields, "strength")
	mcDepth       = fieldIndex(movesFields, "depth")
	mcEvalBefore  = fieldIndex(movesFields, "eval_before")
	mcEvalWhite   = fieldIndex(movesFields, "eval_before_white")
	mcMateBefore  = fieldIndex(movesFields, "mate_before")
	mcBestMove    = fieldIndex(movesFields, "best_move")
	mcBestPV      = fieldIndex(movesFields, "best_pv")
	mcEvalAfter   = fieldIndex(movesFields, "eval_after")
	mcMateAfter   = fieldIndex(movesFields, "mate_after")
	mcLoss        = fieldIndex(movesFields, "loss")
	mcClass       = fieldIndex(movesFields, "class")
	mcNodes       = fieldIndex(movesFields, "nodes")
	mcVerdict     = fieldIndex(movesFields, "verdict_depth")
	mcTableBefore = fieldIndex(movesFields, "table_before")
	mcTableAfter  = fieldIndex(movesFields, "table_after")
)

// movesColumn builds column col of the rows of parts (n rows) in b.
func movesColumn(col int, parts []movesPart, n int, b *colBuf) arrow.Array {
	typ := movesFields[col].Type
	switch col {
	case mcGameID, mcSide, mcWritten, mcMove, mcFrom, mcTo, mcFEN, mcFENAfter:
		offs, data := movesStrings(col, parts, strOffsets(b.offs), b.data[:0])
		b.offs, b.data = offs, data
		return makeArray(typ, n, []*memory.Buffer{nil, i32Buf(offs), bytesBuf(data)}, nil, 0)
	case mcPly, mcMoveNumber, mcLegal:
		run := i32Legal
		if col == mcPly {
			run = i32Ply
		} else if col == mcMoveNumber {
			run = i32MoveNumber
		}
		v := b.i32[:0]
		for _, pt := range parts {
			v = append(v, pt.m.ints(run)[pt.start:pt.end]...)
		}
		b.i32 = v
		return makeArray(typ, n, []*memory.Buffer{nil, i32Buf(v)}, nil, 0)
	case mcPath, mcCaptured:
		offs, coffs, cdata := strOffsets(b.offs), strOffsets(b.childOffs), b.childData[:0]
		for _, pt := range parts {
			m := pt.m
			for i := pt.start; i < pt.end; i++ {
				sqs, captured := m.plySquares(i)
				if col == mcCaptured {
					sqs = captured
				}
				for _, s := range sqs {
					cdata = append(cdata, m.v.SquareName(s)...)
					coffs = append(coffs, int32(len(cdata)))
				}
				offs = append(offs, int32(len(coffs)-1))
			}
		}
		b.offs, b.childOffs, b.childData = offs, coffs, cdata
		child := strData(coffs, cdata, nil, 0)
		defer child.Release()
		return makeArray(typ, n, []*memory.Buffer{nil, i32Buf(offs)}, []arrow.ArrayData{child}, 0)
	case mcIsCapture, mcCompulsory, mcPromotes, mcRepaired:
		flag := uint8(flagPromotes)
		switch col {
		case mcIsCapture:
			flag = flagCapture
		case mcCompulsory:
			flag = flagCompulsory
		case mcRepaired:
			flag = flagRepaired
		}
		b.bits.reset()
		for _, pt := range parts {
			for _, f := range pt.m.bytes(smallFlags)[pt.start:pt.end] {
				b.bits.add(f&flag != 0)
			}
		}
		return makeArray(typ, n, []*memory.Buffer{nil, bytesBuf(b.bits.b)}, nil, 0)
	case mcHashBefore, mcHashAfter:
		from := 0
		if col == mcHashAfter {
			from = 1
		}
		v := b.u64[:0]
		for _, pt := range parts {
			v = append(v, pt.m.hashes[pt.start+from:pt.end+from]...)
		}
		b.u64 = v
		return makeArray(typ, n, []*memory.Buffer{nil, u64Buf(v)}, nil, 0)
	case mcComment, mcStrength:
		b.valid.reset()
		offs, data, nulls := strOffsets(b.offs), b.data[:0], 0
		for _, pt := range parts {
			for i := pt.start; i < pt.end; i++ {
				var s string
				if nt := pt.m.plyNotes(i); nt != nil {
					if col == mcStrength {
						s = nt.Strength
					} else {
						for k, c := range nt.Comments {
							if k > 0 {
								data = append(data, ' ')
							}
							data = append(data, c...)
						}
					}
				}
				data = append(data, s...)
				valid := int32(len(data)) > offs[len(offs)-1]
				offs = append(offs, int32(len(data)))
				b.valid.add(valid)
				if !valid {
					nulls++
				}
			}
		}
		b.offs, b.data = offs, data
		return makeArray(typ, n, []*memory.Buffer{validityBuf(&b.valid, nulls), i32Buf(offs), bytesBuf(data)}, nil, nulls)
	case mcNAGs:
		offs, v := strOffsets(b.offs), b.i32[:0]
		for _, pt := range parts {
			for i := pt.start; i < pt.end; i++ {
				if nt := pt.m.plyNotes(i); nt != nil {
					for _, g := range nt.NAGs {
						v = append(v, int32(g))
					}
				}
				offs = append(offs, int32(len(v)))
			}
		}
		b.offs, b.i32 = offs, v
		child := array.NewData(i32, len(v), []*memory.Buffer{nil, i32Buf(v)}, nil, 0, 0)
		defer child.Release()
		return makeArray(typ, n, []*memory.Buffer{nil, i32Buf(offs)}, []arrow.ArrayData{child}, 0)
	}
	return evalColumn(col, parts, n, b)
}

// movesStrings appends the values of a string column of the plies of
// parts to data, and their ends to offs.
func movesStrings(col int, parts []movesPart, offs []int32, data []byte) ([]int32, []byte) {
	for _, pt := range parts {
		m := pt.m
		switch col {
		case mcGameID:
			for range pt.end - pt.start {
				data = append(data, m.id...)
				offs = append(offs, int32(len(data)))
			}
		case mcSide:
			for _, c := range m.bytes(smallSide)[pt.start:pt.end] {
				data = append(data, sideName(draughts.Color(c))...)
				offs = append(offs, int32(len(data)))
			}
		case mcWritten:
			for _, w := range m.written[pt.start:pt.end] {
				data = append(data, w...)
				offs = append(offs, int32(len(data)))
			}
		case mcMove:
			flags := m.bytes(smallFlags)
			for i := pt.start; i < pt.end; i++ {
				path, _ := m.plySquares(i)
				data = m.v.AppendPath(data, path, flags[i]&flagCapture != 0)
				offs = append(offs, int32(len(data)))
			}
		case mcFrom, mcTo:
			run := smallFrom
			if col == mcTo {
				run = smallTo
			}
			for _, sq := range m.bytes(run)[pt.start:pt.end] {
				data = append(data, m.v.SquareName(draughts.Square(sq))...)
				offs = append(offs, int32(len(data)))
			}
		case mcFEN, mcFENAfter:
			// FEN k is [fenEnd(k-1), fenEnd(k)): fen_before of ply i is
			// FEN i, fen_after FEN i+1.
			first := pt.start
			if col == mcFENAfter {
				first++
			}
			start := int32(0)
			if first > 0 {
				start = m.fenEnd(first - 1)
			}
			base := int32(len(data)) - start
			data = append(data, m.fen[start:m.fenEnd(first+pt.end-pt.start-1)]...)
			for k := first; k < first+pt.end-pt.start; k++ {
				offs = append(offs, base+m.fenEnd(k))
			}
		}
	}
	return offs, data
}

// walkEvals walks the plies of parts for an analysis column: null(k) for
// each run of k plies of a game without analysis, ply(m, i, e) for every
// other ply (e is nil when that ply has none), which appends its value and
// says whether it is valid. It fills the validity bitmap and returns the
// number of NULLs.
func walkEvals(parts []movesPart, b *colBuf, null func(k int), ply func(m *preparedMoves, i int, e *plyRow) bool) int {
	b.valid.reset()
	nulls := 0
	for _, pt := range parts {
		if !pt.m.analysed {
			k := pt.end - pt.start
			null(k)
			b.valid.addN(false, k)
			nulls += k
			continue
		}
		for i := pt.start; i < pt.end; i++ {
			ok := ply(pt.m, i, rowAt(pt.m.evals, i))
			b.valid.add(ok)
			if !ok {
				nulls++
			}
		}
	}
	return nulls
}

// evalColumn builds an analysis column: NULL where a ply has no analysis.
func evalColumn(col int, parts []movesPart, n int, b *colBuf) arrow.Array {
	typ := movesFields[col].Type
	switch col {
	case mcDepth, mcEvalBefore, mcEvalWhite, mcMateBefore, mcEvalAfter, mcMateAfter, mcLoss, mcVerdict:
		v := b.i32[:0]
		nulls := walkEvals(parts, b, func(k int) { v = appendZeros(v, k) }, func(m *preparedMoves, i int, e *plyRow) bool {
			x, ok := int32(0), e != nil
			if ok {
				switch col {
				case mcDepth:
					x = int32(e.Depth)
				case mcEvalBefore:
					x, ok = e.EvalBefore, e.MateBefore == 0
				case mcEvalWhite:
					x, ok = e.EvalBefore, e.MateBefore == 0
					if draughts.Color(m.small[smallSide*m.n+i]) == draughts.Black {
						x = -x
					}
				case mcMateBefore:
					x, ok = e.MateBefore, e.MateBefore != 0
				case mcEvalAfter:
					x, ok = e.EvalAfter, e.MateAfter == 0
				case mcMateAfter:
					x, ok = e.MateAfter, e.MateAfter != 0
				case mcVerdict:
					x = int32(e.VerdictDepth)
				default:
					x = e.Loss
				}
			}
			if !ok {
				x = 0
			}
			v = append(v, x)
			return ok
		})
		b.i32 = v
		return makeArray(typ, n, []*memory.Buffer{validityBuf(&b.valid, nulls), i32Buf(v)}, nil, nulls)
	case mcNodes:
		v := b.u64[:0]
		nulls := walkEvals(parts, b, func(k int) { v = appendZeros(v, k) }, func(m *preparedMoves, i int, e *plyRow) bool {
			if e == nil {
				v = append(v, 0)
				return false
			}
			v = append(v, e.Nodes)
			return true
		})
		b.u64 = v
		return makeArray(typ, n, []*memory.Buffer{validityBuf(&b.valid, nulls), u64Buf(v)}, nil, nulls)
	case mcBestMove, mcClass, mcTableBefore, mcTableAfter:
		offs, data := strOffsets(b.offs), b.data[:0]
		nulls := walkEvals(parts, b, func(k int) { offs = appendRepeat(offs, int32(len(data)), k) }, func(m *preparedMoves, i int, e *plyRow) bool {
			s := ""
			if e != nil {
				switch col {
				case mcBestMove:
					s = e.BestMove
				case mcClass:
					s = e.Class
				case mcTableBefore:
					s = e.TableBefore
				default:
					s = e.TableAfter
				}
			}
			// appendOptStr: "" is NULL.
			data = append(data, s...)
			offs = append(offs, int32(len(data)))
			return s != ""
		})
		b.offs, b.data = offs, data
		return makeArray(typ, n, []*memory.Buffer{validityBuf(&b.valid, nulls), i32Buf(offs), bytesBuf(data)}, nil, nulls)
	case mcBestPV:
		offs, coffs, cdata := strOffsets(b.offs), strOffsets(b.childOffs), b.childData[:0]
		nulls := walkEvals(parts, b, func(k int) { offs = appendRepeat(offs, int32(len(coffs)-1), k) }, func(m *preparedMoves, i int, e *plyRow) bool {
			if e != nil {
				for _, mv := range e.BestPV {
					cdata = append(cdata, mv...)
					coffs = append(coffs, int32(len(cdata)))
				}
			}
			offs = append(offs, int32(len(coffs)-1))
			return e != nil
		})
		b.offs, b.childOffs, b.childData = offs, coffs, cdata
		child := strData(coffs, cdata, nil, 0)
		defer child.Release()
		return makeArray(typ, n, []*memory.Buffer{validityBuf(&b.valid, nulls), i32Buf(offs)}, []arrow.ArrayData{child}, nulls)
	}
	panic("export: no column " + movesFields[col].Name)
}

func appendZeros[T int32 | uint64](v []T, n int) []T {
	v = slices.Grow(v, n)
	v = v[:len(v)+n]
	clear(v[len(v)-n:])
	return v
}

func appendRepeat(v []int32, x int32, n int) []int32 {
	for range n {
		v = append(v, x)
	}
	return v
}
