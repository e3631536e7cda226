package export

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// The moves of repaired games are in the table, the plies a repair made
// or moved marked repaired, what the record had in move_written.
func TestRepairedColumn(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	f, err := os.Open(testdata + "repair/slips.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := pdn.NewReader(f, "slips.pdn")
	var reports []*validate.Report
	want := map[int]bool{} // rows marked repaired
	written := map[int]string{}
	row := 0
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		r := validate.Game(g, validate.Options{Repair: true})
		reports = append(reports, r)
		for _, pl := range r.Plies {
			if pl.Repaired {
				want[row] = true
				written[row] = pl.Written
			}
			row++
		}
	}
	if len(want) < 10 {
		t.Fatalf("%d plies repaired: the slips are not mended", len(want))
	}
	for _, format := range []Format{Parquet, ArrowFile} {
		data := writeMoves(t, reports, nil, format, WithAllocator(mem))
		var tbl interface {
			NumRows() int64
			Release()
		}
		var rep *array.Boolean
		var mw *array.String
		if format == Parquet {
			pt := readParquet(t, data, mem)
			tbl = pt
			rep = column(t, pt, "repaired", mem).(*array.Boolean)
			mw = column(t, pt, "move_written", mem).(*array.String)
		} else {
			at := readArrowFile(t, data, mem)
			tbl = at
			rep = column(t, at, "repaired", mem).(*array.Boolean)
			mw = column(t, at, "move_written", mem).(*array.String)
		}
		if tbl.NumRows() != int64(row) {
			t.Errorf("%v: %d rows, want %d", format, tbl.NumRows(), row)
		}
		for i := 0; i < rep.Len(); i++ {
			if rep.Value(i) != want[i] {
				t.Errorf("%v: row %d repaired %v, want %v", format, i, rep.Value(i), want[i])
			}
			if want[i] && mw.Value(i) != written[i] {
				t.Errorf("%v: row %d move_written %q, want %q", format, i, mw.Value(i), written[i])
			}
		}
		rep.Release()
		mw.Release()
		tbl.Release()
	}
}

// readArrowFile reads an Arrow IPC file back as a table.
func readArrowFile(t *testing.T, data []byte, mem memory.Allocator) arrow.Table {
	t.Helper()
	r, err := ipc.NewFileReader(bytes.NewReader(data), ipc.WithAllocator(mem))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var recs []arrow.RecordBatch
	for i := 0; i < r.NumRecords(); i++ {
		rec, err := r.RecordBatch(i)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return array.NewTableFromRecords(r.Schema(), recs)
}
