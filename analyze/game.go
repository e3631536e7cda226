package analyze

// GameAnalysis is the analysis of the plies of a game, as the pipeline
// hands it to the writers (pipeline.Result.Analysis): Plies[i] belongs to
// the game's ply i (validate.Report.Plies[i]), from the first on; the
// plies beyond Plies (those from the first error on) have none, and
// neither has any ply of a nil *GameAnalysis. The writers read these
// typed values; only the dataset writers (package export) flatten them
// to columns.
type GameAnalysis struct {
	// Depth is the depth the analysis was asked for (Options.Depth with
	// its default), the moves table's depth. A ply's own Depth can be
	// less (a win proved sooner) and its VerdictDepth more.
	Depth int
	Plies []PlyAnalysis
}

// Len is the number of plies analysed, 0 for a nil g.
func (g *GameAnalysis) Len() int {
	if g == nil {
		return 0
	}
	return len(g.Plies)
}

// Ply returns the analysis of ply i (from 0), nil when it has none.
func (g *GameAnalysis) Ply(i int) *PlyAnalysis {
	if i < 0 || i >= g.Len() {
		return nil
	}
	return &g.Plies[i]
}

// HasBest reports whether the analysis names a best move: a search of a
// position with a legal move always does; an analysis that found none
// (an external engine's, say) leaves Best the zero Move.
func (a *PlyAnalysis) HasBest() bool { return a.Best.From != a.Best.To || a.Best.IsCapture() }
