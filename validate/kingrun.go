package validate

import (
	"fmt"
)

// checkKingRun reports the last ply of r.Plies when it is a king's quiet
// move beyond the variant's limit on one king's quiet moves running while
// its side has men (Frisian: three; draughts.Rules.KingMoveLimit), which
// the position before it counts (draughts.Position.KingRun: Make keeps
// the count, a FEN starts it at 0). The move generator leaves such a move
// out; resolve (diagnose) takes it from Variant.BarredMoves, and replay goes on with
// it, as with a missed capture. A run past the limit is counted to the
// limit and one, the number the message gives from then on.
func (rp *replay) checkKingRun() {
	limit := rp.v.KingMoveLimit()
	r := rp.r
	if limit == 0 || len(r.Plies) == 0 {
		return
	}
	pl := &r.Plies[len(r.Plies)-1]
	sq, n := pl.Before.KingRun(pl.Side)
	if !kingQuiet(pl) || n < limit || sq != pl.Move.From {
		return
	}
	n = min(n+1, limit+1)
	w := &rp.moves[pl.Index]
	r.Findings = append(r.Findings, rp.finding(IllegalMove, Error, pl.Ply, pl.MoveNumber, pl.Side, w,
		fmt.Sprintf("%s is the same king's quiet move number %d running while %s has men; the %s rules allow %d", w.Text, n, pl.Side, rp.v.Title(), limit)))
}

// kingQuiet reports whether pl is a quiet move of a king by a side that
// also has men.
func kingQuiet(pl *Ply) bool {
	return !pl.Move.IsCapture() && pl.Before.Kings.Has(pl.Move.From) && pl.Before.Men(pl.Side) != 0
}
