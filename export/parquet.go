package export

import (
	"cmp"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// columnsWriter writes record batches to a Parquet file like
// pqarrow.FileWriter, one row group per batch, but encodes and compresses
// the columns of a row group in parallel: the row group is buffered
// (file.BufferedRowGroupWriter), each column chunk has its own writer and
// buffer, and they are written to the file in column order when the row
// group closes, so the bytes do not depend on the scheduling.
//
// pqarrow computes the definition and repetition levels of nested columns
// with unexported code, so columnsWriter computes them itself, for the
// types the tables use: flat columns (required or nullable), and lists,
// required or nullable, of required elements that are flat values or
// structs of flat fields (required or nullable). newColumnsWriter refuses
// other schemas.
type columnsWriter struct {
	fw      *file.Writer
	schema  *arrow.Schema
	leaves  []int // the index of the first leaf column of each field
	workers int
	ctxs    []context.Context // one write context per worker: they hold buffers
	lvs     []levels          // and the level and dictionary buffers of each
	// cost is the time each column took in the last row group: the
	// columns are handed out costliest first, so that a long column does
	// not start last and hold up the row group.
	cost []atomic.Int64
}

// flatType reports whether t is a type of a flat column.
func flatType(t arrow.DataType) bool {
	return arrow.IsPrimitive(t.ID()) || arrow.IsBaseBinary(t.ID()) || t.ID() == arrow.BOOL
}

// parallelWritable reports whether columnsWriter can write schema.
func parallelWritable(schema *arrow.Schema) bool {
	for _, f := range schema.Fields() {
		switch t := f.Type.(type) {
		case *arrow.ListType:
			e := t.ElemField()
			if e.Nullable {
				return false
			}
			if st, ok := e.Type.(*arrow.StructType); ok {
				for _, sf := range st.Fields() {
					if !flatType(sf.Type) {
						return false
					}
				}
			} else if !flatType(e.Type) {
				return false
			}
		default:
			if !flatType(t) {
				return false
			}
		}
	}
	return true
}

// leafCount is the number of leaf columns of a field columnsWriter writes.
func leafCount(f arrow.Field) int {
	if l, ok := f.Type.(*arrow.ListType); ok {
		if st, ok := l.Elem().(*arrow.StructType); ok {
			return st.NumFields()
		}
	}
	return 1
}

func newColumnsWriter(w io.Writer, schema *arrow.Schema, props *parquet.WriterProperties, arrProps pqarrow.ArrowWriterProperties) (*columnsWriter, error) {
	if !parallelWritable(schema) {
		return nil, fmt.Errorf("export: schema not supported by the parallel writer")
	}
	pqschema, err := pqarrow.ToParquet(schema, props, arrProps)
	if err != nil {
		return nil, err
	}
	// The key/value metadata pqarrow writes: the schema's, then the
	// serialised Arrow schema. (List elements are already named
	// "element", so the schema needs no normalising.)
	kv := make(metadata.KeyValueMetadata, 0, schema.Metadata().Len()+1)
	md := schema.Metadata()
	for i := 0; i < md.Len(); i++ {
		kv.Append(md.Keys()[i], md.Values()[i])
	}
	kv.Append("ARROW:schema", base64.StdEncoding.EncodeToString(flight.SerializeSchema(schema, props.Allocator())))
	fw, err := file.NewParquetWriterWithError(w, pqschema.Root(), file.WithWriterProps(props), file.WithWriteMetadata(kv))
	if err != nil {
		return nil, err
	}
	cw := &columnsWriter{fw: fw, schema: schema, workers: min(runtime.GOMAXPROCS(0), schema.NumFields())}
	leaf := 0
	for _, f := range schema.Fields() {
		cw.leaves = append(cw.leaves, leaf)
		leaf += leafCount(f)
	}
	for range cw.workers {
		cw.ctxs = append(cw.ctxs, pqarrow.NewArrowWriteContext(context.Background(), &arrProps))
	}
	cw.lvs = make([]levels, cw.workers)
	cw.cost = make([]atomic.Int64, schema.NumFields())
	return cw, nil
}

// write writes b as one row group, its columns built, encoded and
// compressed on all cores.
func (cw *columnsWriter) write(b batch, busy *atomic.Int64) error {
	rgw, err := cw.fw.AppendBufferedRowGroupChecked()
	if err != nil {
		return err
	}
	n := cw.schema.NumFields()
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := range cw.workers {
		wg.Add(1)
		go func(ctx context.Context, lv *levels) {
			defer wg.Done()
			for i := range next {
				t0 := time.Now()
				col := parquetColumn(b, i)
				errs[i] = writeColumn(ctx, rgw, cw.leaves[i], cw.schema.Field(i), col, lv)
				col.Release()
				d := int64(time.Since(t0))
				cw.cost[i].Store(d)
				busy.Add(d)
			}
		}(cw.ctxs[w], &cw.lvs[w])
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cw.cost[b].Load(), cw.cost[a].Load()) })
	for _, i := range order {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	t0 := time.Now()
	err = rgw.Close()
	busy.Add(int64(time.Since(t0)))
	return err
}

// parquetColumn returns column i of b for the Parquet writer: some
// batches give columns dictionary-encoded (see writeLeaf).
func parquetColumn(b batch, i int) arrow.Array {
	if pb, ok := b.(interface{ parquetColumn(i int) arrow.Array }); ok {
		return pb.parquetColumn(i)
	}
	return b.column(i)
}

// Close writes the footer. It does not close the underlying writer unless
// it is an io.Closer (the tables hand it a bufio.Writer).
func (cw *columnsWriter) Close() error { return cw.fw.Close() }

// levels are the definition and repetition level buffers of a worker,
// and its dictionary encoding buffers.
type levels struct {
	def, rep, fieldDef []int16
	dict               dictScratch
}

// writeColumn writes a column of a row group, whose first leaf column is
// leaf.
func writeColumn(ctx context.Context, rgw file.BufferedRowGroupWriter, leaf int, f arrow.Field, arr arrow.Array, lv *levels) error {
	list, ok := arr.(*array.List)
	if !ok {
		cw, err := rgw.Column(leaf)
		if err != nil {
			return err
		}
		if !f.Nullable {
			return writeLeaf(ctx, cw, arr, nil, nil, 0, lv)
		}
		// Optional leaf: definition level 1 for a value, 0 for NULL.
		lv.def = lv.def[:0]
		for r := 0; r < arr.Len(); r++ {
			lv.def = append(lv.def, boolLevel(arr.IsValid(r)))
		}
		return pqarrow.WriteArrowToColumn(ctx, cw, arr, lv.def, nil, true)
	}
	// A list of required elements: <optional|required> group (LIST) {
	// repeated group list { required element } }. With a nullable list,
	// NULL has definition level 0, an empty list 1 and an element 2; with
	// a required list, an empty list 0 and an element 1. The repetition
	// level is 0 at the start of a row, 1 within it. The element is a
	// value, or a struct whose fields are leaf columns of their own; a
	// nullable field adds a level, NULL staying at the element's.
	empty := int16(0)
	if f.Nullable {
		empty = 1
	}
	elem := empty + 1
	lv.def, lv.rep = lv.def[:0], lv.rep[:0]
	for r := 0; r < list.Len(); r++ {
		if list.IsNull(r) {
			lv.def = append(lv.def, 0)
			lv.rep = append(lv.rep, 0)
			continue
		}
		start, end := list.ValueOffsets(r)
		if start == end {
			lv.def = append(lv.def, empty)
			lv.rep = append(lv.rep, 0)
			continue
		}
		for k := start; k < end; k++ {
			lv.def = append(lv.def, elem)
			lv.rep = append(lv.rep, boolLevel(k > start))
		}
	}
	var first, last int64
	if list.Len() > 0 {
		first, _ = list.ValueOffsets(0)
		_, last = list.ValueOffsets(list.Len() - 1)
	}
	st, isStruct := list.ListValues().(*array.Struct)
	if !isStruct {
		cw, err := rgw.Column(leaf)
		if err != nil {
			return err
		}
		if list.Len() == 0 {
			return pqarrow.WriteArrowToColumn(ctx, cw, list.ListValues(), lv.def, lv.rep, false)
		}
		values := array.NewSlice(list.ListValues(), first, last)
		defer values.Release()
		return writeLeaf(ctx, cw, values, lv.def, lv.rep, elem, lv)
	}
	fields := st.DataType().(*arrow.StructType).Fields()
	for k := range fields {
		cw, err := rgw.Column(leaf + k)
		if err != nil {
			return err
		}
		values := array.NewSlice(st.Field(k), first, last)
		def := lv.def
		if fields[k].Nullable {
			// One more level for a value; the levels of the list stay.
			lv.fieldDef = append(lv.fieldDef[:0], lv.def...)
			v := 0
			for j, d := range lv.fieldDef {
				if d == elem {
					if values.IsValid(v) {
						lv.fieldDef[j]++
					}
					v++
				}
			}
			def = lv.fieldDef
		}
		err = pqarrow.WriteArrowToColumn(ctx, cw, values, def, lv.rep, fields[k].Nullable)
		values.Release()
		if err != nil {
			return err
		}
	}
	return nil
}

// writeLeaf writes the values of a leaf column that has no NULL values,
// with their levels: through writeDictionary when it can, else through
// pqarrow. Values may come dictionary-encoded (movesParquetColumn).
func writeLeaf(ctx context.Context, cw file.ColumnChunkWriter, values arrow.Array, def, rep []int16, leafDef int16, lv *levels) error {
	switch v := values.(type) {
	case *array.String:
		if done, err := writeDictionary(cw, v, def, rep, leafDef, &lv.dict); done {
			return err
		}
	case *array.Dictionary:
		if done, err := writeDictionaryArray(cw, v, def, rep, leafDef); done {
			return err
		}
		dense := denseStrings(v)
		defer dense.Release()
		values = dense
	}
	return pqarrow.WriteArrowToColumn(ctx, cw, values, def, rep, false)
}

func boolLevel(b bool) int16 {
	if b {
		return 1
	}
	return 0
}
