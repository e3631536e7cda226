package export

import (
	"bytes"
	"io"
	"path"
	"testing"
)

// The names of a run's files come from one place: the files a dataset's
// writers make are those IsPartFile tells (what a later run replaces),
// with a shard's prefix too, and TableFile names the whole tables.
func TestFileNames(t *testing.T) {
	if got := TableFile(GamesTable, Parquet); got != "games.parquet" {
		t.Errorf("TableFile: %q", got)
	}
	if got := TableFile(PositionsTable, ArrowFile); got != "positions.arrow" {
		t.Errorf("TableFile: %q", got)
	}
	if got := PartFile("", 3, Parquet); got != "part-00003.parquet" || !IsPartFile(got) {
		t.Errorf("PartFile: %q", got)
	}
	// damka-beam's files too: one pattern for both (issue 47), so that a
	// run of either into a folder replaces the other's.
	if got := PartFile(ShardPrefix(2), 1, Parquet); got != "part-00002-00001.parquet" || !IsPartFile(got) {
		t.Errorf("a shard's file: %q", got)
	}
	for _, name := range []string{"part-1.parquet", "part-00001.csv", "games.parquet", "part-00001.parquet.tmp", "xpart-00001.arrow", "part-00001-1.parquet", "part-00001-00001-00001.parquet"} {
		if IsPartFile(name) {
			t.Errorf("IsPartFile(%q)", name)
		}
	}
	reports := readReports(t, allFiles(t)...)
	var made []string
	create := func(p string) (io.Writer, error) {
		made = append(made, p)
		return new(bytes.Buffer), nil
	}
	for _, f := range []Format{Parquet, ArrowFile} {
		made = made[:0]
		d := DatasetOptions{PartitionBy: []string{PartitionYear}, MaxRowsPerFile: 20}
		gw, err := NewPartitionedWriter(GamesTable, f, testMeta, d, create)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reports {
			if err := gw.AddPrepared(PrepareGame(r, nil)); err != nil {
				t.Fatal(err)
			}
		}
		if err := gw.Close(); err != nil {
			t.Fatal(err)
		}
		if len(made) < 2 {
			t.Fatalf("%v: %d files made", f, len(made))
		}
		for _, p := range made {
			if !IsPartFile(path.Base(p)) || path.Dir(path.Dir(p)) != GamesTable {
				t.Errorf("%v: file %q", f, p)
			}
		}
	}
}
