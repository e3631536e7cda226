package export

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Games of several variants in one moves table: every row names its squares
// and writes its move and FEN in its own variant's notation, whether the
// columns come dictionary-encoded (one notation in a batch) or plain
// (several).
func TestMovesVariants(t *testing.T) {
	reports := readReports(t, testdata+"oracle/international/games.pdn", testdata+"oracle/games.pdn", testdata+"oracle/italian/games.pdn")
	mem := memory.NewGoAllocator()
	tbl := readParquet(t, writeMoves(t, reports, nil, Parquet), mem)
	defer tbl.Release()
	str := func(name string) func(int) string {
		a := column(t, tbl, name, mem)
		switch a := a.(type) {
		case *array.String:
			return a.Value
		case *array.Dictionary:
			d := a.Dictionary().(*array.String)
			return func(i int) string { return d.Value(a.GetValueIndex(i)) }
		}
		t.Fatalf("column %s is %T", name, a)
		return nil
	}
	move, from, fen := str("move"), str("from"), str("fen_before")
	row := 0
	for _, r := range reports {
		for i := range r.Plies {
			pl := &r.Plies[i]
			if move(row) != pl.Move.String() || fen(row) != pl.Before.FEN() || from(row) != r.Variant.SquareName(pl.Move.From) {
				t.Fatalf("%s row %d: %s %s %s, want %s %s %s", r.Variant, row, move(row), from(row), fen(row),
					pl.Move.String(), r.Variant.SquareName(pl.Move.From), pl.Before.FEN())
			}
			row++
		}
	}
	if row == 0 || !strings.Contains(fen(0), "W:W31") {
		t.Errorf("%d rows; first FEN %q", row, fen(0))
	}
}
