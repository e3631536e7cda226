package validate

import (
	"fmt"

	"github.com/damka/damka/draughts"
)

// checkKingRun reports the last ply of r.Plies when it is a king's quiet
// move beyond the variant's limit on one king's quiet moves running while
// its side has men (Frisian: three; draughts.Rules.KingMoveLimit). The
// move generator cannot see it, as it needs the plies before; replay goes
// on with the move, as with a missed capture.
func (rp *replay) checkKingRun() {
	limit := rp.v.KingMoveLimit()
	r := rp.r
	if limit == 0 || len(r.Plies) == 0 {
		return
	}
	last := len(r.Plies) - 1
	n, from := 0, draughts.NoSquare
	// The side's own plies, from the last back, every other ply.
	for i := last; i >= 0 && n <= limit; i -= 2 {
		pl := &r.Plies[i]
		if !kingQuiet(pl) || i < last && pl.Move.To != from {
			break
		}
		n, from = n+1, pl.Move.From
	}
	if n <= limit {
		return
	}
	pl := &r.Plies[last]
	w := &rp.moves[pl.Index]
	r.Findings = append(r.Findings, rp.finding(IllegalMove, Error, pl.Ply, pl.MoveNumber, pl.Side, w,
		fmt.Sprintf("%s is the same king's quiet move number %d running while %s has men; the %s rules allow %d", w.Text, n, pl.Side, rp.v.Title(), limit)))
}

// kingQuiet reports whether pl is a quiet move of a king by a side that
// also has men.
func kingQuiet(pl *Ply) bool {
	return !pl.Move.IsCapture() && pl.Before.Kings.Has(pl.Move.From) && pl.Before.Men(pl.Side) != 0
}
