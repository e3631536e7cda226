package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/damka/damka/pdn"
)

// readColumnNulls reads a Parquet file back and returns its row count and
// the number of nulls of a column.
func readColumnNulls(t *testing.T, path, column string) (rows, nulls int64) {
	t.Helper()
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer rdr.Close()
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	idx := tbl.Schema().FieldIndices(column)
	if len(idx) != 1 {
		t.Fatalf("%s: no column %s", path, column)
	}
	for _, chunk := range tbl.Column(idx[0]).Data().Chunks() {
		nulls += int64(chunk.NullN())
	}
	return tbl.NumRows(), nulls
}

func TestAnalyze(t *testing.T) {
	dir := t.TempDir()
	inputs := []string{"../../testdata/validate", "../../testdata/oracle/games.pdn"}
	out1, out2 := filepath.Join(dir, "j1"), filepath.Join(dir, "j2")
	_, errOut, code := run(t, "", append([]string{"analyze", "-q", "--depth", "3", "-j", "1", "-o", out1}, inputs...)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"114 games read", "analysed ", "at depth 3", "worst moves", "blunders"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("summary lacks %q:\n%s", want, errOut)
		}
	}
	// Every replayed ply of a game without errors, and every ply before
	// the first error of the others, has an evaluation; the rest are NULL.
	rows, nulls := readColumnNulls(t, filepath.Join(out1, "moves.parquet"), "eval_before")
	if rows < 3000 || nulls == 0 || nulls > 20 {
		t.Errorf("moves: %d rows, %d without evaluation", rows, nulls)
	}
	if _, n := readColumnNulls(t, filepath.Join(out1, "moves.parquet"), "class"); n != nulls {
		t.Errorf("class has %d nulls, eval_before %d", n, nulls)
	}
	if _, err := os.Stat(filepath.Join(out1, "positions.parquet")); err != nil {
		t.Error(err)
	}
	// The annotated archive reads back, game for game.
	var games int
	err := pdn.ReadFile(filepath.Join(out1, "annotated.pdn"), func(g *pdn.Game, err error) error {
		if err != nil {
			t.Errorf("annotated game %d: %v", g.Index, err)
		}
		games++
		return nil
	})
	if err != nil || games != 114 {
		t.Errorf("annotated.pdn: %d games, %v", games, err)
	}
	ann, _ := os.ReadFile(filepath.Join(out1, "annotated.pdn"))
	if !bytes.Contains(ann, []byte("[Annotator \"damka")) || !bytes.Contains(ann, []byte("??")) {
		t.Error("annotated.pdn has no annotator tag or no blunder mark")
	}
	// Results do not depend on the number of workers.
	if _, errOut, code := run(t, "", append([]string{"analyze", "-q", "--depth", "3", "-j", "2", "-o", out2}, inputs...)...); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, f := range []string{"games.parquet", "moves.parquet", "positions.parquet", "annotated.pdn"} {
		a, _ := os.ReadFile(filepath.Join(out1, f))
		b, _ := os.ReadFile(filepath.Join(out2, f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between -j 1 and -j 2", f)
		}
	}
	if _, _, code := run(t, "", "analyze", "--depth", "0", "-o", dir); code != exitInput {
		t.Errorf("--depth 0: exit %d", code)
	}
	if _, _, code := run(t, "", "analyze"); code != exitInput {
		t.Errorf("no -o: exit %d", code)
	}
}
