package export

import (
	"bytes"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/openings"
)

// games.opening_name is the name package openings gives each game, and
// positions.opening_name the name of each row's position; both NULL when
// there is none. It is the game's one name: there is no other opening
// column (issue 47), and an Opening tag does not name the game
// (columns.pdn's first game is tagged Городская партия and passes through
// no named position).
func TestOpeningNameColumns(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reports := readReports(t, append(allFiles(t), columnsFile)...)
	data := writeGames(t, reports, Parquet, WithAllocator(mem))
	tbl := readParquet(t, data, mem)
	defer tbl.Release()
	if !sameColumns(tbl.Schema(), GamesSchema(testMeta)) {
		t.Fatalf("schema %v", tbl.Schema())
	}
	// A column added at the end: the ones before keep their places.
	if f := tbl.Schema().Field(tbl.Schema().NumFields() - 1); f.Name != "opening_name" {
		t.Errorf("last column %s", f.Name)
	}
	if idx := tbl.Schema().FieldIndices("opening"); len(idx) != 0 {
		t.Errorf("games has an opening column beside opening_name (column %d)", idx[0]+1)
	}
	names := column(t, tbl, "opening_name", mem).(*array.String)
	defer names.Release()
	named := 0
	for i, r := range reports {
		want := openings.Name(r)
		if got := names.Value(i); names.IsNull(i) != (want == "") || got != want {
			t.Errorf("game %d (%s): opening_name %q (null %v), want %q", i+1, r.Game.File, got, names.IsNull(i), want)
		}
		if want != "" {
			named++
		}
	}
	if named == 0 {
		t.Error("no game of the corpus is named")
	}

	o := NewOpenings(24)
	for _, r := range reports {
		o.Add(r, nil)
	}
	var buf bytes.Buffer
	if err := o.Write(&buf, Parquet, testMeta, WithAllocator(mem)); err != nil {
		t.Fatal(err)
	}
	pt := readParquet(t, buf.Bytes(), mem)
	defer pt.Release()
	fen := column(t, pt, "fen", mem).(*array.String)
	defer fen.Release()
	pnames := column(t, pt, "opening_name", mem).(*array.String)
	defer pnames.Release()
	variants := column(t, pt, "variant", mem).(*array.String)
	defer variants.Release()
	seen := map[string]bool{}
	for i := 0; i < fen.Len(); i++ {
		v, err := draughts.VariantByName(variants.Value(i))
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.ParseFEN(fen.Value(i))
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		if e := openings.Lookup(v, &p); e != nil {
			want = e.Name
		}
		if pnames.IsNull(i) != (want == "") || pnames.Value(i) != want {
			t.Errorf("%s: opening_name %q, want %q", fen.Value(i), pnames.Value(i), want)
		}
		if want != "" {
			seen[want] = true
		}
	}
	if !seen["Старая партия"] && !seen["Городская партия"] {
		t.Errorf("positions named: %v", seen)
	}
}
