package main

import (
	"strings"
	"testing"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// TestCompareRows: the scores and best moves of a moves table against
// reference searches: equal, different, a best move along another path
// to the same result, a decisive score read from the mate column, and
// positions the cache does not hold left out.
func TestCompareRows(t *testing.T) {
	v := draughts.International
	start := draughts.Start(v)
	// A position where a man has two capture paths to one result would
	// be long to build; the start position's moves serve the rest.
	cfg := &config{variant: v, engineDepth: 15, ref: &damkaBin{fp: "hub-test"}}
	r := &refs{known: map[refKey]refResult{}, tt: 64}
	put := func(p draughts.Position, depth int, score analyze.Score, best string) {
		r.known[refKey{"hub-test", 64, p.Hash(), depth}] = refResult{score, best}
	}
	ms := v.Moves(&start, nil)
	m0, m1 := ms[0], ms[1]
	after0, after1 := start.Play(&m0), start.Play(&m1)
	put(start, 15, 12, m0.String())
	put(after0, 14, -12, "")
	put(after1, 14, analyze.LossIn(7), "") // the side to move after m1 loses in 7: the mover wins
	// A table at another depth or of another engine is not this one's.
	put(after1, 15, 99, "")
	r.known[refKey{"hub-other", 64, start.Hash(), 15}] = refResult{50, m1.String()}

	fen := start.FEN()
	cols := map[string][]string{
		"fen_before": {fen, fen, fen, fen},
		"move":       {m0.String(), m1.String(), m0.String(), m0.String()},
		"class":      {"best", "good", "best", ""},
		"best_move":  {m0.String(), m0.String(), m1.String(), m0.String()},
	}
	nums := map[string][]int32{
		"eval_before": {12, 12, 13, 12},
		"mate_before": {0, 0, 0, 0},
		"eval_after":  {12, 0, 11, 12},
		"mate_after":  {0, 8, 0, 0}, // plies from the position before the move, the move included
	}
	a, err := compareRows(cfg, r, true, func(n string) []string { return cols[n] }, func(n string) []int32 { return nums[n] })
	if err != nil {
		t.Fatal(err)
	}
	// Three analysed rows of the start position: scores 12, 12, 13
	// against 12; best moves m0, m0, m1 against m0. After: m0 (12 against
	// 12), m1 (a win in 8 plies, the move included, against a loss in 7 for the side to move after it), m0 (11
	// against 12).
	if a.before != 3 || a.scoreBefore != 2 || a.bestBefore != 2 || a.after != 3 || a.scoreAfter != 2 {
		t.Errorf("got %+v", a)
	}
	if len(a.differ) != 3 || !strings.Contains(strings.Join(a.differ, "\n"), "best move \""+m1.String()+"\"") {
		t.Errorf("differences %q", a.differ)
	}
	if !sameMove(v, &start, m0.String(), m0.String()) || sameMove(v, &start, m0.String(), m1.String()) || sameMove(v, &start, "", "") {
		t.Error("sameMove")
	}
}
