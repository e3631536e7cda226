package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/damka/damka/input"
	"github.com/damka/damka/pdn"
)

// readColumn reads a Parquet file back whole and returns its row count
// and the chunks of one column.
func readColumn(t *testing.T, path, column string) (rows int64, chunks []arrow.Array) {
	t.Helper()
	tbl := readParquet(t, path)
	defer tbl.Release()
	idx := tbl.Schema().FieldIndices(column)
	if len(idx) != 1 {
		t.Fatalf("%s: no column %s", path, column)
	}
	for _, c := range tbl.Column(idx[0]).Data().Chunks() {
		c.Retain() // past the table's release
		chunks = append(chunks, c)
	}
	return tbl.NumRows(), chunks
}

// readParquet reads a Parquet file back whole; the caller releases it.
func readParquet(t *testing.T, path string) arrow.Table {
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
	return tbl
}

// readStrings reads a string column of a Parquet file.
func readStrings(t *testing.T, path, column string) []string {
	t.Helper()
	_, chunks := readColumn(t, path, column)
	var out []string
	for _, chunk := range chunks {
		s := chunk.(*array.String)
		for i := 0; i < s.Len(); i++ {
			out = append(out, s.Value(i))
		}
	}
	return out
}

// readColumnNulls reads a Parquet file back and returns its row count and
// the number of nulls of a column.
func readColumnNulls(t *testing.T, path, column string) (rows, nulls int64) {
	t.Helper()
	rows, chunks := readColumn(t, path, column)
	for _, chunk := range chunks {
		nulls += int64(chunk.NullN())
	}
	return rows, nulls
}

func TestAnalyze(t *testing.T) {
	dir := t.TempDir()
	inputs := []string{"../../testdata/validate", "../../testdata/oracle/games.pdn"}
	out1, out2 := filepath.Join(dir, "j1"), filepath.Join(dir, "j2")
	_, errOut, code := run(t, "", append([]string{"analyze", "-q", "--depth", "3", "-j", "1", "-o", out1}, inputs...)...)
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"116 games read", "analysed ", "at depth 3", "worst moves", "blunders"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("summary lacks %q:\n%s", want, errOut)
		}
	}
	// Every replayed ply of a game without errors, and every ply before
	// the first error of the others, has an analysis; the rest are NULL.
	// eval_before is NULL where the position is a forced win or loss, and
	// mate_before is set there instead.
	moves := filepath.Join(out1, "moves.parquet")
	rows, nulls := readColumnNulls(t, moves, "depth")
	if rows < 3000 || nulls == 0 || nulls > 20 {
		t.Errorf("moves: %d rows, %d without analysis", rows, nulls)
	}
	if _, n := readColumnNulls(t, moves, "class"); n != nulls {
		t.Errorf("class has %d nulls, depth %d", n, nulls)
	}
	_, evalNulls := readColumnNulls(t, moves, "eval_before")
	_, mateNulls := readColumnNulls(t, moves, "mate_before")
	if mates := rows - mateNulls; mates == 0 || evalNulls != nulls+mates {
		t.Errorf("%d rows with mate_before, %d without eval_before, %d not analysed", mates, evalNulls, nulls)
	}
	if _, err := os.Stat(filepath.Join(out1, "positions.parquet")); err != nil {
		t.Error(err)
	}
	// The annotated archive reads back, game for game.
	var games int
	err := input.ReadFile(filepath.Join(out1, "annotated.pdn"), func(g *pdn.Game, err error) error {
		if err != nil {
			t.Errorf("annotated game %d: %v", g.Index, err)
		}
		games++
		return nil
	})
	if err != nil || games != 116 {
		t.Errorf("annotated.pdn: %d games, %v", games, err)
	}
	ann, _ := os.ReadFile(filepath.Join(out1, "annotated.pdn"))
	if !bytes.Contains(ann, []byte("[Annotator \"damka")) || !bytes.Contains(ann, []byte("??")) {
		t.Error("annotated.pdn has no annotator tag or no blunder mark")
	}
	// Results do not depend on the number of workers.
	if _, errOut, code := run(t, "", append([]string{"analyze", "-q", "--depth", "3", "-j", "2", "-o", out2}, inputs...)...); code != exitFindings {
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

// TestAnalyzeReport: --report writes report.html with the worst moves in
// the summary's order, and the same bytes whatever -j is.
func TestAnalyzeReport(t *testing.T) {
	dir := t.TempDir()
	inputs := []string{"../../testdata/validate", "../../testdata/oracle/games.pdn"}
	var pages []string
	var summary string
	for _, j := range []string{"1", "2"} {
		out := filepath.Join(dir, "j"+j)
		_, errOut, code := run(t, "", append([]string{"analyze", "-q", "--depth", "2", "-j", j, "--report", "--report-top", "10", "-o", out}, inputs...)...)
		if code != exitFindings { // some games have errors
			t.Fatalf("exit %d: %s", code, errOut)
		}
		b, err := os.ReadFile(filepath.Join(out, "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, string(b))
		summary = errOut
	}
	if pages[0] != pages[1] {
		t.Error("the report differs between -j 1 and -j 2")
	}
	var fromSummary, fromPage []string
	for _, m := range regexp.MustCompile(`(?m)^ *[0-9]+\. (.*?): game ([0-9]+) .*?, ply ([0-9]+) `).FindAllStringSubmatch(summary, -1) {
		fromSummary = append(fromSummary, m[1]+" "+m[2]+" "+m[3])
	}
	for _, m := range regexp.MustCompile(`ply ([0-9]+)</a><br><span class="where">(.*?), game ([0-9]+)</span>`).FindAllStringSubmatch(pages[0], -1) {
		fromPage = append(fromPage, m[2]+" "+m[3]+" "+m[1])
	}
	if len(fromSummary) != 10 || strings.Join(fromSummary, "\n") != strings.Join(fromPage, "\n") {
		t.Errorf("worst moves: summary\n%s\nreport\n%s", strings.Join(fromSummary, "\n"), strings.Join(fromPage, "\n"))
	}
	if _, _, code := run(t, "", "analyze", "--report-top", "0", "-o", filepath.Join(dir, "x")); code != exitInput {
		t.Errorf("--report-top 0: exit %d", code)
	}
}

// TestCheckReportFile: check --report writes the page; the exit status and
// the output are those of check without it.
func TestCheckReportFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "errors.html")
	out, _, code := run(t, "", "check", "-q", "--report", file, "../../testdata/validate")
	plain, _, plainCode := run(t, "", "check", "-q", "../../testdata/validate")
	if code != exitFindings || code != plainCode {
		t.Fatalf("exit %d, without --report %d", code, plainCode)
	}
	cut := func(s string) string { return s[:strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n")] } // the rate line differs
	if cut(out) != cut(plain) {
		t.Errorf("output with --report:\n%s\nwithout:\n%s", out, plain)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`<li class="card">`)) || !bytes.Contains(b, []byte("illegal_move")) {
		t.Errorf("report without the errors:\n%s", b)
	}
	if _, errOut, code := run(t, "", "check", "-q", "--report", "-", "../../testdata/validate"); code != exitInput || !strings.Contains(errOut, "--report") {
		t.Errorf("--report -: exit %d, %q", code, errOut)
	}
}

// --verify: verification searches bad moves deeper, up to --verify plies
// beyond --depth (by default as many as --depth), and moves.verdict_depth
// says which depth decided; --verify 0 judges every move at --depth.
func TestAnalyzeVerify(t *testing.T) {
	dir := t.TempDir()
	in := "../../testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn"
	depths := func(name string, args ...string) (lo, hi int32) {
		out := filepath.Join(dir, name)
		if _, errOut, code := run(t, "", append(append([]string{"analyze", "-q", "--depth", "3", "-o", out}, args...), in)...); code == exitInput {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		_, chunks := readColumn(t, filepath.Join(out, "moves.parquet"), "verdict_depth")
		lo, hi = 1<<30, -1
		for _, c := range chunks {
			a := c.(*array.Int32)
			for i := 0; i < a.Len(); i++ {
				if a.IsValid(i) {
					lo, hi = min(lo, a.Value(i)), max(hi, a.Value(i))
				}
			}
		}
		return lo, hi
	}
	if lo, hi := depths("default"); lo != 3 || hi <= 3 || hi > 6 {
		t.Errorf("default: verdict_depth from %d to %d, want 3 to at most 6 (3 plies of verification), some deeper than 3", lo, hi)
	}
	if lo, hi := depths("deeper", "--verify", "5"); lo != 3 || hi <= 6 || hi > 8 {
		t.Errorf("--verify 5: verdict_depth from %d to %d, want 3 to at most 8, some deeper than 6", lo, hi)
	}
	if lo, hi := depths("none", "--verify", "0"); lo != 3 || hi != 3 {
		t.Errorf("--verify 0: verdict_depth from %d to %d, want 3", lo, hi)
	}
	if _, errOut, code := run(t, "", "analyze", "--depth", "38", "--verify", "3", "-o", filepath.Join(dir, "x"), in); code != exitInput || !strings.Contains(errOut, "--verify") {
		t.Errorf("--depth 38 --verify 3: exit %d %q, want a usage error", code, errOut)
	}
}
