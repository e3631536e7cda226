package export

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// readParquet reads a Parquet file back with arrow-go's reader.
func readParquet(t *testing.T, data []byte, mem memory.Allocator) arrow.Table {
	t.Helper()
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), parquet.NewReaderProperties(mem), pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

// sameColumns reports whether a schema read back from Parquet has the
// columns of want: names, types and nullability (readers add field
// metadata of their own). Parquet has no time of day in seconds: a
// time32[s] column is stored as TIME(MILLIS), which arrow-go reads back as
// time32[ms].
func sameColumns(got, want *arrow.Schema) bool {
	if got.NumFields() != want.NumFields() {
		return false
	}
	for i, f := range want.Fields() {
		g := got.Field(i)
		typ := f.Type
		if arrow.TypeEqual(typ, arrow.FixedWidthTypes.Time32s) {
			typ = arrow.FixedWidthTypes.Time32ms
		}
		if g.Name != f.Name || g.Nullable != f.Nullable || !arrow.TypeEqual(g.Type, typ) {
			return false
		}
	}
	return true
}

// column returns column name of tbl as one array (the table's chunks
// concatenated).
func column(t *testing.T, tbl arrow.Table, name string, mem memory.Allocator) arrow.Array {
	t.Helper()
	idx := tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		t.Fatalf("no column %s", name)
	}
	chunks := tbl.Column(idx[0]).Data().Chunks()
	a, err := array.Concatenate(chunks, mem)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestParquetRoundTrip(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reports := readReports(t, allFiles(t)...)
	plies := countPlies(reports)
	const group = 1000
	games := writeGames(t, reports, Parquet, WithAllocator(mem), WithRowGroupRows(100))
	moves := writeMoves(t, reports, nil, Parquet, WithAllocator(mem), WithRowGroupRows(group))

	// Layout: row groups of the given size, zstd everywhere, dictionary
	// pages for repeated strings, not for FENs.
	rdr, err := file.NewParquetReader(bytes.NewReader(moves))
	if err != nil {
		t.Fatal(err)
	}
	md := rdr.MetaData()
	if want := (plies + group - 1) / group; rdr.NumRowGroups() != want {
		t.Errorf("%d row groups, want %d", rdr.NumRowGroups(), want)
	}
	for i := 0; i < rdr.NumRowGroups(); i++ {
		rg := md.RowGroup(i)
		if n := rg.NumRows(); n != group && i != rdr.NumRowGroups()-1 {
			t.Errorf("row group %d: %d rows", i, n)
		}
		for j := 0; j < rg.NumColumns(); j++ {
			cc, err := rg.ColumnChunk(j)
			if err != nil {
				t.Fatal(err)
			}
			if cc.Compression() != compress.Codecs.Zstd {
				t.Errorf("column %s: compression %v", cc.PathInSchema(), cc.Compression())
			}
			dict := cc.HasDictionaryPage()
			switch cc.PathInSchema().String() {
			case "side", "game_id", "move":
				if !dict {
					t.Errorf("column %s: no dictionary", cc.PathInSchema())
				}
			case "fen_before", "hash_before":
				if dict {
					t.Errorf("column %s: dictionary", cc.PathInSchema())
				}
			}
		}
	}
	kv := md.KeyValueMetadata()
	for k, want := range map[string]string{KeyVersion: "test", KeyVariant: "auto", KeyCommand: "export testdata",
		KeyDepth: "0", KeyTable: "moves", KeySchema: SchemaVersion} {
		if v := kv.FindValue(k); v == nil || *v != want {
			t.Errorf("metadata %s = %v, want %q", k, v, want)
		}
	}
	if kv.FindValue("ARROW:schema") == nil {
		t.Error("no ARROW:schema in the metadata")
	}

	// Rows and types.
	mt := readParquet(t, moves, mem)
	defer mt.Release()
	if mt.NumRows() != int64(plies) {
		t.Errorf("moves: %d rows, want %d", mt.NumRows(), plies)
	}
	if !sameColumns(mt.Schema(), MovesSchema(testMeta)) {
		t.Errorf("moves schema read back:\n%v\nwant\n%v", mt.Schema(), MovesSchema(testMeta))
	}
	gt := readParquet(t, games, mem)
	defer gt.Release()
	if gt.NumRows() != int64(len(reports)) {
		t.Errorf("games: %d rows, want %d", gt.NumRows(), len(reports))
	}
	if !sameColumns(gt.Schema(), GamesSchema(testMeta)) {
		t.Errorf("games schema read back:\n%v\nwant\n%v", gt.Schema(), GamesSchema(testMeta))
	}

	// Values: every move, FEN and hash against the replay.
	ids := column(t, mt, "game_id", mem).(*array.String)
	defer ids.Release()
	mv := column(t, mt, "move", mem).(*array.String)
	defer mv.Release()
	fen := column(t, mt, "fen_before", mem).(*array.String)
	defer fen.Release()
	fenAfter := column(t, mt, "fen_after", mem).(*array.String)
	defer fenAfter.Release()
	hb := column(t, mt, "hash_before", mem).(*array.Int64)
	defer hb.Release()
	ha := column(t, mt, "hash_after", mem).(*array.Int64)
	defer ha.Release()
	path := column(t, mt, "path", mem).(*array.List)
	defer path.Release()
	row := 0
	for _, r := range reports {
		id := GameID(r.Game)
		for i := range r.Plies {
			pl := &r.Plies[i]
			after := pl.After()
			switch {
			case ids.Value(row) != id:
				t.Fatalf("row %d: game_id %s, want %s", row, ids.Value(row), id)
			case mv.Value(row) != pl.Move.String():
				t.Fatalf("row %d: move %s, want %s", row, mv.Value(row), pl.Move.String())
			case fen.Value(row) != pl.Before.FEN():
				t.Fatalf("row %d: fen %s", row, fen.Value(row))
			case fenAfter.Value(row) != after.FEN():
				t.Fatalf("row %d: fen_after %s, want %s", row, fenAfter.Value(row), after.FEN())
			case uint64(hb.Value(row)) != pl.Before.Hash() || uint64(ha.Value(row)) != after.Hash():
				t.Fatalf("row %d: hashes %x %x", row, hb.Value(row), ha.Value(row))
			}
			start, end := path.ValueOffsets(row)
			if int(end-start) != len(pl.Move.Path()) {
				t.Fatalf("row %d: path of %d squares, want %d", row, end-start, len(pl.Move.Path()))
			}
			row++
		}
	}

	// Games: status and findings of the hand-made games.
	status := column(t, gt, "status", mem).(*array.String)
	defer status.Release()
	findings := column(t, gt, "findings", mem).(*array.List)
	defer findings.Release()
	for i, r := range reports {
		if status.Value(i) != string(r.Status()) {
			t.Errorf("game %d: status %s, want %s", i, status.Value(i), r.Status())
		}
		start, end := findings.ValueOffsets(i)
		if int(end-start) != len(r.Findings) {
			t.Errorf("game %d: %d findings, want %d", i, end-start, len(r.Findings))
		}
	}
}

func TestArrowFormats(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reports := readReports(t, oracleFile)
	plies := countPlies(reports)
	for _, f := range []Format{ArrowFile, ArrowStream} {
		data := writeMoves(t, reports, nil, f, WithAllocator(mem), WithRowGroupRows(500))
		var rr interface {
			Next() bool
			RecordBatch() arrow.RecordBatch
			Schema() *arrow.Schema
			Err() error
		}
		if f == ArrowFile {
			r, err := ipc.NewFileReader(bytes.NewReader(data), ipc.WithAllocator(mem))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if r.NumRecords() != (plies+499)/500 {
				t.Errorf("%v: %d record batches", f, r.NumRecords())
			}
			rr = &fileIter{r: r}
		} else {
			r, err := ipc.NewReader(bytes.NewReader(data), ipc.WithAllocator(mem))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Release()
			rr = r
		}
		if !rr.Schema().Equal(MovesSchema(testMeta)) {
			t.Errorf("%v: schema %v", f, rr.Schema())
		}
		if v, ok := rr.Schema().Metadata().GetValue(KeyTable); !ok || v != "moves" {
			t.Errorf("%v: %s = %q", f, KeyTable, v)
		}
		n := 0
		for rr.Next() {
			n += int(rr.RecordBatch().NumRows())
		}
		if err := rr.Err(); err != nil {
			t.Fatal(err)
		}
		if n != plies {
			t.Errorf("%v: %d rows, want %d", f, n, plies)
		}
	}
}

// fileIter walks the record batches of an IPC file like a stream reader.
type fileIter struct {
	r   *ipc.FileReader
	i   int
	rec arrow.RecordBatch
	err error
}

func (it *fileIter) Next() bool {
	if it.i >= it.r.NumRecords() {
		return false
	}
	it.rec, it.err = it.r.RecordBatch(it.i)
	it.i++
	return it.err == nil
}
func (it *fileIter) RecordBatch() arrow.RecordBatch { return it.rec }
func (it *fileIter) Schema() *arrow.Schema          { return it.r.Schema() }
func (it *fileIter) Err() error                     { return it.err }

func TestDeterministic(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	evals := fakeEvals(reports)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, f := range []Format{Parquet, ArrowFile, ArrowStream} {
		// Columns and buffers are encoded in parallel: the bytes must not
		// depend on how many at once.
		runtime.GOMAXPROCS(1)
		a := writeMoves(t, reports, evals, f, WithRowGroupRows(4096))
		runtime.GOMAXPROCS(4)
		b := writeMoves(t, reports, evals, f, WithRowGroupRows(4096))
		if !bytes.Equal(a, b) {
			t.Errorf("%v: moves differ between two runs", f)
		}
		a = writeGames(t, reports, f)
		b = writeGames(t, reports, f)
		if !bytes.Equal(a, b) {
			t.Errorf("%v: games differ between two runs", f)
		}
		var x, y bytes.Buffer
		for _, buf := range []*bytes.Buffer{&x, &y} {
			o := NewOpenings(24)
			for i, r := range reports {
				o.Add(r, evals[i])
			}
			if err := o.Write(buf, f, testMeta); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(x.Bytes(), y.Bytes()) {
			t.Errorf("%v: positions differ between two runs", f)
		}
	}
}

func TestEvals(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reports := readReports(t, oracleFile)[:5]
	evals := fakeEvals(reports)
	rows := fakeRows(reports, evals)
	tbl := readParquet(t, writeMoves(t, reports, evals, Parquet, WithAllocator(mem)), mem)
	defer tbl.Release()
	eb := column(t, tbl, "eval_before", mem).(*array.Int32)
	defer eb.Release()
	ew := column(t, tbl, "eval_before_white", mem).(*array.Int32)
	defer ew.Release()
	mb := column(t, tbl, "mate_before", mem).(*array.Int32)
	defer mb.Release()
	pv := column(t, tbl, "best_pv", mem).(*array.List)
	defer pv.Release()
	class := column(t, tbl, "class", mem).(*array.String)
	defer class.Release()
	vd := column(t, tbl, "verdict_depth", mem).(*array.Int32)
	defer vd.Release()
	tb := column(t, tbl, "table_before", mem).(*array.String)
	defer tb.Release()
	ta := column(t, tbl, "table_after", mem).(*array.String)
	defer ta.Release()
	row, held := 0, 0
	for i, r := range reports {
		for j := range r.Plies {
			e := rows[i][j]
			str := func(a *array.String) string {
				if a.IsNull(row) {
					return ""
				}
				return a.Value(row)
			}
			want := [2]string{}
			if e != nil {
				want = [2]string{e.TableBefore, e.TableAfter}
			}
			if got := [2]string{str(tb), str(ta)}; got != want {
				t.Fatalf("row %d: table_before/after %q, want %q", row, got, want)
			}
			if want[0] != "" {
				held++
			}
			switch {
			case e == nil:
				if !eb.IsNull(row) || !ew.IsNull(row) || !pv.IsNull(row) || !class.IsNull(row) || !vd.IsNull(row) {
					t.Fatalf("row %d: not analysed, yet not NULL", row)
				}
			case e.MateBefore != 0:
				if !eb.IsNull(row) || !ew.IsNull(row) || mb.IsNull(row) || mb.Value(row) != e.MateBefore || class.Value(row) != e.Class {
					t.Fatalf("row %d: decisive: eval %v, mate %v, class %s", row, eb.IsNull(row), mb.Value(row), class.Value(row))
				}
			default:
				want := e.EvalBefore
				if r.Plies[j].Side == draughts.Black {
					want = -want
				}
				if eb.Value(row) != e.EvalBefore || ew.Value(row) != want || class.Value(row) != e.Class || !mb.IsNull(row) {
					t.Fatalf("row %d: eval %d/%d class %s, want %d/%d %s", row, eb.Value(row), ew.Value(row), class.Value(row), e.EvalBefore, want, e.Class)
				}
				if int(vd.Value(row)) != e.VerdictDepth {
					t.Fatalf("row %d: verdict_depth %d, want %d", row, vd.Value(row), e.VerdictDepth)
				}
				if s, end := pv.ValueOffsets(row); end-s != 1 {
					t.Fatalf("row %d: pv of %d moves", row, end-s)
				}
			}
			row++
		}
	}
	if held == 0 {
		t.Error("no row held by the endgame databases")
	}
}

func TestEmptyTables(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	data := writeMoves(t, nil, nil, Parquet, WithAllocator(mem))
	tbl := readParquet(t, data, mem)
	defer tbl.Release()
	if tbl.NumRows() != 0 || tbl.NumCols() != int64(len(movesFields)) {
		t.Errorf("empty moves: %d rows, %d columns", tbl.NumRows(), tbl.NumCols())
	}
	for _, f := range []Format{ArrowFile, ArrowStream} {
		if data := writeGames(t, nil, f, WithAllocator(mem)); len(data) == 0 {
			t.Errorf("%v: empty file", f)
		}
	}
	var buf bytes.Buffer
	if err := NewOpenings(0).Write(&buf, Parquet, testMeta, WithAllocator(mem)); err != nil {
		t.Fatal(err)
	}
}

func TestOpenings(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reports := readReports(t, allFiles(t)...)
	o := NewOpenings(24)
	// Expected first moves from the start position, by brute force.
	type count struct{ games, white, draws, black int }
	want := map[string]*count{}
	start := draughts.Start(draughts.Russian)
	for _, r := range reports {
		o.Add(r, nil)
		if r.Variant != draughts.Russian || len(r.Plies) == 0 || r.Plies[0].Before != start || r.Plies[0].Illegal {
			continue
		}
		m := r.Plies[0].Move.String()
		if want[m] == nil {
			want[m] = &count{}
		}
		c := want[m]
		c.games++
		switch r.Result {
		case "2-0":
			c.white++
		case "1-1":
			c.draws++
		case "0-2":
			c.black++
		}
	}
	var buf bytes.Buffer
	if err := o.Write(&buf, Parquet, testMeta, WithAllocator(mem), WithRowGroupRows(1000)); err != nil {
		t.Fatal(err)
	}
	tbl := readParquet(t, buf.Bytes(), mem)
	defer tbl.Release()
	if tbl.NumRows() != int64(o.Len()) {
		t.Errorf("%d rows, want %d", tbl.NumRows(), o.Len())
	}
	if !sameColumns(tbl.Schema(), PositionsSchema(testMeta, 24)) {
		t.Errorf("schema %v", tbl.Schema())
	}
	fen := column(t, tbl, "fen", mem).(*array.String)
	defer fen.Release()
	move := column(t, tbl, "move", mem).(*array.String)
	defer move.Release()
	games := column(t, tbl, "games", mem).(*array.Int64)
	defer games.Release()
	white := column(t, tbl, "white_wins", mem).(*array.Int64)
	defer white.Release()
	draws := column(t, tbl, "draws", mem).(*array.Int64)
	defer draws.Release()
	score := column(t, tbl, "score", mem).(*array.Float64)
	defer score.Release()
	got := 0
	for i := 0; i < fen.Len(); i++ {
		if fen.Value(i) != draughts.StartFEN {
			continue
		}
		got++
		c := want[move.Value(i)]
		if c == nil || int(games.Value(i)) != c.games || int(white.Value(i)) != c.white || int(draws.Value(i)) != c.draws {
			t.Errorf("%s: %d games, %d white wins, %d draws; want %+v", move.Value(i), games.Value(i), white.Value(i), draws.Value(i), c)
			continue
		}
		if decided := c.white + c.draws + c.black; decided > 0 {
			if s := (float64(c.white) + float64(c.draws)/2) / float64(decided); score.Value(i) != s {
				t.Errorf("%s: score %v, want %v", move.Value(i), score.Value(i), s)
			}
		}
	}
	if got != len(want) || got == 0 {
		t.Errorf("%d first moves, want %d", got, len(want))
	}
}

// Transpositions count together: two games reaching the same position by
// different move orders give one row for the move played from it.
func TestOpeningsTransposition(t *testing.T) {
	games := []string{
		"[GameType \"25\"]\n[Result \"2-0\"]\n\n1. a3-b4 h6-g5 2. g3-h4 b6-a5 3. h2-g3 2-0\n",
		"[GameType \"25\"]\n[Result \"0-2\"]\n\n1. g3-h4 b6-a5 2. a3-b4 h6-g5 3. h2-g3 0-2\n",
	}
	o := NewOpenings(24)
	for i, text := range games {
		g, err := pdn.NewReader(strings.NewReader(text), "t.pdn").Next()
		if err != nil {
			t.Fatal(err)
		}
		g.Index = i + 1
		r := validate.Game(g, validate.Options{})
		if len(r.Findings) != 0 {
			t.Fatalf("game %d: %v", i+1, r.Findings)
		}
		o.Add(r, nil)
	}
	var moved []openingRow
	for _, r := range o.rows() {
		if r.key.move == "h2-g3" {
			moved = append(moved, r)
		}
	}
	if len(moved) != 1 || moved[0].games != 2 || moved[0].white != 1 || moved[0].black != 1 || moved[0].minPly != 5 {
		t.Errorf("h2-g3 after the transposition: %+v", moved)
	}
}

func TestGameID(t *testing.T) {
	g := &pdn.Game{File: "/some/dir/ussr.pdn", Index: 3, Raw: "[Event \"x\"]\r\n\r\n1. c3-d4 *\r\n"}
	lf := &pdn.Game{File: "other/ussr.pdn", Index: 3, Raw: "\n[Event \"x\"]\n\n1. c3-d4 *"}
	id := GameID(g)
	if len(id) != 16 || strings.Trim(id, "0123456789abcdef") != "" {
		t.Fatalf("id %q", id)
	}
	if GameID(lf) != id {
		t.Errorf("line ends or directory change the id: %s, %s", GameID(lf), id)
	}
	// Pinned: the id must not change between versions.
	if id != "d54712796111ae53" { // sha256("ussr.pdn\x003\x00[Event \"x\"]\n\n1. c3-d4 *")
		t.Errorf("GameID = %s; its definition changed", id)
	}
	g2 := *g
	g2.Index = 4
	if GameID(&g2) == id {
		t.Error("index does not change the id")
	}
}

func TestParseDate(t *testing.T) {
	day := func(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		in   string
		year int
		date time.Time
	}{
		{"1947.05.12", 1947, day(1947, 5, 12)},
		{"1947-05-12", 1947, day(1947, 5, 12)},
		{"2026.11.30", 2026, day(2026, 11, 30)},
		{"1.1.1987", 1987, day(1987, 1, 1)},
		{"24.12.1983", 1983, day(1983, 12, 24)},
		{"12/05/1947", 1947, day(1947, 5, 12)},
		{"1950.", 1950, time.Time{}},
		{"1950", 1950, time.Time{}},
		{"1947.??.??", 1947, time.Time{}},
		{"????.??.??", 0, time.Time{}},
		{"31.04.1990", 1990, time.Time{}},
		{"", 0, time.Time{}},
		{"spring 1950", 0, time.Time{}},
		{"12.05.47", 0, time.Time{}},
		{"1950.05", 1950, time.Time{}},
		{"2004.10.27 - 2004.11.01", 2004, time.Time{}}, // 40Camp's range (issue 28)
		{"2004.12.30 - 2005.01.02", 0, time.Time{}},    // across a new year: no one year
		{"1955.05.12 - 1955.05.12", 1955, day(1955, 5, 12)},
	} {
		y, d, ok := ParseDate(c.in)
		if y != c.year || ok != !c.date.IsZero() || !d.Equal(c.date) {
			t.Errorf("ParseDate(%q) = %d, %v, %v; want %d, %v", c.in, y, d, ok, c.year, c.date)
		}
	}
}

func TestOpening(t *testing.T) {
	reports := readReports(t, oracleFile)[:1]
	s := Opening(reports[0], 3)
	if !strings.HasPrefix(s, "1. ") || !strings.Contains(s, " 2. ") || strings.Count(s, " ") != 4 {
		t.Errorf("Opening = %q", s)
	}
}

// The moves table writes FENs and moves with the engine's appending
// formatters: they must give the text of FEN and String exactly.
func TestFormatters(t *testing.T) {
	reports := append(readReports(t, allFiles(t)...), randomReports(t, 300, 7)...)
	var buf []byte
	n := 0
	for _, r := range reports {
		for i := range r.Plies {
			pl := &r.Plies[i]
			if got := string(pl.Before.AppendFEN(buf[:0])); got != pl.Before.FEN() {
				t.Fatalf("AppendFEN = %s, want %s", got, pl.Before.FEN())
			}
			if got := string(r.Variant.AppendPath(buf[:0], pl.Move.Path(), pl.Move.IsCapture())); got != pl.Move.String() {
				t.Fatalf("AppendPath = %s, want %s", got, pl.Move.String())
			}
			n++
		}
	}
	if n < 10000 {
		t.Errorf("only %d plies", n)
	}
}

// A column whose dictionary outgrows arrow-go's default dictionary page
// (1 MiB) must still give the same bytes on every run (see
// dictionaryPageLimit): here every game has its own 1 KB event name.
func TestLargeDictionaryDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 2,500 games 9 times: long under the race detector; run without -short")
	}
	base := readReports(t, corpusFiles...)
	var reports []*validate.Report
	for k := range 12 {
		for i, r := range base {
			g := *r.Game
			name := fmt.Sprintf("%02d %04d %s", k, i, strings.Repeat("x", 1000))
			g.Tags = append([]pdn.Tag{{Name: "Event", Value: name}}, g.Tags...)
			reports = append(reports, validate.Game(&g, validate.Options{}))
		}
	}
	first := writeGames(t, reports, Parquet)
	for range 8 {
		if !bytes.Equal(writeGames(t, reports, Parquet), first) {
			t.Fatal("two runs wrote different bytes")
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// Arrow IPC files are uncompressed unless asked, every message (and so
// every buffer, which the writer pads to 8 bytes within the body) starts
// 8-byte aligned, and every compression reads back.
func TestArrowIPCSettings(t *testing.T) {
	reports := readReports(t, corpusFiles...)
	plies := countPlies(reports)
	size := 0
	for _, c := range []Compression{Uncompressed, DefaultCompression, LZ4, Zstd} {
		file := writeMoves(t, reports, nil, ArrowFile, WithCompression(c), WithRowGroupRows(5000))
		stream := writeMoves(t, reports, nil, ArrowStream, WithCompression(c), WithRowGroupRows(5000))
		if c == Uncompressed {
			size = len(file)
		}
		if compressed := len(file) < size*3/4; compressed != (c.For(ArrowFile) != Uncompressed) {
			t.Errorf("%v: %d bytes, uncompressed %d", c, len(file), size)
		}
		if !bytes.HasPrefix(file, []byte("ARROW1\x00\x00")) || !bytes.Equal(file[8:8+len(stream)-8], stream[:len(stream)-8]) {
			t.Errorf("%v: the file is not the stream between its magic and footer", c)
		}
		cr := &countingReader{r: bytes.NewReader(stream)}
		mr := ipc.NewMessageReader(cr)
		msgs := 0
		for {
			msg, err := mr.Message()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if cr.n%8 != 0 || msg.BodyLen()%8 != 0 {
				t.Errorf("%v: message %d ends at %d, body of %d bytes", c, msgs, cr.n, msg.BodyLen())
			}
			msgs++
		}
		mr.Release()
		if msgs < 3 {
			t.Errorf("%v: %d messages", c, msgs)
		}
		r, err := ipc.NewFileReader(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for i := range r.NumRecords() {
			rec, err := r.RecordBatch(i)
			if err != nil {
				t.Fatal(err)
			}
			n += int(rec.NumRows())
		}
		r.Close()
		if n != plies {
			t.Errorf("%v: %d rows, want %d", c, n, plies)
		}
	}
}

// --compression sets the Parquet codec too: zstd by default.
func TestParquetCompression(t *testing.T) {
	reports := readReports(t, oracleFile)
	for c, want := range map[Compression]compress.Compression{
		DefaultCompression: compress.Codecs.Zstd, Zstd: compress.Codecs.Zstd, LZ4: compress.Codecs.Lz4Raw, Uncompressed: compress.Codecs.Uncompressed,
	} {
		rdr, err := file.NewParquetReader(bytes.NewReader(writeGames(t, reports, Parquet, WithCompression(c))))
		if err != nil {
			t.Fatal(err)
		}
		cc, err := rdr.MetaData().RowGroup(0).ColumnChunk(0)
		if err != nil || cc.Compression() != want {
			t.Errorf("%v: %v, want %v (%v)", c, cc.Compression(), want, err)
		}
		rdr.Close()
	}
}
