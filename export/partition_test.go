package export

import (
	"bytes"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/validate"
)

// memFiles is a dataset in memory, for CreateFunc.
type memFiles struct {
	files    map[string]*memFile
	finished []string
}

type memFile struct {
	bytes.Buffer
	fs   *memFiles
	path string
	done bool
}

func (f *memFile) Finish() error {
	if f.done {
		panic("finished twice: " + f.path)
	}
	f.done = true
	f.fs.finished = append(f.fs.finished, f.path)
	return nil
}

func (m *memFiles) create(path string) (io.Writer, error) {
	if m.files == nil {
		m.files = map[string]*memFile{}
	}
	if m.files[path] != nil {
		panic("created twice: " + path)
	}
	f := &memFile{fs: m, path: path}
	m.files[path] = f
	return f, nil
}

// writeDataset writes the games and moves tables of reports as a
// partitioned dataset in memory, and the positions table.
func writeDataset(t testing.TB, reports []*validate.Report, evals []*analyze.GameAnalysis, f Format, d DatasetOptions, opts ...Option) *memFiles {
	t.Helper()
	fs := &memFiles{}
	gw, err := NewPartitionedWriter("games", f, testMeta, d, fs.create, opts...)
	if err != nil {
		t.Fatal(err)
	}
	mw, err := NewPartitionedWriter("moves", f, testMeta, d, fs.create, opts...)
	if err != nil {
		t.Fatal(err)
	}
	po := NewPartitionedOpenings(DefaultOpeningsPlies, d.PartitionBy)
	for i, r := range reports {
		var e *analyze.GameAnalysis
		if evals != nil {
			e = evals[i]
		}
		p := PrepareGame(r, e)
		if err := gw.AddPrepared(p); err != nil {
			t.Fatal(err)
		}
		if err := mw.AddPrepared(p); err != nil {
			t.Fatal(err)
		}
		po.AddPrepared(p)
	}
	if err := gw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	if gw.Rows() != int64(len(reports)) || mw.Rows() != int64(countPlies(reports)) {
		t.Errorf("rows: %d games, %d moves", gw.Rows(), mw.Rows())
	}
	files, err := po.Write(fs.create, f, testMeta, d, opts...)
	if err != nil {
		t.Fatal(err)
	}
	all := append(append(gw.Files(), mw.Files()...), files...)
	if len(all) != len(fs.files) || len(fs.finished) != len(fs.files) {
		t.Errorf("%d files listed, %d made, %d finished", len(all), len(fs.files), len(fs.finished))
	}
	return fs
}

func TestParsePartitionBy(t *testing.T) {
	for in, want := range map[string]string{"": "", "year": "year", "variant,year": "variant year", "year, variant": "year variant"} {
		by, err := ParsePartitionBy(in)
		if err != nil || strings.Join(by, " ") != want {
			t.Errorf("ParsePartitionBy(%q) = %v, %v", in, by, err)
		}
	}
	for _, in := range []string{"month", "year,year", "variant,"} {
		if _, err := ParsePartitionBy(in); err == nil {
			t.Errorf("ParsePartitionBy(%q) accepted", in)
		}
	}
	if v := partitionValue("a/b=c%"); v != "a%2Fb%3Dc%25" {
		t.Errorf("escaped %q", v)
	}
}

// Every game and move is in the file of its partition once, in input
// order, files split at MaxRowsPerFile, a game's moves in one file; the
// partition columns are in the path, not in the files.
func TestPartitionedWriter(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reports := readReports(t, allFiles(t)...)
	d := DatasetOptions{PartitionBy: []string{"variant", "year"}, MaxRowsPerFile: 40}
	if testing.Short() {
		// Under the race detector (make race): fewer, larger files.
		d.MaxRowsPerFile = 400
	}
	fs := writeDataset(t, reports, nil, Parquet, d, WithAllocator(mem))
	wantDir := map[string]string{} // game_id -> partition
	var order []string
	for _, r := range reports {
		p := PrepareGame(r, nil)
		wantDir[p.ID()] = p.Partition(d.PartitionBy)
		order = append(order, p.ID())
	}
	paths := make([]string, 0, len(fs.files))
	for p := range fs.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	seenGames, seenMoves := map[string]string{}, map[string]int{}
	gameFile := map[string]string{}
	dirs := map[string]bool{}
	for _, p := range paths {
		table, rest, _ := strings.Cut(p, "/")
		dir := filepath.ToSlash(filepath.Dir(rest))
		dirs[dir] = true
		tbl := readParquet(t, fs.files[p].Bytes(), mem)
		rdr, err := file.NewParquetReader(bytes.NewReader(fs.files[p].Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if v := rdr.MetaData().KeyValueMetadata().FindValue(KeyPartition); v == nil || *v != dir {
			t.Errorf("%s: %s = %v", p, KeyPartition, v)
		}
		rdr.Close()
		for _, c := range []string{"variant", "year"} {
			if table == "games" && len(tbl.Schema().FieldIndices(c)) != 0 {
				t.Errorf("%s: column %s in the file", p, c)
			}
		}
		if table == "positions" && len(tbl.Schema().FieldIndices("variant")) != 0 {
			t.Errorf("%s: column variant in the file", p)
		}
		if n := tbl.NumRows(); n > d.MaxRowsPerFile && table != "moves" || n == 0 {
			t.Errorf("%s: %d rows", p, n)
		}
		if table == "positions" {
			tbl.Release()
			continue
		}
		ids := column(t, tbl, "game_id", mem).(*array.String)
		for i := 0; i < ids.Len(); i++ {
			id := ids.Value(i)
			if wantDir[id] != dir {
				t.Errorf("%s: game %s of partition %s", p, id, wantDir[id])
			}
			if table == "games" {
				if _, ok := seenGames[id]; ok {
					t.Errorf("game %s twice", id)
				}
				seenGames[id] = p
			} else {
				if f, ok := gameFile[id]; ok && f != p {
					t.Errorf("the moves of %s in %s and %s", id, f, p)
				}
				gameFile[id] = p
				seenMoves[id]++
			}
		}
		ids.Release()
		tbl.Release()
	}
	if len(seenGames) != len(reports) {
		t.Errorf("%d games of %d", len(seenGames), len(reports))
	}
	for _, r := range reports {
		if id := GameID(r.Game); seenMoves[id] != len(r.Plies) {
			t.Errorf("game %s: %d moves of %d", id, seenMoves[id], len(r.Plies))
		}
	}
	// Input order within a partition: the files, in order, list the games
	// of the partition as the input does.
	for dir := range dirs {
		var got, want []string
		for k := 0; ; k++ {
			f := fs.files[d.filePath("games", dir, k, Parquet)]
			if f == nil {
				break
			}
			tbl := readParquet(t, f.Bytes(), mem)
			ids := column(t, tbl, "game_id", mem).(*array.String)
			for i := 0; i < ids.Len(); i++ {
				got = append(got, ids.Value(i))
			}
			ids.Release()
			tbl.Release()
		}
		for _, id := range order {
			if wantDir[id] == dir {
				want = append(want, id)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: games %v, want %v", dir, got, want)
		}
	}
	for _, dir := range []string{"variant=russian/year=1950", "variant=russian/year=__HIVE_DEFAULT_PARTITION__", "variant=__HIVE_DEFAULT_PARTITION__/year=__HIVE_DEFAULT_PARTITION__"} {
		if !dirs[dir] {
			t.Errorf("no partition %s among %v", dir, dirs)
		}
	}
	if fs.files["games/variant=russian/year=1950/part-00003.parquet"] == nil && !testing.Short() {
		t.Error("the 153 games of 1950 are not split into files of 40")
	}
}

// The bytes of a dataset do not depend on the number of cores, and many
// partitions with little memory spill row groups the same way every run.
func TestPartitionedDeterministic(t *testing.T) {
	reports := append(readReports(t, allFiles(t)...), randomReports(t, 60, 4)...)
	if testing.Short() {
		reports = readReports(t, corpusFiles[1]) // under the race detector
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	defer func(b map[string]int) { pendingBudget = b }(pendingBudget)
	pendingBudget = map[string]int{"games": 30, "moves": 1500}
	d := DatasetOptions{PartitionBy: []string{"year"}}
	runtime.GOMAXPROCS(1)
	a := writeDataset(t, reports, nil, Parquet, d, WithRowGroupRows(5000))
	runtime.GOMAXPROCS(4)
	b := writeDataset(t, reports, nil, Parquet, d, WithRowGroupRows(5000))
	if len(a.files) != len(b.files) || len(a.files) < 30 {
		t.Fatalf("%d and %d files", len(a.files), len(b.files))
	}
	spilled := 0
	for p, f := range a.files {
		if g := b.files[p]; g == nil || !bytes.Equal(f.Bytes(), g.Bytes()) {
			t.Errorf("%s differs", p)
		}
		rdr, err := file.NewParquetReader(bytes.NewReader(f.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if rdr.NumRowGroups() > 1 {
			spilled++ // under the 5000 rows of a row group, for the budget
		}
		rdr.Close()
	}
	if spilled == 0 {
		t.Error("no partition spilled a row group")
	}
}

// Without partition columns, a dataset is one folder of files.
func TestDatasetWithoutPartitions(t *testing.T) {
	reports := readReports(t, corpusFiles...)
	fs := writeDataset(t, reports, nil, ArrowFile, DatasetOptions{MaxRowsPerFile: 100, FilePrefix: "shard-3"})
	for _, p := range []string{"games/shard-3-00000.arrow", "games/shard-3-00002.arrow", "moves/shard-3-00000.arrow", "positions/shard-3-00000.arrow"} {
		if fs.files[p] == nil {
			t.Errorf("no %s", p)
		}
	}
}

// Add and AddPrepared count a game in the same partition.
func TestPartitionedOpeningsAdd(t *testing.T) {
	reports := readReports(t, append(allFiles(t), columnsFile)...)
	by := []string{"year", "variant"}
	a, b := NewPartitionedOpenings(10, by), NewPartitionedOpenings(10, by)
	for _, r := range reports {
		a.Add(r, nil)
		b.AddPrepared(PrepareGame(r, nil))
	}
	fa, fb := &memFiles{}, &memFiles{}
	la, err := a.Write(fa.create, Parquet, testMeta, DatasetOptions{PartitionBy: by})
	if err != nil {
		t.Fatal(err)
	}
	lb, _ := b.Write(fb.create, Parquet, testMeta, DatasetOptions{PartitionBy: by})
	if !slices.Equal(la, lb) || len(la) < 5 {
		t.Fatalf("files %v and %v", la, lb)
	}
	for _, p := range la {
		if !bytes.Equal(fa.files[p].Bytes(), fb.files[p].Bytes()) {
			t.Errorf("%s differs", p)
		}
	}
}
