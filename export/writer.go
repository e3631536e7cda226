package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

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

// Compression is the compression of a file's data.
type Compression int

// The compressions.
const (
	// DefaultCompression is zstd for Parquet and none for Arrow IPC, which
	// Arrow JS, for one, reads only uncompressed.
	DefaultCompression Compression = iota
	Uncompressed
	LZ4  // Parquet LZ4_RAW; Arrow IPC LZ4 frames
	Zstd // zstd, level 3 in Parquet
)

// ParseCompression reads a --compression value: "none" (or
// "uncompressed"), "lz4" or "zstd"; "" is DefaultCompression.
func ParseCompression(s string) (Compression, error) {
	switch s {
	case "":
		return DefaultCompression, nil
	case "none", "uncompressed":
		return Uncompressed, nil
	case "lz4":
		return LZ4, nil
	case "zstd":
		return Zstd, nil
	}
	return 0, fmt.Errorf("unknown compression %q (none, lz4 or zstd)", s)
}

// String is the name ParseCompression reads, "default" for
// DefaultCompression.
func (c Compression) String() string {
	switch c {
	case Uncompressed:
		return "none"
	case LZ4:
		return "lz4"
	case Zstd:
		return "zstd"
	}
	return "default"
}

// For returns the compression c means for format f: DefaultCompression
// resolved.
func (c Compression) For(f Format) Compression {
	if c != DefaultCompression {
		return c
	}
	if f == Parquet {
		return Zstd
	}
	return Uncompressed
}

// WithCompression sets the compression of the files (DefaultCompression
// by default).
func WithCompression(c Compression) Option {
	return func(cf *config) { cf.compression = c }
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
	sourceFile   string
	compression  Compression
	// For the files of a partitioned dataset (PartitionedWriter): the
	// columns left out of the files (they are in the path), the
	// partition, written as damka.partition, and the slots of the
	// batches being written at once, shared by the partitions.
	drop      []string
	partition string
	slots     chan struct{}
	bufs      chan []colBuf // the moves table's column buffers
	bufSize   int           // of the file's bufio.Writer; 0 for 1 MiB
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

// WithSourceFile sets the games table's source_file of the game
// PrepareGame prepares: the name of its input as the dataset should show
// it (damka names inputs as they were given on the command line, a path
// given absolute from its last element on). By default it is the name
// the game was read under, pdn.Game.File.
func WithSourceFile(name string) Option {
	return func(c *config) { c.sourceFile = name }
}

// batchWriter is what a table writes record batches to: an Arrow IPC
// writer, or pqarrow's.
type batchWriter interface {
	Write(arrow.RecordBatch) error
	Close() error
}

// batch is the rows of one record batch on their way to the file.
type batch interface {
	numRows() int
	// column returns column i, a new reference. Different columns may be
	// asked for at once, from different goroutines.
	column(i int) arrow.Array
	release()
}

// recordBatch is a batch made by Arrow builders.
type recordBatch struct{ rec arrow.RecordBatch }

func (b recordBatch) numRows() int { return int(b.rec.NumRows()) }

func (b recordBatch) column(i int) arrow.Array {
	c := b.rec.Column(i)
	c.Retain()
	return c
}

func (b recordBatch) release() { b.rec.Release() }

// recordWriter writes the batches of a table through a batchWriter, one
// at a time, their columns built in parallel first, and adds the time its
// goroutines spend at it to busy. It writes the columns keep of the
// table (all of them but those of the partition, in a partitioned
// dataset), with the schema of the file.
type recordWriter struct {
	w      batchWriter
	schema *arrow.Schema
	keep   []int
}

func (rw recordWriter) write(b batch, busy *atomic.Int64) error {
	rb, built := b.(recordBatch)
	if built && int(rb.rec.NumCols()) == len(rw.keep) {
		t0 := time.Now()
		err := rw.w.Write(rb.rec)
		busy.Add(int64(time.Since(t0)))
		return err
	}
	cols := make([]arrow.Array, len(rw.keep))
	parallelColumns(len(cols), func(i int) {
		t0 := time.Now()
		cols[i] = b.column(rw.keep[i])
		busy.Add(int64(time.Since(t0)))
	})
	rec := array.NewRecordBatch(rw.schema, cols, int64(b.numRows()))
	for _, c := range cols {
		c.Release()
	}
	defer rec.Release()
	t0 := time.Now()
	err := rw.w.Write(rec)
	busy.Add(int64(time.Since(t0)))
	return err
}

func (rw recordWriter) Close() error { return rw.w.Close() }

// parallelColumns calls f for 0 <= i < n on all cores, and returns when
// every call has returned.
func parallelColumns(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// rowSource is where the rows of a table wait until they make a batch:
// Arrow builders (an *array.RecordBuilder), or for the moves table the
// prepared games.
type rowSource interface {
	// NewRecordBatch returns the rows added since the last batch as a
	// record batch that the caller owns.
	NewRecordBatch() arrow.RecordBatch
	Release()
}

// table streams the rows of one table: they are added to a rowSource and
// flushed as a record batch every rowGroupRows rows. A full batch is
// encoded and written on goroutines of their own while the next one
// fills, one batch at a time and in order: the bytes are those of a
// sequential write, and memory holds at most two batches.
type table struct {
	schema *arrow.Schema
	b      rowSource
	cols   []array.Builder // the builders, for tables built with them
	// take hands over the rows added since the last batch.
	take  func() batch
	n     int   // rows added since the last batch
	rows  int64 // rows handed to the writer
	limit int
	buf   *bufio.Writer
	out   recordWriter
	slots chan struct{} // see config.slots
	// writing is non-nil while a batch is being written; it delivers the
	// error of the write.
	writing chan error
	err     error
	closed  bool
	// waited is the time spent waiting for a batch to be written before
	// handing over the next; busy the time the writing goroutines spent
	// building, encoding and writing batches.
	waited time.Duration
	busy   atomic.Int64
}

func newTable(w io.Writer, f Format, name string, schema *arrow.Schema, c config) (*table, error) {
	size := c.bufSize
	if size == 0 {
		size = 1 << 20
	}
	t := &table{schema: schema, limit: c.rowGroupRows, buf: bufio.NewWriterSize(w, size), slots: c.slots}
	fileSchema, keep := projectSchema(schema, c.drop, c.partition)
	var (
		bw  batchWriter
		err error
	)
	switch f {
	case Parquet:
		pprops, aprops := parquetProps(name, c)
		// pqarrow writes through t.buf, which nothing closes: pqarrow
		// closes its destination when that is an io.Closer.
		bw, err = pqarrow.NewFileWriter(fileSchema, t.buf, pprops, aprops)
	case ArrowFile:
		bw, err = ipc.NewFileWriter(t.buf, ipcOptions(fileSchema, c)...)
	case ArrowStream:
		bw = ipc.NewWriter(t.buf, ipcOptions(fileSchema, c)...)
	default:
		err = fmt.Errorf("export: unknown format %v", f)
	}
	if err != nil {
		return nil, err
	}
	t.out = recordWriter{w: bw, schema: fileSchema, keep: keep}
	return t, nil
}

// projectSchema returns the schema of the files of a table: schema less
// the columns drop, with damka.partition in the metadata when partition
// is set; and the indices of the columns kept.
func projectSchema(schema *arrow.Schema, drop []string, partition string) (*arrow.Schema, []int) {
	var fields []arrow.Field
	var keep []int
	for i, f := range schema.Fields() {
		if !slices.Contains(drop, f.Name) {
			fields = append(fields, f)
			keep = append(keep, i)
		}
	}
	if len(drop) == 0 && partition == "" {
		return schema, keep
	}
	md := schema.Metadata()
	keys, vals := slices.Clone(md.Keys()), slices.Clone(md.Values())
	if partition != "" {
		keys, vals = append(keys, KeyPartition), append(vals, partition)
	}
	meta := arrow.NewMetadata(keys, vals)
	return arrow.NewSchema(fields, &meta), keep
}

// parquetProps are the properties of the Parquet files of a table.
// dictionaryPageLimit is the size a column chunk's dictionary may reach
// before the writer falls back to plain encoding. arrow-go's default is
// 1 MiB, but a chunk that falls back gets its encoding_stats written in
// the order of a Go map, so the file would differ from run to run. A row
// group holds at most 128Ki rows, so 64 MiB keeps every dictionary of real
// data whole (TestLargeDictionaryDeterministic).
const dictionaryPageLimit = 64 << 20

// ipcOptions are the options of the Arrow IPC writers: uncompressed
// unless asked (buffers stay 8-byte aligned, as the format wants, either
// way).
func ipcOptions(schema *arrow.Schema, c config) []ipc.Option {
	opts := []ipc.Option{ipc.WithSchema(schema), ipc.WithAllocator(c.mem)}
	switch c.compression.For(ArrowFile) {
	case LZ4:
		opts = append(opts, ipc.WithLZ4(), ipc.WithCompressConcurrency(runtime.GOMAXPROCS(0)))
	case Zstd:
		opts = append(opts, ipc.WithZstd(), ipc.WithCompressConcurrency(runtime.GOMAXPROCS(0)))
	}
	return opts
}

func parquetProps(name string, c config) (*parquet.WriterProperties, pqarrow.ArrowWriterProperties) {
	codec := compress.Codecs.Zstd
	switch c.compression.For(Parquet) {
	case Uncompressed:
		codec = compress.Codecs.Uncompressed
	case LZ4:
		codec = compress.Codecs.Lz4Raw
	}
	props := []parquet.WriterProperty{
		parquet.WithAllocator(c.mem),
		parquet.WithCompression(codec),
		parquet.WithDictionaryDefault(true),
		parquet.WithDictionaryPageSizeLimit(dictionaryPageLimit),
		parquet.WithMaxRowGroupLength(int64(c.rowGroupRows)),
	}
	for _, col := range noDictionary[name] {
		props = append(props, parquet.WithDictionaryFor(col, false))
	}
	for _, col := range noStatistics[name] {
		props = append(props, parquet.WithStatsFor(col, false))
	}
	return parquet.NewWriterProperties(props...), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(c.mem))
}

// useBuilders makes the table's rows go through Arrow builders.
func (t *table) useBuilders(mem memory.Allocator) {
	rb := array.NewRecordBuilder(mem, t.schema)
	t.b, t.cols = rb, rb.Fields()
	t.take = func() batch { return recordBatch{rb.NewRecordBatch()} }
}

// row counts a row appended to the builders and flushes them when full.
func (t *table) row() error { return t.rowsAdded(1) }

// rowsAdded counts k rows added (at most enough to fill the batch) and
// flushes them when the batch is full.
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
		t0 := time.Now()
		if err := <-t.writing; err != nil && t.err == nil {
			t.err = ioCause(err)
		}
		t.waited += time.Since(t0)
		t.writing = nil
	}
	return t.err
}

// flush hands the rows added since the last batch, as one record batch,
// to a goroutine that writes it, once the batch before it is written.
func (t *table) flush() error {
	if err := t.wait(); err != nil || t.n == 0 {
		return err
	}
	b := t.take()
	t.rows += int64(t.n)
	t.n = 0
	done := make(chan error, 1)
	t.writing = done
	if t.slots != nil {
		// The partitions of a dataset share the slots: a partition
		// waits, like the table for its own batch, when they are full.
		t0 := time.Now()
		t.slots <- struct{}{}
		t.waited += time.Since(t0)
	}
	go func() {
		err := t.out.write(b, &t.busy)
		// The batch is released before the table hears that it is
		// written: close returns with every batch's memory given back
		// (a deferred release ran after the send, and a checked
		// allocator asserted at once saw it leak, now and then).
		b.release()
		if t.slots != nil {
			<-t.slots
		}
		done <- err
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
	t0 := time.Now()
	if cerr := t.out.Close(); err == nil {
		err = cerr
	}
	if ferr := t.buf.Flush(); err == nil {
		err = ferr
	}
	t.busy.Add(int64(time.Since(t0)))
	t.b.Release()
	if err != nil && t.err == nil {
		t.err = ioCause(err)
	}
	return ioCause(err)
}

// ioCause returns the file system's error under err, when there is one.
// The Parquet writer turns a failed write into a panic and recovers it as
// "unknown error type: write F: no space left on device": the user needs
// only what the file system said.
func ioCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe
	}
	return err
}

// stats returns the counters of the table.
func (t *table) stats() WriterStats {
	return WriterStats{Rows: t.rows + int64(t.n), Waited: t.waited, Busy: time.Duration(t.busy.Load())}
}

// WriterStats are a writer's counters, for reports of where the time
// goes.
type WriterStats struct {
	Rows int64 // rows added
	// Waited is the time Add and Close spent waiting for a batch to be
	// written before handing over the next: the encoders were behind.
	Waited time.Duration
	// Busy is the time the goroutines that write batches spent building
	// their columns, encoding, compressing and writing them, summed over
	// the goroutines (they run while rows are being added).
	Busy time.Duration
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

// appendOptDate appends d, or NULL when !ok.
func appendOptDate(b array.Builder, d arrow.Date32, ok bool) {
	if !ok {
		b.AppendNull()
		return
	}
	b.(*array.Date32Builder).Append(d)
}

func appendBool(b array.Builder, v bool) {
	b.(*array.BooleanBuilder).Append(v)
}
