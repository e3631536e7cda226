package pipeline

import (
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/validate"
)

// AnalysablePlies is how many plies of a game are analysed: those before
// its first error (a missed capture is an error at its own ply); none
// when the game could not be replayed from a known position.
func AnalysablePlies(r *validate.Report) int {
	n := len(r.Plies)
	if r.Variant == draughts.NoVariant || !r.Started {
		return 0
	}
	for _, f := range r.Findings {
		if f.Severity == validate.Error && f.Ply > 0 && f.Ply-1 < n {
			n = f.Ply - 1
		}
	}
	return n
}
