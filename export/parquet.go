package export

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"runtime"
	"sync"

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
// types the moves and positions tables use: flat columns (required or
// nullable) and lists, required or nullable, of required primitive
// elements. newColumnsWriter refuses other schemas.
type columnsWriter struct {
	fw      *file.Writer
	schema  *arrow.Schema
	workers int
	ctxs    []context.Context // one write context per worker: they hold buffers
}

// parallelWritable reports whether columnsWriter can write schema.
func parallelWritable(schema *arrow.Schema) bool {
	for _, f := range schema.Fields() {
		switch t := f.Type.(type) {
		case *arrow.ListType:
			e := t.ElemField()
			if e.Nullable || !arrow.IsPrimitive(e.Type.ID()) && !arrow.IsBaseBinary(e.Type.ID()) {
				return false
			}
		default:
			if !arrow.IsPrimitive(t.ID()) && !arrow.IsBaseBinary(t.ID()) && t.ID() != arrow.BOOL {
				return false
			}
		}
	}
	return true
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
	for range cw.workers {
		cw.ctxs = append(cw.ctxs, pqarrow.NewArrowWriteContext(context.Background(), &arrProps))
	}
	return cw, nil
}

// Write writes rec as one row group.
func (cw *columnsWriter) Write(rec arrow.RecordBatch) error {
	if !rec.Schema().Equal(cw.schema) {
		return fmt.Errorf("export: record schema does not match the writer's")
	}
	rgw, err := cw.fw.AppendBufferedRowGroupChecked()
	if err != nil {
		return err
	}
	n := int(rec.NumCols())
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := range cw.workers {
		wg.Add(1)
		go func(ctx context.Context) {
			defer wg.Done()
			var lv levels
			for i := range next {
				errs[i] = writeColumn(ctx, rgw, i, cw.schema.Field(i), rec.Column(i), &lv)
			}
		}(cw.ctxs[w])
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return rgw.Close()
}

// Close writes the footer. It does not close the underlying writer unless
// it is an io.Closer (the tables hand it a bufio.Writer).
func (cw *columnsWriter) Close() error { return cw.fw.Close() }

// levels are the definition and repetition level buffers of a worker.
type levels struct {
	def, rep []int16
}

// writeColumn writes column i of a row group.
func writeColumn(ctx context.Context, rgw file.BufferedRowGroupWriter, i int, f arrow.Field, arr arrow.Array, lv *levels) error {
	cw, err := rgw.Column(i)
	if err != nil {
		return err
	}
	list, ok := arr.(*array.List)
	if !ok {
		if !f.Nullable {
			return pqarrow.WriteArrowToColumn(ctx, cw, arr, nil, nil, false)
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
	// level is 0 at the start of a row, 1 within it.
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
	if list.Len() == 0 {
		return pqarrow.WriteArrowToColumn(ctx, cw, list.ListValues(), lv.def, lv.rep, false)
	}
	first, _ := list.ValueOffsets(0)
	_, last := list.ValueOffsets(list.Len() - 1)
	values := array.NewSlice(list.ListValues(), first, last)
	defer values.Release()
	return pqarrow.WriteArrowToColumn(ctx, cw, values, lv.def, lv.rep, false)
}

func boolLevel(b bool) int16 {
	if b {
		return 1
	}
	return 0
}
