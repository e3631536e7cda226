package export

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/damka/damka/draughts"
	"github.com/damka/damka/pdn"
	"github.com/damka/damka/validate"
)

// columnsFile has a game for each kind of tag value the games table
// reads: Lichess-like tags, malformed and absent ones, other names.
const columnsFile = testdata + "export/columns.pdn"

func TestParseRating(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int16
		ok   bool
	}{
		{"1850", 1850, true}, {" 1500 ", 1500, true}, {"+12", 12, true}, {"-7", -7, true}, {"0000", 0, true}, {"+0", 0, true},
		{"32767", 32767, true}, {"-32768", -32768, true},
		{"?", 0, false}, {"", 0, false}, {"1850?", 0, false}, {"abc", 0, false}, {"40000", 0, false}, {"+-3", 0, false},
		{"1850.5", 0, false}, {"-", 0, false}, {"+", 0, false},
	} {
		got, ok := ParseRating(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseRating(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParseTime(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"09:30:19", 9*3600 + 30*60 + 19, true}, {"17:20", 17*3600 + 20*60, true}, {"0:1:28", 88, true}, {"23:59:59", 86399, true},
		{"00:00:00", 0, true},
		{"14h03", 0, false}, {"??:??:??", 0, false}, {"24:00:00", 0, false}, {"12:60", 0, false}, {"1.59", 0, false},
		{"", 0, false}, {"12", 0, false}, {"1:2:3:4", 0, false}, {"123:00", 0, false}, {"-1:00", 0, false},
	} {
		got, ok := ParseTime(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseTime(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// The movetext of every game reads back as PDN with the same main line:
// the replayed moves, then the moves as written after the ply where
// replay stopped; replayed again, it gives the same plies.
func TestMovetextReadsBack(t *testing.T) {
	reports := append(readReports(t, append(allFiles(t), columnsFile)...), randomReports(t, 200, 9)...)
	for _, r := range reports {
		text := Movetext(r)
		g, err := pdn.NewReader(strings.NewReader(text), "movetext").Next()
		if err != nil && err != io.EOF || g == nil {
			t.Fatalf("%s game %d: movetext %q: %v", r.Game.File, r.Game.Index, text, err)
		}
		if len(g.Moves) != len(r.Plies)+len(r.Game.Moves)-unreplayed(r) {
			t.Fatalf("%s game %d: movetext of %d moves for %d plies and %d written: %q", r.Game.File, r.Game.Index,
				len(g.Moves), len(r.Plies), len(r.Game.Moves), text)
		}
		for i := range r.Plies {
			if g.Moves[i].Text != r.Plies[i].Move.String() {
				t.Fatalf("%s game %d: move %d is %s in the movetext, %s replayed", r.Game.File, r.Game.Index, i+1, g.Moves[i].Text, r.Plies[i].Move)
			}
		}
		if r.Variant == draughts.NoVariant || !r.Started || r.Stopped {
			continue
		}
		// The start position is not in the movetext: give it back.
		g.Tags = append(g.Tags, pdn.Tag{Name: "GameType", Value: fmt.Sprint(r.GameType.Number)}, pdn.Tag{Name: "FEN", Value: r.Start.FEN()})
		again := validate.Game(g, validate.Options{Variant: r.Variant})
		if len(again.Plies) != len(r.Plies) {
			t.Fatalf("%s game %d: movetext %q replays %d plies, not %d", r.Game.File, r.Game.Index, text, len(again.Plies), len(r.Plies))
		}
		for i := range again.Plies {
			if again.Plies[i].MoveNumber != r.Plies[i].MoveNumber || again.Plies[i].Move.String() != r.Plies[i].Move.String() {
				t.Fatalf("%s game %d: ply %d is %d. %s, not %d. %s", r.Game.File, r.Game.Index, i+1, again.Plies[i].MoveNumber,
					again.Plies[i].Move, r.Plies[i].MoveNumber, r.Plies[i].Move)
			}
		}
	}
}

// GameKey depends on the rules, the start and the moves only.
func TestGameKey(t *testing.T) {
	reports := readReports(t, columnsFile)
	first, numeric := reports[0], reports[3]
	if GameKey(first) != GameKey(numeric) || GameID(first.Game) == GameID(numeric.Game) {
		t.Errorf("the same game in two notations: keys %s %s, ids %s %s", GameKey(first), GameKey(numeric), GameID(first.Game), GameID(numeric.Game))
	}
	// Pinned: the key must not change between versions.
	if k := GameKey(first); len(k) != 16 || k != "07a19abceb9d5cf9" {
		t.Errorf("GameKey = %s; its definition changed", k)
	}
	seen := map[string]string{}
	for _, r := range readReports(t, allFiles(t)...) {
		k := GameKey(r)
		var moves []string
		for _, pl := range r.Plies {
			moves = append(moves, pl.Move.String())
		}
		for _, m := range r.Game.Moves[unreplayed(r):] {
			moves = append(moves, "?"+m.Text)
		}
		desc := r.Variant.Name() + " " + r.Start.FEN() + " " + strings.Join(moves, " ")
		if prev, ok := seen[k]; ok && prev != desc {
			t.Errorf("key %s for two games:\n%s\n%s", k, prev, desc)
		}
		seen[k] = desc
	}
	// The corpus has games that are the same game: fewer keys than games.
	if len(seen) < 300 {
		t.Errorf("%d keys", len(seen))
	}
	// The same game from another file has the same key.
	g := *first.Game
	g.File, g.Index, g.Tags = "elsewhere/other.pdn", 7, nil
	if GameKey(validate.Game(&g, validate.Options{Variant: draughts.Russian})) != GameKey(first) {
		t.Error("file, index or tags change the key")
	}
	// A game damka cannot play has a key of its written moves.
	un := reports[5]
	if un.Variant != draughts.NoVariant || GameKey(un) == "" {
		t.Errorf("game 6: %v, key %q", un.Variant, GameKey(un))
	}
}

// The moves table has each move's comments, NAGs and strength as written.
func TestMoveAnnotations(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reports := readReports(t, columnsFile)[:1]
	tbl := readParquet(t, writeMoves(t, reports, nil, Parquet, WithAllocator(mem)), mem)
	defer tbl.Release()
	comment := column(t, tbl, "comment", mem).(*array.String)
	defer comment.Release()
	strength := column(t, tbl, "strength", mem).(*array.String)
	defer strength.Release()
	nags := column(t, tbl, "nags", mem).(*array.List)
	defer nags.Release()
	values := nags.ListValues().(*array.Int32)
	want := []struct {
		comment, strength string
		nags              []int32
	}{{"a comment", "", nil}, {"", "!", []int32{1}}, {"two comments", "", nil}, {"", "?!", []int32{6, 13}}, {}, {}, {}}
	if tbl.NumRows() != int64(len(want)) {
		t.Fatalf("%d rows", tbl.NumRows())
	}
	for i, w := range want {
		if comment.IsNull(i) != (w.comment == "") || comment.Value(i) != w.comment || strength.IsNull(i) != (w.strength == "") || strength.Value(i) != w.strength {
			t.Errorf("ply %d: comment %q (null %v), strength %q", i+1, comment.Value(i), comment.IsNull(i), strength.Value(i))
		}
		start, end := nags.ValueOffsets(i)
		if nags.IsNull(i) || !slices.Equal(values.Int32Values()[start:end], w.nags) {
			t.Errorf("ply %d: nags %v, want %v", i+1, values.Int32Values()[start:end], w.nags)
		}
	}
}

// The doc comments of GamesSchema, MovesSchema and PositionsSchema (what
// go doc shows) list every column, in order, with its type.
func TestSchemaDocs(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "schema.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Doc != nil {
			docs[fn.Name.Name] = fn.Doc.Text()
		}
	}
	for name, fields := range map[string][]arrow.Field{"GamesSchema": gamesFields, "MovesSchema": movesFields, "PositionsSchema": positionsFields} {
		doc := docs[name]
		at := 0
		for _, fd := range fields {
			item := "- " + fd.Name + " ("
			k := strings.Index(doc[at:], item)
			if k < 0 {
				t.Errorf("%s: the doc lacks %s, or not in order", name, fd.Name)
				continue
			}
			at += k + len(item)
			typ, _, _ := strings.Cut(doc[at:], "):")
			if fd.Nullable != strings.HasSuffix(typ, ", nullable") {
				t.Errorf("%s: %s nullable %v in the doc", name, fd.Name, !fd.Nullable)
			}
		}
	}
}
