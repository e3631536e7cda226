package analyze

// PlyEval is the analysis of one ply, as damka analyze hands it to the
// writers: evals[i] belongs to report.Plies[i], and a nil entry (or a
// slice shorter than the plies, or nil) leaves the analysis columns of the
// ply NULL. Scores are in centi-men (a man is 100).
type PlyEval struct {
	Depth int // search depth
	// EvalBefore is the best-play score of the position before the move,
	// from the mover's view.
	EvalBefore int32
	// EvalAfter is the score after the move played, from the mover's view.
	EvalAfter int32
	// MateBefore is set when EvalBefore is a forced win or loss by rule:
	// the plies to the end of the game, positive when the mover wins,
	// negative when it loses (Score's Plies, IsWin and IsLoss).
	// eval_before and eval_before_white are then NULL, and mate_before
	// holds it. 0 when the score is not decisive.
	MateBefore int32
	// MateAfter is MateBefore for EvalAfter: the plies to the end counted
	// from the position before the move, the move included, signed for
	// the mover (a best move keeps MateAfter = MateBefore).
	MateAfter int32
	BestMove  string   // the engine's move, every landing square ("" for none)
	BestPV    []string // its principal variation, first move first
	Loss      int32    // what the move cost the mover: EvalBefore - EvalAfter, at least 0
	Class     string   // the verdict: best, good, inaccuracy, mistake, blunder ...
	Nodes     uint64   // nodes searched for the ply
	// VerdictDepth is the depth of the searches that decided Class (and
	// gave EvalBefore, EvalAfter, BestMove, BestPV and Loss): Depth, or
	// deeper when the analysis verified the verdict.
	VerdictDepth int
	// TableBefore and TableAfter are the exact results, for the mover,
	// of the positions before and after the move where the endgame
	// databases hold them: "win", "draw" or "loss"; "" where they do not
	// (PlyAnalysis.TableBefore).
	TableBefore, TableAfter string
}
