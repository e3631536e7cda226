package export

import (
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// Partitioned datasets.
//
// A table can be written as a dataset of files in the layout of Hive,
// Spark and the Lichess Parquet dataset, one folder per partition:
//
//	games/variant=russian/year=1947/part-00000.parquet
//	games/variant=russian/year=1947/part-00001.parquet
//	moves/variant=russian/year=1947/part-00000.parquet
//	games/variant=russian/year=__HIVE_DEFAULT_PARTITION__/part-00000.parquet
//
// The partition columns are in the path and not in the files, as Spark
// writes them: DuckDB (read_parquet(..., hive_partitioning = true)),
// Polars (scan_parquet(..., hive_partitioning=True)), pyarrow and Spark
// add them back from the path; the moves table gets them too, from its
// game. A NULL value (a game without a year, of a variant damka does not
// play) is the folder DefaultPartition, which those readers read back as
// NULL. Each file has the partition in its damka.partition metadata.
//
// A partition's rows are in input order, in files of at most
// MaxRowsPerFile rows (a game's moves never straddle two files, unless
// the game alone has more), part-00000 first: the bytes depend only on
// the input, not on the number of cores.

// DefaultPartition is the folder name of a NULL partition value: what
// Hive and Spark write, and what DuckDB, Polars and Spark read back as
// NULL (a value such as "unknown" would make the year a string).
const DefaultPartition = "__HIVE_DEFAULT_PARTITION__"

// The columns a dataset can be partitioned by.
const (
	PartitionVariant = "variant" // the rules the game was replayed by (games.variant)
	PartitionYear    = "year"    // the year of the game (games.year)
)

// ParsePartitionBy reads a --partition-by value: columns among variant
// and year, separated by commas, in the order of the folders.
func ParsePartitionBy(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var by []string
	for _, c := range strings.Split(s, ",") {
		c = strings.TrimSpace(c)
		switch c {
		case PartitionVariant, PartitionYear:
		default:
			return nil, fmt.Errorf("cannot partition by %q (variant, year, or both in the order wanted)", c)
		}
		if slices.Contains(by, c) {
			return nil, fmt.Errorf("%s twice", c)
		}
		by = append(by, c)
	}
	return by, nil
}

// Partition is the folder of the partition of a prepared game among the
// columns by, "variant=russian/year=1947"; "" for none.
func (p *Prepared) Partition(by []string) string {
	return partitionDir(by, p.r, p.game.year)
}

// partitionDir is the folder of the partition of r, whose games row has
// year year (0 for NULL), among the columns by.
func partitionDir(by []string, r *validate.Report, year int) string {
	var b strings.Builder
	for i, c := range by {
		if i > 0 {
			b.WriteByte('/')
		}
		v := ""
		switch c {
		case PartitionVariant:
			if r.Variant != draughts.NoVariant {
				v = r.Variant.Name()
			}
		case PartitionYear:
			if year > 0 {
				v = strconv.Itoa(year)
			}
		}
		b.WriteString(c)
		b.WriteByte('=')
		b.WriteString(partitionValue(v))
	}
	return b.String()
}

// partitionValue writes a value as a folder name: escaped as Hive
// escapes path names, DefaultPartition for "".
func partitionValue(v string) string {
	if v == "" {
		return DefaultPartition
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < 0x20 || c == 0x7f || strings.IndexByte("\"#%'*/:=?\\{[]^", c) >= 0 {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// The rows of a file: a partition goes on in a new file after
// MaxRowsPerFile rows. The defaults make Parquet files of about 256 MB,
// the size of the files of the Lichess dataset, from games that are all
// different: 60,000 random games (make random-archive) take 168 bytes a
// game, 37 a move (more once analysed) and 29 a position; real archives,
// which repeat names and openings, take less (the Russian corpus
// repeated: 32 bytes a game, 13 a move).
const (
	DefaultMaxGamesPerFile     = 1_500_000
	DefaultMaxMovesPerFile     = 6_000_000
	DefaultMaxPositionsPerFile = 8_000_000
)

// DefaultMaxRowsPerFile returns the default MaxRowsPerFile of a table.
func DefaultMaxRowsPerFile(table string) int64 {
	switch table {
	case "games":
		return DefaultMaxGamesPerFile
	case "positions":
		return DefaultMaxPositionsPerFile
	}
	return DefaultMaxMovesPerFile
}

// DatasetOptions say how a table is laid out as a dataset.
type DatasetOptions struct {
	// PartitionBy are the partition columns, in the order of the folders
	// (ParsePartitionBy); none gives one folder of files.
	PartitionBy []string
	// MaxRowsPerFile are the rows of a file, after which a partition goes
	// on in a new one; 0 is DefaultMaxRowsPerFile.
	MaxRowsPerFile int64
	// FilePrefix starts the names of the files, "part" by default: a
	// partition's files are FilePrefix-00000.parquet, -00001... (writers
	// of shards of one dataset give each shard its own).
	FilePrefix string
}

func (o DatasetOptions) maxRows(table string) int64 {
	if o.MaxRowsPerFile > 0 {
		return o.MaxRowsPerFile
	}
	return DefaultMaxRowsPerFile(table)
}

// filePath is the path of file k of a partition of a table.
func (o DatasetOptions) filePath(table, dir string, k int, f Format) string {
	return path.Join(table, dir, PartFile(o.FilePrefix, k, f))
}

// dropped are the columns of a table that the files of a partitioned
// dataset leave out: those in the path.
func (o DatasetOptions) dropped(table string) []string {
	var fields []string
	switch table {
	case "games":
		fields = []string{PartitionVariant, PartitionYear}
	case "positions":
		fields = []string{PartitionVariant}
	}
	var out []string
	for _, c := range o.PartitionBy {
		if slices.Contains(fields, c) {
			out = append(out, c)
		}
	}
	return out
}

// CreateFunc creates a file of a dataset, at a slash-separated path
// relative to the dataset's folder ("games/year=1947/part-00000.parquet").
// When the file is complete, its writer's Finish method, if it has one,
// is called (damka syncs and closes its temporary file there); it is not
// closed.
type CreateFunc func(path string) (io.Writer, error)

// finish tells w that its file is complete.
func finish(w io.Writer) error {
	if f, ok := w.(interface{ Finish() error }); ok {
		return f.Finish()
	}
	return nil
}

// rowWriter is what PartitionedWriter needs of GamesWriter and
// MovesWriter.
type rowWriter interface {
	AddPrepared(p *Prepared) error
	Close() error
	Stats() WriterStats
	table() *table
}

func (gw *GamesWriter) table() *table { return gw.t }
func (mw *MovesWriter) table() *table { return mw.t }

// pendingBudget is the number of rows the partitions of a dataset may
// hold, altogether, before they are encoded: when they hold more, the
// partition with the most is written as a row group of its own, so that
// memory stays bounded whatever the number of partitions (a row group of
// the games table takes some hundred MB, of the moves table some tens).
var pendingBudget = map[string]int{"games": DefaultRowGroupRows, "moves": 4 * DefaultRowGroupRows}

// inFlight is the number of batches of a dataset's table encoded at once.
const inFlight = 2

// PartitionedWriter writes the games or the moves table of many games as
// a partitioned dataset (see DatasetOptions): it takes prepared games in
// any order of partitions, and each partition's rows in the order they
// come. It writes through create; Files lists the files written.
type PartitionedWriter struct {
	table  string
	format Format
	meta   Meta
	opts   DatasetOptions
	wopts  []Option
	create CreateFunc
	slots  chan struct{}
	bufs   chan []colBuf
	parts  map[string]*partWriter
	order  []*partWriter // in order of first appearance
	files  []string
	rows   int64
	// pending is the number of rows the partitions hold before encoding.
	pending int
	stats   WriterStats // of the files closed
	err     error
	closed  bool
}

// partWriter is the partition of a PartitionedWriter: its current file.
type partWriter struct {
	dir  string
	file int // index of the current file
	rows int64
	w    rowWriter // nil when no file is open
	dst  io.Writer
}

// NewPartitionedWriter starts a dataset of the table ("games" or
// "moves") in format f. opts are the writers' options (row groups,
// compression...).
func NewPartitionedWriter(table string, f Format, meta Meta, d DatasetOptions, create CreateFunc, opts ...Option) (*PartitionedWriter, error) {
	switch table {
	case "games", "moves":
	default:
		return nil, fmt.Errorf("export: no partitioned table %q", table)
	}
	return &PartitionedWriter{table: table, format: f, meta: meta, opts: d, wopts: opts, create: create,
		slots: make(chan struct{}, inFlight), bufs: newBufPool(inFlight), parts: map[string]*partWriter{}}, nil
}

// rowsOf is the rows p adds to the table.
func (w *PartitionedWriter) rowsOf(p *Prepared) int {
	if w.table == "games" {
		return 1
	}
	return p.Plies()
}

// AddPrepared adds the rows of a prepared game to its partition.
func (w *PartitionedWriter) AddPrepared(p *Prepared) error {
	if w.closed {
		return errClosed
	}
	if w.err != nil {
		return w.err
	}
	n := w.rowsOf(p)
	if n == 0 {
		return nil // no row, so no file
	}
	dir := p.Partition(w.opts.PartitionBy)
	pw := w.parts[dir]
	if pw == nil {
		pw = &partWriter{dir: dir}
		w.parts[dir] = pw
		w.order = append(w.order, pw)
	}
	if pw.w != nil && pw.rows > 0 && pw.rows+int64(n) > w.opts.maxRows(w.table) {
		if err := w.closeFile(pw); err != nil {
			return w.fail(err)
		}
		pw.file++
	}
	if pw.w == nil {
		if err := w.openFile(pw); err != nil {
			return w.fail(err)
		}
	}
	before := pw.w.table().n
	if err := pw.w.AddPrepared(p); err != nil {
		return w.fail(err)
	}
	pw.rows += int64(n)
	w.rows += int64(n)
	w.pending += pw.w.table().n - before
	return w.fail(w.spill())
}

// spill writes the rows of the partitions that hold the most as row
// groups until they hold no more than the budget.
func (w *PartitionedWriter) spill() error {
	for w.pending > pendingBudget[w.table] {
		var most *partWriter
		for _, pw := range w.order {
			if pw.w != nil && (most == nil || pw.w.table().n > most.w.table().n) {
				most = pw
			}
		}
		t := most.w.table()
		w.pending -= t.n
		if err := t.flush(); err != nil {
			return err
		}
	}
	return nil
}

func (w *PartitionedWriter) fail(err error) error {
	if err != nil && w.err == nil {
		w.err = err
	}
	return err
}

// openFile starts the current file of pw.
func (w *PartitionedWriter) openFile(pw *partWriter) error {
	p := w.opts.filePath(w.table, pw.dir, pw.file, w.format)
	dst, err := w.create(p)
	if err != nil {
		return err
	}
	opts := append(slices.Clip(w.wopts), withDataset(w.opts.dropped(w.table), pw.dir, w.slots, w.bufs))
	var rw rowWriter
	if w.table == "games" {
		rw, err = NewGamesWriter(dst, w.format, w.meta, opts...)
	} else {
		rw, err = NewMovesWriter(dst, w.format, w.meta, opts...)
	}
	if err != nil {
		return err
	}
	pw.w, pw.dst, pw.rows = rw, dst, 0
	w.files = append(w.files, p)
	return nil
}

// closeFile finishes the current file of pw.
func (w *PartitionedWriter) closeFile(pw *partWriter) error {
	w.pending -= pw.w.table().n
	err := pw.w.Close()
	st := pw.w.Stats()
	w.stats.Waited += st.Waited
	w.stats.Busy += st.Busy
	if ferr := finish(pw.dst); err == nil {
		err = ferr
	}
	pw.w, pw.dst = nil, nil
	return err
}

// Close writes the last rows of every partition and finishes the files.
func (w *PartitionedWriter) Close() error {
	if w.closed {
		return w.err
	}
	w.closed = true
	for _, pw := range w.order {
		if pw.w != nil {
			w.fail(w.closeFile(pw))
		}
	}
	return w.err
}

// Files are the paths of the files written so far, relative to the
// dataset's folder, in the order they were started.
func (w *PartitionedWriter) Files() []string { return slices.Clone(w.files) }

// Partitions is the number of partitions with rows.
func (w *PartitionedWriter) Partitions() int { return len(w.order) }

// Rows is the number of rows added.
func (w *PartitionedWriter) Rows() int64 { return w.rows }

// Stats returns the writer's counters (Rows, and the times of the files
// finished).
func (w *PartitionedWriter) Stats() WriterStats {
	st := w.stats
	st.Rows = w.rows
	for _, pw := range w.order {
		if pw.w != nil {
			s := pw.w.Stats()
			st.Waited += s.Waited
			st.Busy += s.Busy
		}
	}
	return st
}

// withDataset makes a writer write a file of a partitioned dataset: the
// partition columns drop left out, damka.partition set, batches encoded
// in the slots shared by the partitions, with the column buffers they
// share, and a small file buffer (a dataset has a file open per
// partition).
func withDataset(drop []string, partition string, slots chan struct{}, bufs chan []colBuf) Option {
	return func(c *config) {
		c.drop, c.partition, c.slots, c.bufs, c.bufSize = drop, partition, slots, bufs, 64<<10
	}
}

// PartitionedOpenings gathers the positions table of each partition of
// a dataset apart (an Openings each): the opening statistics of the
// games of each variant, each year.
type PartitionedOpenings struct {
	maxPly int
	by     []string
	parts  map[string]*Openings
}

// NewPartitionedOpenings starts gathering the positions tables of the
// partitions by, over the first maxPly plies of each game
// (DefaultOpeningsPlies when maxPly < 1).
func NewPartitionedOpenings(maxPly int, by []string) *PartitionedOpenings {
	if maxPly < 1 {
		maxPly = DefaultOpeningsPlies
	}
	return &PartitionedOpenings{maxPly: maxPly, by: by, parts: map[string]*Openings{}}
}

// AddPrepared counts the first plies of a prepared game in its
// partition.
func (o *PartitionedOpenings) AddPrepared(p *Prepared) {
	o.partition(p.Partition(o.by)).AddPrepared(p)
}

// AddPreparedAt counts a prepared game placed at order in the input, for
// tables gathered in parts and merged (Openings.AddPreparedAt).
func (o *PartitionedOpenings) AddPreparedAt(p *Prepared, order int64) {
	o.partition(p.Partition(o.by)).AddPreparedAt(p, order)
}

// Merge adds the tables of other, gathered over other games of the same
// partitions and plies (Openings.Merge).
func (o *PartitionedOpenings) Merge(other *PartitionedOpenings) error {
	if !slices.Equal(o.by, other.by) || o.maxPly != other.maxPly {
		return fmt.Errorf("export: positions tables partitioned by %v over %d plies and by %v over %d cannot merge", o.by, o.maxPly, other.by, other.maxPly)
	}
	for dir, op := range other.parts {
		if err := o.partition(dir).Merge(op); err != nil {
			return err
		}
	}
	return nil
}

// Dirs are the folders of the partitions with rows, sorted.
func (o *PartitionedOpenings) Dirs() []string {
	dirs := make([]string, 0, len(o.parts))
	for dir, op := range o.parts {
		if op.Len() > 0 {
			dirs = append(dirs, dir)
		}
	}
	slices.Sort(dirs)
	return dirs
}

// Only returns the table of one partition, dir, as tables of their own
// (sharing its counts with o): to hand each partition to another
// machine.
func (o *PartitionedOpenings) Only(dir string) *PartitionedOpenings {
	out := &PartitionedOpenings{maxPly: o.maxPly, by: o.by, parts: map[string]*Openings{}}
	if op := o.parts[dir]; op != nil {
		out.parts[dir] = op
	}
	return out
}

// Add counts the first plies of a game in its partition: AddPrepared
// without a prepared game. Its analysis a, if any, gives avg_eval.
func (o *PartitionedOpenings) Add(r *validate.Report, a *analyze.GameAnalysis) {
	o.partition(partitionDir(o.by, r, gameYear(r.Game))).Add(r, a)
}

func (o *PartitionedOpenings) partition(dir string) *Openings {
	op := o.parts[dir]
	if op == nil {
		op = NewOpenings(o.maxPly)
		o.parts[dir] = op
	}
	return op
}

// Len is the number of rows gathered, over the partitions.
func (o *PartitionedOpenings) Len() int {
	n := 0
	for _, op := range o.parts {
		n += op.Len()
	}
	return n
}

// MaxPly is the number of plies counted per game.
func (o *PartitionedOpenings) MaxPly() int { return o.maxPly }

// Write writes the positions table of every partition with rows, the
// partitions in the order of their folders, and returns the files, paths
// relative to the dataset's folder.
func (o *PartitionedOpenings) Write(create CreateFunc, f Format, meta Meta, d DatasetOptions, opts ...Option) ([]string, error) {
	var files []string
	for _, dir := range o.Dirs() {
		rows := o.parts[dir].rows()
		max := int(d.maxRows("positions"))
		for k := 0; k*max < len(rows); k++ {
			p := d.filePath("positions", dir, k, f)
			dst, err := create(p)
			if err != nil {
				return files, err
			}
			files = append(files, p)
			wopts := append(slices.Clip(opts), withDataset(d.dropped("positions"), dir, nil, nil))
			if err := o.parts[dir].write(rows[k*max:min(len(rows), (k+1)*max)], dst, f, meta, wopts...); err != nil {
				return files, err
			}
			if err := finish(dst); err != nil {
				return files, err
			}
		}
	}
	return files, nil
}
