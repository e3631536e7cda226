package main

import (
	"fmt"
	"io"

	"github.com/damka/damka/analyze"
	"github.com/damka/damka/draughts"
)

// agreement counts how far an analysis made with an engine (damka
// analyze --engine, issue 43) gives the scores and best moves of the
// harness's own searches of that engine, on the positions both have.
type agreement struct {
	before, scoreBefore, bestBefore int // positions before the move
	after, scoreAfter               int // positions after it
	differ                          []string
}

// agree compares the moves table at path, written by damka analyze
// --engine at -engine-depth on the games of -split, with the cached
// reference searches of -engine: the position before each move at
// -engine-depth, the one after it a ply less, as the harness searches
// them. A best move written along another path to the same result
// counts as the same.
func agree(cfg *config, path string, w io.Writer) error {
	if err := cfg.ref.identify(cfg); err != nil {
		return err
	}
	refs, err := openRefs(cfg)
	if err != nil {
		return err
	}
	defer refs.close()
	t, err := readTable(path)
	if err != nil {
		return err
	}
	defer t.Release()
	a, err := compareRows(cfg, refs, t.Schema().FieldIndices("best_move") != nil, func(name string) []string { return strCol(t, name) }, func(name string) []int32 { return i32Col(t, name) })
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	fmt.Fprintf(w, "%s against %s (%s) at depth %d before the move, %d after it, on the positions both searched:\n",
		path, cfg.ref.engine, cfg.ref.fp, cfg.engineDepth, cfg.engineDepth-1)
	fmt.Fprintf(w, "- before the move: %d positions, the same score %s, the same best move %s\n",
		a.before, ratio(a.scoreBefore, a.before), ratio(a.bestBefore, a.before))
	fmt.Fprintf(w, "- after the move: %d positions, the same score %s\n", a.after, ratio(a.scoreAfter, a.after))
	for i, d := range a.differ {
		if i == 10 {
			fmt.Fprintf(w, "  ... and %d more\n", len(a.differ)-10)
			break
		}
		fmt.Fprintf(w, "  %s\n", d)
	}
	return nil
}

// compareRows does agree's work on the columns of a moves table.
func compareRows(cfg *config, refs *refs, hasBest bool, str func(string) []string, i32 func(string) []int32) (agreement, error) {
	var a agreement
	v := cfg.variant
	fen, move, class := str("fen_before"), str("move"), str("class")
	best := make([]string, len(fen))
	if hasBest {
		best = str("best_move")
	}
	before, after := i32("eval_before"), i32("eval_after")
	mateBefore, mateAfter := i32("mate_before"), i32("mate_after")
	lookup := func(p *draughts.Position, depth int) (refResult, bool) {
		r, ok := refs.known[refKey{cfg.ref.fp, refs.tt, p.Hash(), depth}]
		return r, ok
	}
	for i := range fen {
		if class[i] == "" {
			continue // not analysed
		}
		p, err := v.ParseFEN(fen[i])
		if err != nil {
			return a, fmt.Errorf("row %d: %v", i, err)
		}
		if r, ok := lookup(&p, cfg.engineDepth); ok {
			a.before++
			got := decisiveScore(before[i], mateBefore[i])
			if got == r.score {
				a.scoreBefore++
			} else {
				a.differ = append(a.differ, fmt.Sprintf("%s: score %s, the reference %s", fen[i], got, r.score))
			}
			if sameMove(v, &p, best[i], r.best) {
				a.bestBefore++
			} else {
				a.differ = append(a.differ, fmt.Sprintf("%s: best move %q, the reference %q", fen[i], best[i], r.best))
			}
		}
		var played draughts.Move
		found := false
		for _, m := range v.Moves(&p, nil) {
			if m.String() == move[i] {
				played, found = m, true
				break
			}
		}
		if !found {
			return a, fmt.Errorf("row %d: %s is not a move of %s", i, move[i], fen[i])
		}
		q := p.Play(&played)
		if !v.HasMoves(&q) {
			continue
		}
		if r, ok := lookup(&q, cfg.engineDepth-1); ok {
			a.after++
			got := decisiveScore(after[i], mateAfter[i])
			if got == r.score.Back() {
				a.scoreAfter++
			} else {
				a.differ = append(a.differ, fmt.Sprintf("%s after %s: score %s, the reference %s", fen[i], move[i], got, r.score.Back()))
			}
		}
	}
	return a, nil
}

// decisiveScore is the score of a moves table's eval and mate columns:
// a forced win or loss is NULL in the eval, its plies to the end in the
// mate column (> 0: the mover wins).
func decisiveScore(eval, mate int32) analyze.Score {
	switch {
	case mate > 0:
		return analyze.WinIn(int(mate))
	case mate < 0:
		return analyze.LossIn(int(-mate))
	}
	return analyze.Score(eval)
}

// sameMove reports whether the moves written a and b of p are the same
// move, or two paths to the same result.
func sameMove(v draughts.Variant, p *draughts.Position, a, b string) bool {
	if a == b {
		return a != ""
	}
	var ma, mb *draughts.Move
	ms := v.Moves(p, nil)
	for i := range ms {
		switch ms[i].String() {
		case a:
			ma = &ms[i]
		case b:
			mb = &ms[i]
		}
	}
	return ma != nil && mb != nil && ma.SameResult(mb)
}
