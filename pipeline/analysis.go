package pipeline

import (
	"github.com/damka/damka/analyze"
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

// Evals converts analyses to the moves table's analysis columns, at the
// depth searched.
func Evals(pas []analyze.PlyAnalysis, depth int) []*analyze.PlyEval {
	out := make([]*analyze.PlyEval, len(pas))
	for i := range pas {
		out[i] = Eval(&pas[i], depth)
	}
	return out
}

// Eval converts the analysis of one ply to the moves table's analysis
// columns.
func Eval(pa *analyze.PlyAnalysis, depth int) *analyze.PlyEval {
	e := &analyze.PlyEval{
		Depth:      depth,
		EvalBefore: int32(pa.Before),
		EvalAfter:  int32(pa.After),
		MateBefore: mate(pa.Before),
		MateAfter:  mate(pa.After),
		Loss:       int32(pa.Loss),
		Class:      string(pa.Class),
		Nodes:      pa.Nodes,
		// The depth that decided the verdict: depth, or deeper when
		// verification searched the move again.
		VerdictDepth: pa.VerdictDepth,
	}
	if pa.Best.From != pa.Best.To || pa.Best.IsCapture() { // the zero Move: no legal move
		e.BestMove = pa.Best.String()
	}
	for _, m := range pa.BestPV {
		e.BestPV = append(e.BestPV, m.String())
	}
	if pa.HasTableBefore {
		e.TableBefore = pa.TableBefore.String()
	}
	if pa.HasTableAfter {
		e.TableAfter = pa.TableAfter.String()
	}
	return e
}

// mate is the mate_before or mate_after of a score: the plies to a
// forced end, positive for a win of the side whose view s is, negative
// for a loss; 0 when s is not decisive.
func mate(s analyze.Score) int32 {
	switch {
	case s.IsWin():
		return int32(s.Plies())
	case s.IsLoss():
		return -int32(s.Plies())
	}
	return 0
}
