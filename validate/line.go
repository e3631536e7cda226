package validate

import (
	"slices"

	"github.com/damka/damka/pdn"
)

// Line returns the main line as a cleaned archive writes it: every
// replayed ply in canonical notation (Ply.Canonical, every landing
// square with fullPaths) with the annotations of its written move, then
// the moves after the last replayed ply as written. After repairs
// (Options.Repair) it is the line repaired, a move left out inserted,
// moves swapped or deleted, each repair noted in a comment at the move it
// changed (Repair.Note; a deletion at the move before it). The game's
// moves are not changed.
func (r *Report) Line(fullPaths bool) []pdn.Move {
	g := r.Game
	if len(r.Repairs) == 0 {
		out := slices.Clone(g.Moves)
		for i := range r.Plies {
			pl := &r.Plies[i]
			out[pl.Index].Text = r.Canonical(pl, fullPaths)
		}
		return r.KeepMoves(out)
	}
	out := make([]pdn.Move, 0, len(g.Moves)+len(r.Repairs))
	next := 0
	for i := range r.Plies {
		pl := &r.Plies[i]
		m := pdn.Move{Pos: pl.Pos}
		if pl.Index >= 0 {
			m = g.Moves[pl.Index]
			next = max(next, pl.Index+max(pl.Parts, 1))
		}
		m.Number, m.Ellipsis = 0, false
		m.Text = r.Canonical(pl, fullPaths)
		out = append(out, m)
	}
	for i := range r.Repairs {
		if c := &r.Repairs[i]; c.kind == deleteMove {
			next = max(next, c.index+1)
		}
	}
	out = append(out, g.Moves[next:]...)
	if len(out) > 0 && len(g.Moves) > 0 {
		out[0].Number, out[0].Ellipsis = g.Moves[0].Number, g.Moves[0].Ellipsis
	}
	for i := range r.Repairs {
		c := &r.Repairs[i]
		k := c.Ply - 1
		if c.kind == deleteMove {
			k--
		}
		switch {
		case k >= 0 && k < len(out):
			addNote(&out[k], c.Note(), false)
		case k < 0 && len(out) > 0:
			addNote(&out[0], c.Note(), true)
		}
	}
	return out
}

// addNote adds a comment after m (or, with before, before it), on a copy
// of its notes: those of the game's moves are shared.
func addNote(m *pdn.Move, note string, before bool) {
	var n pdn.Notes
	if m.Notes != nil {
		n = *m.Notes
		n.Comments = slices.Clone(n.Comments)
		n.Before = slices.Clone(n.Before)
	}
	if before {
		n.Before = append(n.Before, note)
	} else {
		n.Comments = append(n.Comments, note)
	}
	m.Notes = &n
}
