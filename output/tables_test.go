package output

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/export"
	"github.com/damka/damka/internal/rowset"
	"github.com/damka/damka/internal/sample"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/pipeline"
)

// testGames reads the games the tests process: the sample archive (153
// Russian games), the hand-made games with a finding of each kind, and
// the oracle's International games (another variant, a 10x10 board).
func testGames(t testing.TB) []pipeline.Input {
	t.Helper()
	var in []pipeline.Input
	read := func(name string, r io.Reader) {
		rd := pdn.NewReader(r, name)
		for {
			g, err := rd.Next()
			if err == io.EOF {
				return
			}
			if g == nil {
				t.Fatalf("%s: %v", name, err)
			}
			in = append(in, pipeline.Input{Game: g, SourceFile: "data/" + name})
		}
	}
	read(sample.Name, bytes.NewReader(sample.PDN))
	files, _ := filepath.Glob("../testdata/validate/*.pdn")
	files = append(files, "../testdata/oracle/international/games.pdn")
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		read(name, f)
		f.Close()
	}
	return in
}

// memFiles is a folder in memory, for CreateFunc.
type memFiles struct {
	mu    sync.Mutex
	files map[string]*bytes.Buffer
}

func (m *memFiles) create(p string) (io.Writer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.files == nil {
		m.files = map[string]*bytes.Buffer{}
	}
	if _, ok := m.files[p]; ok {
		return nil, fmt.Errorf("%s made twice", p)
	}
	b := new(bytes.Buffer)
	m.files[p] = b
	return b, nil
}

// save writes the files under dir.
func (m *memFiles) save(t *testing.T, dir string) {
	t.Helper()
	for p, b := range m.files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The writer side takes games in any order, in shards: a dataset
// written by three shards (each its own file prefix), each given its
// games in a shuffled order, has the rows of one file a table written in
// input order.
func TestDatasetsInShards(t *testing.T) {
	games := testGames(t)
	pl := pipeline.New(pipeline.Options{Analysis: &analyze.Options{Depth: 1}, Rows: true})
	pr := pl.NewProcessor()
	results := make([]*pipeline.Result, len(games))
	for i, in := range games {
		results[i] = new(pipeline.Result)
		pr.Process(results[i], in)
	}
	meta := export.Meta{Version: "test", Variant: "auto", Command: "test", Depth: 1}
	dir := t.TempDir()

	var flat memFiles
	gw, _ := flat.create("games.parquet")
	mw, _ := flat.create("moves.parquet")
	tables := &Tables{}
	var err error
	if tables.Games, err = export.NewGamesWriter(gw, export.Parquet, meta); err != nil {
		t.Fatal(err)
	}
	if tables.Moves, err = export.NewMovesWriter(mw, export.Parquet, meta); err != nil {
		t.Fatal(err)
	}
	pf, _ := flat.create("positions.parquet")
	positions := Layout{Format: export.Parquet}.NewPositionsFile(0, &Destination{Name: "positions.parquet", W: pf}, meta)
	for _, res := range results {
		if err := tables.Add(res); err != nil {
			t.Fatal(err)
		}
		positions.Add(res)
	}
	if err := tables.Close(); err != nil {
		t.Fatal(err)
	}
	if err := positions.Write(); err != nil {
		t.Fatal(err)
	}
	flat.save(t, filepath.Join(dir, "flat"))

	var ds memFiles
	for shard := range 3 {
		d := export.DatasetOptions{PartitionBy: []string{"variant", "year"}, MaxRowsPerFile: 1000, FilePrefix: fmt.Sprintf("part-s%d", shard)}
		tb, err := NewDatasets(export.Parquet, meta, d, ds.create)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range rand.Perm(len(results)) {
			if i%3 == shard {
				if err := tb.Add(results[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := tb.Close(); err != nil {
			t.Fatal(err)
		}
	}
	ds.save(t, filepath.Join(dir, "ds"))

	for _, table := range []string{"games", "moves"} {
		// The moves table of a dataset has the game's partition columns
		// in its path, which the file has not: read it without them.
		drop := []string{"variant", "year"}
		if table == "games" {
			drop = nil
		}
		want, err := rowset.Read(filepath.Join(dir, "flat", table+".parquet"), rowset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := rowset.Read(filepath.Join(dir, "ds", table), rowset.Options{Partitions: true, Drop: drop})
		if err != nil {
			t.Fatal(err)
		}
		if a, b := rowset.Diff(want, got, 3); len(a)+len(b) > 0 || want.Len() == 0 {
			t.Errorf("%s: %d rows in one file, %d in the shards; %d and %d differ", table, want.Len(), got.Len(), len(a), len(b))
		}
	}
	files := 0
	for p := range ds.files {
		if strings.HasPrefix(p, "moves/") {
			files++
		}
	}
	if files < 6 {
		t.Errorf("%d files of moves: the shards did not split the partitions", files)
	}
	rows, err := rowset.Read(filepath.Join(dir, "flat", "positions.parquet"), rowset.Options{})
	if err != nil || rows.Len() != positions.Len() {
		t.Errorf("positions: %d rows read (%v), %d gathered", rows.Len(), err, positions.Len())
	}
}
