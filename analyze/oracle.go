package analyze

import (
	"github.com/damka/damka/draughts"
	"github.com/damka/damka/egtb"
)

// GameAnalyzer analyses the moves of a game: a Searcher (damka's own
// search), or an OracleAnalyzer (an external engine's).
type GameAnalyzer interface {
	// AnalyzeGame analyses every move of a game played from start, as
	// Searcher.AnalyzeGame; moves must be legal in turn.
	AnalyzeGame(start *draughts.Position, moves []draughts.Move) []PlyAnalysis
}

var _ GameAnalyzer = (*Searcher)(nil)

// Oracle is a search other than damka's: an external engine (damka
// analyze --engine). Its answer must be a function of the position and
// the depth (and of the oracle's own settings).
type Oracle interface {
	// Search searches p, which has a legal move, to depth plies (an
	// oracle limited by time or nodes may ignore depth); Best must be a
	// legal move of p and PV start with it.
	Search(p *draughts.Position, depth int) (Result, error)
}

// OracleAnalyzer analyses moves as Searcher.AnalyzePly does, with an
// oracle's searches in place of damka's: the position before the move to
// Depth plies, the one after it to Depth-1, and, when the played move is
// the best, the position after every other move to Depth-1 (for
// only_move); the move is judged by Classify on those scores and lines.
// There is no verification. A ply the oracle fails on is analysed by
// Fallback (damka's own search), and OnError is told.
type OracleAnalyzer struct {
	Oracle    Oracle
	Depth     int
	Tablebase egtb.Tablebase // the endgame databases' results of the positions (PlyAnalysis.TableBefore, TableAfter); nil: none
	Fallback  *Searcher
	// OnError, when set, is told of each ply the oracle failed on (its
	// index in the game's moves).
	OnError func(ply int, err error)
}

// AnalyzeGame analyses every move of a game played from start.
func (o *OracleAnalyzer) AnalyzeGame(start *draughts.Position, moves []draughts.Move) []PlyAnalysis {
	out := make([]PlyAnalysis, len(moves))
	p := *start
	for i := range moves {
		a, err := o.AnalyzePly(&p, &moves[i])
		if err != nil {
			if o.OnError != nil {
				o.OnError(i, err)
			}
			a = o.Fallback.AnalyzePly(&p, &moves[i])
		}
		out[i] = a
		p.Make(&moves[i])
	}
	return out
}

// AnalyzePly analyses one played move (legal in before) with the oracle.
func (o *OracleAnalyzer) AnalyzePly(before *draughts.Position, played *draughts.Move) (PlyAnalysis, error) {
	v := before.Variant()
	moves := v.UniqueMoves(before, nil)
	forced := len(moves) == 1
	after := before.Play(played)
	depth := max(o.Depth, 1)
	rb, err := o.Oracle.Search(before, depth)
	if err != nil {
		return PlyAnalysis{}, err
	}
	nodes := rb.Nodes
	f := Facts{Before: rb.Score, Forced: forced, IsBest: played.SameResult(&rb.Best)}
	balance := Material(before)
	if v.HasMoves(&after) {
		ra, err := o.Oracle.Search(&after, max(depth-1, 1))
		if err != nil {
			return PlyAnalysis{}, err
		}
		nodes += ra.Nodes
		f.After = ra.Score.Back()
		f.PlayedGain = -lineBalance(&after, ra.PV) - balance
	} else {
		f.After = -terminal(v, 1)
		f.PlayedGain = -Material(&after) - balance
	}
	f.BestGain = lineBalance(before, rb.PV) - balance
	if v.LoserWins() {
		f.BestGain, f.PlayedGain = 0, 0
	}
	a := PlyAnalysis{Before: rb.Score, BeforeWhite: rb.Score, Best: rb.Best, BestPV: rb.PV, Depth: rb.Depth, VerdictDepth: depth}
	if before.Side == draughts.Black {
		a.BeforeWhite = -rb.Score
	}
	if f.IsBest && !f.Forced && !f.Before.IsLoss() && !f.Before.IsTableLoss() {
		t := scoreForChances(WinningChances(f.Before) - BlunderDrop + 1e-9)
		f.OthersLose = true
		for i := range moves {
			m := &moves[i]
			if m.SameResult(played) {
				continue
			}
			q := before.Play(m)
			var sc Score
			if v.HasMoves(&q) {
				r, err := o.Oracle.Search(&q, max(depth-1, 1))
				if err != nil {
					return PlyAnalysis{}, err
				}
				nodes += r.Nodes
				sc = r.Score.Back()
			} else {
				sc = -terminal(v, 1)
			}
			if sc >= t {
				f.OthersLose = false
				break
			}
		}
	}
	a.Nodes = nodes
	a.After = f.After
	a.Loss = f.Loss()
	a.Class = Classify(f)
	if tb := o.Tablebase; tb != nil {
		a.TableBefore, a.HasTableBefore = tb.Probe(before)
		if w, ok := tb.Probe(&after); ok {
			a.TableAfter, a.HasTableAfter = -w, true
		}
	}
	return a, nil
}
