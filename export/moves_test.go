package export

import (
	"reflect"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
)

// The analysis of a ply flattened to the moves table's columns: scores as
// they are, a decisive one as the plies to the end signed for the mover
// (and no eval), the moves in the engine's notation, the results of the
// endgame databases by name where they hold the position, and nothing
// for a best move the analysis does not name.
func TestFlattenPly(t *testing.T) {
	p := draughts.Start(draughts.Russian)
	move := func(p *draughts.Position, text string) draughts.Move {
		t.Helper()
		groups, err := draughts.Russian.Match(p, text)
		if err != nil || len(groups) != 1 {
			t.Fatalf("%s: %v, %d moves", text, err, len(groups))
		}
		return groups[0][0]
	}
	best := move(&p, "c3-d4")
	q := p.Play(&best)
	reply := move(&q, "f6-g5")
	pa := analyze.PlyAnalysis{Before: analyze.WinIn(9), BeforeWhite: analyze.WinIn(9), After: analyze.LossIn(4),
		Best: best, BestPV: []draughts.Move{best, reply}, Loss: analyze.LossCap, Class: analyze.ClassBlunder,
		Nodes: 1234, Depth: 3, VerdictDepth: 8, TableBefore: egtb.Win, HasTableBefore: true, TableAfter: egtb.Loss}
	want := plyRow{Depth: 6, EvalBefore: 29991, EvalAfter: -29996, MateBefore: 9, MateAfter: -4,
		BestMove: "c3-d4", BestPV: []string{"c3-d4", "f6-g5"}, Loss: 10000, Class: "blunder", Nodes: 1234,
		VerdictDepth: 8, TableBefore: "win"}
	if got := flattenPly(&pa, 6); !reflect.DeepEqual(got, want) {
		t.Errorf("decisive:\n%+v\nwant\n%+v", got, want)
	}
	pa = analyze.PlyAnalysis{Before: 125, After: -40, Loss: 165, Class: analyze.ClassGood, TableAfter: egtb.Draw, HasTableAfter: true}
	want = plyRow{Depth: 4, EvalBefore: 125, EvalAfter: -40, Loss: 165, Class: "good", TableAfter: "draw"}
	if got := flattenPly(&pa, 4); !reflect.DeepEqual(got, want) {
		t.Errorf("no best move:\n%+v\nwant\n%+v", got, want)
	}
	if rows := flatten(nil); rows != nil {
		t.Errorf("no analysis: %d rows", len(rows))
	}
}
