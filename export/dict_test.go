package export

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// withLibraryDictionary runs f with the Parquet library's own dictionary
// encoding, and returns what f returns.
func withLibraryDictionary(f func() []byte) []byte {
	fastDictionary = false
	defer func() { fastDictionary = true }()
	return f()
}

// writeDictionary must write the bytes the library writes: the moves and
// positions tables, with the row groups cut in many ways.
func TestFastDictionaryTables(t *testing.T) {
	if testing.Short() {
		t.Skip("byte-for-byte comparison with pqarrow over many tables: long (and longer under -race); run without -short")
	}
	reports := readReports(t, allFiles(t)...)
	evals := fakeEvals(reports)
	random := randomReports(t, 4000, 3)
	chunks := dictChunks.Load()
	for _, rows := range []int{0, 700, 4096, 50000} {
		opt := WithRowGroupRows(rows)
		for name, write := range map[string]func() []byte{
			"moves":        func() []byte { return writeMoves(t, reports, evals, Parquet, opt) },
			"random moves": func() []byte { return writeMoves(t, random, nil, Parquet, opt) },
			"positions": func() []byte {
				o := NewOpenings(24)
				for i, r := range reports {
					o.Add(r, evals[i])
				}
				var buf bytes.Buffer
				if err := o.Write(&buf, Parquet, testMeta, opt); err != nil {
					t.Fatal(err)
				}
				return buf.Bytes()
			},
		} {
			fast := write()
			lib := withLibraryDictionary(write)
			if !bytes.Equal(fast, lib) {
				t.Errorf("%s, row groups of %d: %d bytes, the library's %d", name, rows, len(fast), len(lib))
			}
		}
	}
	if dictChunks.Load() == chunks {
		t.Error("writeDictionary wrote no column chunk")
	}
}

// dictColumns is a table of string columns whose values test the
// dictionary encoding: a flat column and a list column, without
// statistics and with them.
var dictColumns = arrow.NewSchema([]arrow.Field{
	req("s", str),
	req("l", listOf(str)),
	req("stats", str),
	req("lstats", listOf(str)),
}, nil)

// writeDictColumns writes values in the columns of dictColumns, the list
// columns taking them k at a time (and an empty list every 7 rows), in
// row groups of rows rows.
func writeDictColumns(t *testing.T, values []string, rows, k int) []byte {
	t.Helper()
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	props := parquet.NewWriterProperties(parquet.WithAllocator(mem), parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithDictionaryDefault(true), parquet.WithMaxRowGroupLength(int64(rows)),
		parquet.WithStatsFor("s", false), parquet.WithStatsFor("l.list.element", false))
	var buf bytes.Buffer
	cw, err := newColumnsWriter(&buf, dictColumns, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		t.Fatal(err)
	}
	b := array.NewRecordBuilder(mem, dictColumns)
	defer b.Release()
	s := b.Field(0).(*array.StringBuilder)
	l := b.Field(1).(*array.ListBuilder)
	lv := l.ValueBuilder().(*array.StringBuilder)
	st := b.Field(2).(*array.StringBuilder)
	ls := b.Field(3).(*array.ListBuilder)
	lsv := ls.ValueBuilder().(*array.StringBuilder)
	var busy atomic.Int64
	flush := func() {
		rec := b.NewRecordBatch()
		if rec.NumRows() > 0 {
			if err := cw.write(recordBatch{rec}, &busy); err != nil {
				t.Fatal(err)
			}
		}
		rec.Release()
	}
	for i, v := range values {
		s.Append(v)
		st.Append(v)
		l.Append(true)
		ls.Append(true)
		if i%7 != 3 {
			for j := range k {
				lv.Append(values[(i+j)%len(values)])
				lsv.Append(values[(i+j)%len(values)])
			}
		}
		if (i+1)%rows == 0 {
			flush()
		}
	}
	flush()
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeDictionary must write the bytes the library writes whatever the
// values: dictionaries that are small, that grow all along (their index
// width changes from page to page, and the library must do it), that
// outgrow the dictionary page (the library falls back to plain
// encoding), values longer than a page, short and long values.
func TestFastDictionaryValues(t *testing.T) {
	if testing.Short() {
		t.Skip("byte-for-byte comparison with pqarrow over many tables: long (and longer under -race); run without -short")
	}
	n := 60000
	cases := map[string]func(i int) string{
		"two values":    func(i int) string { return []string{"white", "black"}[i%2] },
		"squares":       func(i int) string { return fmt.Sprintf("%c%d", 'a'+i*7%8, 1+i*3%8) },
		"ids":           func(i int) string { return fmt.Sprintf("%016x", i*2654435761) },
		"slow growth":   func(i int) string { return fmt.Sprint(i / 40) },
		"late newcomer": func(i int) string { return fmt.Sprint(i%3 + 3*(i/(n-10))) },
		"lengths":       func(i int) string { return strings.Repeat("x\x00", i%9) },
		"big dictionary": func(i int) string {
			return fmt.Sprintf("%060d", i)
		},
		"huge values": func(i int) string {
			if i%5000 == 0 {
				return strings.Repeat(string(rune('a'+i%26)), 1<<20+i%7)
			}
			return "c3-d4"
		},
	}
	chunks := dictChunks.Load()
	for name, value := range cases {
		values := make([]string, n)
		for i := range values {
			values[i] = value(i)
		}
		for _, rows := range []int{n, 9000} {
			for _, k := range []int{1, 3} {
				fast := writeDictColumns(t, values, rows, k)
				lib := withLibraryDictionary(func() []byte { return writeDictColumns(t, values, rows, k) })
				if err := sameParquet(fast, lib); err != nil {
					t.Errorf("%s, row groups of %d, lists of %d: %v", name, rows, k, err)
				}
			}
		}
	}
	if dictChunks.Load() == chunks {
		t.Error("writeDictionary wrote no column chunk")
	}
}

// sameParquet reports whether a and b are the same Parquet file. The
// library (arrow-go v18.8.0) writes the encoding_stats of a column chunk
// in the order of a Go map, which is random when a chunk has pages of two
// encodings (its dictionary outgrew the dictionary page and it went on
// in plain encoding): so apart from that list, which is compared as a
// set, the bytes must be the same.
func sameParquet(a, b []byte) error {
	if bytes.Equal(a, b) {
		return nil
	}
	if len(a) != len(b) || len(a) < 8 {
		return fmt.Errorf("%d bytes, the library's %d", len(a), len(b))
	}
	footer := int(binary.LittleEndian.Uint32(a[len(a)-8:])) + 8
	if footer > len(a) || !bytes.Equal(a[:len(a)-footer], b[:len(b)-footer]) {
		return fmt.Errorf("the column chunks differ")
	}
	ra, err := file.NewParquetReader(bytes.NewReader(a))
	if err != nil {
		return err
	}
	rb, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		return err
	}
	ma, mb := ra.MetaData(), rb.MetaData()
	for g := range ma.NumRowGroups() {
		ga, gb := ma.RowGroup(g), mb.RowGroup(g)
		for c := range ga.NumColumns() {
			ca, _ := ga.ColumnChunk(c)
			cb, _ := gb.ColumnChunk(c)
			if ca.NumValues() != cb.NumValues() || ca.TotalCompressedSize() != cb.TotalCompressedSize() ||
				ca.DataPageOffset() != cb.DataPageOffset() || fmt.Sprint(ca.Encodings()) != fmt.Sprint(cb.Encodings()) ||
				encodingStats(ca) != encodingStats(cb) {
				return fmt.Errorf("row group %d, column %d: metadata differ", g, c)
			}
		}
	}
	return nil
}

// encodingStats is the encoding_stats of a column chunk, in order.
func encodingStats(c *metadata.ColumnChunkMetaData) string {
	var st []string
	for _, e := range c.EncodingStats() {
		st = append(st, fmt.Sprint(e))
	}
	slices.Sort(st)
	return strings.Join(st, " ")
}

// The games table goes through columnsWriter, which computes the levels
// of its lists of structs: the bytes must be pqarrow's.
func TestGamesMatchPqarrow(t *testing.T) {
	reports := readReports(t, allFiles(t)...)
	for _, rows := range []int{0, 100} {
		ours := writeGames(t, reports, Parquet, WithRowGroupRows(rows))

		gw, err := NewGamesWriter(&bytes.Buffer{}, ArrowStream, testMeta, WithRowGroupRows(1<<30))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reports {
			if err := gw.Add(r, nil); err != nil {
				t.Fatal(err)
			}
		}
		rec := gw.t.b.NewRecordBatch()
		gw.Close()
		c := newConfig([]Option{WithRowGroupRows(rows)})
		pprops, aprops := parquetProps("games", c)
		var ref bytes.Buffer
		fw, err := pqarrow.NewFileWriter(rec.Schema(), &ref, pprops, aprops)
		if err != nil {
			t.Fatal(err)
		}
		for start := int64(0); start < rec.NumRows(); start += int64(c.rowGroupRows) {
			part := rec.NewSlice(start, min(rec.NumRows(), start+int64(c.rowGroupRows)))
			if err := fw.Write(part); err != nil {
				t.Fatal(err)
			}
			part.Release()
		}
		rec.Release()
		if err := fw.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ours, ref.Bytes()) {
			t.Errorf("row groups of %d: games differ from pqarrow's (%d and %d bytes)", rows, len(ours), ref.Len())
		}
	}
}

// A column whose dictionary outgrows arrow-go's default dictionary page
// (1 MiB) must still give the same bytes on every run (see
// dictionaryPageLimit): here every game has its own 1 KB event name.
func TestLargeDictionaryDeterministic(t *testing.T) {
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
