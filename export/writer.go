package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Format is a file format.
type Format int

// The formats.
const (
	Parquet     Format = iota // Apache Parquet
	ArrowFile                 // Arrow IPC file format (Feather v2): random access
	ArrowStream               // Arrow IPC stream format: for pipes
)

// ParseFormat reads a --format value: "parquet", "arrow" (the IPC file
// format) or "arrow-stream".
func ParseFormat(s string) (Format, error) {
	switch s {
	case "parquet":
		return Parquet, nil
	case "arrow", "ipc", "feather":
		return ArrowFile, nil
	case "arrow-stream", "arrows":
		return ArrowStream, nil
	}
	return 0, fmt.Errorf("unknown format %q (parquet or arrow)", s)
}

func (f Format) String() string {
	switch f {
	case Parquet:
		return "parquet"
	case ArrowFile:
		return "arrow"
	case ArrowStream:
		return "arrow-stream"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Ext is the file name extension of the format: ".parquet", ".arrow" or
// ".arrows".
func (f Format) Ext() string {
	switch f {
	case ArrowFile:
		return ".arrow"
	case ArrowStream:
		return ".arrows"
	}
	return ".parquet"
}

// DefaultRowGroupRows is the number of rows of a record batch, which is a
// Parquet row group: large enough for good compression and fast scans,
// small enough that a batch of the moves table takes some tens of MB.
const DefaultRowGroupRows = 128 * 1024

// DefaultOpeningPlies is the number of plies of games.opening.
const DefaultOpeningPlies = 6

// An Option tunes a writer.
type Option func(*config)

type config struct {
	rowGroupRows int
	mem          memory.Allocator
	openingPlies int
}

func newConfig(opts []Option) config {
	c := config{rowGroupRows: DefaultRowGroupRows, mem: memory.DefaultAllocator, openingPlies: DefaultOpeningPlies}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithRowGroupRows sets the rows of a record batch (a Parquet row group);
// n < 1 means DefaultRowGroupRows.
func WithRowGroupRows(n int) Option {
	return func(c *config) {
		if n < 1 {
			n = DefaultRowGroupRows
		}
		c.rowGroupRows = n
	}
}

// WithAllocator sets the memory allocator of the Arrow builders and
// writers (tests use a checked allocator).
func WithAllocator(mem memory.Allocator) Option {
	return func(c *config) { c.mem = mem }
}

// WithOpeningPlies sets the number of plies of games.opening (default
// DefaultOpeningPlies).
func WithOpeningPlies(n int) Option {
	return func(c *config) {
		if n >= 0 {
			c.openingPlies = n
		}
	}
}

// batchWriter is what a table writes record batches to.
type batchWriter interface {
	Write(arrow.RecordBatch) error
	Close() error
}

// table streams the rows of one table: they are appended to builders and
// flushed as a record batch every rowGroupRows rows. A full batch is
// encoded and written on a goroutine of its own while the next one fills,
// one batch at a time and in order: the bytes are those of a sequential
// write, and memory holds at most two batches.
type table struct {
	schema *arrow.Schema
	b      *array.RecordBuilder
	cols   []array.Builder
	n      int   // rows in the builders
	rows   int64 // rows handed to the writer
	limit  int
	buf    *bufio.Writer
	out    batchWriter
	// writing is non-nil while a batch is being written; it delivers the
	// error of the write.
	writing chan error
	err     error
	closed  bool
}

func newTable(w io.Writer, f Format, name string, schema *arrow.Schema, c config) (*table, error) {
	t := &table{schema: schema, limit: c.rowGroupRows, buf: bufio.NewWriterSize(w, 1<<20)}
	var err error
	switch f {
	case Parquet:
		props := []parquet.WriterProperty{
			parquet.WithAllocator(c.mem),
			parquet.WithCompression(compress.Codecs.Zstd),
			parquet.WithDictionaryDefault(true),
			parquet.WithMaxRowGroupLength(int64(c.rowGroupRows)),
		}
		for _, col := range noDictionary[name] {
			props = append(props, parquet.WithDictionaryFor(col, false))
		}
		for _, col := range noStatistics[name] {
			props = append(props, parquet.WithStatsFor(col, false))
		}
		pprops := parquet.NewWriterProperties(props...)
		aprops := pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(c.mem))
		// The writers write through t.buf, which nothing closes: pqarrow
		// closes its destination when that is an io.Closer.
		if parallelWritable(schema) {
			t.out, err = newColumnsWriter(t.buf, schema, pprops, aprops)
		} else {
			t.out, err = pqarrow.NewFileWriter(schema, t.buf, pprops, aprops)
		}
	case ArrowFile:
		t.out, err = ipc.NewFileWriter(t.buf, ipc.WithSchema(schema), ipc.WithAllocator(c.mem), ipc.WithZstd(),
			ipc.WithCompressConcurrency(runtime.GOMAXPROCS(0)))
	case ArrowStream:
		t.out = ipc.NewWriter(t.buf, ipc.WithSchema(schema), ipc.WithAllocator(c.mem), ipc.WithZstd(),
			ipc.WithCompressConcurrency(runtime.GOMAXPROCS(0)))
	default:
		err = fmt.Errorf("export: unknown format %v", f)
	}
	if err != nil {
		return nil, err
	}
	t.b = array.NewRecordBuilder(c.mem, schema)
	t.cols = t.b.Fields()
	return t, nil
}

// row counts a row appended to the builders and flushes them when full.
func (t *table) row() error { return t.rowsAdded(1) }

// rowsAdded counts k rows appended to the builders (at most enough to
// fill them) and flushes them when full.
func (t *table) rowsAdded(k int) error {
	t.n += k
	if t.n >= t.limit {
		return t.flush()
	}
	return nil
}

// wait waits for the batch being written, if any, and returns the first
// error of the table.
func (t *table) wait() error {
	if t.writing != nil {
		if err := <-t.writing; err != nil && t.err == nil {
			t.err = err
		}
		t.writing = nil
	}
	return t.err
}

// flush hands the rows in the builders, as one record batch, to a
// goroutine that writes it, once the batch before it is written.
func (t *table) flush() error {
	if err := t.wait(); err != nil || t.n == 0 {
		return err
	}
	rec := t.b.NewRecordBatch()
	t.rows += int64(t.n)
	t.n = 0
	done := make(chan error, 1)
	t.writing = done
	go func() {
		defer rec.Release()
		done <- t.out.Write(rec)
	}()
	return nil
}

// close writes the last rows and finishes the file (footer); it does not
// close the underlying writer.
func (t *table) close() error {
	if t.closed {
		return t.err
	}
	t.closed = true
	t.flush()
	err := t.wait()
	if cerr := t.out.Close(); err == nil {
		err = cerr
	}
	if ferr := t.buf.Flush(); err == nil {
		err = ferr
	}
	t.b.Release()
	if err != nil && t.err == nil {
		t.err = err
	}
	return err
}

// errClosed is returned by Add after Close.
var errClosed = errors.New("export: writer closed")

// Builders of the common column types, for the row appenders.

func appendStr(b array.Builder, s string) {
	b.(*array.StringBuilder).Append(s)
}

// appendOptStr appends s, or NULL when s is empty.
func appendOptStr(b array.Builder, s string) {
	if s == "" {
		b.AppendNull()
		return
	}
	b.(*array.StringBuilder).Append(s)
}

func appendI32(b array.Builder, v int) {
	b.(*array.Int32Builder).Append(int32(v))
}

func appendBool(b array.Builder, v bool) {
	b.(*array.BooleanBuilder).Append(v)
}

func appendU64(b array.Builder, v uint64) {
	b.(*array.Uint64Builder).Append(v)
}

func appendI64(b array.Builder, v int64) {
	b.(*array.Int64Builder).Append(v)
}

// appendStrList appends a list of strings.
func appendStrList(b array.Builder, ss []string) {
	lb := b.(*array.ListBuilder)
	lb.Append(true)
	vb := lb.ValueBuilder().(*array.StringBuilder)
	for _, s := range ss {
		vb.Append(s)
	}
}
